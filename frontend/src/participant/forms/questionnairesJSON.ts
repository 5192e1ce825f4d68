// The questionnaire definitions as the JSON the Go side embeds (frontend/questionnaires.json,
// written by scripts/questionnaires.mjs): what a codebook needs to say of every answer field,
// and what `feedlab questionnaire show` needs to print a built-in in the custom format.
import { fieldsOf, type Questionnaire } from './types';

/** questionnairesJSON renders the definitions, pretty-printed with a final newline. */
export function questionnairesJSON(qs: readonly Questionnaire[]): string {
  const data = qs.map((q) => ({
    name: q.name,
    title: q.title,
    ...(q.intro ? { intro: q.intro } : {}),
    fields: fieldsOf(q).map((f) => ({
      name: f.labelName,
      kind: f.kind,
      question: f.label,
      required: f.required,
      ...(f.kind === 'radio' || f.kind === 'checkbox' ? { options: f.options.map((o) => ({ value: o.value, text: o.option })) } : {}),
      ...(f.kind === 'number' ? { format: f.format, min: f.min, min_exclusive: f.minExclusive, max: f.max } : {}),
      ...(f.kind === 'slider'
        ? { min: f.min, max: f.max, step: f.step, unit: f.unit, initial: f.initial, min_label: f.minLabel, max_label: f.maxLabel }
        : {}),
      ...(f.kind === 'text' ? { max_length: f.maxLength, multiline: f.multiline } : {}),
    })),
    ...(q.discard?.length ? { discard: q.discard } : {}),
  }));
  return JSON.stringify({ generated_by: 'frontend/scripts/questionnaires.mjs', questionnaires: data }, null, 2) + '\n';
}
