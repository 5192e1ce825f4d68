import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError, type Option } from './shared';

/** SelectFieldProps configure a drop-down list. */
export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  options: Option[];
  hint?: ReactNode;
  disabled?: boolean;
}

/** SelectField is a labelled select bound to the Formik string value `name`. */
export function SelectField({ name, label, options, hint, disabled }: SelectFieldProps) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <select
        id={ids.input}
        name={name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
