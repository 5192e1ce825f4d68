// The session guard every questionnaire page (and the end of the flow) checks.
import { advanceRoutes } from '../../lib/session';
import type { SessionStore } from '../../lib/storage';
import { isEndRecord, isQuestionnaireRoute, type EndRecord } from './endFlow';

/** hasSession is true while a participant's flow is in progress: the feed stored who they
 * are and which experiment they take part in. */
export function hasSession(store: SessionStore): boolean {
  return (store.get('user_id') ?? '') !== '' && (store.get('experiment_id') ?? '') !== '';
}

/**
 * isPreview is true when the page is looked at rather than answered: opened from the forms
 * list (?preview=1) or with no participant session. Nothing is saved in a preview.
 */
export function isPreview(query: URLSearchParams, store: SessionStore): boolean {
  return query.get('preview') === '1' || !hasSession(store);
}

/** isLastPage is true when no questionnaire page follows this one in the participant's
 * chain: its button says Finish and submitting it ends the flow. */
export function isLastPage(store: SessionStore, path: string): boolean {
  const { next } = advanceRoutes(store.get('redirectionRoutes') ?? [], path);
  return !isQuestionnaireRoute(next);
}

/** finishedRecord is the end modal of a flow that already ended (complete is 1), so a
 * reload of the last page shows the completion link or code again. */
export function finishedRecord(store: SessionStore): EndRecord | null {
  if (hasSession(store) || store.get('complete') !== 1) return null;
  const rec = store.get('end_screen');
  return isEndRecord(rec) ? rec : null;
}
