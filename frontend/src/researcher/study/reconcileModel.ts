// The pure part of the reconciliation and classroom panels: the words for each class, the
// study's platform from its rows, and the label list a researcher pastes. Unit-tested.
import { PLATFORMS } from '../../generated/registry';
import type { ParamRow, ReconcileClass, ReconcilePlatform } from '../api';

/** CLASS_LABELS are the researcher's words for each class, in the order they act on them. */
export const CLASS_LABELS: ReadonlyArray<[ReconcileClass, string]> = [
  ['completed', 'Completed here'],
  ['started', 'Started, not completed'],
  ['never_seen', 'Never seen'],
  ['duplicate', 'Duplicate line'],
  ['test', 'Test participant'],
];

/** classLabel names one class. */
export function classLabel(c: ReconcileClass): string {
  return CLASS_LABELS.find(([k]) => k === c)?.[1] ?? c;
}

/** RECONCILE_PLATFORMS are the platforms reconciliation reads, in the wizard's order, each
 * with the list it reads (params.Platforms, generated). */
export const RECONCILE_PLATFORMS: ReadonlyArray<{ name: Exclude<ReconcilePlatform, ''>; title: string; reconcile: string }> = PLATFORMS.filter(
  (p): p is Extract<(typeof PLATFORMS)[number], { name: Exclude<ReconcilePlatform, ''> }> => p.reconcile !== '',
);

/** bothWays sums up what the line-by-line classes do not say: who completed here but is not
 * on the platform's list, and how many lines submitted another code; '' when neither. */
export function bothWays(missing: number, mismatches: number): string {
  const parts: string[] = [];
  if (missing > 0) parts.push(`${missing} ${missing === 1 ? 'participant' : 'participants'} completed here but ${missing === 1 ? 'is' : 'are'} not on the list`);
  if (mismatches > 0) parts.push(`${mismatches} ${mismatches === 1 ? 'line has' : 'lines have'} a code that is not the study's`);
  return parts.length ? `${parts.join('; ')}.` : '';
}

/** PLATFORM_NAMES name the platforms reconciliation reads. */
export const PLATFORM_NAMES = Object.fromEntries(RECONCILE_PLATFORMS.map((p) => [p.name, p.title])) as Record<Exclude<ReconcilePlatform, ''>, string>;

/** studyPlatform is the study's recruitment platform from its rows ('' for none). */
export function studyPlatform(rows: ParamRow[] | undefined): string {
  const row = (rows ?? []).find((r) => r.param === 'platform' && Number(r.condition) === 1);
  const p = String(row?.value ?? '').trim().toLowerCase();
  return p === 'none' ? '' : p;
}

/** parseLabels reads pasted labels: one per line (or a one-column CSV), trimmed, blanks
 * and repeats dropped, a header line "label" skipped. */
export function parseLabels(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const l = raw.trim().replace(/^"(.*)"$/, '$1').trim();
    if (l === '' || (i === 0 && l.toLowerCase() === 'label') || seen.has(l)) return;
    seen.add(l);
    out.push(l);
  });
  return out;
}

/**
 * labelsLeftOut says which pasted labels were not added as new links: a label given more
 * than once in the list, and a label that already has a link (it keeps it). '' when none.
 * A repeat is never dropped without a word: two students under one label would share one
 * single-use link.
 */
export function labelsLeftOut(text: string, existing: string[]): string {
  const count = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const l = raw.trim().replace(/^"(.*)"$/, '$1').trim();
    if (l === '' || (i === 0 && l.toLowerCase() === 'label')) return;
    count.set(l, (count.get(l) ?? 0) + 1);
  });
  const had = new Set(existing);
  const parts: string[] = [];
  for (const [label, n] of count) {
    if (had.has(label)) parts.push(`"${label}" already has a link${n > 1 ? ` (and was given ${n} times)` : ''}`);
    else if (n > 1) parts.push(`"${label}" was given ${n} times and has one link`);
  }
  return parts.length === 0 ? '' : `Not added again: ${parts.join('; ')}. Give each participant their own label.`;
}
