// The participant page's pure part: relative times on the timeline, the words for each
// kind of event, a card's score, and the exclusion reason's rule (the server's, said first).
import type { TimelineEvent } from '../api';

/** MAX_REASON is the longest exclusion reason the server takes (study.MaxExclusionReason). */
export const MAX_REASON = 500;

/** sinceArrival says how long after arrival an event came: "+0 s", "+4.2 s", "+3 min 5 s", "+2 h 1 min". */
export function sinceArrival(at: number, start: number): string {
  const ms = Math.max(0, at - start);
  if (ms < 10_000) return `+${(Math.round(ms / 100) / 10).toString()} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `+${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `+${m} min ${s % 60} s` : `+${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `+${h} h ${m % 60} min` : `+${h} h`;
}

const KIND_LABELS: Record<string, string> = {
  arrival: 'Arrival',
  consent: 'Consent',
  checkpoint: 'Checkpoint',
  engagement: 'Engagement',
  dwell: 'Dwell',
  questionnaire: 'Questionnaire',
  completion: 'Completion',
};

/** kindLabel names a kind of timeline event. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** eventText says what happened, in a line: the card and its dwell in ms, the checkpoint, the page. */
export function eventText(e: TimelineEvent): string {
  switch (e.kind) {
    case 'dwell':
      return `card ${e.entity_id ?? '?'} in view ${e.detail} ms`;
    case 'engagement':
      return `${e.what} on card ${e.entity_id ?? '?'}${e.detail ? ` (${e.detail})` : ''}`;
    case 'questionnaire':
      return `${e.what}: ${e.detail}`;
    case 'completion':
      return e.detail ? `completed with code ${e.detail}` : 'completed';
    case 'consent':
      return 'agreed to the consent form';
    default:
      return e.detail && e.detail !== '1' ? `${e.what}: ${e.detail}` : e.what;
  }
}

/** scoreText writes a ranking score to 4 significant digits; '—' when the algorithm gives none. */
export function scoreText(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '—';
  return Number(score.toPrecision(4)).toString();
}

/** reasonProblem is what is wrong with an exclusion reason, or '' when the server will take it. */
export function reasonProblem(reason: string): string {
  const n = [...reason.trim()].length;
  if (n === 0) return 'Give a reason: it is kept with the exclusion and written in the exports.';
  if (n > MAX_REASON) return `Keep the reason to ${MAX_REASON} characters (it has ${n}).`;
  return '';
}
