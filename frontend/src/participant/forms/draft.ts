// The answers typed so far on the current page, kept in storage (key form_draft) while the
// participant answers: phones discard background tabs, and a participant who comes back
// should find their answers. One draft at a time, for one participant and one page; it is
// removed when the page is submitted.
import type { SessionStore } from '../../lib/storage';
import { initialValues, type FormValues } from './schema';
import { fieldsOf, type Questionnaire } from './types';

/** saveDraft stores the page's current answers. */
export function saveDraft(store: SessionStore, userId: string, path: string, values: FormValues): void {
  store.set('form_draft', { user_id: userId, path, values });
}

/** clearDraft removes the draft (the page was submitted). */
export function clearDraft(store: SessionStore): void {
  store.remove('form_draft');
}

/**
 * restoreDraft returns the page's initial values with the stored draft laid over them,
 * when the draft is this participant's answers to this page. Values that do not fit the
 * definition (unknown fields, wrong types, options that do not exist) are ignored.
 */
export function restoreDraft(store: SessionStore, userId: string, path: string, q: Questionnaire): FormValues {
  const values = initialValues(q);
  const draft = store.get('form_draft');
  if (!draft || draft.user_id !== userId || draft.path !== path || typeof draft.values !== 'object' || draft.values === null) {
    return values;
  }
  const saved = draft.values as Record<string, unknown>;
  for (const f of fieldsOf(q)) {
    const v = saved[f.labelName];
    if (f.kind === 'checkbox') {
      const allowed = new Set(f.options.map((o) => o.value));
      if (Array.isArray(v)) values[f.labelName] = v.filter((x): x is string => typeof x === 'string' && allowed.has(x));
    } else if (f.kind === 'radio') {
      if (typeof v === 'string' && f.options.some((o) => o.value === v)) values[f.labelName] = v;
    } else if (f.kind === 'slider') {
      if (typeof v === 'number' && v >= f.min && v <= f.max) values[f.labelName] = v;
    } else if (typeof v === 'string') {
      values[f.labelName] = f.kind === 'text' ? v.slice(0, f.maxLength) : v;
    }
  }
  return values;
}
