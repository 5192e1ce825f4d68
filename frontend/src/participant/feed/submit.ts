// The feed's submit ('Click to continue'): the last dwell batch and checkpoints, then either
// the next questionnaire of the participant's chain or, when none follows, the end of the
// flow (the feed is the last page).
import { drainBeforeLeaving, logCheckpoint, writeBatchDwell } from '../../lib/events';
import { outbox } from '../../lib/outbox';
import { navigate } from '../../lib/router';
import { advance, advanceRoutes } from '../../lib/session';
import { storage } from '../../lib/storage';
import { isQuestionnaireRoute, requestCompletionCode, runEndFlow, type EndRecord } from '../flow/endFlow';
import { preloadForms } from '../forms/FormsRoute';
import { toast } from './Toasts';
import type { FeedTracker } from './tracker';
import { postToParent } from '../../lib/parent';
import { t } from '../i18n';

/**
 * submitFeed sends what the feed owes the server (the dwell batch with open dwells closed,
 * submit-click, feed-entity-idx-final, leave_feed), tells an embedding page, and moves on:
 * to the next questionnaire after a bounded wait for the outbox, or through the end flow
 * (end-redirect, bounded wait, session keys cleared, complete = 1). It returns the end
 * record when the feed must show the end modal; null when the browser is leaving the feed
 * for a questionnaire.
 */
export async function submitFeed(tracker: FeedTracker): Promise<EndRecord | null> {
  logCheckpoint('submit-click');
  writeBatchDwell(tracker.finish());
  storage.remove('feed_position');
  logCheckpoint('feed-entity-idx-final', tracker.lastReached);
  logCheckpoint('leave_feed');
  postToParent('submitClicked');
  const box = outbox();
  if (box.pending > 0) toast(t('feed.savingToast'));
  const { next } = advanceRoutes(storage.get('redirectionRoutes') ?? [], '/');
  if (!isQuestionnaireRoute(next)) {
    // The end modal shows how to get back to the platform (for the custom platform a
    // Continue button that also goes on by itself once everything is saved).
    return runEndFlow(null, '/', new URLSearchParams(), { sink: { box, store: storage }, requestCode: requestCompletionCode });
  }
  const route = advance(storage, '/');
  void preloadForms().catch(() => {});
  // On timeout the events stay in the outbox and are sent from the next page.
  await drainBeforeLeaving();
  navigate(route);
  return null;
}
