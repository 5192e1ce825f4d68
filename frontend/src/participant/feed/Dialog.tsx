import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Dialog is a modal that cannot be dismissed (no close button, no Escape, no outside
 * click): role="dialog" with aria-modal, labelled by its heading. It takes the focus when
 * it opens and keeps Tab inside, and makes the page behind it inert.
 */
export function Dialog({ labelledBy, children, className = '' }: { labelledBy: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const behind = Array.from(document.querySelectorAll<HTMLElement>('[data-behind-dialog]'));
    for (const el of behind) el.setAttribute('inert', '');
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = box.querySelector<HTMLElement>('[data-autofocus]') ?? box;
    first.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') e.preventDefault();
      if (e.key !== 'Tab') return;
      const focusable = Array.from(
        box.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])'),
      );
      if (focusable.length === 0) {
        e.preventDefault();
        return;
      }
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (e.shiftKey && (document.activeElement === firstEl || document.activeElement === box)) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && document.activeElement === lastEl) {
        e.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const el of behind) el.removeAttribute('inert');
      document.body.style.overflow = prevOverflow;
    };
  }, []);
  return (
    <div className="dialog-backdrop">
      <div ref={ref} className={`dialog ${className}`} role="dialog" aria-modal="true" aria-labelledby={labelledBy} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}

/**
 * TextDialog shows server-rendered, sanitized HTML (consent, instructions) with an
 * 'Agree and continue' button.
 */
export function TextDialog({ id, title, html, onAgree, onDecline }: { id: string; title: string; html: string; onAgree: () => void; onDecline?: () => void }) {
  return (
    <Dialog labelledBy={`${id}-title`} className="dialog--text">
      <h2 id={`${id}-title`} className="visually-hidden">
        {title}
      </h2>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onAgree} data-autofocus>
          Agree and continue
        </button>
        {onDecline ? (
          <button type="button" className="button button--secondary" onClick={onDecline}>
            I do not agree
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** MarkdownPage renders markdown (server-rendered HTML) as a page with a Continue button. */
export function MarkdownPage({ html, title, onContinue, continueLabel = 'Continue' }: { html: string; title?: string; onContinue: () => void; continueLabel?: string }) {
  return (
    <section className="markdown-page page page--narrow" aria-label={title}>
      {title ? <h1>{title}</h1> : null}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      <button type="button" className="button" onClick={onContinue}>
        {continueLabel}
      </button>
    </section>
  );
}
