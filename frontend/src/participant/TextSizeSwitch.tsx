import { useState } from 'react';
import type { SessionStore } from '../lib/storage';
import { t } from './i18n';
import { chooseTextSize } from './textSize';

/**
 * TextSizeSwitch is the "Larger text" switch of a condition with text-size offer: a button
 * with role switch (announced as "Larger text, switch, off"), its state in aria-checked,
 * the choice kept for the session and shown at once. onChange hears each change.
 */
export function TextSizeSwitch({ store, onChange, className = '' }: { store: SessionStore; onChange?: (large: boolean) => void; className?: string }) {
  const [on, setOn] = useState(() => store.get('text_size')?.large === true);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={`text-switch ${className}`}
      onClick={() => {
        const next = !on;
        chooseTextSize(store, next);
        setOn(next);
        onChange?.(next);
      }}
    >
      <span className="text-switch__track" aria-hidden="true">
        <span className="text-switch__thumb" />
      </span>
      <span>{t('start.largerText')}</span>
    </button>
  );
}
