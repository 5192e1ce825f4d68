import type { ReturnLink } from '../components/ErrorScreen';
import type { SessionStore } from '../lib/storage';
import { t } from './i18n';

/**
 * showsFeed decides what '/' shows: the feed when the URL names an
 * experiment or a participant's experiment is still in progress, otherwise the home page.
 * An experiment is in progress while one is stored and the participant has not finished
 * it (the end flow clears experiment_id and sets complete to 1).
 */
export function showsFeed(query: URLSearchParams, store: SessionStore): boolean {
  if ((query.get('experiment_id') ?? '') !== '') return true;
  if (isTruncatedLink(query, store)) return true;
  const stored = store.get('experiment_id');
  return stored !== undefined && stored !== '' && store.get('complete') !== 1;
}

/** MTURK_PREVIEW is MTurk's assignmentId while a worker previews a HIT. */
export const MTURK_PREVIEW = 'ASSIGNMENT_ID_NOT_AVAILABLE';

/** isMTurkPreview: MTurk shows the HIT's page while a worker only previews it; nothing
 * may be recorded and nobody registered. */
export function isMTurkPreview(query: URLSearchParams): boolean {
  return query.get('assignmentId') === MTURK_PREVIEW;
}

/**
 * startsFeedSession is true when the page at path, with this query and storage, is the feed
 * page that starts a session and registers the participant (load_experiment): '/' showing
 * the feed, not for a cut link and not in an MTurk preview. The inline boot script (boot.ts)
 * asks this before it sends load_experiment early, so it registers exactly whom the app would.
 */
export function startsFeedSession(path: string, query: URLSearchParams, store: SessionStore): boolean {
  return path === '/' && showsFeed(query, store) && !isTruncatedLink(query, store) && !isMTurkPreview(query);
}

/** PLATFORM_KEYS are the arrival parameters recruitment platforms add to a study link. */
const PLATFORM_KEYS = ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID', 'workerId', 'assignmentId', 'hitId', 'RID', 'rid'];

/**
 * isTruncatedLink is true when a participant arrives from a platform (its ids are in the
 * query) with no experiment_id and none in progress: the link was cut or mangled on the
 * way, and the feed page says so instead of showing the home page or the demo.
 */
export function isTruncatedLink(query: URLSearchParams, store: SessionStore): boolean {
  if ((query.get('experiment_id') ?? '') !== '') return false;
  const stored = store.get('experiment_id');
  if (stored !== undefined && stored !== '' && store.get('complete') !== 1) return false;
  return PLATFORM_KEYS.some((k) => (query.get(k) ?? '') !== '');
}


/**
 * platformReturn is the link back to the participant's recruitment platform when the
 * arrival parameters (or the stored study parameters) say which one it is; null otherwise.
 * It leads to the platform's own site, never to a completion URL: a participant who could
 * not take part must not be credited for it.
 */
export function platformReturn(query: URLSearchParams, store: SessionStore): ReturnLink | null {
  const arrival = { ...(store.get('queryParams') ?? {}) };
  query.forEach((v, k) => {
    arrival[k] = v;
  });
  const platform = (store.get('experiment_parameters') ?? []).find((p) => p.param === 'platform')?.value ?? '';
  if (arrival.PROLIFIC_PID || platform === 'prolific') return { href: 'https://app.prolific.com/', label: t('return.prolific') };
  if (arrival.workerId || arrival.assignmentId || platform === 'mturk') return { href: 'https://worker.mturk.com/', label: t('return.mturk') };
  return null;
}
