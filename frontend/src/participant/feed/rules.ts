// The feed's pure rules (spec/feed-side.md §4 and §9), kept free of the DOM so they can be
// unit-tested: intervention position, count display, infinite-scroll blocks, the video play
// window, the card visibility threshold and dwell from intersection events.
import type { EngagementRecord, EngagementType, ExperimentParameter, FeedEntity, IntersectionEvent } from '../../lib/feedTypes';
import { paramValue } from '../../lib/session';
import type { MessageKey } from '../i18n';
import { formatCount } from '../i18n/format';

/** FEED_NAME labels the feed's footer. */
export const FEED_NAME = 'feedlab';
/** BLOCK_FIRST cards are shown when the feed opens, BLOCK_MORE more on each later load. */
export const BLOCK_FIRST = 25;
export const BLOCK_MORE = 10;
/** In restricted mode (a feed of at most RESTRICTED_FEED_SIZE cards) blocks are BLOCK_RESTRICTED. */
export const BLOCK_RESTRICTED = 5;
export const RESTRICTED_FEED_SIZE = 15;
/** SCROLL_LOAD_PX: the next block loads when the list's bottom is this close to view. */
export const SCROLL_LOAD_PX = 100;
/** DEMO_INTERVENTION_VIDEO is the built-in video used when intervention-video is empty: a
 * calm 110-second video (scripts/make-intervention-video.sh), longer than the 105 s gate. */
export const DEMO_INTERVENTION_VIDEO = '/video/intervention-calm.webm';

/** VIDEO_GATE_MS: the intervention video counts as watched after it ended and this long. */
export const VIDEO_GATE_MS = 105_000;
/** DEFAULT_INTERVENTION_PERC is used when a type is set without a percentage. */
export const DEFAULT_INTERVENTION_PERC = 50;
/** Dwell ignore rule: a dwell is dropped when the last DWELL_BURST_EVENTS span under DWELL_BURST_MS. */
export const DWELL_BURST_EVENTS = 6;
export const DWELL_BURST_MS = 100;
/** SYNTHETIC_DWELL_MS is the dwell recorded at submit for a card that never had one. */
export const SYNTHETIC_DWELL_MS = 0;
/** Video play window: the centre between 25% and 60% of the viewport height. */
export const VIDEO_WINDOW = { top: 0.25, bottom: 0.6 } as const;
/** ACCURACY_PROMPT_FIELD names the accuracy prompt's answer in the user_form export. */
export const ACCURACY_PROMPT_FIELD = 'intervention_accuracy-prompt';
export const ACCURACY_OPTIONS = [
  { value: '1_definitely_false', label: 'accuracy.definitelyFalse' },
  { value: '2_probably_false', label: 'accuracy.probablyFalse' },
  { value: '3_probably_true', label: 'accuracy.probablyTrue' },
  { value: '4_definitely_true', label: 'accuracy.definitelyTrue' },
] as const satisfies ReadonlyArray<{ value: string; label: MessageKey }>;
/** Toast defaults (spec §9). */
export const TOAST = { duration: 4000, initial: 1, dismissable: true, pausable: false, introX: 256 } as const;

/** The engagement buttons in display order: type, its feed-button parameter, its name's key. */
export const BUTTONS: ReadonlyArray<{ type: EngagementType; param: string; label: MessageKey }> = [
  { type: 'likes', param: 'feed-button-like', label: 'button.like' },
  { type: 'shares', param: 'feed-button-share', label: 'button.share' },
  { type: 'read_later', param: 'feed-button-bookmark', label: 'button.readLater' },
  { type: 'upvote', param: 'feed-button-upvote', label: 'button.upvote' },
  { type: 'downvote', param: 'feed-button-downvote', label: 'button.downvote' },
  { type: 'accuracy_score', param: 'feed-button-accuracy', label: 'button.accuracyScore' },
];

/** OPPOSITE pairs the buttons that exclude each other on one card: turning one on turns
 * the other off (both changes are sent as engagements). */
export const OPPOSITE: Partial<Record<EngagementType, EngagementType>> = { upvote: 'downvote', downvote: 'upvote' };

/** ButtonMode is a feed-button parameter's value. */
export type ButtonMode = 'no' | 'yes' | 'lognormal';

/** buttonModes reads the feed-button parameters; anything but yes or lognormal hides a button. */
export function buttonModes(params: ExperimentParameter[] | undefined): Record<EngagementType, ButtonMode> {
  const out = {} as Record<EngagementType, ButtonMode>;
  for (const b of BUTTONS) {
    const v = paramValue(params, b.param);
    out[b.type] = v === 'yes' || v === 'lognormal' ? v : 'no';
  }
  return out;
}

/**
 * interventionIndex is the spec's intervention_idx for a feed of n cards: unbounded
 * (Infinity) without an intervention type; otherwise n × percentage / 100 rounded down,
 * minus 1, the percentage defaulting to 50 (half the entity count, minus 1). Matches
 * params.Condition.InterventionIndex on the server.
 */
export function interventionIndex(type: string | undefined, perc: string | undefined, n: number): number {
  if (!type) return Infinity;
  const p = Number.parseInt(perc ?? '', 10);
  const percentage = Number.isFinite(p) && p > 0 ? p : DEFAULT_INTERVENTION_PERC;
  return Math.floor((n * percentage) / 100) - 1;
}

/** shouldOpenIntervention: the last card reached is at least intervention_idx and it was not shown. */
export function shouldOpenIntervention(lastReached: number, idx: number, modalShown: 0 | 1 | undefined): boolean {
  return lastReached >= 0 && lastReached >= idx && (modalShown ?? 0) === 0;
}

/**
 * formatCount is the displayed count in the study's language (i18n/format.ts): in English a
 * thousands separator below 10,000, K with one decimal below a million, M with one decimal
 * above (rounded down, so 999,999 is 999.9K).
 */
export { formatCount };

/**
 * displayedCount is what a button shows, or null when its count is hidden: `yes` starts at
 * 0 and always shows; `lognormal` shows the server's count (+1 when the participant toggled
 * it on) and hides it below 1; `no` has no button.
 */
export function displayedCount(mode: ButtonMode, shown: number | undefined, on: boolean): string | null {
  if (mode === 'no') return null;
  const n = (mode === 'lognormal' ? Math.max(0, shown ?? 0) : 0) + (on ? 1 : 0);
  if (mode === 'yes') return formatCount(n);
  return n < 1 ? null : formatCount(n);
}

/** isRestricted: a feed of at most 15 cards is in restricted mode (blocks of 5). */
export function isRestricted(total: number): boolean {
  return total <= RESTRICTED_FEED_SIZE;
}

/** nextBlockEnd is how many cards show after the next load, given how many show now. */
export function nextBlockEnd(shown: number, total: number): number {
  const step = isRestricted(total) ? BLOCK_RESTRICTED : shown === 0 ? BLOCK_FIRST : BLOCK_MORE;
  return Math.min(total, shown + step);
}

/** nearBottom: the list's bottom edge is within 100 px of the viewport's bottom. */
export function nearBottom(listBottom: number, viewportHeight: number): boolean {
  return listBottom - viewportHeight <= SCROLL_LOAD_PX;
}

/** videoShouldPlay: the card's centre lies between 25% and 60% of the viewport height. */
export function videoShouldPlay(top: number, height: number, viewportHeight: number): boolean {
  const centre = top + height / 2;
  return centre >= viewportHeight * VIDEO_WINDOW.top && centre <= viewportHeight * VIDEO_WINDOW.bottom;
}

/** visibilityThreshold: 0.3 on viewports under 400 px high, else the whole card (1). */
export function visibilityThreshold(viewportHeight: number): number {
  return viewportHeight < 400 ? 0.3 : 1;
}

/** isVideoUrl: an entity is a video when its URL ends in mp4, webm or ogg. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|webm|ogg)$/i.test(url.split(/[?#]/)[0]);
}

/** A Dwell is one completed view of a card: how long and when it came into view. */
export interface Dwell {
  ms: number;
  inviewAt: number;
}

/**
 * dwellOnLeave applies the out-in-out pattern when a card leaves view: `events` is the
 * intersection event list with the card's new `out` event last. The dwell is the time
 * from the card's preceding `in` event (of this page: time ≥ since) to that `out`; none
 * when there is no such `in`, or when the last 6 events span under 100 ms (a fling past
 * the card, not reading).
 */
export function dwellOnLeave(events: IntersectionEvent[], since = -Infinity): Dwell | null {
  const last = events[events.length - 1];
  if (!last || last.inview) return null;
  let prev: IntersectionEvent | undefined;
  for (let i = events.length - 2; i >= 0; i--) {
    const e = events[i];
    if (e.time < since) break;
    if (e.entity_id === last.entity_id) {
      prev = e;
      break;
    }
  }
  if (!prev || !prev.inview) return null;
  const recent = events.slice(-DWELL_BURST_EVENTS);
  if (recent.length === DWELL_BURST_EVENTS && recent[0].time >= since && last.time - recent[0].time < DWELL_BURST_MS) return null;
  return { ms: Math.max(0, Math.round(last.time - prev.time)), inviewAt: wallOf(prev) };
}

/** wallOf is an event's wall-clock time (epoch ms), recorded beside its clock time. */
export function wallOf(e: IntersectionEvent): number {
  const wall = (e as IntersectionEvent & { wall?: number }).wall;
  return typeof wall === 'number' ? wall : Math.round(e.time);
}

/** newRecord is a card's engagement record before anything happened. */
export function newRecord(entity: FeedEntity): EngagementRecord {
  return {
    idx: entity.idx,
    entity_id: entity.entity_id,
    shares: 0,
    likes: 0,
    read_later: 0,
    accuracy_score: 0,
    upvote: 0,
    downvote: 0,
    lastViewTime: -1,
    lastEngageTime: -1,
    lastRT: -1,
    dwells: 0,
    dwellTimes: [],
    dwellsInviewTime: [],
  };
}

/** addDwell returns the record with one more dwell. */
export function addDwell(rec: EngagementRecord, d: Dwell): EngagementRecord {
  return { ...rec, dwells: rec.dwells + 1, dwellTimes: [...rec.dwellTimes, d.ms], dwellsInviewTime: [...rec.dwellsInviewTime, d.inviewAt] };
}

/**
 * dwellsAtSubmit closes the dwells of cards still in view (their `in` event has no `out`,
 * so submit ends their view) and gives every card still without a dwell a synthetic one
 * of SYNTHETIC_DWELL_MS, in view at the submit time: every card shown is in the batch.
 */
export function dwellsAtSubmit(
  entities: FeedEntity[],
  records: Record<string, EngagementRecord>,
  events: IntersectionEvent[],
  now: number,
  wallNow: number,
  since = -Infinity,
): Record<string, EngagementRecord> {
  const out: Record<string, EngagementRecord> = { ...records };
  const lastEvent = new Map<string, IntersectionEvent>();
  for (const e of events) if (e.time >= since) lastEvent.set(e.entity_id, e);
  for (const entity of entities) {
    let rec = out[entity.entity_id] ?? newRecord(entity);
    const open = lastEvent.get(entity.entity_id);
    if (open && open.inview) rec = addDwell(rec, { ms: Math.max(0, Math.round(now - open.time)), inviewAt: wallOf(open) });
    if (rec.dwells === 0) rec = addDwell(rec, { ms: SYNTHETIC_DWELL_MS, inviewAt: wallNow });
    out[entity.entity_id] = rec;
  }
  return out;
}

/** checkpointIdx is the feed-entity-idx-N checkpoints due when the last card reached
 * moves from `from` to `to`: every 5th card (5, 10, ...). */
export function checkpointIdx(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = Math.max(from + 1, 1); i <= to; i++) if (i % 5 === 0) out.push(i);
  return out;
}

/** SourceSpec is a condition's source-line and source-time parameters: '' (none), 'domain'
 * (source-line only) or 'covariate:<column>'. */
export interface SourceSpec {
  line: string;
  time: string;
}

/** sourceSpec reads the source-line and source-time parameters (none by default). */
export function sourceSpec(params: ExperimentParameter[] | undefined): SourceSpec {
  const read = (name: string) => {
    const v = (paramValue(params, name) ?? '').trim();
    return v.toLowerCase() === 'none' ? '' : v;
  };
  return { line: read('source-line'), time: read('source-time') };
}

/** covariateText is a card's covariate as display text, or '' when it has none. */
function covariateText(entity: FeedEntity, column: string): string {
  const v = entity[column];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
}

/**
 * cardSource is what a card's source line shows: the publisher (the source_url's domain
 * without www., or a covariate) and a time (a covariate, shown as written). Either may be
 * '' (a card without that covariate or a source_url that is not a web address shows none).
 */
export function cardSource(spec: SourceSpec, entity: FeedEntity): { publisher: string; time: string } {
  let publisher = '';
  if (spec.line === 'domain') {
    try {
      publisher = new URL(String(entity.source_url ?? '')).hostname.replace(/^www\./, '');
    } catch {
      publisher = '';
    }
  } else if (spec.line.startsWith('covariate:')) {
    publisher = covariateText(entity, spec.line.slice('covariate:'.length).trim());
  }
  const time = spec.time.startsWith('covariate:') ? covariateText(entity, spec.time.slice('covariate:'.length).trim()) : '';
  return { publisher, time };
}

/**
 * CARD_IMAGE_SIZES is how wide a card's image is drawn: the whole screen on a phone, the
 * feed's 520-pixel column on a wider one (feed.css, .feed-main). With the image's srcset,
 * the browser takes the smallest copy that fills that width at the screen's pixel density.
 */
export const CARD_IMAGE_SIZES = '(max-width: 520px) 100vw, 520px';
