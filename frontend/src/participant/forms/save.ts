// What a page saves: every answer of the definition except the discarded ones, checkbox
// values in option order (writeForm joins them with ';' and URL-encodes every value).
import type { FormValue } from '../../lib/events';
import { shown, type FormValues } from './schema';
import { fieldsOf, type Questionnaire } from './types';

/** answersToSave picks the answers a page writes. */
export function answersToSave(q: Questionnaire, values: FormValues): Record<string, FormValue> {
  const discard = new Set(q.discard ?? []);
  const out: Record<string, FormValue> = {};
  for (const f of fieldsOf(q)) {
    if (discard.has(f.labelName) || !shown(f, values)) continue;
    const name = f.saveAs ?? f.labelName;
    const v = values[f.labelName];
    if (f.kind === 'checkbox') {
      const checked = new Set(Array.isArray(v) ? v : []);
      out[name] = f.options.map((o) => o.value).filter((value) => checked.has(value));
    } else if (typeof v === 'number') {
      out[name] = String(v);
    } else {
      out[name] = typeof v === 'string' ? v.trim() : '';
    }
  }
  return out;
}
