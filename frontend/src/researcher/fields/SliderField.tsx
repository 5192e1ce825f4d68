import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from './shared';

/** SliderFieldProps configure a range input. */
export interface SliderFieldProps {
  name: string;
  label: ReactNode;
  min: number;
  max: number;
  step?: number;
  hint?: ReactNode;
  disabled?: boolean;
  /** unit follows the value shown beside the slider (for example '%'). */
  unit?: string;
}

/** SliderField is a labelled range input with its value shown beside it in an <output>,
 * so the number is visible while dragging and read out by screen readers (the spec draws
 * the intervention percentage as a slider). Formik stores the value as a number. */
export function SliderField({ name, label, hint, unit = '', ...rest }: SliderFieldProps) {
  const [field, meta] = useField<number | ''>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  return (
    <div className="field field--slider">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <div className="field__slider">
        <input
          id={ids.input}
          type="range"
          name={name}
          value={field.value === '' ? rest.min : field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...rest}
        />
        <output htmlFor={ids.input} aria-hidden="true">
          {field.value === '' ? rest.min : field.value}
          {unit}
        </output>
      </div>
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
