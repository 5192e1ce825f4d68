import { type ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { t } from '../i18n';

/**
 * Dialog is the feed's modal (consent, instructions, an intervention, the end): it cannot be
 * dismissed (no close button, no Escape, no outside click) and is labelled by its heading.
 * Modal does the rest.
 */
export function Dialog({ labelledBy, children, className = '' }: { labelledBy: string; children: ReactNode; className?: string }) {
  return (
    <Modal labelledBy={labelledBy} className={`dialog ${className}`}>
      {children}
    </Modal>
  );
}

/**
 * TextDialog shows server-rendered, sanitized HTML (consent, instructions) with an
 * 'Agree and continue' button; extra (the Larger text switch) sits between them.
 */
export function TextDialog({ id, title, html, onAgree, onDecline, extra }: { id: string; title: string; html: string; onAgree: () => void; onDecline?: () => void; extra?: ReactNode }) {
  return (
    <Dialog labelledBy={`${id}-title`} className="dialog--text">
      <h2 id={`${id}-title`} className="visually-hidden">
        {title}
      </h2>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      {extra}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onAgree} data-autofocus>
          {t('start.agree')}
        </button>
        {onDecline ? (
          <button type="button" className="button button--secondary" onClick={onDecline}>
            {t('start.decline')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** MarkdownPage renders markdown (server-rendered HTML) as a page with a Continue button. */
export function MarkdownPage({ html, title, onContinue, continueLabel }: { html: string; title?: string; onContinue: () => void; continueLabel?: string }) {
  return (
    <section className="markdown-page page page--narrow" aria-label={title}>
      {title ? <h1>{title}</h1> : null}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      <button type="button" className="button" onClick={onContinue}>
        {continueLabel ?? t('common.continue')}
      </button>
    </section>
  );
}
