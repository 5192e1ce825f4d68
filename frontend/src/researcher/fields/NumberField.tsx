import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from './shared';

/** NumberFieldProps configure a number input. */
export interface NumberFieldProps {
  name: string;
  label: ReactNode;
  min?: number;
  max?: number;
  step?: number;
  hint?: ReactNode;
  disabled?: boolean;
}

/** NumberField is a labelled number input; its Formik value is a number, or '' while empty
 * or not a number (Formik's rule for number inputs). */
export function NumberField({ name, label, hint, ...rest }: NumberFieldProps) {
  const [field, meta] = useField<number | ''>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  return (
    <div className="field field--number">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <input
        id={ids.input}
        type="number"
        inputMode="numeric"
        name={name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...rest}
      />
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
