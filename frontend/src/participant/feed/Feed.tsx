// The participant feed at '/': the session rules on arrival, the stimulus load, consent and
// instructions, the scroll and swipe layouts, the intervention, dwell tracking and submit.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorScreen } from '../../components/ErrorScreen';
import { FeedIcon } from '../../components/icons';
import { ApiError, apiCall } from '../../lib/api';
import { logCheckpoint, writeForm } from '../../lib/events';
import type { ExperimentParameter, FeedEntity } from '../../lib/feedTypes';
import { newEventId, outbox } from '../../lib/outbox';
import type { Location } from '../../lib/router';
import { navigate } from '../../lib/router';
import {
  advance,
  advanceRoutes,
  buildRedirectionRoutes,
  DEFAULT_EXPERIMENT_ID,
  finishFlow,
  modalsAllowed,
  paramValue,
  participantRef,
  startSession,
} from '../../lib/session';
import { storage } from '../../lib/storage';
import { useTitle } from '../../lib/useTitle';
import { Card, setVideoPlaying } from './Card';
import { EndContent } from '../forms/EndModal';
import { endInputs, endScreen, isQuestionnaireRoute, requestCompletionCode, runEndFlow, type EndRecord } from '../forms/endFlow';
import { preloadForms } from '../forms/FormsRoute';
import { Dialog, MarkdownPage, TextDialog } from './Dialog';
import {
  ACCURACY_PROMPT_FIELD,
  buttonModes,
  dwellBatchId,
  FEED_NAME,
  interventionIndex,
  nearBottom,
  nextBlockEnd,
  shouldOpenIntervention,
  videoShouldPlay,
  visibilityThreshold,
} from './rules';
import { toast, ToastArea } from './Toasts';
import { FeedTracker } from './tracker';
import { DEMO_INTERVENTION_VIDEO, VideoIntervention } from './VideoIntervention';
import './feed.css';

const AccuracyPrompt = lazy(() => import('./AccuracyPrompt'));

/** DRAIN_TIMEOUT_MS bounds the wait for the outbox before the participant moves on. */
export const DRAIN_TIMEOUT_MS = 8000;

/** LoadedExperiment is load_experiment's data. */
interface LoadedExperiment {
  user_id: string;
  experiment_id: string;
  condition: number;
  order_data: Array<Record<string, unknown>>;
  experiment_parameters: string;
  texts?: { consent?: string; instruct?: string; 'custom-msg'?: string };
  completed?: boolean;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'retry' }
  | { kind: 'fatal' }
  | { kind: 'completed' }
  | { kind: 'consent' | 'instruct' | 'feed' };

interface FeedData {
  experimentId: string;
  entities: FeedEntity[];
  params: ExperimentParameter[];
  texts: { consent: string; instruct: string };
}

/** Feed is the page at '/' while an experiment is requested or in progress. */
export function Feed({ location }: { location: Location }) {
  useTitle('Feed');
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [data, setData] = useState<FeedData | null>(null);
  const session = useMemo(() => startSession(location.query, storage, Date.now()), []);

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    outbox(); // resend what an earlier page left pending
    const queryParams = { ...(storage.get('queryParams') ?? {}) };
    delete queryParams.user_id;
    delete queryParams.experiment_id;
    let loaded: FeedData;
    let completed = false;
    try {
      const res = await apiCall<{ data: LoadedExperiment }>('/v1/load_experiment', {
        user_id: session.userId,
        experiment_id: session.experimentId,
        query_params: queryParams,
      });
      const d = res.data;
      const entities: FeedEntity[] = d.order_data.map((e, i) => ({ ...e, entity_id: String(e.entity_id), entity_url: String(e.entity_url), idx: i }));
      let params: ExperimentParameter[] = [];
      try {
        const parsed: unknown = JSON.parse(d.experiment_parameters || '[]');
        if (Array.isArray(parsed)) params = parsed as ExperimentParameter[];
      } catch {
        console.error('feed: experiment_parameters is not JSON', d.experiment_parameters);
      }
      storage.set('entities', entities);
      storage.set('experiment_parameters', params);
      storage.set('condition', d.condition);
      loaded = { experimentId: d.experiment_id, entities, params, texts: { consent: d.texts?.consent ?? '', instruct: d.texts?.instruct ?? '' } };
      completed = d.completed === true;
    } catch (err) {
      console.error('feed: loading the experiment failed', err);
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && ![408, 425, 429].includes(err.status)) {
        setPhase({ kind: 'fatal' });
        return;
      }
      // Offline or the server restarting: a participant who already has their feed keeps it.
      const entities = storage.get('entities');
      const params = storage.get('experiment_parameters');
      if (!entities || entities.length === 0 || !params) {
        setPhase({ kind: 'retry' });
        return;
      }
      loaded = { experimentId: session.experimentId, entities, params, texts: { consent: '', instruct: '' } };
    }
    if (storage.get('redirectionRoutes') === undefined) {
      storage.set(
        'redirectionRoutes',
        buildRedirectionRoutes({ experimentId: loaded.experimentId, userId: session.userId, params: loaded.params, queryParams: storage.get('queryParams') ?? {} }),
      );
    }
    setData(loaded);
    if (completed && loaded.experimentId !== DEFAULT_EXPERIMENT_ID) {
      setPhase({ kind: 'completed' });
      return;
    }
    const modals = loaded.experimentId !== DEFAULT_EXPERIMENT_ID && modalsAllowed(storage, Date.now());
    if (modals && loaded.texts.consent.trim() !== '') setPhase({ kind: 'consent' });
    else if (modals && loaded.texts.instruct.trim() !== '') setPhase({ kind: 'instruct' });
    else setPhase({ kind: 'feed' });
  }, [session]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (phase.kind === 'consent' || phase.kind === 'instruct') storage.set('popupTime', Date.now());
  }, [phase.kind]);

  if (phase.kind === 'fatal') return <ErrorScreen />;
  return (
    <div className="feed-page">
      <FeedHeader />
      {phase.kind === 'loading' ? (
        <main id="main" className="feed-main">
          <p className="feed-status" role="status">
            Loading…
          </p>
        </main>
      ) : null}
      {phase.kind === 'retry' ? (
        <main id="main" className="feed-main">
          <LoadError onRetry={() => void load()} />
        </main>
      ) : null}
      {phase.kind === 'completed' ? <Completed /> : null}
      {phase.kind === 'consent' && data ? (
        <TextDialog
          id="consent"
          title="Consent"
          html={data.texts.consent}
          onAgree={() => {
            logCheckpoint('consent-agree');
            setPhase({ kind: data.texts.instruct.trim() !== '' ? 'instruct' : 'feed' });
          }}
        />
      ) : null}
      {phase.kind === 'instruct' && data ? (
        <TextDialog
          id="instruct"
          title="Instructions"
          html={data.texts.instruct}
          onAgree={() => {
            logCheckpoint('instructions-agree');
            setPhase({ kind: 'feed' });
          }}
        />
      ) : null}
      {phase.kind === 'feed' && data ? <FeedView data={data} /> : null}
      <ToastArea />
    </div>
  );
}

function FeedHeader() {
  return (
    <header className="site-header feed-header" style={{ backgroundColor: '#32292F' }} data-behind-dialog>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <a className="site-header__home" href="/" aria-label={`${FEED_NAME} home`}>
        <FeedIcon size={26} />
        <span>{FEED_NAME}</span>
      </a>
    </header>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="feed-status feed-status--error" role="alert">
      <p>Oops, something went wrong :(</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/**
 * Completed is shown when the server says this participant already finished the study:
 * the feed does not start again and nothing is recorded twice. The participant gets the
 * way back to their platform once more (Prolific or Lucid link, MTurk code, which the
 * server answers again, the same as before), or Continue to the custom platform's URL, or
 * home.
 */
function Completed() {
  const routes = storage.get('redirectionRoutes') ?? [];
  const external = routes.map((r) => Object.keys(r)[0] ?? '').find((r) => /^https?:\/\//i.test(r));
  const screen = endScreen(endInputs(new URLSearchParams(), storage, external ?? ''));
  const html =
    '<p>Our records show that you have already completed this study. Thank you for taking part!</p><p>You do not need to do it again: your answers were saved.</p>';
  if (screen.kind !== 'home') {
    const now = Date.now();
    const checkpoint = { ...participantRef(storage), checkpoint: 'end-redirect', value: String(now), time: now, event_id: newEventId() };
    return (
      <main id="main" className="feed-main">
        <section className="markdown-page page page--narrow" aria-labelledby="completed-title">
          <h1 id="completed-title">You have already completed this study</h1>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
          <EndContent record={{ screen, checkpoint: screen.kind === 'code' && !screen.code ? checkpoint : null }} />
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="feed-main">
      <MarkdownPage
        title="You have already completed this study"
        html={html}
        continueLabel={external ? 'Continue' : 'Return home'}
        onContinue={() => {
          finishFlow(storage);
          if (external) window.location.assign(external);
          else navigate('/');
        }}
      />
    </main>
  );
}

type ScrollStatus = 'idle' | 'loading' | 'complete';

/**
 * sendDwellBatch queues write_batch_dwell under the feed session's batch id: the same for
 * every send of this participant's feed session (tab hidden, submit, a second submit after
 * the back button), so the server, which derives one id per dwell from it, adds only the
 * dwells it does not have yet.
 */
function sendDwellBatch(dwell_data: unknown[]): void {
  const ref = participantRef(storage);
  const batchId = dwellBatchId(ref.user_id, ref.experiment_id, storage.get('startTime') ?? 0);
  outbox().enqueue('/v1/write_batch_dwell', { ...ref, dwell_data, event_id: batchId });
}

/** FeedView is the feed itself, in the scroll or swipe layout. */
function FeedView({ data }: { data: FeedData }) {
  const { entities, params } = data;
  const swipe = paramValue(params, 'feed') === 'swipe';
  const modes = useMemo(() => buttonModes(params), [params]);
  const tracker = useMemo(() => new FeedTracker(entities), [entities]);
  const total = entities.length;
  const [shownCount, setShownCount] = useState(() => (swipe ? total : nextBlockEnd(0, total)));
  const [status, setStatus] = useState<ScrollStatus>(() => (swipe || nextBlockEnd(0, total) >= total ? 'complete' : 'idle'));
  const [current, setCurrent] = useState(0);
  const [intervention, setIntervention] = useState<'accprompt-modal' | 'default-modal' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [end, setEnd] = useState<EndRecord | null>(null);
  const submittedRef = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);
  const swipeRef = useRef<HTMLDivElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const byElement = useRef(new Map<Element, FeedEntity>());

  const interventionType = paramValue(params, 'intervention-type') ?? '';
  const interventionIdx = interventionIndex(interventionType, paramValue(params, 'intervention-perc'), total);

  // Landing, tab times, embedding.
  useEffect(() => {
    logCheckpoint('feed-landed');
    if (window.parent !== window) window.parent.postMessage({ type: 'stimuli', stimuli: entities.map((e) => e.entity_url) }, '*');
    const onVisibility = () => {
      // After submit the session keys are cleared: nothing more belongs to this feed.
      if (submittedRef.current) return;
      if (document.visibilityState !== 'hidden') {
        tracker.showTab();
        return;
      }
      tracker.hideTab();
      // The participant may never come back: the dwells recorded so far go out now, under
      // the session's batch id, so the submit's batch later adds only what is new.
      const sofar = tracker.recorded();
      if (sofar.length > 0) sendDwellBatch(sofar);
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (swipe) document.documentElement.classList.add('swipe-mode');
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      document.documentElement.classList.remove('swipe-mode');
    };
  }, [tracker]);

  // The intervention opens once the last card reached is at intervention_idx.
  useEffect(() => {
    tracker.onReached((idx) => {
      if (interventionType !== 'accprompt-modal' && interventionType !== 'default-modal') return;
      if (shouldOpenIntervention(idx, interventionIdx, storage.get('modalShown'))) setIntervention(interventionType);
    });
  }, [tracker]);

  // One observer for every card: visibility threshold by viewport height (a card taller
  // than the viewport counts as in view when it fills it).
  const [threshold, setThreshold] = useState(() => visibilityThreshold(window.innerHeight));
  useEffect(() => {
    const onResize = () => setThreshold(visibilityThreshold(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    const steps = Array.from({ length: 21 }, (_, i) => i / 20);
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const entity = byElement.current.get(entry.target);
          if (!entity) continue;
          const rootH = entry.rootBounds?.height ?? window.innerHeight;
          const fit = Math.min(1, rootH / Math.max(1, entry.boundingClientRect.height));
          const needed = Math.min(threshold, fit) - 0.02;
          const inview = entry.isIntersecting && entry.intersectionRatio >= needed;
          tracker.visibility(entity, inview);
          if (inview && swipe) setCurrent((c) => (entity.idx > c ? entity.idx : c));
        }
      },
      { threshold: steps },
    );
    observer.current = io;
    byElement.current.forEach((_, el) => io.observe(el));
    return () => io.disconnect();
  }, [tracker, threshold]);

  const register = useCallback((el: HTMLElement | null, entity: FeedEntity) => {
    if (el) {
      byElement.current.set(el, entity);
      observer.current?.observe(el);
    } else {
      for (const [k, v] of byElement.current) {
        if (v.entity_id === entity.entity_id) {
          observer.current?.unobserve(k);
          byElement.current.delete(k);
        }
      }
    }
  }, []);

  // Infinite scroll: load the next block when the list's bottom is within 100 px of view;
  // videos play only while their centre is in the play window.
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const list = listRef.current;
      if (!swipe && list && status === 'idle' && nearBottom(list.getBoundingClientRect().bottom, window.innerHeight)) {
        setStatus('loading');
        setTimeout(() => {
          setShownCount((n) => {
            const next = nextBlockEnd(n, total);
            setStatus(next >= total ? 'complete' : 'idle');
            return next;
          });
        }, 150);
      }
      for (const v of Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-feed-video]'))) {
        const r = v.getBoundingClientRect();
        setVideoPlaying(v, videoShouldPlay(r.top, r.height, window.innerHeight));
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [status, shownCount]);

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    logCheckpoint('submit-click');
    submittedRef.current = true;
    sendDwellBatch(tracker.finish());
    logCheckpoint('feed-entity-idx-final', tracker.lastReached);
    logCheckpoint('leave_feed');
    if (window.parent !== window) window.parent.postMessage('submitClicked', '*');
    const box = outbox();
    if (box.pending > 0) toast('Saving your responses…');
    const { next } = advanceRoutes(storage.get('redirectionRoutes') ?? [], '/');
    if (!isQuestionnaireRoute(next)) {
      // No questionnaire after the feed: the feed ends the flow (end-redirect, bounded wait
      // for the outbox, session keys cleared, complete = 1), then the end modal, or the
      // custom platform's URL directly.
      const record = await runEndFlow(null, '/', new URLSearchParams(), {
        sink: { box, store: storage },
        requestCode: requestCompletionCode,
        drainTimeoutMs: DRAIN_TIMEOUT_MS,
      });
      if (record.screen.kind === 'home' && /^https?:\/\//i.test(record.screen.target)) window.location.assign(record.screen.target);
      else setEnd(record);
      return;
    }
    const route = advance(storage, '/');
    void preloadForms().catch(() => {});
    const drained = await box.drain(DRAIN_TIMEOUT_MS);
    if (!drained) {
      // The events stay in the outbox and are sent from the next page (or a later visit).
      console.warn(`feed: ${box.pending} events still unsent after ${DRAIN_TIMEOUT_MS} ms; moving on`);
      logCheckpoint('outbox-drain-timeout', box.pending);
    }
    navigate(route);
  };

  // The clock stops while the intervention covers the feed: that time is not dwell.
  useEffect(() => {
    if (!intervention) return;
    tracker.clock.pause('dialog');
    return () => tracker.clock.resume('dialog');
  }, [intervention]);

  const closeIntervention = (value?: string) => {
    if (value !== undefined) {
      writeForm({ [ACCURACY_PROMPT_FIELD]: value });
      storage.set('modalShown', 1);
    }
    setIntervention(null);
  };

  const showSubmit = swipe ? current >= total - 2 : status === 'complete';
  const submitControl = (
    <div className="submit-row">
      <button
        type="button"
        className="button button--accent submit-button"
        title="Click to continue"
        aria-label="Click to continue"
        disabled={submitting}
        onClick={() => void submit()}
      >
        Click to continue
      </button>
    </div>
  );
  const promptImage: 0 | 1 = (Array.from(storage.get('user_id') ?? '').reduce((h, c) => h + c.charCodeAt(0), 0) % 2) as 0 | 1;

  return (
    <>
      <div className={`feed-layout${swipe ? ' feed-layout--swipe' : ''}`} data-behind-dialog>
        <aside className="feed-side feed-side--left" aria-hidden="true">
          <div className="placeholder-block" />
          <div className="placeholder-line" />
          <div className="placeholder-line" />
          <div className="placeholder-line short" />
        </aside>
        <main id="main" className="feed-main" aria-label="Newsfeed">
          {swipe ? (
            <div ref={swipeRef} className="swipe" role="region" tabIndex={0} aria-label="Posts: swipe or scroll for the next post">
              {entities.map((e) => (
                <div className="swipe__slide" key={e.entity_id}>
                  <Card entity={e} modes={modes} tracker={tracker} register={register} swipe />
                </div>
              ))}
              {total === 0 ? <p className="feed-status">No results :(</p> : null}
            </div>
          ) : null}
          {swipe && showSubmit ? <div className="swipe__submit">{submitControl}</div> : null}
          {swipe ? null : (
            <>
              <div ref={listRef} className="feed-list">
                {entities.slice(0, shownCount).map((e) => (
                  <Card key={e.entity_id} entity={e} modes={modes} tracker={tracker} register={register} />
                ))}
              </div>
              <div className="feed-status" role="status">
                {status === 'loading' ? 'Loading…' : null}
                {status === 'complete' ? (total === 0 ? 'No results :(' : 'No more data :)') : null}
              </div>
              {showSubmit ? submitControl : null}
            </>
          )}
        </main>
        <aside className="feed-side feed-side--right" aria-hidden="true">
          <div className="placeholder-line" />
          <div className="placeholder-block small" />
          <div className="placeholder-line short" />
        </aside>
      </div>
      <footer className="feed-footer" aria-label={`${FEED_NAME} feed`} data-behind-dialog>
        {FEED_NAME}
      </footer>
      {intervention === 'accprompt-modal' ? (
        <Suspense fallback={null}>
          <AccuracyPrompt image={promptImage} onSubmit={(v) => closeIntervention(v)} />
        </Suspense>
      ) : null}
      {end ? (
        <Dialog labelledBy="end-title" className="dialog--end">
          <EndContent record={end} />
        </Dialog>
      ) : null}
      {intervention === 'default-modal' ? (
        <VideoIntervention src={paramValue(params, 'intervention-video') || DEMO_INTERVENTION_VIDEO} onDone={() => closeIntervention()} />
      ) : null}
    </>
  );
}
