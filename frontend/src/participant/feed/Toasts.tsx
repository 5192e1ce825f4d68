import { useEffect, useState } from 'react';
import { TOAST } from './rules';
import { t } from '../i18n';

interface Toast {
  id: number;
  text: string;
}

let nextId = 1;
let listener: ((t: Toast) => void) | null = null;

/** toast shows a transient notification in the toast area (4 s, dismissable, not pausable). */
export function toast(text: string): void {
  listener?.({ id: nextId++, text });
}

/**
 * ToastArea holds the toasts, placed to the right of the window's centre (beside the feed
 * column; at the bottom on narrow screens). Each toast slides in from 256 px, shows a
 * progress bar running from 1 to 0 over 4000 ms and can be dismissed; hovering does not
 * pause it.
 */
export function ToastArea() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    listener = (t) => {
      setToasts((list) => [...list, t]);
      setTimeout(() => setToasts((list) => list.filter((x) => x.id !== t.id)), TOAST.duration);
    };
    return () => {
      listener = null;
    };
  }, []);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((one) => (
        <div key={one.id} className="toast" style={{ ['--toast-intro-x' as string]: `${TOAST.introX}px`, ['--toast-duration' as string]: `${TOAST.duration}ms` }}>
          <span>{one.text}</span>
          {TOAST.dismissable ? (
            <button type="button" className="toast__close" aria-label={t('common.dismiss')} onClick={() => setToasts((list) => list.filter((x) => x.id !== one.id))}>
              ×
            </button>
          ) : null}
          <span className="toast__progress" aria-hidden="true" style={{ transform: `scaleX(${TOAST.initial})` }} />
        </div>
      ))}
    </div>
  );
}
