// The library pages' pure part: searching the list of sets and saying when and by whom.
import type { LibrarySet } from '../api';

/** matchesSearch: every word of the query appears in the set's name, category, uploader or
 * the studies using it (case-insensitive). */
export function matchesSearch(set: LibrarySet, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [set.entity_set, set.entity_category, set.uploaded_by, ...set.used_by].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** uploadedByText names who added a set; sets from the command line have no name. */
export function uploadedByText(set: LibrarySet): string {
  if (set.builtin) return 'built in';
  return set.uploaded_by || 'command line';
}

/** whenText writes an upload time as a calm date ("12 Mar 2026, 14:05") in the viewer's zone. */
export function whenText(ms: number): string {
  if (!ms) return '';
  return new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** usedByCount is how many studies use the set, the researcher's own and others'. */
export function usedByCount(set: LibrarySet): number {
  return set.used_by.length + set.used_by_others;
}

/** othersText says how many studies of other researchers use the set, or ''. */
export function othersText(n: number): string {
  if (n === 0) return '';
  return `${n} other researcher's stud${n === 1 ? 'y' : 'ies'}`;
}

/** exportFilename is the name the download page gives the stimulus_set export. */
export function exportFilename(set: string): string {
  return `${set}_stimulus_set.csv`;
}
