import { Component, type ReactNode } from 'react';

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

/** ERROR_SENTENCES: one sentence per reason, saying what happened and what to do. */
export const ERROR_SENTENCES: Record<ErrorReason, string> = {
  unknown: 'This link does not lead to a study that is running. Check the link you were given, or contact the researcher.',
  link: 'This study link is incomplete. Check the link you were given, or contact the researcher.',
  closed: 'This study is closed and no longer accepts participants. Contact the researcher if you think this is a mistake.',
  notAccepting: 'This study is not accepting participants right now. Nothing was recorded about you; you may return to the platform you came from.',
  notStarted: 'This study has not started yet. Nothing was recorded about you; come back once the researcher has launched it, or contact them.',
  overQuota: 'This study already has all the participants it needs. Nothing was recorded about you; please return to the platform you came from.',
  labelUsed: 'This personal link has already been used: each link lets one person take part, once. If it is your link, ask the researcher for help.',
  labelInvalid: 'This study needs your personal link, and this one is not valid. Check the link or QR code you were given, or ask the researcher for yours.',
  labelOtherBrowser: 'This browser has already taken part with another personal link. Open your link in a private window, or ask the researcher for help.',
  alreadyTookPart: 'You have already taken part in this study. Nothing new was recorded; you may return to the platform you came from.',
  rankingFailed: 'This study cannot start right now. Nothing was recorded about you; please try again in a few minutes, or contact the researcher if it keeps happening.',
  full: 'This study is full right now. Nothing was recorded about you; please try again later.',
  unreachable: 'The study could not be reached just now. Check your internet connection and try again; if it keeps happening, contact the researcher.',
  page: 'Something went wrong on this page. Refresh it, or contact the researcher if it happens again.',
};

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
      <img src="/img/error.png" alt="Whoops error! Refresh or try again later." width={320} height={200} />
      <p className="status-page__text" role="alert" style={{ maxWidth: '32rem', margin: 0 }}>
        {ERROR_SENTENCES[reason]}
      </p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
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
