import type { ReactNode } from 'react';

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
