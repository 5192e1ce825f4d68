import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError, type Option } from './shared';

/** RadioGroupProps configure a group of radio buttons, one Formik string value. */
export interface RadioGroupProps {
  name: string;
  label: ReactNode;
  options: Option[];
  hint?: ReactNode;
  /** inline lays the options out in a row where they fit. */
  inline?: boolean;
}

/** RadioGroup is a fieldset whose legend is the label; each radio is labelled with its option text. */
export function RadioGroup({ name, label, options, hint, inline }: RadioGroupProps) {
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  return (
    <fieldset
      className={`field field--choices${inline ? ' field--inline' : ''}`}
      aria-describedby={describedBy(ids, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      <Hint id={ids.hint}>{hint}</Hint>
      <div className="field__options">
        {options.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={field.value === o.value}
              disabled={o.disabled}
              onChange={() => helpers.setValue(o.value)}
              onBlur={() => helpers.setTouched(true)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorLine id={ids.error} error={error} />
    </fieldset>
  );
}
