// The platforms' exits other than completion (issue 11): the server records how the
// participant's session ended and answers where to send them (Lucid terminate or quality
// terminate with the RID filled in, Prolific screen-out).
import { apiCall } from '../../lib/api';
import { newEventId } from '../../lib/outbox';
import { participantRef } from '../../lib/session';
import type { SessionStore } from '../../lib/storage';

/** ATTENTION_CHECK is the ac questionnaire's check and the answer it asks for. */
export const ATTENTION_CHECK = { field: 'attentioncheck1', pass: '3_neither-agree-nor-disagree' } as const;

/** failedAttention is true when a page's answers hold the attention check, answered wrongly. */
export function failedAttention(answers: Record<string, unknown>): boolean {
  return ATTENTION_CHECK.field in answers && answers[ATTENTION_CHECK.field] !== ATTENTION_CHECK.pass;
}

/**
 * requestExit asks the server to end the session by exit and answers the https URL to go
 * to, or null when the study sets none for it (the participant then simply continues).
 */
export async function requestExit(exit: 'terminate' | 'quality' | 'screen-out' | 'attention-fail', store: SessionStore): Promise<string | null> {
  try {
    const res = await apiCall<{ data?: { exit_url?: unknown } }>('/v1/write_exit', { ...participantRef(store), exit, event_id: newEventId() });
    const url = res.data?.exit_url;
    return typeof url === 'string' && /^https:\/\//.test(url) ? url : null;
  } catch (err) {
    console.warn('exit: not taken', err);
    return null;
  }
}
