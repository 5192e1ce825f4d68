import type { FieldMetaProps } from 'formik';
import type { ReactNode } from 'react';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError, type Option } from './shared';

/** ChoiceFieldsetProps are what RadioGroup and CheckboxGroup share: the group's legend,
 * hint and error, and one input per option, drawn by the caller. */
export interface ChoiceFieldsetProps {
  label: ReactNode;
  hint?: ReactNode;
  inline?: boolean;
  meta: FieldMetaProps<unknown>;
  options: Option[];
  /** input draws the control of one option (a radio or a checkbox). */
  input: (option: Option) => ReactNode;
}

/** ChoiceFieldset is a fieldset whose legend is the label, each option's control labelled
 * with its text, the hint and the error tied to the group by aria-describedby. */
export function ChoiceFieldset({ label, hint, inline, meta, options, input }: ChoiceFieldsetProps) {
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
            {input(o)}
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorLine id={ids.error} error={error} />
    </fieldset>
  );
}
