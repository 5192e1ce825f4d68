// A questionnaire in the custom format (a study's own, from its questionnaires parameter,
// or a built-in, questionnaire/builtins/NAME.json; both checked by the server's
// questionnaire package and sent by it) turned into the pages the one form engine renders:
// one engine page per page of the questionnaire. Answer field names are the contract's:
// the item's id, "<matrix>.<statement>", "<item>.other"; inputs are named with '~' for
// '.', which Formik would read as nesting, and saveAs restores the name.
import type { FeedEntity } from '../../lib/feedTypes';
import { shuffle } from './arrange';
import type { AnswerOption, Block, CardQuestion, ChoiceField, Field, Questionnaire } from './types';
import { t } from '../i18n';

/** CustomItem is one item of the definition as the server sends it. */
export interface CustomItem {
  id: string;
  type: string;
  text: string;
  required?: boolean;
  help?: string;
  /** unmarked: an optional item shown without '(optional)' (an attention check). */
  unmarked?: boolean;
  /** save false: asked, never stored (the distractors around an attention check). */
  save?: boolean;
  /** group: the heading of the block of consecutive items with the same group. */
  group?: string;
  /** text_html, help_html: text and help as markdown rendered and sanitized by the server
   * when the participant receives the definition (study/questionnaire_html.go). */
  text_html?: string;
  help_html?: string;
  /** label_html, text_html: an option's label and a statement's text rendered by the
   * server like text_html. */
  options?: { value: string; label: string; label_html?: string }[];
  randomize_options?: boolean;
  reverse_options?: boolean;
  other?: boolean;
  min?: number;
  max?: number;
  step?: number;
  default?: number;
  integer?: boolean;
  min_exclusive?: boolean;
  /** invalid: a number's hint when the answer is not such a number. */
  invalid?: string;
  /** unit: a slider's unit, shown after its value. */
  unit?: string;
  points?: number;
  labels?: string[];
  statements?: { id: string; text: string; text_html?: string }[];
  max_length?: number;
  expect?: string;
  show_if?: { item: string; equals?: string; in?: string[] };
  /** A cards item's choice of cards and its questions. */
  from?: string;
  order?: string;
  sample?: number;
  lures?: number;
  items?: CustomItem[];
}

/** CustomQuestionnaire is one definition of the questionnaires parameter. */
export interface CustomQuestionnaire {
  name: string;
  title: string;
  /** heading: the pages' heading when it differs from the title. */
  heading?: string;
  pages: { intro?: string; intro_html?: string; items: CustomItem[]; randomize_items?: boolean }[];
}

/** The longest answers when the definition gives no max_length (the server's defaults). */
const TEXT_LENGTH = 500;
const TEXTAREA_LENGTH = 2000;

/** inputName is the Formik name of an answer field. */
export function inputName(field: string): string {
  return field.replace(/\./g, '~');
}

/** customQuestionnaires reads the questionnaires parameter (a JSON list); [] when absent or unreadable. */
export function customQuestionnaires(value: string | undefined): CustomQuestionnaire[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as CustomQuestionnaire[]).filter((q) => q && typeof q.name === 'string' && Array.isArray(q.pages)) : [];
  } catch {
    return [];
  }
}

/** likertOptions are a scale's points, valued "1" to "points", with the labels given. */
export function likertOptions(points: number, labels: string[] = []): AnswerOption[] {
  const out: AnswerOption[] = [];
  for (let i = 1; i <= points; i++) {
    let label = String(i);
    if (labels.length === points) label = `${i} – ${labels[i - 1]}`;
    else if (labels.length === 2 && i === 1) label = `1 – ${labels[0]}`;
    else if (labels.length === 2 && i === points) label = `${points} – ${labels[1]}`;
    out.push({ type: 'radio', value: String(i), option: label });
  }
  return out;
}

function showIf(it: CustomItem, prefix: string): Field['showIf'] {
  if (!it.show_if) return undefined;
  const values = it.show_if.equals !== undefined ? [it.show_if.equals] : (it.show_if.in ?? []);
  return { field: inputName(prefix + it.show_if.item), values };
}

// fields turns one item into the engine's questions (a matrix into one per statement, a
// choice with "other" into the choice and its text box). prefix is "<cards item>." for a
// question about a card.
function fields(item: CustomItem, prefix = ''): Field[] {
  const it = { ...item, id: prefix + item.id };
  const base = {
    labelName: inputName(it.id),
    label: it.text,
    help: it.help,
    ...(it.text_html ? { labelHtml: it.text_html } : {}),
    ...(it.help_html ? { helpHtml: it.help_html } : {}),
    required: it.required !== false,
    ...(it.unmarked ? { unmarked: true } : {}),
    showIf: showIf(item, prefix),
    ...(it.id.includes('.') ? { saveAs: it.id } : {}),
  };
  switch (it.type) {
    case 'single':
    case 'attention':
    case 'multi': {
      const kind = it.type === 'multi' ? 'checkbox' : 'radio';
      const options: AnswerOption[] = (it.options ?? []).map((o) => ({ type: kind, value: o.value, option: o.label, ...(o.label_html ? { optionHtml: o.label_html } : {}) }));
      if (it.other) options.push({ type: kind, value: 'other', option: t('form.other') });
      const choice: ChoiceField = {
        ...base,
        kind,
        options,
        shuffleOptions: it.randomize_options,
        ...(it.reverse_options ? { reverseOptions: true } : {}),
        ...(it.type === 'multi' ? { minSelected: it.min, maxSelected: it.max } : {}),
        ...(it.type === 'attention' ? { expect: it.expect, unmarked: true } : {}),
      };
      if (!it.other) return [choice];
      const other: Field = {
        kind: 'text',
        labelName: inputName(`${it.id}.other`),
        saveAs: `${it.id}.other`,
        label: t('form.otherSay'),
        required: true,
        maxLength: TEXT_LENGTH,
        showIf: { field: base.labelName, values: ['other'] },
      };
      return [choice, other];
    }
    case 'likert':
      return [{ ...base, kind: 'radio', options: likertOptions(it.points ?? 5, it.labels) }];
    case 'matrix':
      return (it.statements ?? []).map((s) => ({
        ...base,
        labelName: inputName(`${it.id}.${s.id}`),
        saveAs: `${it.id}.${s.id}`,
        label: s.text,
        help: undefined,
        labelHtml: s.text_html,
        helpHtml: undefined,
        kind: 'radio' as const,
        options: likertOptions(it.points ?? 5, it.labels),
      }));
    case 'slider':
      return [
        {
          ...base,
          kind: 'slider',
          min: it.min ?? 0,
          max: it.max ?? 100,
          step: it.step ?? 1,
          initial: it.default,
          minLabel: it.labels?.[0],
          maxLabel: it.labels?.[1],
          ...(it.unit ? { unit: it.unit } : {}),
        },
      ];
    case 'number': {
      const signed = it.min === undefined || it.min < 0;
      return [
        {
          ...base,
          kind: 'number',
          format: it.integer ? 'integer' : 'decimal',
          signed,
          min: it.min,
          ...(it.min_exclusive ? { minExclusive: true } : {}),
          max: it.max,
          invalid: it.invalid || numberHint(it),
        },
      ];
    }
    case 'text':
    case 'textarea':
      return [{ ...base, kind: 'text', multiline: it.type === 'textarea', maxLength: it.max_length ?? (it.type === 'textarea' ? TEXTAREA_LENGTH : TEXT_LENGTH) }];
    default:
      // A cards item is asked page by page (enginePages); an unknown type asks nothing.
      return [];
  }
}

function numberHint(it: CustomItem): string {
  const whole = it.integer === true;
  const vars = { min: it.min ?? '', max: it.max ?? '' };
  if (it.min !== undefined && it.min_exclusive) {
    if (it.max !== undefined) return t(whole ? 'form.wholeAboveMax' : 'form.numberAboveMax', vars);
    return t(whole ? 'form.wholeAbove' : 'form.numberAbove', vars);
  }
  if (it.min !== undefined && it.max !== undefined) return t(whole ? 'form.wholeRange' : 'form.numberRange', vars);
  if (it.min !== undefined) return t(whole ? 'form.wholeMin' : 'form.numberMin', vars);
  if (it.max !== undefined) return t(whole ? 'form.wholeMax' : 'form.numberMax', vars);
  return t(whole ? 'form.whole' : 'form.number');
}

/** CardChoice is one card a cards item asks about. */
export interface CardChoice {
  entity: FeedEntity;
  lure: boolean;
}

/**
 * chooseCards picks the cards a cards item asks about: the feed's cards (a random sample of
 * them when sample is set) in feed order or shuffled, with the first `lures` lure cards
 * mixed in (at random places when the order is the feed's).
 */
export function chooseCards(it: CustomItem, feed: readonly FeedEntity[], lures: readonly FeedEntity[], random: () => number = Math.random): CardChoice[] {
  let shown = [...feed].sort((a, b) => a.idx - b.idx);
  if (it.sample && it.sample < shown.length) {
    const picked = new Set(shuffle(shown, random).slice(0, it.sample));
    shown = shown.filter((e) => picked.has(e));
  }
  let out: CardChoice[] = shown.map((entity) => ({ entity, lure: false }));
  const mixed = lures.slice(0, it.lures ?? 0).map((entity) => ({ entity, lure: true }));
  if (it.order === 'shuffled') return shuffle([...out, ...mixed], random);
  for (const l of mixed) out.splice(Math.floor(random() * (out.length + 1)), 0, l);
  return out;
}

/** enginePages turns a questionnaire into the engine's pages: each page of the
 * definition is one page, except that a cards item becomes one page per card (the card
 * shown above its questions), splitting its page around it. Each item is its own block (a
 * matrix's statements under its text), consecutive items of one group one block under the
 * group's heading, so randomize_items shuffles whole items and groups. Items with save
 * false are asked and not saved (the page's discard). cardsFor picks a cards item's cards
 * (none when not given). */
export function enginePages(q: CustomQuestionnaire, cardsFor: (it: CustomItem) => CardChoice[] = () => []): Questionnaire[] {
  const pages: Array<Omit<Questionnaire, 'heading'>> = [];
  for (const page of q.pages) {
    let intro = page.intro;
    let introHtml = page.intro_html;
    let blocks: Block[] = [];
    let discard: string[] = [];
    const flush = () => {
      if (blocks.length === 0) return;
      pages.push({ name: q.name, title: q.title, intro, ...(introHtml ? { introHtml } : {}), blocks, shuffleBlocks: page.randomize_items, ...(discard.length ? { discard } : {}) });
      intro = undefined;
      introHtml = undefined;
      blocks = [];
      discard = [];
    };
    let group: Block | undefined;
    for (const it of page.items) {
      if (it.type !== 'cards') {
        const fs = fields(it);
        if (it.save === false) discard.push(...fs.map((f) => f.labelName));
        if (fs.length === 0) continue;
        if (it.group && group?.heading === it.group) {
          group.fields.push(...fs);
          continue;
        }
        group = undefined;
        if (it.group) {
          group = { id: it.id, heading: it.group, fields: fs };
          blocks.push(group);
        } else {
          blocks.push(it.type === 'matrix' ? { id: it.id, heading: it.text, ...(it.text_html ? { headingHtml: it.text_html } : {}), fields: fs } : { id: it.id, fields: fs });
        }
        continue;
      }
      flush();
      group = undefined;
      cardsFor(it).forEach((choice, i) => {
        const card: CardQuestion = { entity: choice.entity, lure: choice.lure, position: i + 1 };
        const cardBlocks: Block[] = (it.items ?? []).map((sub) => ({ id: `${it.id}.${sub.id}`, fields: fields(sub, `${it.id}.`) }));
        const cardDiscard = (it.items ?? []).filter((sub) => sub.save === false).map((sub) => inputName(`${it.id}.${sub.id}`));
        pages.push({ name: q.name, title: q.title, intro: it.text, ...(it.text_html ? { introHtml: it.text_html } : {}), blocks: cardBlocks.filter((b) => b.fields.length > 0), card, ...(cardDiscard.length ? { discard: cardDiscard } : {}) });
      });
    }
    flush();
  }
  const heading = q.heading || q.title;
  return pages.map((p, i) => ({ ...p, heading: pages.length > 1 ? `${heading} (page ${i + 1} of ${pages.length})` : heading }));
}

/** carryAnswers adds a page's saved answers (by field name) to the answers of the pages
 * before it (by input name, as show_if reads them): a later page's show_if may name an
 * item of an earlier page of the same questionnaire. */
export function carryAnswers(earlier: Record<string, string | string[]>, answers: Record<string, unknown>): Record<string, string | string[]> {
  const out = { ...earlier };
  for (const [k, v] of Object.entries(answers)) {
    if (Array.isArray(v)) out[inputName(k)] = v.map(String);
    else if (v !== undefined && v !== null) out[inputName(k)] = String(v);
  }
  return out;
}

/** attentionFailed tells whether answers fail one of the page's attention checks. */
export function attentionFailed(q: Questionnaire, answers: Record<string, unknown>): boolean {
  return q.blocks.some((b) =>
    b.fields.some((f) => f.kind === 'radio' && f.expect !== undefined && (f.saveAs ?? f.labelName) in answers && answers[f.saveAs ?? f.labelName] !== f.expect),
  );
}
