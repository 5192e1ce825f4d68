// The participant feed at '/': the session rules on arrival, the stimulus load (load.ts),
// consent and instructions, then the feed (FeedView.tsx) or, for a participant who already
// finished, the way back to their platform (Completed.tsx).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ErrorScreen } from '../../components/ErrorScreen';
import { HEADER_COLOUR } from '../../components/Header';
import { FeedIcon } from '../../components/icons';
import { apiAnswer, apiCall } from '../../lib/api';
import { DRAIN_TIMEOUT_MS, drainBeforeLeaving, logCheckpoint } from '../../lib/events';
import { outbox } from '../../lib/outbox';
import type { Location } from '../../lib/router';
import { navigate } from '../../lib/router';
import { beforeAnswered, pendingBefore, startSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useTitle } from '../../lib/useTitle';
import { Completed } from './Completed';
import { TextDialog } from './Dialog';
import { FeedView } from './FeedView';
import { isMTurkPreview, isTruncatedLink, platformReturn } from '../feedGate';
import { requestExit } from '../flow/exits';
import { loadFeed, type FatalReason, type FeedData, type LoadedExperiment, type StartPhase } from './load';
import { FEED_NAME } from './rules';
import { ToastArea } from './Toasts';
import { takeEarlyLoad } from './early';
import './feed.css';
import { isCurrent, languageParams, setLanguage, t } from '../i18n';
import { applyTextSize, readsLarge, recordTextSize, textSizeOf } from '../textSize';
import { TextSizeSwitch } from '../TextSizeSwitch';

/** MTurkPreview is the page a worker sees in a HIT's preview: nothing is recorded. */
function MTurkPreview() {
  return (
    <main id="main" className="status-page">
      <h1>{t('mturk.title')}</h1>
      <p className="status-page__text" style={{ maxWidth: '32rem', margin: 0 }}>
        {t('mturk.text')}
      </p>
      <p className="status-page__text muted" style={{ maxWidth: '32rem', margin: 0 }}>
        {t('mturk.nothing')}
      </p>
    </main>
  );
}

type Phase = 'loading' | 'retry' | 'fatal' | StartPhase;

/** PENDING_ATTEMPTS bounds how often a feed waiting for the answers given before it is asked for again. */
const PENDING_ATTEMPTS = 5;

/** Feed is the page at '/' while an experiment is requested or in progress. */
export function Feed({ location }: { location: Location }) {
  useTitle(t('feed.pageTitle'));
  // A platform's link cut before its experiment_id: say so, and register nobody.
  const [truncated] = useState(() => isTruncatedLink(location.query, storage));
  // MTurk shows the HIT's page while a worker only previews it (assignmentId
  // ASSIGNMENT_ID_NOT_AVAILABLE, no workerId): say what the study is and register nobody.
  const [mturkPreview] = useState(() => isMTurkPreview(location.query));
  const [phase, setPhase] = useState<Phase>(truncated ? 'fatal' : 'loading');
  const [reason, setReason] = useState<FatalReason>('link');
  const [returnUrl, setReturnUrl] = useState<string | undefined>(undefined);
  const [retryable, setRetryable] = useState(false);
  const [data, setData] = useState<FeedData | null>(null);
  // The page's inline script (boot.ts) may have started this session and sent its
  // load_experiment already, before this code arrived: then that session and answer are used,
  // so the participant is registered once.
  const [early] = useState(() => (truncated || mturkPreview ? null : takeEarlyLoad(location.query)));
  const earlyAnswer = useRef(early);
  const session = useMemo(() => (truncated || mturkPreview ? null : (early?.session ?? startSession(location.query, storage, Date.now()))), []);

  const load = useCallback(async () => {
    if (!session) return;
    setPhase('loading');
    outbox(); // resend what an earlier page left pending
    const deps = {
      store: storage,
      loadExperiment: (body: Record<string, unknown>) => {
        const sent = earlyAnswer.current;
        earlyAnswer.current = null; // a retry asks again
        if (sent && sent.body === JSON.stringify(body)) return apiAnswer<{ data: LoadedExperiment }>('/v1/load_experiment', sent.response);
        return apiCall<{ data: LoadedExperiment }>('/v1/load_experiment', body);
      },
      now: Date.now,
    };
    let got = await loadFeed(session, deps);
    // A feed ranked by the answers given before it is composed once the server has them:
    // after the last of those questionnaires, the outbox delivers them, then the feed is
    // asked for again (a few times; then the participant may retry).
    const waiting = () => got.kind === 'ready' && got.data.pending === true && pendingBefore(storage) === null;
    for (let attempt = 0; waiting() && attempt < PENDING_ATTEMPTS; attempt++) {
      await drainBeforeLeaving(DRAIN_TIMEOUT_MS);
      got = await loadFeed(session, deps);
    }
    if (waiting()) {
      setPhase('retry');
      return;
    }
    if (got.kind === 'fatal') {
      setReason(got.reason);
      setReturnUrl(got.returnUrl);
      setRetryable(got.retryable === true);
    }
    if (got.kind !== 'ready') {
      setPhase(got.kind);
      return;
    }
    // The study's language (and its own texts) before its first screen shows.
    const lang = languageParams(got.data.params);
    if (!isCurrent(lang.tag, lang.own)) await setLanguage(lang.tag, lang.own);
    applyTextSize(readsLarge(got.data.params, storage));
    setData(got.data);
    // Back from the questionnaires of forms-before: consent and instructions were agreed to.
    setPhase((got.start === 'consent' || got.start === 'instruct') && beforeAnswered(storage) ? 'feed' : got.start);
  }, [session]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (phase === 'consent' || phase === 'instruct') storage.set('popupTime', Date.now());
  }, [phase]);

  // An over-quota arrival goes straight to the platform's over-quota exit (Lucid code 40),
  // which the server answered with the RID filled in; the screen's link stays as a fallback.
  useEffect(() => {
    if (phase === 'fatal' && reason === 'overQuota' && returnUrl) window.location.replace(returnUrl);
  }, [phase, reason, returnUrl]);

  // The questionnaires of forms-before come after consent and instructions, before the
  // feed: the feed is not shown (nor tracked) until they are answered.
  const before = phase === 'feed' && data ? pendingBefore(storage) : null;
  useEffect(() => {
    if (before) navigate(before);
  }, [before]);

  // Under text-size offer the "Larger text" switch sits on the first dialog a participant
  // meets (consent, else the instructions), recorded once as they agree; a condition with
  // neither dialog shows it in the feed's header bar, recording each change
  // (docs/accessibility.md, "Larger text").
  const switchAt = data && textSizeOf(data.params) === 'offer' ? (data.texts.consent.trim() !== '' ? 'consent' : data.texts.instruct.trim() !== '' ? 'instruct' : 'header') : null;
  const sizeSwitch = <TextSizeSwitch store={storage} />;

  const back = returnUrl ? { href: returnUrl, label: reason === 'overQuota' ? t('return.continuePlatform') : t('return.platform') } : platformReturn(location.query, storage);
  if (mturkPreview) return <MTurkPreview />;
  if (phase === 'fatal') return <ErrorScreen reason={reason} back={back} onRetry={retryable ? () => void load() : undefined} />;
  if (phase === 'retry') return <ErrorScreen reason="unreachable" back={back} onRetry={() => void load()} />;
  return (
    <div className="feed-page">
      <FeedHeader extra={switchAt === 'header' && phase === 'feed' ? <TextSizeSwitch store={storage} className="text-switch--header" onChange={() => recordTextSize(storage)} /> : null} />
      {phase === 'loading' ? (
        <main id="main" className="feed-main">
          <p className="feed-status" role="status">
            {t('common.loading')}
          </p>
        </main>
      ) : null}
      {phase === 'completed' ? <Completed /> : null}
      {phase === 'consent' && data ? (
        <TextDialog
          id="consent"
          title={t('start.consent')}
          html={data.texts.consent}
          extra={switchAt === 'consent' ? sizeSwitch : null}
          onAgree={() => {
            if (switchAt === 'consent') recordTextSize(storage);
            logCheckpoint('consent-agree');
            setPhase(data.texts.instruct.trim() !== '' ? 'instruct' : 'feed');
          }}
          // Declining consent ends the session at the study's terminate link (Lucid code 20,
          // RID filled in) when it sets one; without one there is no refusal button, as before.
          onDecline={
            data.exits?.includes('terminate')
              ? () => {
                  void requestExit('terminate', storage).then((url) => {
                    if (url) window.location.replace(url);
                  });
                }
              : undefined
          }
        />
      ) : null}
      {phase === 'instruct' && data ? (
        <TextDialog
          id="instruct"
          title={t('start.instructions')}
          html={data.texts.instruct}
          extra={switchAt === 'instruct' ? sizeSwitch : null}
          onAgree={() => {
            if (switchAt === 'instruct') recordTextSize(storage);
            logCheckpoint('instructions-agree');
            setPhase('feed');
          }}
        />
      ) : null}
      {phase === 'feed' && data && !before ? <FeedView data={data} /> : null}
      <ToastArea />
    </div>
  );
}

function FeedHeader({ extra }: { extra?: ReactNode }) {
  return (
    <header className="site-header feed-header" style={{ backgroundColor: HEADER_COLOUR }}>
      <a className="skip-link" href="#main">
        {t('feed.skipToContent')}
      </a>
      <a className="site-header__home" href="/" aria-label={t('feed.home', { name: FEED_NAME })}>
        <FeedIcon size={26} />
        <span>{FEED_NAME}</span>
      </a>
      {extra}
    </header>
  );
}
