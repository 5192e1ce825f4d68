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
  entity_id: string;
  engagement_type: string;
  response: number | string;
  time_content_viewed: number;
  time_engagement: number;
  /** the participant's own toggle state after the event, when the card has the button */
  likes?: number;
  read_later?: number;
  shares?: number;
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

/** writeBatchDwell queues the feed's dwell data (write_batch_dwell). */
export function writeBatchDwell(dwell_data: DwellEntry[], s?: EventSink): string {
  const { box, store } = sink(s);
  return box.enqueue('/v1/write_batch_dwell', { ...participantRef(store), dwell_data });
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
