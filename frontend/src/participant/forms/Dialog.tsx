import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Dialog is a modal that only its own buttons can end: no close button, Escape and clicks
 * outside do nothing (a participant must not lose the completion step). Focus moves into
 * it when it opens and Tab stays inside; the page behind is inert.
 */
export function Dialog({ labelledBy, describedBy, children }: { labelledBy: string; describedBy?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const behind = document.getElementById('main');
    behind?.setAttribute('inert', '');
    behind?.setAttribute('aria-hidden', 'true');
    const first = box.querySelector<HTMLElement>('a[href], button:not([disabled])');
    (first ?? box).focus();
    return () => {
      behind?.removeAttribute('inert');
      behind?.removeAttribute('aria-hidden');
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="end-dialog__backdrop">
      <div
        ref={ref}
        className="end-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
