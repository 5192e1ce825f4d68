// The study page's pure view model (issue 10): what each figure means, the funnel as a
// table, the text alternatives of the charts, the participant table's paging and the
// lifecycle buttons. No DOM and no fetch here, so every rule is unit-tested.
import type { ConditionStats, Dashboard, Funnel, ParticipantQuery, Stage, StudyStatus, TextVersion } from '../api';

/** FunnelKey names one row of the funnel table. */
export type FunnelKey = Exclude<keyof Funnel, 'exits'>;

/** FunnelStep is one funnel figure: its label and what it counts, exactly (docs/dashboard.md). */
export interface FunnelStep {
  /** key: a funnel figure, or exit:<state> for a row of participants by exit state. */
  key: FunnelKey | `exit:${string}`;
  label: string;
  help: string;
}

/** FUNNEL lists the funnel's rows in order. Each count is of participants who reached at
 * least that stage (so a completer also counts as arrived); test participants (previews,
 * pilots) are never counted. Keep the words in step with docs/dashboard.md. */
export const FUNNEL: readonly FunnelStep[] = [
  { key: 'arrived', label: 'Arrived', help: 'Opened the study link and were registered in a condition.' },
  { key: 'consented', label: 'Consented', help: 'Accepted the consent page (without one: once they reach the feed).' },
  { key: 'feed', label: 'Reached the feed', help: 'Their feed loaded on screen (checkpoint feed-landed).' },
  { key: 'submitted', label: 'Submitted the feed', help: "Pressed the feed's continue button (checkpoint submit-click)." },
  { key: 'questionnaires', label: 'In questionnaires', help: 'Answered at least one questionnaire page, or completed.' },
  { key: 'completed', label: 'Completed', help: 'Got their completion code: feed submitted and every questionnaire finished (end-redirect).' },
  { key: 'dropped', label: 'Dropped', help: 'Not completed, and nothing heard from them for the drop-out time.' },
];

/** droppedHelp says what dropped means with the server's drop-out time (serve --dropped-after). */
export function droppedHelp(minutes: number | null | undefined): string {
  const m = minutes && minutes > 0 ? minutes : 30;
  const span = m < 1 ? plural(Math.max(1, Math.round(m * 60)), 'second') : plural(Math.round(m * 10) / 10, 'minute');
  return `Not completed, and no event stored from them for ${span}.`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** STAGE_LABELS are the participant table's words for each stage. */
export const STAGE_LABELS: Record<Stage, string> = {
  arrived: 'Arrived',
  consented: 'Consented',
  feed: 'In the feed',
  submitted: 'Submitted the feed',
  questionnaires: 'In questionnaires',
  completed: 'Completed',
};

/** FunnelTable is the funnel as rows (one per figure) of per-condition counts and a total. */
export interface FunnelTable {
  conditions: number[];
  rows: Array<{ step: FunnelStep; counts: number[]; total: number; share: string }>;
}

/** funnelTable lays out the dashboard's funnel; share is the total as a part of arrivals. */
export function funnelTable(d: Pick<Dashboard, 'conditions' | 'total' | 'dropped_after_minutes'>): FunnelTable {
  const conditions = d.conditions.map((c) => c.condition);
  const arrived = d.total.funnel.arrived;
  return {
    conditions,
    rows: [
      ...FUNNEL.map((step) => {
        const key = step.key as FunnelKey;
        const total = d.total.funnel[key] ?? 0;
        const help = step.key === 'dropped' ? droppedHelp(d.dropped_after_minutes) : step.help;
        return {
          step: { ...step, help },
          counts: d.conditions.map((c) => c.funnel[key] ?? 0),
          total,
          share: step.key === 'arrived' ? '' : percent(total, arrived),
        };
      }),
      // Exit states other than completed (returned, over quota…), only those that occurred.
      ...Object.keys(d.total.funnel.exits ?? {})
        .filter((state) => state !== 'completed' && EXIT_LABELS[state])
        .sort()
        .map((state) => {
          const total = d.total.funnel.exits?.[state] ?? 0;
          return {
            step: { key: `exit:${state}` as const, label: EXIT_LABELS[state]!, help: 'Participants whose session ended this way; their place no longer counts toward balance and quotas.' },
            counts: d.conditions.map((c) => c.funnel.exits?.[state] ?? 0),
            total,
            share: percent(total, arrived),
          };
        }),
    ],
  };
}

/** EXIT_LABELS name the exit states (participants.exit_state) other than completed. */
export const EXIT_LABELS: Record<string, string> = {
  returned: 'Exit: returned',
  timed_out: 'Exit: timed out',
  screened_out: 'Exit: screened out',
  terminate: 'Exit: terminated',
  quality_terminate: 'Exit: quality terminate',
  over_quota: 'Exit: over quota',
};

/** percent is part of whole as a rounded percentage ('' when the whole is 0). */
export function percent(part: number, whole: number): string {
  if (!whole) return '';
  return `${Math.round((part / whole) * 100)}%`;
}

/** BalanceRow is one condition's share of arrivals and completers. */
export interface BalanceRow {
  condition: number;
  arrivals: number;
  arrivalsShare: string;
  completed: number;
  completedShare: string;
}

/** balanceRows is the condition balance as a table (the bar chart's text alternative). */
export function balanceRows(d: Pick<Dashboard, 'conditions' | 'balance'>): BalanceRow[] {
  const arrivals = d.balance?.arrivals ?? [];
  const completed = d.balance?.completed ?? [];
  const sumA = arrivals.reduce((a, b) => a + b, 0);
  const sumC = completed.reduce((a, b) => a + b, 0);
  return d.conditions.map((c, i) => ({
    condition: c.condition,
    arrivals: arrivals[i] ?? 0,
    arrivalsShare: percent(arrivals[i] ?? 0, sumA),
    completed: completed[i] ?? 0,
    completedShare: percent(completed[i] ?? 0, sumC),
  }));
}

/** TimelineRow is one bucket of the arrivals and completions over time. */
export interface TimelineRow {
  start: number;
  arrivals: number;
  completions: number;
}

/** timelineRows lists the buckets that have any arrival or completion (the line chart's
 * text alternative), the latest `limit` of them. */
export function timelineRows(t: Dashboard['timeline'], limit = 24): TimelineRow[] {
  if (!t || !t.bucket_ms) return [];
  const rows: TimelineRow[] = [];
  const n = Math.max(t.arrivals.length, t.completions.length);
  for (let i = 0; i < n; i++) {
    const arrivals = t.arrivals[i] ?? 0;
    const completions = t.completions[i] ?? 0;
    if (arrivals || completions) rows.push({ start: t.start_ms + i * t.bucket_ms, arrivals, completions });
  }
  return rows.slice(-limit);
}

/** timelineSeries is the line chart's data: x in seconds (uPlot's time unit), then the
 * two series per bucket. A study's first minutes have one or two buckets, which a chart
 * cannot scale; empty buckets before the first arrival pad it to at least minBuckets. */
export function timelineSeries(t: Dashboard['timeline'], minBuckets = 1): [number[], number[], number[]] {
  if (!t || !t.bucket_ms) return [[], [], []];
  const n = Math.max(t.arrivals.length, t.completions.length);
  if (n === 0) return [[], [], []];
  const pad = Math.max(0, minBuckets - n);
  const xs: number[] = [];
  const a: number[] = [];
  const c: number[] = [];
  for (let i = -pad; i < n; i++) {
    xs.push((t.start_ms + i * t.bucket_ms) / 1000);
    a.push(i < 0 ? 0 : (t.arrivals[i] ?? 0));
    c.push(i < 0 ? 0 : (t.completions[i] ?? 0));
  }
  return [xs, a, c];
}

/** engagementTypes is every engagement type any condition has, sorted. */
export function engagementTypes(conditions: ConditionStats[]): string[] {
  const types = new Set<string>();
  for (const c of conditions) for (const t of Object.keys(c.engagements_per_participant ?? {})) types.add(t);
  return [...types].sort();
}

/** formatDuration says a duration in ms briefly: "45 s", "12 min 5 s", "2 h 3 min"; '—' for none. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

/** formatNumber rounds to at most `digits` decimals; '—' for none. */
export function formatNumber(n: number | null | undefined, digits = 1): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const f = 10 ** digits;
  return String(Math.round(n * f) / f);
}

const two = (n: number) => String(n).padStart(2, '0');

/** clock is a time of day hh:mm:ss in the browser's time zone. */
export function clock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * replicationLine says where the study data is copied off this machine and how current
 * the copy is: the researcher sees that a lost appliance would not lose the study. A copy
 * behind by a second or less is current (the sync interval).
 */
export function replicationLine(r: { url: string; last_replicated: string; lag_seconds: number }): string {
  const at = clock(Date.parse(r.last_replicated));
  if (r.lag_seconds <= 1) return `Copied off this machine to ${r.url}, up to date at ${at}`;
  return `Copy off this machine (${r.url}) is ${Math.round(r.lag_seconds)} s behind: last up to date at ${at}`;
}

/** dateTime is a short local date and time (yyyy-mm-dd hh:mm) for the tables; '—' for none. */
export function dateTime(ms: number | null | undefined): string {
  if (!ms) return '—';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '—';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** platformIds says a participant's platform ids as "PROLIFIC_PID: abc"; '—' for none. */
export function platformIds(ids: Record<string, string> | null | undefined): string {
  const entries = Object.entries(ids ?? {}).filter(([, v]) => v !== '');
  return entries.length ? entries.map(([k, v]) => `${k}: ${v}`).join(', ') : '—';
}

// --- Participant table -------------------------------------------------------------------

/** PAGE_SIZE is how many participants one page of the table shows (and fetches). */
export const PAGE_SIZE = 50;

/** firstPage is the table's query before the researcher filters anything. */
export function firstPage(): ParticipantQuery {
  return { offset: 0, limit: PAGE_SIZE, condition: 0, stage: '', q: '' };
}

/** withFilter changes a filter and goes back to the first page (the old offset may be past
 * the end of the new selection). */
export function withFilter(q: ParticipantQuery, change: Partial<Pick<ParticipantQuery, 'condition' | 'stage' | 'q'>>): ParticipantQuery {
  return { ...q, ...change, offset: 0 };
}

/** pageOf says where the table is: "51–100 of 10,000", and whether there are pages before and after. */
export function pageOf(q: ParticipantQuery, total: number, shown: number): { text: string; prev: boolean; next: boolean; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / q.limit));
  const page = Math.floor(q.offset / q.limit) + 1;
  const fmt = (n: number) => n.toLocaleString('en');
  const text = total === 0 || shown === 0 ? `0 of ${fmt(total)}` : `${fmt(q.offset + 1)}–${fmt(q.offset + shown)} of ${fmt(total)}`;
  return { text, prev: q.offset > 0, next: q.offset + q.limit < total, page, pages };
}

/** stepPage moves one page back (-1) or forward (+1), staying within the table. */
export function stepPage(q: ParticipantQuery, direction: -1 | 1, total: number): ParticipantQuery {
  const last = Math.max(0, Math.ceil(total / q.limit) - 1) * q.limit;
  const offset = Math.min(last, Math.max(0, q.offset + direction * q.limit));
  return { ...q, offset };
}

/** clampToTotal moves the offset back when the table shrank under it (a filter's matches
 * can only grow while a study runs, but a researcher's search may change). */
export function clampToTotal(q: ParticipantQuery, total: number): ParticipantQuery {
  if (q.offset === 0 || q.offset < total) return q;
  return { ...q, offset: Math.max(0, Math.ceil(total / q.limit) - 1) * q.limit };
}

// --- Lifecycle ------------------------------------------------------------------------------

/** StatusAction is one lifecycle button: its text, the status it sets, and whether to ask first. */
export interface StatusAction {
  label: 'Pause' | 'Close' | 'Reopen';
  to: StudyStatus;
  confirm: boolean;
}

/** statusActions are the buttons a launched study's status offers: an open study can be
 * paused or closed, a paused one reopened or closed, a closed one reopened. Pause and Close
 * ask first (both turn participants away). A draft is launched and an archived study
 * restored by their own buttons, so they offer none of these. */
export function statusActions(status: StudyStatus): StatusAction[] {
  const pause: StatusAction = { label: 'Pause', to: 'paused', confirm: true };
  const close: StatusAction = { label: 'Close', to: 'closed', confirm: true };
  const reopen: StatusAction = { label: 'Reopen', to: 'open', confirm: false };
  if (status === 'open') return [pause, close];
  if (status === 'paused') return [reopen, close];
  if (status === 'closed') return [reopen];
  return [];
}

/** STATUS_TEXT says what each status means for participants. */
export const STATUS_TEXT: Record<StudyStatus, { label: string; help: string }> = {
  draft: { label: 'Draft', help: 'Not launched: participants see "This study has not started yet". Preview it, edit it in the wizard, then launch it.' },
  open: { label: 'Open', help: 'New participants can join.' },
  paused: { label: 'Paused', help: 'New participants see "This study is not accepting participants right now"; those already in can finish.' },
  closed: { label: 'Closed', help: 'The study takes no new participants; those already in can finish.' },
  archived: { label: 'Archived', help: 'Hidden from My studies and accepting no one; its data are kept. Restore it to bring it back.' },
};

/** PAUSE_VS_CLOSE explains the two buttons in one sentence each, beside them. */
export const PAUSE_VS_CLOSE = {
  pause: 'Pause: a short stop (say, to fix a text); new arrivals are told the study is not accepting participants right now.',
  close: 'Close: the study is finished; new arrivals are told it is closed. You can still reopen either.',
};

/** deleteNeedsId says whether deleting asks for the study's id typed: every launched study. */
export function deleteNeedsId(status: StudyStatus): boolean {
  return status !== 'draft';
}

// --- Texts ----------------------------------------------------------------------------------

/** TEXT_LABELS name the participant texts that can be corrected while a study runs. */
export const TEXT_LABELS: Record<string, string> = {
  consent: 'Consent text',
  instruct: 'Instructions',
  'custom-msg': 'Message page',
  title: 'Study title',
};

/** textLabel is the words for a text parameter (its name when unknown). */
export function textLabel(param: string): string {
  return TEXT_LABELS[param] ?? param;
}

/** latestVersions is the version history newest first. */
export function latestVersions(versions: TextVersion[], limit = 20): TextVersion[] {
  return [...versions].sort((a, b) => b.version - a.version).slice(0, limit);
}

/** duplicateHref is where Duplicate opens the wizard with a copy of the study (the same
 * address as My studies' Duplicate). */
export function duplicateHref(id: string): string {
  return `/create-study?from=${encodeURIComponent(id)}`;
}

// --- Polling --------------------------------------------------------------------------------

/** POLL_MS is how often the page refreshes its figures while the tab is shown. */
export const POLL_MS = 5000;

/** nextPollDelay waits longer after failures (5 s, 10 s, 20 s… up to a minute) so a server
 * that is down is not hammered. */
export function nextPollDelay(failures: number, base = POLL_MS): number {
  return Math.min(60_000, base * 2 ** Math.max(0, Math.min(failures, 4)));
}
