// The questionnaire builder's edits (issue 23): pure functions over the study's own
// questionnaire definitions (docs/questionnaires.md), so adding, moving, duplicating and
// cleaning items is unit-tested apart from the page. The server checks every definition
// again at Verify and Create; these only keep what the builder makes well formed.
import type { CustomItem } from '../../../participant/forms/custom';
import type { Questionnaire } from './types';

export type Item = CustomItem;

/** ITEM_TYPES are the format's item types with the words the builder offers them by. */
export const ITEM_TYPES: ReadonlyArray<{ type: string; title: string }> = [
  { type: 'single', title: 'One choice (radio buttons)' },
  { type: 'multi', title: 'Several choices (checkboxes)' },
  { type: 'likert', title: 'Likert scale' },
  { type: 'matrix', title: 'Matrix (statements on one scale)' },
  { type: 'slider', title: 'Slider' },
  { type: 'number', title: 'Number' },
  { type: 'text', title: 'One line of text' },
  { type: 'textarea', title: 'Several lines of text' },
  { type: 'attention', title: 'Attention check' },
  { type: 'cards', title: 'Questions about feed cards' },
];

/** CARD_ITEM_TYPES are the types a cards item may ask about each card (all but cards). */
export const CARD_ITEM_TYPES = ITEM_TYPES.filter((t) => t.type !== 'cards');

const NAME = /^[a-z0-9_]{1,40}$/;

/** nameProblem says why a questionnaire name cannot be used ('' when it can). */
export function nameProblem(name: string, builtins: readonly string[], others: readonly string[]): string {
  if (!NAME.test(name)) return 'Use lower-case letters, digits and _ (at most 40).';
  if (builtins.includes(name)) return `${name} is a built-in questionnaire's name; choose another.`;
  if (others.includes(name)) return `Another questionnaire is called ${name}.`;
  return '';
}

/** freeName is base, or base_2, base_3… the first not taken (by a built-in or another questionnaire). */
export function freeName(base: string, taken: readonly string[]): string {
  const clean = (base.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'questionnaire').slice(0, 34);
  if (!taken.includes(clean)) return clean;
  for (let n = 2; ; n++) if (!taken.includes(`${clean}_${n}`)) return `${clean}_${n}`;
}

/** itemIds lists every id a questionnaire uses (items; card questions are per cards item). */
export function itemIds(q: Questionnaire): string[] {
  return q.pages.flatMap((p) => p.items.map((it) => it.id));
}

/** freeId is the first of prefix1, prefix2… not among ids. */
export function freeId(prefix: string, ids: readonly string[]): string {
  for (let n = 1; ; n++) if (!ids.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}

const twoOptions = () => [
  { value: '1', label: 'Option 1' },
  { value: '2', label: 'Option 2' },
];

/** newItem is a fresh item of a type, complete enough to pass the server's checks. */
export function newItem(type: string, id: string): Item {
  const base: Item = { id, type, text: 'Question' };
  switch (type) {
    case 'single':
    case 'multi':
      return { ...base, options: twoOptions() };
    case 'attention':
      return { ...base, text: 'To show you are reading, choose Option 2.', options: twoOptions(), expect: '2' };
    case 'likert':
      return { ...base, points: 5, labels: ['Strongly disagree', 'Strongly agree'] };
    case 'matrix':
      return { ...base, points: 5, labels: ['Strongly disagree', 'Strongly agree'], statements: [{ id: 's1', text: 'Statement 1' }] };
    case 'slider':
      return { ...base, min: 0, max: 100, step: 1 };
    case 'cards':
      return { ...base, text: 'About this post', from: 'feed', order: 'feed', items: [newItem('likert', 'q1')] };
    default:
      return base;
  }
}

/** newQuestionnaire is a questionnaire of one page with one question. */
export function newQuestionnaire(name: string): Questionnaire {
  return { name, title: 'A few questions', pages: [{ items: [newItem('single', 'q1')] }] };
}

/** move returns list with index i moved to index j (clamped); the same list when it cannot move. */
export function move<T>(list: readonly T[], i: number, j: number): T[] {
  if (i < 0 || i >= list.length || j < 0 || j >= list.length || i === j) return list.slice();
  const out = list.slice();
  const [x] = out.splice(i, 1);
  out.splice(j, 0, x);
  return out;
}

/** duplicateItem puts a copy of item i right after it, with an id of its own. */
export function duplicateItem(items: readonly Item[], i: number, taken: readonly string[]): Item[] {
  const it = items[i];
  if (!it) return items.slice();
  const copy: Item = JSON.parse(JSON.stringify(it));
  copy.id = freeId(`${it.id.replace(/_?\d+$/, '') || 'q'}_`, taken);
  const out = items.slice();
  out.splice(i + 1, 0, copy);
  return out;
}

/** NUMBER_KEYS are item keys holding numbers: a builder field left empty ('' from a number
 * input) means absent. */
const NUMBER_KEYS = ['min', 'max', 'step', 'default', 'points', 'sample', 'lures', 'max_length'] as const;

/** cleanItem drops what a builder form leaves behind that the format does not take: empty
 * number fields, empty help, an unfinished show_if, end labels left blank, and the keys
 * of another type after the type changed. */
export function cleanItem(it: Item): Item {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(it)) {
    if (v === undefined || v === null) continue;
    if ((NUMBER_KEYS as readonly string[]).includes(k)) {
      if (v === '') continue;
      const n = Number(v);
      if (Number.isFinite(n)) out[k] = n;
      continue;
    }
    if ((k === 'help' || k === 'expect' || k === 'group' || k === 'invalid' || k === 'unit') && String(v).trim() === '') continue;
    if ((k === 'randomize_options' || k === 'reverse_options' || k === 'other' || k === 'integer' || k === 'min_exclusive' || k === 'unmarked') && v !== true) continue;
    if ((k === 'required' || k === 'save') && v !== false) continue; // true is the default
    if (k === 'labels' && Array.isArray(v)) {
      if (v.every((l) => String(l ?? '').trim() === '')) continue;
      out[k] = v.map((l) => String(l ?? ''));
      continue;
    }
    if (k === 'show_if') {
      const s = v as Item['show_if'];
      if (!s || !s.item) continue;
      const inList = (s.in ?? []).filter((x) => x !== '');
      out[k] = inList.length > 0 ? { item: s.item, in: inList } : { item: s.item, equals: s.equals ?? '' };
      continue;
    }
    if (k === 'items' && Array.isArray(v)) {
      out[k] = (v as Item[]).map(cleanItem);
      continue;
    }
    out[k] = v;
  }
  const kept = KEYS_OF[it.type];
  if (kept) for (const k of Object.keys(out)) if (!COMMON.includes(k) && !kept.includes(k)) delete out[k];
  return out as unknown as Item;
}

// A built-in started from keeps what the format says of it beyond the builder's fields
// (unmarked, save, group, reverse_options, min_exclusive, invalid, unit; docs/questionnaires.md).
const COMMON = ['id', 'type', 'text', 'required', 'help', 'unmarked', 'save', 'group', 'show_if'];
const CHOICES = ['options', 'randomize_options', 'reverse_options', 'other'];
/** KEYS_OF are the keys each type takes besides the common ones (docs/questionnaires.md). */
const KEYS_OF: Record<string, string[]> = {
  single: CHOICES,
  multi: [...CHOICES, 'min', 'max'],
  likert: ['points', 'labels'],
  matrix: ['points', 'labels', 'statements'],
  slider: ['min', 'max', 'step', 'default', 'labels', 'unit'],
  number: ['min', 'max', 'integer', 'min_exclusive', 'invalid'],
  text: ['max_length'],
  textarea: ['max_length'],
  attention: ['options', 'randomize_options', 'reverse_options', 'expect'],
  cards: ['from', 'order', 'sample', 'lures', 'items'],
};

/** cleanQuestionnaire is a definition as the builder sends it: plain JSON, no empty leftovers. */
export function cleanQuestionnaire(q: Questionnaire): Questionnaire {
  return {
    name: q.name,
    title: q.title,
    ...(q.heading && q.heading.trim() !== '' ? { heading: q.heading } : {}),
    pages: q.pages.map((p) => {
      // The format's key order (intro, items, randomize_items), as the server writes it.
      const page: Questionnaire['pages'][number] = p.intro && p.intro.trim() !== '' ? { intro: p.intro, items: [] } : { items: [] };
      page.items = p.items.map(cleanItem);
      if (p.randomize_items === true) page.randomize_items = true;
      return page;
    }),
  };
}

/** parseDefinition reads one questionnaire's JSON (an export, a file, a built-in): the object,
 * or a list holding exactly one. It throws with words for the researcher. */
export function parseDefinition(text: string): Questionnaire {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`This is not JSON: ${(err as Error).message}`);
  }
  if (Array.isArray(v) && v.length === 1) v = v[0];
  const q = v as Questionnaire;
  if (!q || typeof q !== 'object' || Array.isArray(q) || typeof q.name !== 'string' || !Array.isArray(q.pages)) {
    throw new Error('This is not a questionnaire: expected an object with name, title and pages.');
  }
  for (const p of q.pages) if (!p || !Array.isArray(p.items)) throw new Error('Every page needs a list of items.');
  return { ...q, title: typeof q.title === 'string' ? q.title : '' };
}

/** exportDefinition is one questionnaire's JSON as Export writes it (and Import reads it). */
export function exportDefinition(q: Questionnaire): string {
  return JSON.stringify(cleanQuestionnaire(q), null, 2) + '\n';
}

/** renameInForms follows a questionnaire's rename (to '' when it was deleted) in every
 * condition's lists. */
export function renameInForms(lists: string[][], from: string, to: string): string[][] {
  return lists.map((names) => names.flatMap((n) => (n === from ? (to ? [to] : []) : [n])));
}

/** problemsOf picks the server's problems naming questionnaire `name`, the index-th (0-based)
 * of the list: Verify words them `questionnaire "name", page 2, item "q3": …`, or
 * `questionnaire #2, …` when the name itself cannot be read. */
export function problemsOf<P extends { param?: string; message: string }>(problems: readonly P[], name: string, index: number): P[] {
  const tags = [`questionnaire ${JSON.stringify(name)}`, `questionnaire #${index + 1}`];
  return problems.filter((p) => tags.some((t) => p.message.includes(t + ',') || p.message.includes(t + ':')));
}
