// The feed itself, in the scroll or swipe layout: the cards, landing and tab checkpoints,
// the intervention and the submit button. Visibility, infinite scroll and submit are their
// own modules (visibility.ts, infiniteScroll.ts, submit.ts).
import { Fragment, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { logCheckpoint, writeBatchDwell, writeForm } from '../../lib/events';
import { onLeave } from '../../lib/outbox';
import { paramValue } from '../../lib/session';
import { storage } from '../../lib/storage';
import { endChunk, FeedEnd } from '../flow/EndView';
import type { EndRecord } from '../flow/endFlow';
import { loadNextBlock } from './adaptive';
import { Card, playVideosInWindow } from './Card';
import { commentsSpec, speakSpec } from './commentsSpec';
import { reactions } from './reactions';
import { useInfiniteScroll } from './infiniteScroll';
import type { FeedData } from './load';
import { isField, swipeStep } from './swipeKeys';
import { ACCURACY_PROMPT_FIELD, buttonModes, DEMO_INTERVENTION_VIDEO, FEED_NAME, interventionIndex, shouldOpenIntervention, sourceSpec } from './rules';
import { interventionSpec, recordPreceded, recordShown, rememberText, sendDwell, triggeredBy, wasShown } from './intervention';
import { InterventionCard, interventionChunk, TextModal, useOpenTime, VideoIntervention } from './InterventionParts';
import type { EngagementType, FeedEntity } from '../../lib/feedTypes';
import { submitFeed } from './submit';
import { FeedTracker } from './tracker';
import { useCardVisibility } from './visibility';
import { postToParent } from '../../lib/parent';
import { t, type MessageKey } from '../i18n';
import { styled } from '../../lib/lazyStyle';
import { afterFirstCard, chunk, useChunk } from '../../lib/chunk';

const AccuracyPrompt = lazy(() => import('./AccuracyPrompt').then(styled));
// The compose box and the participant's posts: their own chunk, fetched only when used.
const Compose = lazy(() => import('./Compose').then(styled));

// The distracting skin (skin=distract): its own chunk and stylesheet, which the other
// conditions never download.
const distractChunk = chunk(() => import('./DistractSkin'));
type Skin = typeof import('./DistractSkin');

/**
 * FeedView is the feed itself, in the scroll or swipe layout. A distract condition's feed
 * shows once its skin has arrived (one more request on a slow phone), so the skin never
 * appears beside or above a feed already shown and pushes it; if the skin cannot be fetched
 * the feed shows in the plain frame.
 */
export function FeedView({ data }: { data: FeedData }) {
  const distract = (paramValue(data.params, 'skin') ?? '').toLowerCase() === 'distract';
  const skin = useChunk(distractChunk, distract);
  if (distract && !skin.module && !skin.failed) {
    return (
      <main id="main" className="feed-main">
        <p className="feed-status" role="status">
          {t('common.loading')}
        </p>
      </main>
    );
  }
  return <FeedBody data={data} skin={distract ? skin.module : null} />;
}

function FeedBody({ data, skin }: { data: FeedData; skin: Skin | null }) {
  const { entities, params } = data;
  const swipe = paramValue(params, 'feed') === 'swipe';
  const modes = useMemo(() => buttonModes(params), [params]);
  const source = useMemo(() => sourceSpec(params), [params]);
  const comments = useMemo(() => commentsSpec(params), [params]);
  const speak = useMemo(() => speakSpec(params), [params]);
  const compose = (paramValue(params, 'feed-compose') ?? '').trim().toLowerCase() === 'yes';
  const tracker = useMemo(() => new FeedTracker(entities), [entities]);
  // Simulated others: listen for the reactions acknowledgements bring, show those so far.
  useEffect(() => {
    if (data.reactions) reactions().add(data.reactions.list, data.reactions.now);
  }, [data]);
  const total = entities.length;
  const [current, setCurrent] = useState(0);
  // intervention is the pop-up open now: accprompt, a text type or default-modal (the video).
  const [intervention, setIntervention] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [end, setEnd] = useState<EndRecord | null>(null);
  const submittedRef = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  const interventionType = paramValue(params, 'intervention-type') ?? '';
  const interventionIdx = interventionIndex(interventionType, paramValue(params, 'intervention-perc'), total);
  const spec = useMemo(() => interventionSpec(params), [params]);
  const interventionHtml = useMemo(() => rememberText(data.texts.intervention), [data]);
  const distract = skin !== null;
  // answered: the accuracy prompt (or any pop-up) is done; the in-feed card then says thanks.
  const [answered, setAnswered] = useState(() => storage.get('modalShown') === 1);
  // pendingPress is the press that opened the intervention, run once it is done.
  const pendingPress = useRef<{ type: EngagementType; entity: FeedEntity; run: () => void } | null>(null);
  const closeTimer = useOpenTime(intervention !== null);

  // Landing, tab times, embedding.
  useEffect(() => {
    logCheckpoint('feed-landed');
    postToParent({ type: 'stimuli', stimuli: entities.map((e) => e.entity_url) });
    let away = false;
    // The page is hidden, reloaded or closed, or the phone locks: the outbox runs this just
    // before it beacons what is pending, so the dwell of the card in view is closed and
    // leaves with it. The participant may never come back: the dwells recorded so far go
    // out under the session's batch id, so the submit's batch later adds only what is new.
    const stopLeave = onLeave(() => {
      // After submit the session keys are cleared: nothing more belongs to this feed.
      if (submittedRef.current || away) return;
      away = true;
      const pos = tracker.position();
      if (pos >= 0) storage.set('feed_position', pos);
      tracker.hideTab();
      const sofar = tracker.recorded();
      if (sofar.length > 0) writeBatchDwell(sofar);
      sendDwell();
    });
    const onVisible = () => {
      if (submittedRef.current || !away || document.visibilityState === 'hidden') return;
      away = false;
      tracker.showTab();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onVisible);
    if (swipe) document.documentElement.classList.add('swipe-mode');
    return () => {
      stopLeave();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
      document.documentElement.classList.remove('swipe-mode');
    };
  }, [tracker]);

  // What the first card did not wait for (issue 28) comes once it has its image: the end
  // (every participant reaches it, maybe offline by then) and this condition's intervention.
  useEffect(
    () =>
      afterFirstCard(() => {
        endChunk.prefetch();
        if (spec.type !== '') interventionChunk.prefetch();
      }),
    [],
  );

  // The intervention opens once the last card reached is at intervention_idx.
  useEffect(() => {
    const check = (idx: number) => {
      if (spec.type === '' || spec.style !== 'modal' || spec.trigger !== 'position') return;
      if (shouldOpenIntervention(idx, interventionIdx, storage.get('modalShown'))) setIntervention(spec.type);
    };
    tracker.onReached(check);
    // Reloaded past intervention_idx before the intervention was done: it opens again now.
    check(tracker.lastReached);
  }, [tracker]);

  // Cards in view (dwell, the swipe position), and infinite scroll, whose frames also run
  // the videos' play window.
  const { register, flush } = useCardVisibility(tracker, (entity) => {
    if (swipe) setCurrent((c) => (entity.idx > c ? entity.idx : c));
  });
  // A reload returns the participant to the card they were reading.
  const [restoreTo] = useState(() => {
    const pos = storage.get('feed_position') ?? -1;
    return pos > 0 && pos < total ? pos : -1;
  });
  // The preference algorithm ranks each next block on the server (adaptive.ts).
  const adaptive = paramValue(params, 'algorithm') === 'preference';
  const beforeBlock = useMemo(() => (adaptive ? (shown: number) => loadNextBlock(entities, shown) : undefined), [adaptive, entities]);
  const { shownCount, status } = useInfiniteScroll(listRef, swipe, total, playVideosInWindow, restoreTo + 1, beforeBlock);
  useEffect(() => {
    if (restoreTo < 0) return;
    const el = document.querySelector<HTMLElement>(`article[data-idx="${restoreTo}"]`);
    if (!el) return;
    if (swipe) {
      (el.parentElement ?? el).scrollIntoView({ block: 'start' });
      setCurrent((c) => Math.max(c, restoreTo));
    } else {
      el.scrollIntoView({ block: 'center' });
    }
  }, []);

  // The clock stops while the intervention covers the feed: that time is not dwell.
  useEffect(() => {
    if (!intervention) return;
    recordShown(spec);
    tracker.clock.pause('dialog');
    return () => tracker.clock.resume('dialog');
  }, [intervention]);

  // A press that triggers the intervention (first-share, first-engagement) opens it first;
  // the press counts once the intervention is done (closeIntervention).
  const gate = useMemo(() => {
    if (spec.type === '' || spec.trigger === 'position') return undefined;
    return (type: EngagementType, entity: FeedEntity, run: () => void) => {
      if (!triggeredBy(spec, type) || wasShown() || storage.get('modalShown') === 1) return run();
      pendingPress.current = { type, entity, run };
      setIntervention(spec.type);
    };
  }, [spec]);

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    flush();
    sendDwell();
    submittedRef.current = true;
    const record = await submitFeed(tracker);
    if (record) setEnd(record);
  };

  const closeIntervention = (value?: string) => {
    if (value !== undefined) writeForm({ [ACCURACY_PROMPT_FIELD]: value });
    // Every intervention but the video (which sets it at its own gate) is done here.
    if (value !== undefined || intervention !== 'default-modal') storage.set('modalShown', 1);
    closeTimer();
    sendDwell();
    setAnswered(true);
    setIntervention(null);
    // The press that opened it counts now, after the answer, and is marked as preceded.
    const press = pendingPress.current;
    pendingPress.current = null;
    if (press) {
      recordPreceded(press.type, press.entity.entity_id);
      press.run();
    }
  };

  const answerInFeed = (value: string) => {
    writeForm({ [ACCURACY_PROMPT_FIELD]: value });
    storage.set('modalShown', 1);
    setAnswered(true);
  };
  const infeedAfter = spec.type !== '' && spec.style === 'infeed' ? Math.max(0, interventionIdx) : -1;
  const cardOf = (e: FeedEntity, swipeCard: boolean) => (
    <Card entity={e} modes={modes} tracker={tracker} register={register} source={source} swipe={swipeCard} gate={gate} comments={comments} speak={speak} />
  );

  const showSubmit = swipe ? current >= total - 2 : status === 'complete';
  const submitControl = (
    <div className="submit-row">
      <button
        type="button"
        className="button button--accent submit-button"
        title={t('feed.submit')}
        aria-label={t('feed.submit')}
        disabled={submitting}
        onClick={() => void submit()}
      >
        {t('feed.submit')}
      </button>
    </div>
  );
  const promptImage: 0 | 1 = (Array.from(storage.get('user_id') ?? '').reduce((h, c) => h + c.charCodeAt(0), 0) % 2) as 0 | 1;

  return (
    <>
      <div className={`feed-layout${swipe ? ' feed-layout--swipe' : ''}${distract ? ' feed-layout--distract' : ''}`}>
        {skin ? <skin.SideLeftDistract /> : <SideLeft />}
        <main id="main" className="feed-main" aria-label={t('feed.main')}>
          {swipe ? (
            <div
              className="swipe"
              role="region"
              tabIndex={0}
              aria-label={t('feed.swipeRegion')}
              onKeyDown={(e) => {
                const step = swipeStep(e, document.documentElement.dir, isField(e.target));
                if (step === 0) return;
                e.preventDefault();
                // One slide is the swiper's height; the snap points land it on the post.
                e.currentTarget.scrollBy({ top: step * e.currentTarget.clientHeight });
              }}
            >
              {entities.map((e) => (
                <Fragment key={e.entity_id}>
                  <div className="swipe__slide">{cardOf(e, true)}</div>
                  {e.idx === infeedAfter ? (
                    <div className="swipe__slide">
                      <InterventionCard spec={spec} html={interventionHtml} image={promptImage} answered={answered} onAnswer={answerInFeed} swipe />
                    </div>
                  ) : null}
                </Fragment>
              ))}
              {total === 0 ? <p className="feed-status">{t('feed.noResults')}</p> : null}
            </div>
          ) : null}
          {swipe && showSubmit ? <div className="swipe__submit">{submitControl}</div> : null}
          {swipe ? null : (
            <>
              <div ref={listRef} className="feed-list">
                {compose || data.ownPosts ? (
                  <Suspense fallback={null}>
                    <Compose initial={data.ownPosts ?? []} box={compose} />
                  </Suspense>
                ) : null}
                {entities.slice(0, shownCount).map((e) => (
                  <Fragment key={e.entity_id}>
                    {cardOf(e, false)}
                    {e.idx === infeedAfter ? (
                      <InterventionCard spec={spec} html={interventionHtml} image={promptImage} answered={answered} onAnswer={answerInFeed} />
                    ) : null}
                  </Fragment>
                ))}
              </div>
              <div className="feed-status" role="status">
                {status === 'loading' ? t('common.loading') : null}
                {status === 'complete' ? (total === 0 ? t('feed.noResults') : t('feed.noMore')) : null}
              </div>
              {showSubmit ? submitControl : null}
            </>
          )}
        </main>
        {skin ? <skin.SideRightDistract /> : <SideRight />}
      </div>
      <footer className="feed-footer" aria-label={t('feed.footer', { name: FEED_NAME })}>
        {FEED_NAME}
      </footer>
      {intervention === 'accprompt' ? (
        <Suspense fallback={null}>
          <AccuracyPrompt image={promptImage} intro={interventionHtml} onSubmit={(v) => closeIntervention(v)} />
        </Suspense>
      ) : null}
      {intervention !== null && intervention !== 'accprompt' && intervention !== 'default-modal' ? (
        <TextModal spec={spec} html={interventionHtml} onDone={() => closeIntervention()} />
      ) : null}
      {end ? <FeedEnd record={end} /> : null}
      {intervention === 'default-modal' ? (
        <VideoIntervention src={paramValue(params, 'intervention-video') || DEMO_INTERVENTION_VIDEO} onDone={() => closeIntervention()} />
      ) : null}
    </>
  );
}

// The side columns on a laptop: a calm, static frame that reads as a social site (a menu on
// the left, quiet panels on the right). Nothing in them is a link or changes, and nothing
// refers to the posts, so they add no stimulus of their own; screen readers skip them.
const MENU: readonly MessageKey[] = ['side.home', 'side.friends', 'side.groups', 'side.saved', 'side.events'];

function SideLeft() {
  return (
    <aside className="feed-side feed-side--left" aria-hidden="true">
      <div className="side-profile">
        <span className="side-avatar" />
        <span>{t('side.you')}</span>
      </div>
      <ul className="side-menu">
        {MENU.map((m, i) => (
          <li key={m} className={i === 0 ? 'side-menu__item side-menu__item--on' : 'side-menu__item'}>
            <span className={`side-icon side-icon--${i}`} />
            {t(m)}
          </li>
        ))}
      </ul>
    </aside>
  );
}

function SideRight() {
  return (
    <aside className="feed-side feed-side--right" aria-hidden="true">
      <section className="side-panel">
        <h3>{t('side.events')}</h3>
        <p>{t('side.eventsNone')}</p>
      </section>
      <section className="side-panel">
        <h3>{t('side.birthdays')}</h3>
        <p>{t('side.birthdaysNone')}</p>
      </section>
      <p className="side-fine">{t('side.fine')}</p>
    </aside>
  );
}
