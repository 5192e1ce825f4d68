// The intervention family (docs/interventions.md): what a condition's parameters ask for,
// and what the feed records of each intervention shown, through the outbox like every
// other participant event (user_form rows, so exports carry them with no new table).
import { writeForm, type EventSink } from '../../lib/events';
import type { ExperimentParameter } from '../../lib/feedTypes';
import { paramValue } from '../../lib/session';
import { storage, type SessionStore } from '../../lib/storage';

/** InterventionSpec is a condition's intervention as the feed reads its parameters. */
export interface InterventionSpec {
  /** type is the spec's name: accprompt, literacytip, socialnorm, importance, or
   * default-modal (the video); '' for none. accprompt-modal reads as accprompt. */
  type: string;
  /** param is intervention-type as the study wrote it (recorded as such). */
  param: string;
  style: 'modal' | 'infeed';
  trigger: 'position' | 'first-share' | 'first-engagement';
  /** hash is the sha256 of the text shown (server-computed); '' when the type shows none. */
  hash: string;
}

const TYPES = ['accprompt', 'literacytip', 'socialnorm', 'importance', 'default-modal'];

/** interventionSpec reads intervention-type, -style, -trigger and the text's hash. */
export function interventionSpec(params: ExperimentParameter[] | undefined): InterventionSpec {
  const param = (paramValue(params, 'intervention-type') ?? '').trim().toLowerCase();
  const base = param === 'accprompt-modal' ? 'accprompt' : param;
  const type = TYPES.includes(base) ? base : '';
  const style = (paramValue(params, 'intervention-style') ?? '').toLowerCase() === 'infeed' && type !== 'default-modal' ? 'infeed' : 'modal';
  const t = (paramValue(params, 'intervention-trigger') ?? '').toLowerCase();
  const trigger = style === 'modal' && (t === 'first-share' || t === 'first-engagement') ? t : 'position';
  return { type, param: type ? param : '', style, trigger, hash: paramValue(params, 'intervention-text-sha256') ?? '' };
}

/** triggeredBy: the press of a button of this type opens the intervention (its trigger). */
export function triggeredBy(spec: InterventionSpec, engagementType: string): boolean {
  if (spec.type === '') return false;
  if (spec.trigger === 'first-share') return engagementType === 'shares';
  return spec.trigger === 'first-engagement';
}

/** InterventionState is the storage key intervention: what was recorded already. */
export interface InterventionState {
  /** shownAt: epoch ms when it was first shown (and recorded). */
  shownAt?: number;
  /** visits: the in-feed card's completed visits (ms), or the pop-up's time open. */
  visits?: number[];
  /** sent: how many visits are recorded at the server already. */
  sent?: number;
  /** html: the intervention's text, kept for a reload that cannot reach the server. */
  html?: string;
}

function state(store: SessionStore): InterventionState {
  return (store.get('intervention') as InterventionState | undefined) ?? {};
}

function save(store: SessionStore, s: InterventionState) {
  store.set('intervention', s as Record<string, unknown>);
}

/** rememberText keeps the intervention's text, or returns the one kept before. */
export function rememberText(html: string | undefined, store: SessionStore = storage): string {
  const s = state(store);
  if (html) {
    if (s.html !== html) save(store, { ...s, html });
    return html;
  }
  return s.html ?? '';
}

/**
 * recordShown records, once per feed session, that the intervention was shown: its type as
 * the study wrote it, style, trigger, the text's hash and the client time.
 */
export function recordShown(spec: InterventionSpec, s?: { store: SessionStore; sink?: EventSink }): void {
  const store = s?.store ?? storage;
  const st = state(store);
  if (st.shownAt !== undefined) return;
  const now = Date.now();
  save(store, { ...st, shownAt: now });
  writeForm(
    {
      intervention_type: spec.param,
      intervention_style: spec.style,
      intervention_trigger: spec.trigger,
      intervention_text_sha256: spec.hash,
      intervention_shown_at: now,
    },
    s?.sink,
  );
}

/** wasShown: the intervention was shown already in this feed session. */
export function wasShown(store: SessionStore = storage): boolean {
  return state(store).shownAt !== undefined;
}

/** addVisit keeps one more visit of the in-feed card (or the pop-up's time open). */
export function addVisit(ms: number, store: SessionStore = storage): void {
  const st = state(store);
  save(store, { ...st, visits: [...(st.visits ?? []), Math.max(0, Math.round(ms))] });
}

/**
 * sendDwell records the visits not yet sent: intervention_dwell_ms is the total so far and
 * intervention_dwell_visits_ms every visit so far joined with ';', so the last row of a
 * participant holds the whole list. Nothing is sent when nothing new happened.
 */
export function sendDwell(s?: { store: SessionStore; sink?: EventSink }): void {
  const store = s?.store ?? storage;
  const st = state(store);
  const visits = st.visits ?? [];
  if (visits.length === (st.sent ?? 0)) return;
  save(store, { ...st, sent: visits.length });
  writeForm({ intervention_dwell_ms: visits.reduce((a, b) => a + b, 0), intervention_dwell_visits_ms: visits.map(String) }, s?.sink);
}

/** recordPreceded marks that the intervention opened at this press and preceded it: the
 * press (engagement_type:entity_id) is sent right after, once the intervention is done. */
export function recordPreceded(engagementType: string, entityId: string, sink?: EventSink): void {
  writeForm({ intervention_preceded: `${engagementType}:${entityId}` }, sink);
}
