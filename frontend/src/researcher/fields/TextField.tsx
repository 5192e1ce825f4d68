import type { ReactNode } from 'react';
import { useField } from 'formik';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from './shared';

/** TextFieldProps configure a one-line text input (or a textarea with multiline). */
export interface TextFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  type?: 'text' | 'password' | 'email' | 'url' | 'search' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** multiline renders a textarea with this many rows. */
  multiline?: number;
  spellCheck?: boolean;
  /** list is the id of a <datalist> of suggestions (one-line inputs only). */
  list?: string;
}

/** TextField is a labelled text input bound to the Formik value `name`. */
export function TextField({ name, label, hint, type = 'text', multiline, ...rest }: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  const common = {
    id: ids.input,
    name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(ids, hint, error),
    ...rest,
  };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      {multiline ? <textarea rows={multiline} {...common} /> : <input type={type} {...common} />}
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
