// The questionnaire definitions as the JSON the Go side embeds (frontend/questionnaires.json,
// written by scripts/questionnaires.mjs): what a codebook needs to say of every answer field.
import { fieldsOf, type Questionnaire } from './types';

/** questionnairesJSON renders the definitions, pretty-printed with a final newline. */
export function questionnairesJSON(qs: readonly Questionnaire[]): string {
  const data = qs.map((q) => ({
    name: q.name,
    title: q.title,
    fields: fieldsOf(q).map((f) => ({
      name: f.labelName,
      kind: f.kind,
      question: f.label,
      required: f.required,
      ...(f.kind === 'radio' || f.kind === 'checkbox' ? { options: f.options.map((o) => ({ value: o.value, text: o.option })) } : {}),
      ...(f.kind === 'number' ? { format: f.format, min: f.min, max: f.max } : {}),
      ...(f.kind === 'slider' ? { min: f.min, max: f.max, step: f.step, unit: f.unit } : {}),
    })),
    ...(q.discard?.length ? { discard: q.discard } : {}),
  }));
  return JSON.stringify({ generated_by: 'frontend/scripts/questionnaires.mjs', questionnaires: data }, null, 2) + '\n';
}
