// One Yup schema and one set of initial values built from a questionnaire definition, so
// every page is validated by the same rules (spec: questionnaires §5).
import * as yup from 'yup';
import { t } from '../i18n';
import { fieldsOf, type Field, type NumberField, type Questionnaire } from './types';

/** requiredMessage is the message for an unanswered required question, in the study's language. */
export function requiredMessage(): string {
  return t('form.required');
}

/** FormValues are a page's answers as the form holds them: checkbox groups are lists,
 * sliders numbers, everything else text. */
export type FormValues = Record<string, string | string[] | number>;

/** initialValues gives every field its empty (or, for a slider, initial) value. */
export function initialValues(q: Questionnaire): FormValues {
  const values: FormValues = {};
  for (const f of fieldsOf(q)) {
    values[f.labelName] = f.kind === 'checkbox' ? [] : f.kind === 'slider' ? (f.initial ?? '') : '';
  }
  return values;
}

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/**
 * isValidNumber applies a number field's rules to the text typed: digits only (or with a
 * '.' fraction and, when signed, a sign), within min/max. '9,000' and '9.000' are refused
 * for a count so the participant is told to type 9000 (the value cannot be guessed).
 */
export function isValidNumber(f: NumberField, text: string): boolean {
  const t = text.trim();
  const pattern = f.format === 'integer' ? INTEGER : f.signed ? SIGNED_DECIMAL : DECIMAL;
  if (t.length > 15 || !pattern.test(t)) return false;
  const n = Number(t);
  if (!Number.isFinite(n)) return false;
  if (f.min !== undefined && (f.minExclusive ? n <= f.min : n < f.min)) return false;
  if (f.max !== undefined && n > f.max) return false;
  return true;
}

function fieldSchema(f: Field): yup.AnySchema {
  switch (f.kind) {
    case 'radio': {
      const allowed = f.options.map((o) => o.value);
      const s = yup.string().oneOf([...allowed, ''], requiredMessage());
      return f.required ? s.required(requiredMessage()) : s;
    }
    case 'checkbox': {
      const allowed = f.options.map((o) => o.value);
      let s = yup.array().of(yup.string().oneOf(allowed).required());
      if (f.maxSelected !== undefined) s = s.max(f.maxSelected, t('form.chooseAtMost', { n: f.maxSelected }));
      if (f.minSelected !== undefined && f.minSelected > 1) {
        const min = f.minSelected;
        // An optional group left empty stays valid; once answered it needs its minimum.
        s = s.test('min', t('form.chooseAtLeast', { n: min }), (v) => (!f.required && (v?.length ?? 0) === 0) || (v?.length ?? 0) >= min);
      }
      return f.required ? s.min(1, requiredMessage()).required(requiredMessage()) : s;
    }
    case 'number': {
      const s = yup
        .string()
        .test('number', f.invalid, (v) => v === undefined || v.trim() === '' || isValidNumber(f, v));
      return f.required ? s.required(requiredMessage()) : s;
    }
    case 'text': {
      const s = yup.string().max(f.maxLength, t('form.maxLength', { n: f.maxLength }));
      return f.required ? s.trim().required(requiredMessage()) : s;
    }
    case 'slider': {
      // Unset ('') until moved when the slider has no starting value.
      const s = yup.number().typeError(moveSliderMessage()).min(f.min).max(f.max);
      return f.required ? s.required(moveSliderMessage()) : s.transform((v, raw) => (raw === '' ? undefined : v));
    }
  }
}

/** moveSliderMessage asks for an answer on a slider that has no starting position. */
export function moveSliderMessage(): string {
  return t('form.moveSlider');
}

/** shown tells whether a question is on the page given the answers so far (its showIf). */
export function shown(f: Field, values: FormValues): boolean {
  if (!f.showIf) return true;
  const v = values[f.showIf.field];
  const answers = Array.isArray(v) ? v : [String(v ?? '')];
  return answers.some((a) => f.showIf!.values.includes(a));
}

// A question hidden by its showIf asks nothing: any value passes.
function withShowIf(f: Field): yup.AnySchema {
  if (!f.showIf) return fieldSchema(f);
  const target = f.showIf.field;
  return yup.mixed().when(target, ([v]: unknown[], s: yup.AnySchema) => (shown(f, { [target]: v as FormValues[string] }) ? fieldSchema(f) : s.notRequired()));
}

/** buildSchema is the page's validation schema: one rule set per field. */
export function buildSchema(q: Questionnaire): yup.ObjectSchema<FormValues> {
  const shape: Record<string, yup.AnySchema> = {};
  for (const f of fieldsOf(q)) shape[f.labelName] = withShowIf(f);
  return yup.object(shape) as unknown as yup.ObjectSchema<FormValues>;
}

/** validationErrors runs the schema and returns the first message per field (empty when
 * the page is valid); it is what the page shows, in a form the unit tests can check. */
export async function validationErrors(q: Questionnaire, values: FormValues): Promise<Record<string, string>> {
  try {
    await buildSchema(q).validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const out: Record<string, string> = {};
    if (err instanceof yup.ValidationError) {
      for (const e of err.inner) if (e.path && !(e.path in out)) out[e.path.replace(/\[\d+\]$/, '')] = e.message;
    }
    return out;
  }
}
