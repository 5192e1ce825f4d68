import { useId, type ReactNode } from 'react';
import { Modal } from '../components/Modal';

/** DialogProps configure a modal dialog. */
export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  /** onClose runs when the researcher presses Escape (or a Close button calls it). */
  onClose?: () => void;
  className?: string;
}

/**
 * Dialog is a researcher page's modal, titled by its heading: Modal (the native <dialog>)
 * keeps focus inside, makes the page behind it inert and hands Escape to onClose; focus
 * returns to where it was. It is open while rendered.
 */
export function Dialog({ title, children, onClose, className }: DialogProps) {
  const id = useId();
  return (
    <Modal labelledBy={`${id}-title`} className={`dialog${className ? ` ${className}` : ''}`} onEscape={onClose}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </Modal>
  );
}
