import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** ModalProps configure a modal dialog. */
export interface ModalProps {
  /** labelledBy is the id of the dialog's heading, its accessible name. */
  labelledBy: string;
  describedBy?: string;
  /** className carries the page's look (the dimmed page behind is the class's ::backdrop). */
  className: string;
  /** onEscape runs when Escape is pressed; without it Escape does nothing, so a participant's
   * dialog ends only through its own buttons (a completion step must not be lost). */
  onEscape?: () => void;
  children?: ReactNode;
}

/**
 * Modal is every modal dialog of both bundles: the native <dialog> opened with showModal(),
 * so the browser keeps the focus inside, makes the rest of the page inert and tells screen
 * readers it is a modal dialog. It is open while rendered. The focus goes to an element
 * marked data-autofocus when there is one, else where the browser puts it (the first
 * control, else the dialog), and back to where it was when the dialog goes. The page behind
 * does not scroll meanwhile.
 */
export function Modal({ labelledBy, describedBy, className, onEscape, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  // A layout effect: the dialog opens before the first paint, never shown closed for a frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    let rendered = true;
    // Chrome closes a dialog on a second Escape, refused or not, when the page had no user
    // activation in between: one still rendered opens again.
    const reopen = () => {
      if (rendered && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('close', reopen);
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
    return () => {
      rendered = false;
      dialog.removeEventListener('close', reopen);
      if (dialog.open) dialog.close();
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className}
      // Implied by showModal(); stated for the assistive technology that reads only the attribute.
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={(e) => {
        // Refusing the key itself: the browser then makes no close request at all.
        if (e.key === 'Escape' && !escape.current) e.preventDefault();
      }}
      onCancel={(e) => {
        // The page decides whether the dialog goes (it stays while rendered).
        e.preventDefault();
        escape.current?.();
      }}
    >
      {children}
    </dialog>
  );
}
