import { useId, type ReactNode } from 'react';

/** SectionProps configure one titled part of a form. */
export interface SectionProps {
  title: ReactNode;
  children?: ReactNode;
  /** hidden sections stay in the page (their fields keep their values) but are not shown. */
  hidden?: boolean;
  className?: string;
}

/** Section is a <section> with an <h2>, exposed as a group named by that heading, so a
 * screen reader (and a test) finds "Feed type", "Cards"… by name. */
export function Section({ title, children, hidden, className }: SectionProps) {
  const id = useId();
  return (
    <section role="group" aria-labelledby={`${id}-title`} className={`form-section${className ? ` ${className}` : ''}`} hidden={hidden}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
