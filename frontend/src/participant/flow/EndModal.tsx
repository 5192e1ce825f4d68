// The end modal (questionnaires spec §2, §4): a thank-you and the way back to the
// participant's platform, chosen by endScreen(). A chunk of its own for the feed (EndView.tsx).
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { outbox } from '../../lib/outbox';
import { storage } from '../../lib/storage';
import { Dialog } from '../forms/Dialog';
import { requestCompletionCode, type EndRecord, type EndScreen } from './endFlow';
import { t } from '../i18n';
// go and the platforms' names live in the first load (EndView.tsx), which needs them when
// this chunk cannot be fetched; the end's rules (end.css) likewise.
import { go, PLATFORM_NAMES, PlatformLink, RefusedEnd } from './EndView';

export { go };

/** AUTO_CONTINUE_S: the custom platform's URL opens by itself this long after the answers
 * are saved (the button is there from the start). */
export const AUTO_CONTINUE_S = 5;

/** usePending is the number of the participant's events the server has not acknowledged
 * yet, kept up to date while the outbox keeps trying. */
export function usePending(): number {
  const [pending, setPending] = useState(() => outbox().pending);
  useEffect(() => {
    const box = outbox();
    setPending(box.pending);
    const stop = box.subscribe(setPending);
    void box.flush();
    return stop;
  }, []);
  return pending;
}

/** EndModal shows the end record in a modal; onClose runs when 'Return home' closes it. */
export function EndModal({ record, onClose }: { record: EndRecord; onClose?: () => void }) {
  return (
    <Dialog labelledBy="end-title" describedBy="end-text">
      <EndContent record={record} onClose={onClose} />
    </Dialog>
  );
}

/**
 * EndContent is the end modal's content, also shown on the custom message page and, with
 * `completed`, to a participant who opens a study they already finished (one heading, one
 * sentence, the way back to their platform). It says the answers are saved only once the
 * server has acknowledged every event; until then it says they are still being sent, and
 * the completion link or code is shown all the same.
 */
export function EndContent({ record, onClose, completed = false }: { record: EndRecord; onClose?: () => void; completed?: boolean }) {
  const { screen } = record;
  const pending = usePending();
  const saved = pending === 0;
  const status = completed ? (
    t('end.savedAlready')
  ) : screen.kind === 'home' && screen.solarflare ? (
    t('end.thanksDemo')
  ) : (
    <span className="end-dialog__status" data-saved={saved ? 'true' : 'false'}>
      {saved
        ? t('end.saved')
        : t('end.sending')}
    </span>
  );
  if (record.refused && !completed) return <RefusedEnd why={record.refused} />;
  return (
    <>
      {completed ? null : <h2 id="end-title">{t('end.thanks')}</h2>}
      {screen.kind === 'home' && <HomeEnd screen={screen} status={status} onClose={onClose} />}
      {screen.kind === 'link' && <LinkEnd screen={screen} status={status} />}
      {screen.kind === 'code' && <CodeEnd record={record} status={status} saved={saved} />}
      {screen.kind === 'continue' && <ContinueEnd screen={screen} status={status} auto={saved && !completed} onClose={onClose} />}
    </>
  );
}

type Status = ReactNode;

function HomeEnd({ screen, status, onClose }: { screen: Extract<EndScreen, { kind: 'home' }>; status: Status; onClose?: () => void }) {
  return (
    <>
      <p id="end-text" role="status">
        {status}
        {screen.solarflare ? null : ` ${t('end.thanksTakingPart')}`}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          onClose?.();
          go(screen.target);
        }}
      >
        {t('end.returnHome')}
      </button>
    </>
  );
}

function LinkEnd({ screen, status }: { screen: Extract<EndScreen, { kind: 'link' }>; status: Status }) {
  const where = t(PLATFORM_NAMES[screen.platform] ?? 'end.platformOther');
  return (
    <>
      <p id="end-text" role="status">
        {status} {t('end.followLink', { platform: where })}
      </p>
      <PlatformLink href={screen.href} />
    </>
  );
}

function ContinueEnd({ screen, status, auto, onClose }: { screen: Extract<EndScreen, { kind: 'continue' }>; status: Status; auto: boolean; onClose?: () => void }) {
  const [left, setLeft] = useState(AUTO_CONTINUE_S);
  const leave = () => {
    onClose?.();
    go(screen.href);
  };
  // Once everything is saved, count down and go on by ourselves; the button works at once.
  useEffect(() => {
    if (!auto) {
      setLeft(AUTO_CONTINUE_S);
      return;
    }
    let n = AUTO_CONTINUE_S;
    const timer = setInterval(() => {
      n -= 1;
      setLeft(n);
      if (n <= 0) {
        clearInterval(timer);
        leave();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [auto]);
  return (
    <>
      <p id="end-text" role="status">
        {status} {t('end.continueText')}
      </p>
      <p>
        <button type="button" className="button button--accent" onClick={leave}>
          {t('end.continueButton')}
        </button>
      </p>
      {auto ? <p className="end-dialog__auto">{t('end.autoContinue', { n: Math.max(0, left) })}</p> : null}
    </>
  );
}

function CodeEnd({ record, status, saved }: { record: EndRecord; status: Status; saved: boolean }) {
  const initial = record.screen.kind === 'code' ? record.screen.code : null;
  const [code, setCode] = useState<string | null>(initial);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  const [refused, setRefused] = useState<string | null>(null);

  // The code is normally known when the modal opens; if the server could not be reached,
  // keep asking (same event, stored once) until it answers, and at once when the last
  // pending events arrive (the server issues the code only for a complete chain). A refusal
  // once everything arrived is final and shown as it is.
  useEffect(() => {
    if (code !== null || refused !== null || !record.checkpoint) return;
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
      } catch (err) {
        if (stopped) return;
        if (saved && err instanceof ApiError && err.code === 'chain_incomplete') {
          setRefused(err.message);
          return;
        }
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
  }, [code, record, saved, refused]);

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
      <p id="end-text" role="status">
        {status} {t('end.copyText')}
      </p>
      {refused !== null ? (
        <p role="alert">{refused}</p>
      ) : code ? (
        <p className="end-dialog__code">
          <code id="completion-code" data-testid="completion-code">
            {code}
          </code>
        </p>
      ) : (
        <p role="status">{failed ? t('end.gettingCodeRetry') : t('end.gettingCode')}</p>
      )}
      <button type="button" className="button" onClick={copy} disabled={!code}>
        {copied === 'yes' ? t('end.copied') : t('end.copy')}
      </button>
      {copied === 'failed' && <p role="status">{t('end.copyManual')}</p>}
    </>
  );
}

/** SavingDialog is shown while the last answers are handed to the server. */
export function SavingDialog() {
  return (
    <Dialog labelledBy="saving-title">
      <h2 id="saving-title">{t('end.saving')}</h2>
      <p role="status">{t('end.keepOpen')}</p>
    </Dialog>
  );
}
