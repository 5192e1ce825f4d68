import { useFormikContext } from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';

/** FormStatusProps: the message (or children) and its tone. */
export interface FormStatusProps {
  message?: ReactNode;
  children?: ReactNode;
  tone?: 'info' | 'error' | 'success';
}

/** FormStatus is a polite live region for a form's status and error messages. It is always
 * rendered (empty when there is nothing to say), so a message is announced when it appears. */
export function FormStatus({ message, children, tone = 'info' }: FormStatusProps) {
  const content = children ?? message;
  return (
    <div role="status" aria-live="polite" className={`form-status form-status--${tone}`} data-empty={content ? undefined : ''}>
      {content}
    </div>
  );
}

/**
 * StatusClearsOnEdit clears a Formik form's status (the last answer of the server, such as
 * "Wrong name or password.") as soon as a field changes: an old answer must not stand beside
 * the new state of the form (say, next to "Name is required" after the fields were emptied).
 */
export function StatusClearsOnEdit() {
  const { values, status, setStatus } = useFormikContext();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (status !== undefined) setStatus(undefined);
    // Only a change of the values clears it; status itself changing must not.
  }, [values]);
  return null;
}
