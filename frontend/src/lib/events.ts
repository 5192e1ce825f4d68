// The participant's events, each stamped with who sent it and queued in the durable
// outbox: engagements, the dwell batch, questionnaire answers and logged checkpoints.
import { outbox, type Outbox } from './outbox';
import { participantRef } from './session';
import { storage, type SessionStore } from './storage';

/** EventSink is where events go; the page's outbox and storage unless a test says so. */
export interface EventSink {
  box: Outbox;
  store: SessionStore;
}

function sink(s?: EventSink): EventSink {
  return s ?? { box: outbox(), store: storage };
}

/** Engagement is one button toggle or video event of a card. */
export interface Engagement {
  /** event_id, when the event's id must be the same however often it is sent (a reaction
   * shown again after a reload); the outbox makes one otherwise */
  event_id?: string;
  entity_id: string;
  engagement_type: string;
  response: number | string;
  time_content_viewed: number;
  time_engagement: number;
  /** the participant's own toggle state after the event, when the card has the button */
  likes?: number;
  read_later?: number;
  shares?: number;
  /** the card's accuracy_score counter, when the card has that button */
  accuracy_score?: number;
  /** what a comment, reply or post said, or a shown reaction showed (docs/social.md) */
  text?: string;
  /** what a comment, reply, comment_like or shown reaction is about */
  target_id?: string;
}

/** writeEngagement queues an engagement (write_user_engagement); returns its event_id. */
export function writeEngagement(e: Engagement, s?: EventSink): string {
  const { box, store } = sink(s);
  return box.enqueue('/v1/write_user_engagement', { ...participantRef(store), ...e });
}

/** DwellEntry is one card's dwell record sent on submit. */
export interface DwellEntry {
  idx: number;
  entity_id: string;
  dwells: number;
  dwellTimes: number[];
  dwellsInviewTime: number[];
}

/**
 * writeBatchDwell queues the feed's dwell data (write_batch_dwell) under the feed session's
 * batch id (dwellBatchId): the same for every send of this participant's feed session (tab
 * hidden, submit, a second submit after the back button), so the server, which derives one
 * id per dwell from it, adds only the dwells it does not have yet.
 */
export function writeBatchDwell(dwell_data: DwellEntry[], s?: EventSink): string {
  const { box, store } = sink(s);
  const ref = participantRef(store);
  const batchId = dwellBatchId(ref.user_id, ref.experiment_id, store.get('startTime') ?? 0);
  return box.enqueue('/v1/write_batch_dwell', { ...ref, dwell_data, event_id: batchId });
}

/**
 * dwellBatchId is the event_id of a feed session's dwell batch: the same for the same
 * participant, experiment and session start, so a second submit of the same feed makes the
 * server add only the dwells it has not stored (it derives each dwell's id from this one).
 * It is made of the start time and a 64-bit FNV-1a hash, within the server's event_id
 * alphabet.
 */
export function dwellBatchId(userId: string, experimentId: string, startTime: number): string {
  const text = `${userId}|${experimentId}`;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return `dwell-${Math.trunc(startTime)}-${hex(h1)}${hex(h2)}`;
}

/** FormValue is what a form field holds before encoding: checkbox groups are lists. */
export type FormValue = string | number | boolean | string[] | null | undefined;

/**
 * encodeFormFields applies the spec's rule for a form write: every value
 * URL-component-encoded; checked checkbox values joined with ';' (no trailing ';').
 */
export function encodeFormFields(values: Record<string, FormValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    let text: string;
    // The trailing-';' rule is for joined checkbox values only: free text keeps every
    // character the participant typed ("Great study;" stays as written).
    if (Array.isArray(value)) text = value.filter((v) => v !== '').join(';').replace(/;+$/, '');
    else if (value === null || value === undefined) text = '';
    else text = String(value);
    out[name] = encodeURIComponent(text);
  }
  return out;
}

/** writeForm queues a page of answers (write_form), encoding them as the spec says. */
export function writeForm(values: Record<string, FormValue>, s?: EventSink): string {
  const { box, store } = sink(s);
  return box.enqueue('/v1/write_form', { ...participantRef(store), form_fields: encodeFormFields(values), time: Date.now() });
}

/** CardRef is the card a page of answers is about: its id and its place in the questionnaire. */
export interface CardRef {
  entity_id: string;
  position: number;
}

/**
 * writeCardAnswers queues a page of answers about one feed card (write_form's card_fields):
 * each value encoded as writeForm encodes it, tied to the card; the server works out
 * whether it was a lure.
 */
export function writeCardAnswers(values: Record<string, FormValue>, card: CardRef, s?: EventSink): string {
  const { box, store } = sink(s);
  const encoded = encodeFormFields(values);
  const card_fields = Object.entries(encoded).map(([field, value]) => ({ field, entity_id: card.entity_id, position: card.position, value }));
  return box.enqueue('/v1/write_form', { ...participantRef(store), form_fields: {}, card_fields, time: Date.now() });
}

/**
 * logCheckpoint queues a logged checkpoint (write_checkpoint): feed-landed,
 * feed-entity-idx-N, leave_feed, submit-click, tab and video times, end-redirect, ...
 * Its value defaults to the client time.
 */
export function logCheckpoint(checkpoint: string, value?: string | number, s?: EventSink): string {
  const { box, store } = sink(s);
  const now = Date.now();
  return box.enqueue('/v1/write_checkpoint', {
    ...participantRef(store),
    checkpoint,
    value: value === undefined ? String(now) : String(value),
    time: now,
  });
}

/** DRAIN_TIMEOUT_MS bounds the wait for the outbox before the participant moves on (to the
 * next page or the end modal): the events are kept and sent later (beacon on leaving, next
 * visit), the participant is not held. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * drainBeforeLeaving waits until the outbox is empty, at most timeoutMs, and returns
 * whether it emptied. On timeout the events stay queued and are sent later; the console
 * says so and the checkpoint outbox-drain-timeout tells the researcher that the participant
 * moved on before the server had everything.
 */
export async function drainBeforeLeaving(timeoutMs: number = DRAIN_TIMEOUT_MS, s?: EventSink): Promise<boolean> {
  const { box } = sink(s);
  const drained = await box.drain(timeoutMs);
  if (!drained) {
    console.warn(`${box.pending} event(s) still unsent after ${timeoutMs} ms; moving on, they stay queued and are sent later`);
    logCheckpoint('outbox-drain-timeout', box.pending, s);
  }
  return drained;
}
