import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { EngagementType, FeedEntity } from '../../lib/feedTypes';
import { ownCommentsOf, threadOf, type CommentsSpec, type SpeakSpec } from './commentsSpec';
import { BUTTONS, CARD_IMAGE_SIZES, cardSource, displayedCount, isVideoUrl, videoShouldPlay, type ButtonMode, type SourceSpec } from './rules';
import type { FeedTracker } from './tracker';
import { t } from '../i18n';
import { styled } from '../../lib/lazyStyle';

// The comment thread is its own chunk: only studies that show comments fetch it.
const Comments = lazy(() => import('./Comments').then(styled));

const paths: Record<EngagementType, string> = {
  likes: 'M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z',
  shares: 'M4 12v7h16v-7M12 3v12M7.5 7.5 12 3l4.5 4.5',
  read_later: 'M6.5 3.5h11v17L12 16.5l-5.5 4z',
  upvote: 'M12 4 4.5 12H9v8h6v-8h4.5z',
  downvote: 'M12 20l7.5-8H15V4H9v8H4.5z',
  accuracy_score: 'M4 12.5l5 5L20 6.5',
};

function ButtonIcon({ type, on }: { type: EngagementType; on: boolean }) {
  const filled = on && type !== 'shares' && type !== 'accuracy_score';
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[type]} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={on && type === 'shares' ? 2.8 : 1.9} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** CardProps: the card's entity, the enabled buttons and the tracker that records it. */
export interface CardProps {
  entity: FeedEntity;
  modes: Record<EngagementType, ButtonMode>;
  tracker: FeedTracker;
  /** register hands the card's element to the feed's visibility observer. */
  register: (el: HTMLElement | null, entity: FeedEntity) => void;
  swipe?: boolean;
  /** source: the condition's source line and time (none unless the study sets them). */
  source?: SourceSpec;
  /** gate, when given, decides when a button press runs: an intervention triggered by the
   * press opens first, and the press counts only once it is done (FeedView). */
  gate?: (type: EngagementType, entity: FeedEntity, run: () => void) => void;
  /** comments: how the condition shows the card's seeded comments (none when absent). */
  comments?: CommentsSpec | null;
  /** speak: whether the participant may comment, reply and like comments (none when absent). */
  speak?: SpeakSpec;
}

const NO_SPEAK: SpeakSpec = { box: false, like: false };

/** Card is one feed post: its image or video, its headline and its engagement buttons. */
export function Card({ entity, modes, tracker, register, swipe, source, gate, comments, speak }: CardProps) {
  const ref = useRef<HTMLElement | null>(null);
  const rec = tracker.record(entity);
  const video = isVideoUrl(entity.entity_url);
  const [on, setOn] = useState<Record<EngagementType, boolean>>(() => ({
    likes: rec.likes > 0,
    shares: rec.shares > 0,
    read_later: rec.read_later > 0,
    upvote: rec.upvote > 0,
    downvote: rec.downvote > 0,
    accuracy_score: rec.accuracy_score > 0,
  }));
  useEffect(() => {
    register(ref.current, entity);
    return () => register(null, entity);
  }, [entity]);

  const shown = BUTTONS.filter((b) => modes[b.type] !== 'no');
  const shownTypes = shown.map((b) => b.type);
  const counts = (entity.shown_counts ?? {}) as Partial<Record<EngagementType, number>>;
  const headline = typeof entity.headline === 'string' ? entity.headline : '';
  const headingId = `card-${entity.entity_id}-headline`;
  const { publisher, time } = source ? cardSource(source, entity) : { publisher: '', time: '' };
  const thread = comments ? threadOf(entity) : [];

  return (
    <article
      ref={ref}
      className={`card${swipe ? ' card--swipe' : ''}`}
      data-entity-id={entity.entity_id}
      data-idx={entity.idx}
      aria-labelledby={headline ? headingId : undefined}
      aria-label={headline ? undefined : t('feed.post', { n: entity.idx + 1 })}
    >
      <CardSourceLine publisher={publisher} time={time} />
      <div className={video ? 'card__media' : 'card__media card__media--image'}>
        {video ? (
          <CardVideo entity={entity} tracker={tracker} />
        ) : (
          // The first card's image is what a participant waits for on a slow phone: it goes
          // ahead of the other images, which would otherwise share the thin connection.
          <img
            src={entity.entity_url}
            {...imageCopies(entity)}
            {...imageSize(entity)}
            alt={headline || t('feed.post', { n: entity.idx + 1 })}
            loading={entity.idx < 3 ? 'eager' : 'lazy'}
            fetchpriority={entity.idx === 0 ? 'high' : 'low'}
            decoding="async"
          />
        )}
      </div>
      {headline ? (
        <h2 id={headingId} className="card__headline">
          {headline}
        </h2>
      ) : null}
      {shown.length > 0 ? (
        <div className="card__buttons" role="group" aria-label={t('feed.reactions')}>
          {shown.map((b) => {
            const isOn = on[b.type];
            const count = displayedCount(modes[b.type], counts[b.type], isOn);
            const clickable = b.type !== 'accuracy_score';
            return (
              <button
                key={b.type}
                type="button"
                className={`engage engage--${b.type}${isOn ? ' engage--on' : ''}`}
                title={t(b.label)}
                // The visible count is part of the name ("Like, 359"): WCAG's label in name,
                // so a voice-control user saying what they see reaches the button.
                aria-label={count !== null ? `${t(b.label)}, ${count}` : t(b.label)}
                aria-pressed={clickable ? isOn : undefined}
                aria-disabled={clickable ? undefined : 'true'}
                data-engagement={b.type}
                onClick={() => {
                  if (!clickable) return;
                  const run = () => {
                    const changed = tracker.press(entity, b.type, shownTypes);
                    setOn((prev) => ({ ...prev, ...changed }));
                  };
                  if (gate) gate(b.type, entity, run);
                  else run();
                }}
              >
                <ButtonIcon type={b.type} on={isOn} />
                {count !== null ? (
                  <span className="engage__count" data-count>
                    {count}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
      {(comments && thread.length > 0) || speak?.box || ownCommentsOf(entity).length > 0 ? (
        <Suspense fallback={null}>
          <Comments entity={entity} thread={thread} spec={comments ?? null} speak={speak ?? NO_SPEAK} tracker={tracker} />
        </Suspense>
      ) : null}
    </article>
  );
}

/**
 * imageCopies is the <img>'s srcset and sizes when the server listed smaller copies of the
 * image (image_srcset); the early fetch in boot.ts asks for the same ones.
 */
export function imageCopies(entity: FeedEntity): { srcSet: string; sizes: string } | Record<string, never> {
  const set = entity.image_srcset;
  if (typeof set !== 'string' || set === '') return {};
  return { srcSet: set, sizes: CARD_IMAGE_SIZES };
}

/**
 * imageSize is the <img>'s width and height attributes when the server sent the image's
 * size: with the card's CSS (width 100%, height auto) the browser reserves the image's room
 * from their ratio before it arrives, so nothing below moves when it does.
 */
export function imageSize(entity: FeedEntity): { width: number; height: number } | Record<string, never> {
  const size = entity.image_size;
  if (!size || typeof size !== 'object') return {};
  const { width, height } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return {};
  return { width, height };
}

/**
 * CardVideo plays muted while the feed's play-window logic (Feed) says so, and reports
 * the participant's own mute and pause actions as engagements. Pauses made by the
 * play-window logic are not the participant's and are not sent.
 */
function CardVideo({ entity, tracker }: { entity: FeedEntity; tracker: FeedTracker }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    let lastMuted = v.muted;
    const onVolume = () => {
      if (v.muted === lastMuted) return;
      lastMuted = v.muted;
      tracker.video(entity, v.muted ? 'videomute_true' : 'videomute_false');
    };
    const onPause = () => {
      if (v.dataset.auto === 'pause' || v.ended) return;
      tracker.video(entity, 'videopause_true');
    };
    const onPlay = () => {
      if (v.dataset.auto === 'play') return;
      tracker.video(entity, 'videopause_false');
    };
    v.addEventListener('volumechange', onVolume);
    v.addEventListener('pause', onPause);
    v.addEventListener('play', onPlay);
    return () => {
      v.removeEventListener('volumechange', onVolume);
      v.removeEventListener('pause', onPause);
      v.removeEventListener('play', onPlay);
    };
  }, [entity]);
  const headline = typeof entity.headline === 'string' && entity.headline ? entity.headline : t('feed.videoPost', { n: entity.idx + 1 });
  return (
    <video
      ref={ref}
      className="card__video"
      src={entity.entity_url}
      muted
      playsInline
      loop
      controls
      preload="metadata"
      controlsList="nodownload noremoteplayback"
      disablePictureInPicture
      onContextMenu={(e) => e.preventDefault()}
      aria-label={headline}
      data-feed-video
    />
  );
}

/** autoChanges counts each video's automatic changes, so a change clears only its own mark. */
const autoChanges = new WeakMap<HTMLVideoElement, number>();

/**
 * setVideoPlaying plays or pauses a card video on behalf of the play window, marking the
 * change as automatic so the card does not report it as the participant's.
 */
export function setVideoPlaying(v: HTMLVideoElement, play: boolean): void {
  if (play === !v.paused) return;
  v.dataset.auto = play ? 'play' : 'pause';
  // Only this change's own mark is cleared: a pause's timer, or an interrupted play's
  // promise, ending after a newer change must not unmark it (its event would then be
  // reported as the participant's).
  const change = (autoChanges.get(v) ?? 0) + 1;
  autoChanges.set(v, change);
  const done = () => {
    if (autoChanges.get(v) === change) delete v.dataset.auto;
  };
  if (play) {
    v.play().then(done, done);
  } else {
    v.pause();
    setTimeout(done, 100);
  }
}

/** playVideosInWindow plays the card videos whose centre is in the play window and pauses
 * the others (run on every scroll frame). */
export function playVideosInWindow(): void {
  for (const v of Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-feed-video]'))) {
    const r = v.getBoundingClientRect();
    setVideoPlaying(v, videoShouldPlay(r.top, r.height, window.innerHeight));
  }
}

/** CardSourceLine is the line above a card's media: the publisher's initial and name and the
 * time, as the condition shows them (nothing when it shows neither). */
export function CardSourceLine({ publisher, time }: { publisher: string; time: string }) {
  if (!publisher && !time) return null;
  return (
    <div className="card__source">
      {publisher ? (
        <span className="card__avatar" aria-hidden="true">
          {publisher.charAt(0).toUpperCase()}
        </span>
      ) : null}
      {publisher ? <span className="card__publisher">{publisher}</span> : null}
      {publisher && time ? <span aria-hidden="true"> · </span> : null}
      {time ? <span className="card__time">{time}</span> : null}
    </div>
  );
}
