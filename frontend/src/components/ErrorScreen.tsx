import { Component, type ReactNode } from 'react';
import { t } from '../participant/i18n';

/** ErrorReason is what went wrong, in the words the participant reads. */
export type ErrorReason =
  | 'unknown'
  | 'link'
  | 'closed'
  | 'notAccepting'
  | 'notStarted'
  | 'overQuota'
  | 'labelUsed'
  | 'labelInvalid'
  | 'labelOtherBrowser'
  | 'alreadyTookPart'
  | 'rankingFailed'
  | 'full'
  | 'unreachable'
  | 'page';

/** errorSentence is one sentence per reason, saying what happened and what to do, in the
 * study's language (the catalogue's error.* keys, one per reason). */
export function errorSentence(reason: ErrorReason): string {
  return t(`error.${reason}`);
}

/** ReturnLink is the way back to the participant's platform, when it is known. */
export interface ReturnLink {
  href: string;
  label: string;
}

/**
 * ErrorScreen is the spec's error screen (the image and its alt text) with one sentence
 * saying what happened and what to do, the platform's return link when one is known, and
 * Try again when retrying can help.
 */
export function ErrorScreen({ reason = 'page', back, onRetry }: { reason?: ErrorReason; back?: ReturnLink | null; onRetry?: () => void }) {
  return (
    <main id="main" className="status-page">
      <img src="/img/error.png" alt={t('error.image')} width={320} height={200} />
      <p className="status-page__text" role="alert" style={{ maxWidth: '32rem', margin: 0 }}>
        {errorSentence(reason)}
      </p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      ) : null}
      {back ? (
        <a className="button" href={back.href} rel="noreferrer">
          {back.label}
        </a>
      ) : null}
    </main>
  );
}

/** ErrorBoundary logs a rendering error and shows the ErrorScreen instead of a blank page. */
export class ErrorBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('feedlab: page failed to render', error);
  }

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
