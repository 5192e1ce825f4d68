// The end of the feed (and the "already completed" screen) without the end modal's code in
// the first load (issue 28): EndModal.tsx is a chunk of its own, prefetched once the first
// card has its image (FeedView). The end must show even when that chunk cannot be fetched
// (the phone went offline before the prefetch): PlainEnd, in the first load, then gives the
// way back to the platform (its link, the completion code when known, Continue, Return
// home) while the chunk is tried again; the full modal replaces it once it arrives.
import { type ReactNode } from 'react';
import { chunk, useChunk } from '../../lib/chunk';
import { navigate } from '../../lib/router';
import { Dialog } from '../feed/Dialog';
import { t, type MessageKey } from '../i18n';
import type { EndRecord } from './endFlow';
// The end's rules stay in the first load's stylesheet: PlainEnd uses them when nothing more
// can be fetched.
import './end.css';

/** endChunk is the end modal's code (EndModal.tsx). */
export const endChunk = chunk(() => import('./EndModal'));

/** go sends the browser to a route of this app without a reload, or to another site. */
export function go(target: string): void {
  if (target.startsWith('/') && !target.startsWith('//')) navigate(target);
  else window.location.assign(target);
}

export const PLATFORM_NAMES: Record<string, MessageKey> = { prolific: 'end.platformProlific', lucid: 'end.platformLucid', mturk: 'end.platformMturk' };

interface EndProps {
  record: EndRecord;
  onClose?: () => void;
  completed?: boolean;
}

/**
 * EndPart is the end's content: the end modal's (EndContent) once its chunk has loaded,
 * PlainEnd if it could not load, nothing in the moment before either.
 */
export function EndPart(props: EndProps): ReactNode {
  const { module, failed } = useChunk(endChunk);
  if (module) return <module.EndContent {...props} />;
  return failed ? <PlainEnd {...props} /> : null;
}

/** FeedEnd is the end of the feed as a modal, opened once its content is there. */
export function FeedEnd({ record }: { record: EndRecord }) {
  const { module, failed } = useChunk(endChunk);
  if (!module && !failed) return null;
  return (
    <Dialog labelledBy="end-title" className="dialog--end">
      {module ? <module.EndContent record={record} /> : <PlainEnd record={record} />}
    </Dialog>
  );
}

/** PlatformLink is the way back to the platform: its button and, for reading aloud or
 * copying, the address itself. */
export function PlatformLink({ href }: { href: string }) {
  return (
    <>
      <p>
        <a className="button button--accent end-dialog__link" href={href} rel="noreferrer">
          {t('end.complete')}
        </a>
      </p>
      <p className="end-dialog__url">{href}</p>
    </>
  );
}

/** RefusedEnd is the end when the server refused to finish the participant (and why). */
export function RefusedEnd({ why }: { why: string }) {
  return (
    <>
      <h2 id="end-title">{t('end.notFinished')}</h2>
      <p id="end-text" role="alert">
        {why}
      </p>
    </>
  );
}

/**
 * PlainEnd is the way back to the platform with only the first load's code: the same
 * heading, texts and controls as EndContent, without what needs the server or time (the
 * saved/sending line, asking for a missing MTurk code, copying, the countdown).
 */
export function PlainEnd({ record, onClose, completed = false }: EndProps) {
  const { screen } = record;
  if (record.refused && !completed) return <RefusedEnd why={record.refused} />;
  const leave = (target: string) => () => {
    onClose?.();
    go(target);
  };
  return (
    <>
      {completed ? null : <h2 id="end-title">{t('end.thanks')}</h2>}
      {screen.kind === 'home' ? (
        <>
          <p id="end-text">{screen.solarflare ? t('end.thanksDemo') : t('end.thanksTakingPart')}</p>
          <button type="button" className="button" onClick={leave(screen.target)}>
            {t('end.returnHome')}
          </button>
        </>
      ) : null}
      {screen.kind === 'link' ? (
        <>
          <p id="end-text">{t('end.followLink', { platform: t(PLATFORM_NAMES[screen.platform] ?? 'end.platformOther') })}</p>
          <PlatformLink href={screen.href} />
        </>
      ) : null}
      {screen.kind === 'code' ? (
        <>
          <p id="end-text">{t('end.copyText')}</p>
          {screen.code ? (
            <p className="end-dialog__code">
              <code id="completion-code" data-testid="completion-code">
                {screen.code}
              </code>
            </p>
          ) : (
            <p role="status">{t('end.gettingCodeRetry')}</p>
          )}
        </>
      ) : null}
      {screen.kind === 'continue' ? (
        <>
          <p id="end-text">{t('end.continueText')}</p>
          <p>
            <button type="button" className="button button--accent" onClick={leave(screen.href)}>
              {t('end.continueButton')}
            </button>
          </p>
        </>
      ) : null}
    </>
  );
}
