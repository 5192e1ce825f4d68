import { type ReactNode } from 'react';
import { Modal } from '../../components/Modal';

/**
 * Dialog is the questionnaire pages' modal (the end of the study, saving, a message): only
 * its own buttons end it, Escape and clicks outside do nothing (a participant must not lose
 * the completion step). Modal does the rest.
 */
export function Dialog({ labelledBy, describedBy, children }: { labelledBy: string; describedBy?: string; children: ReactNode }) {
  return (
    <Modal labelledBy={labelledBy} describedBy={describedBy} className="end-dialog">
      {children}
    </Modal>
  );
}
