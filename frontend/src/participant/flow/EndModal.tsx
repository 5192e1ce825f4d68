// The end modal (questionnaires spec §2, §4): a thank-you and the way back to the
// participant's platform, chosen by endScreen().
import { useEffect, useState } from 'react';
import { navigate } from '../../lib/router';
import { storage } from '../../lib/storage';
import { Dialog } from '../forms/Dialog';
import { requestCompletionCode, type EndRecord, type EndScreen } from './endFlow';

/** go sends the browser to a route of this app without a reload, or to another site. */
export function go(target: string): void {
  if (target.startsWith('/') && !target.startsWith('//')) navigate(target);
  else window.location.assign(target);
}

const PLATFORM_NAMES: Record<string, string> = { prolific: 'Prolific', lucid: 'the survey panel', mturk: 'MTurk' };

/** EndModal shows the end record in a modal; onClose runs when 'Return home' closes it. */
export function EndModal({ record, onClose }: { record: EndRecord; onClose?: () => void }) {
  return (
    <Dialog labelledBy="end-title" describedBy="end-text">
      <EndContent record={record} onClose={onClose} />
    </Dialog>
  );
}

/** EndContent is the end modal's content, also shown on the custom message page. */
export function EndContent({ record, onClose }: { record: EndRecord; onClose?: () => void }) {
  const { screen } = record;
  return (
    <>
      <h2 id="end-title">Thank you!</h2>
      {screen.kind === 'home' && <HomeEnd screen={screen} onClose={onClose} />}
      {screen.kind === 'link' && <LinkEnd screen={screen} />}
      {screen.kind === 'code' && <CodeEnd record={record} />}
    </>
  );
}

function HomeEnd({ screen, onClose }: { screen: Extract<EndScreen, { kind: 'home' }>; onClose?: () => void }) {
  return (
    <>
      <p id="end-text">{screen.solarflare ? 'Thanks for trying feedlab.' : 'Your answers have been saved. Thank you for taking part.'}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          onClose?.();
          go(screen.target);
        }}
      >
        Return home
      </button>
    </>
  );
}

function LinkEnd({ screen }: { screen: Extract<EndScreen, { kind: 'link' }> }) {
  const where = PLATFORM_NAMES[screen.platform] ?? 'your platform';
  return (
    <>
      <p id="end-text">
        Your answers have been saved. To complete the study and be credited, follow this link back to {where}:
      </p>
      <p>
        <a className="button button--accent end-dialog__link" href={screen.href} rel="noreferrer">
          Complete the study
        </a>
      </p>
      <p className="end-dialog__url">{screen.href}</p>
    </>
  );
}

function CodeEnd({ record }: { record: EndRecord }) {
  const initial = record.screen.kind === 'code' ? record.screen.code : null;
  const [code, setCode] = useState<string | null>(initial);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  // The code is normally known when the modal opens; if the server could not be reached,
  // keep asking (same event, stored once) until it answers.
  useEffect(() => {
    if (code !== null || !record.checkpoint) return;
    let stopped = false;
    let delay = 1000;
    const attempt = async () => {
      try {
        const got = await requestCompletionCode(record.checkpoint!);
        if (stopped) return;
        if (got) {
          setCode(got);
          storage.set('end_screen', { ...record, screen: { kind: 'code', platform: 'mturk', code: got } } as unknown as Record<string, unknown>);
          return;
        }
      } catch {
        if (stopped) return;
      }
      setFailed(true);
      delay = Math.min(delay * 2, 15000);
      timer = setTimeout(attempt, delay);
    };
    let timer = setTimeout(attempt, 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [code, record]);

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      // No clipboard access (old browser, permission): select the code for a manual copy.
      const el = document.getElementById('completion-code');
      const range = document.createRange();
      if (el) {
        range.selectNodeContents(el);
        const sel = window.getSelection();
        sel?.removeAllRanges();
        sel?.addRange(range);
      }
      setCopied('failed');
    }
  };

  return (
    <>
      <p id="end-text">
        Your answers have been saved. Copy this completion code and paste it into the HIT on MTurk to be paid:
      </p>
      {code ? (
        <p className="end-dialog__code">
          <code id="completion-code" data-testid="completion-code">
            {code}
          </code>
        </p>
      ) : (
        <p role="status">{failed ? 'Getting your code… please keep this page open, we keep trying.' : 'Getting your code…'}</p>
      )}
      <button type="button" className="button" onClick={copy} disabled={!code}>
        {copied === 'yes' ? 'Copied!' : 'Copy code'}
      </button>
      {copied === 'failed' && <p role="status">The code is selected: copy it with your keyboard or menu.</p>}
    </>
  );
}

/** SavingDialog is shown while the last answers are handed to the server. */
export function SavingDialog() {
  return (
    <Dialog labelledBy="saving-title">
      <h2 id="saving-title">Saving your answers…</h2>
      <p role="status">Please keep this page open for a moment.</p>
    </Dialog>
  );
}
