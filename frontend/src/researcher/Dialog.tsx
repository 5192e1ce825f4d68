import { useEffect, useId, useRef, type ReactNode } from 'react';

/** DialogProps configure a modal dialog. */
export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  /** onClose runs when the researcher presses Escape (or a Close button calls it). */
  onClose?: () => void;
  className?: string;
}

/**
 * Dialog is a modal on the native <dialog> element: the browser keeps focus inside, makes
 * the page behind it inert and closes it with Escape; focus returns to where it was. It
 * is open while rendered.
 */
export function Dialog({ title, children, onClose, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        // Escape: the page decides whether the dialog goes (it stays rendered otherwise).
        e.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}
