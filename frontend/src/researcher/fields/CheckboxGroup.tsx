import type { ReactNode } from 'react';
import { useField } from 'formik';
import { ChoiceFieldset } from './ChoiceFieldset';
import type { Option } from './shared';

/** CheckboxGroupProps configure a group of checkboxes whose Formik value is string[]. */
export interface CheckboxGroupProps {
  name: string;
  label: ReactNode;
  options: Option[];
  hint?: ReactNode;
  inline?: boolean;
}

/** CheckboxGroup is a fieldset of checkboxes, each labelled with its option text; the value
 * lists the checked options in the options' order. */
export function CheckboxGroup({ name, label, options, hint, inline }: CheckboxGroupProps) {
  const [field, meta, helpers] = useField<string[]>(name);
  const checked = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((v) => (v === value ? on : checked.includes(v)));
    // Keep values the options do not (or no longer) list: the server may know more.
    const extra = checked.filter((v) => !options.some((o) => o.value === v));
    helpers.setValue([...next, ...extra]);
  };
  return (
    <ChoiceFieldset
      label={label}
      hint={hint}
      inline={inline}
      meta={meta}
      options={options}
      input={(o) => (
        <input
          type="checkbox"
          name={name}
          value={o.value}
          checked={checked.includes(o.value)}
          disabled={o.disabled}
          onChange={(e) => toggle(o.value, e.currentTarget.checked)}
          onBlur={() => helpers.setTouched(true)}
        />
      )}
    />
  );
}
