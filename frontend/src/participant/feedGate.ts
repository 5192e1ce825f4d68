import type { SessionStore } from '../lib/storage';

/**
 * showsFeed decides what '/' shows (DESIGN.md, routes): the feed when the URL names an
 * experiment or a participant's experiment is still in progress, otherwise the home page.
 * An experiment is in progress while one is stored and the participant has not finished
 * it (the end flow clears experiment_id and sets complete to 1).
 */
export function showsFeed(query: URLSearchParams, store: SessionStore): boolean {
  if ((query.get('experiment_id') ?? '') !== '') return true;
  const stored = store.get('experiment_id');
  return stored !== undefined && stored !== '' && store.get('complete') !== 1;
}
