// The shape of one page of the form engine. Every questionnaire, built-in or a study's own,
// is a definition in the custom format (custom.ts) that the server sends; enginePages turns
// it into these pages, and one engine (QuestionnaireForm) renders any of them with Formik
// and one Yup schema built from it (schema.ts).
import type { FeedEntity } from '../../lib/feedTypes';

// Names follow the spec's question structure: labelName (the answer field name), label
// (the question text), options of {type, value, option}.

/** OptionType is how an option is chosen: one of a group (radio) or any number (checkbox). */
export type OptionType = 'radio' | 'checkbox';

/** AnswerOption is one choice: value is what is saved (score-prefixed, as the spec spells
 * it), option is the text the participant reads. */
export interface AnswerOption {
  type: OptionType;
  value: string;
  option: string;
  /** optionHtml: the option's markdown as the server rendered and sanitized it; shown
   * instead of the plain text. */
  optionHtml?: string;
}

interface FieldBase {
  /** labelName is the answer field name: the input's name and the export's field. */
  labelName: string;
  /** label is the question as the participant reads it (plain text, never HTML). */
  label: string;
  /** help is shown under the question at all times (for example 'Enter just a number'). */
  help?: string;
  /** labelHtml and helpHtml: a researcher's markdown of label and help, rendered and
   * sanitized by the server (custom questionnaires); shown instead of the plain text. */
  labelHtml?: string;
  helpHtml?: string;
  required: boolean;
  /** unmarked: an optional question shown without '(optional)' (an attention check must
   * not invite the careless to skip it). */
  unmarked?: boolean;
  /** saveAs is the answer's field name when it differs from labelName: a researcher's
   * matrix statement is saved as "item.statement", but Formik reads a '.' in an input's
   * name as nesting, so the input is named with '~' instead (custom.ts). */
  saveAs?: string;
  /** showIf shows the question only while the field labelName's answer is one of values
   * (for a checkbox group: includes one of them); a hidden question is neither checked
   * nor saved. */
  showIf?: { field: string; values: string[] };
}

/** ChoiceField is a radio group or a checkbox group; a checkbox group saves the checked
 * values joined with ';' in option order. */
export interface ChoiceField extends FieldBase {
  kind: 'radio' | 'checkbox';
  options: AnswerOption[];
  /** shuffleOptions shows the options in a new random order at every visit. */
  shuffleOptions?: boolean;
  /** reverseOptions shows the options last first (the values and their saved form do
   * not change). */
  reverseOptions?: boolean;
  /** minSelected and maxSelected bound how many boxes of a checkbox group are ticked. */
  minSelected?: number;
  maxSelected?: number;
  /** expect makes the question an attention check: the value that passes. */
  expect?: string;
}

/** NumberField is a number typed as text (so '9,000' can be caught and explained). */
export interface NumberField extends FieldBase {
  kind: 'number';
  /** integer: digits only; decimal: digits with an optional fraction ('.'), and a sign
   * when signed. */
  format: 'integer' | 'decimal';
  signed?: boolean;
  /** min and max bound the value; with minExclusive the value must be greater than min. */
  min?: number;
  minExclusive?: boolean;
  max?: number;
  /** invalid is the hint shown when the text is not such a number or is out of range. */
  invalid: string;
}

/** TextField is free text, one line or several. */
export interface TextField extends FieldBase {
  kind: 'text';
  multiline?: boolean;
  /** maxLength keeps the encoded answer under the server's 20,000-character limit
   * (a character may take 9 once URL-component-encoded). */
  maxLength: number;
}

/** SliderField is a range input that always holds a value (initial until moved). */
export interface SliderField extends FieldBase {
  kind: 'slider';
  min: number;
  max: number;
  step: number;
  /** initial is the thumb's starting value; without one the slider starts unset and must
   * be moved (a researcher's slider has no default position unless given). */
  initial?: number;
  /** unit is appended to the shown value ('%'). */
  unit?: string;
  minLabel?: string;
  maxLabel?: string;
}

/** Field is one question of a page. */
export type Field = ChoiceField | NumberField | TextField | SliderField;

/** Block groups questions, for example one news topic on the importance page. */
export interface Block {
  id: string;
  heading?: string;
  /** headingHtml: the heading as server-rendered markdown (a custom matrix's text). */
  headingHtml?: string;
  fields: Field[];
}

/** Questionnaire is one page of the participant flow, served at /form/<name>. */
export interface Questionnaire {
  /** name is the route segment and the label used in a study's forms parameter. */
  name: string;
  /** title names the questionnaire on the forms list page. */
  title: string;
  /** heading is the page's h1. */
  heading: string;
  intro?: string;
  /** introHtml: the intro as server-rendered, sanitized markdown (custom questionnaires). */
  introHtml?: string;
  blocks: Block[];
  /** shuffleBlocks shows the blocks in a new random order at every visit. */
  shuffleBlocks?: boolean;
  /** discard names answers asked on the page but never saved. */
  discard?: string[];
  /** card is the feed card a custom questionnaire's cards page asks about: shown above the
   * questions, and every answer of the page is saved as an answer about it. */
  card?: CardQuestion;
}

/** CardQuestion is the card of a cards page: the card, its place in the questionnaire
 * (from 1) and whether it is a lure (a card the participant was not shown). */
export interface CardQuestion {
  entity: FeedEntity;
  position: number;
  lure: boolean;
}

/** fieldsOf lists a questionnaire's fields in definition order. */
export function fieldsOf(q: Questionnaire): Field[] {
  return q.blocks.flatMap((b) => b.fields);
}
