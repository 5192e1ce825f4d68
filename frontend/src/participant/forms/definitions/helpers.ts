// Small constructors that keep the definitions short and uniform.
import type { AnswerOption, ChoiceField, OptionType } from '../types';

/** Choices lists [value, display text] pairs in the order they are shown. */
export type Choices = ReadonlyArray<readonly [value: string, option: string]>;

/** options turns choices into the spec's {type, value, option} objects. */
export function options(type: OptionType, choices: Choices): AnswerOption[] {
  return choices.map(([value, option]) => ({ type, value, option }));
}

/** radio is a required single-choice question unless told otherwise. */
export function radio(labelName: string, label: string, choices: Choices, required = true): ChoiceField {
  return { kind: 'radio', labelName, label, required, options: options('radio', choices) };
}

/** checkbox is a multiple-choice question, optional unless told otherwise. */
export function checkbox(labelName: string, label: string, choices: Choices, required = false): ChoiceField {
  return { kind: 'checkbox', labelName, label, required, options: options('checkbox', choices) };
}

/** unmarked shows an optional question without '(optional)' (attention checks). */
export function unmarked<F extends { unmarked?: boolean }>(field: F): F {
  return { ...field, unmarked: true };
}
