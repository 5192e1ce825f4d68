import type { ReactNode } from 'react';
import { describedBy, ErrorLine, Hint, useFieldIds } from './shared';

/** FileFieldProps configure a file picker. It is not a Formik value: files are handed to
 * onFiles, and the page decides what to keep (a File cannot be saved in browser storage). */
export interface FileFieldProps {
  label: ReactNode;
  accept?: string;
  multiple?: boolean;
  /** directory lets the researcher pick a whole folder (every file inside is handed over). */
  directory?: boolean;
  onFiles: (files: File[]) => void;
  hint?: ReactNode;
  /** error is shown under the control (the page owns it, as it owns the files). */
  error?: string;
  disabled?: boolean;
}

/** FileField is a labelled file input. */
export function FileField({ label, accept, multiple, directory, onFiles, hint, error, disabled }: FileFieldProps) {
  const ids = useFieldIds();
  // webkitdirectory is what every current browser reads for folder picking. Preact sets it
  // as the element's boolean property, so it must be true ('' would read as false).
  const folder = directory ? ({ webkitdirectory: true } as Record<string, unknown>) : {};
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <input
        id={ids.input}
        type="file"
        accept={accept}
        multiple={multiple || directory}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
        {...folder}
      />
      <ErrorLine id={ids.error} error={error} />
    </div>
  );
}
