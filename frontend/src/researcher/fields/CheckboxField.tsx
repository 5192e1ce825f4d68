import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from './shared';

/** CheckboxFieldProps configure one checkbox bound to a boolean. */
export interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/** CheckboxField is one labelled checkbox; its Formik value is a boolean. */
export function CheckboxField({ name, label, hint, disabled }: CheckboxFieldProps) {
  const [field, meta, helpers] = useField<boolean>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  return (
    <div className="field field--checkbox">
      <label className="choice" htmlFor={ids.input}>
        <input
          id={ids.input}
          type="checkbox"
          name={name}
          checked={Boolean(field.value)}
          disabled={disabled}
          onChange={(e) => helpers.setValue(e.currentTarget.checked)}
          onBlur={() => helpers.setTouched(true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
        />
        <span>{label}</span>
      </label>
      <Hint id={ids.hint}>{hint}</Hint>
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
