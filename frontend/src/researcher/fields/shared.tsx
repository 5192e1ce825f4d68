// What every field of the kit shares: ids tying a control to its hint and error, the rule
// for when an error shows (once the control was left, or after a submit), and the hint and
// error lines themselves.
import { useId, type ReactNode } from 'react';
import { useFormikContext, type FieldMetaProps } from 'formik';

/** FieldIds are the element ids of one field: its control, hint and error line. */
export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

/** useFieldIds returns unique ids for one field (unique even when a form appears twice). */
export function useFieldIds(): FieldIds {
  const id = useId();
  return { input: `${id}-input`, hint: `${id}-hint`, error: `${id}-error` };
}

/** useShownError returns the error to show: the field's error once it was touched or the
 * form was submitted, else undefined. */
export function useShownError(meta: FieldMetaProps<unknown>): string | undefined {
  const { submitCount } = useFormikContext();
  const error = meta.error as unknown;
  if (!error || (!meta.touched && submitCount === 0)) return undefined;
  return typeof error === 'string' ? error : Array.isArray(error) ? error.filter(Boolean).join(' ') : String(error);
}

/** describedBy lists the hint and the shown error, for aria-describedby. */
export function describedBy(ids: FieldIds, hint: ReactNode | undefined, error: string | undefined): string | undefined {
  const parts = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** Hint is the help line under a label. */
export function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field__hint">
      {children}
    </p>
  );
}

/** ErrorLine is always in the page (an empty live region), so a screen reader hears an
 * error the moment it appears. */
export function ErrorLine({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="field__error" aria-live="polite">
      {error ?? ''}
    </p>
  );
}

/** Option is one choice of a select, radio group or checkbox group. */
export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}
