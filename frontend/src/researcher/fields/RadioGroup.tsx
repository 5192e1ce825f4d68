import type { ReactNode } from 'react';
import { useField } from 'formik';
import { ChoiceFieldset } from './ChoiceFieldset';
import type { Option } from './shared';

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
  return (
    <ChoiceFieldset
      label={label}
      hint={hint}
      inline={inline}
      meta={meta}
      options={options}
      input={(o) => (
        <input
          type="radio"
          name={name}
          value={o.value}
          checked={field.value === o.value}
          disabled={o.disabled}
          onChange={() => helpers.setValue(o.value)}
          onBlur={() => helpers.setTouched(true)}
        />
      )}
    />
  );
}
