// The hand-over between the participant page's inline boot script (../boot.ts), which
// starts the session and sends load_experiment while the app's files are still on their
// way, and the feed page (Feed.tsx), which takes that session and answer instead of
// starting its own: on a slow phone this saves the time the app's files take to arrive.
import type { SessionStart } from '../../lib/session';

/** EarlyLoad is what the boot script started. */
export interface EarlyLoad {
  /** query is the page's query string the session was started from. */
  query: string;
  session: SessionStart;
  /** body is the JSON text of the load_experiment request sent. */
  body: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __feedlabEarly?: EarlyLoad;
  }
}

/** putEarlyLoad leaves the early load for the app. */
export function putEarlyLoad(early: EarlyLoad): void {
  window.__feedlabEarly = early;
}

/**
 * takeEarlyLoad hands the early load to the feed page once, and only when it was started
 * for the same query; later feed pages (another query, a remount) start their own.
 */
export function takeEarlyLoad(query: URLSearchParams): EarlyLoad | null {
  const early = typeof window === 'undefined' ? undefined : window.__feedlabEarly;
  if (!early) return null;
  delete window.__feedlabEarly;
  return early.query === query.toString() ? early : null;
}
