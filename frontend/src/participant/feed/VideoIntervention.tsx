import { useEffect, useRef, useState } from 'react';
import { logCheckpoint } from '../../lib/events';
import { storage } from '../../lib/storage';
import { Dialog } from './Dialog';
import { VIDEO_GATE_MS } from './rules';
import { t } from '../i18n';


interface VideoState {
  /** src identifies whose video this is: user_id|experiment_id|video URL. */
  src?: string;
  /** loadedAt is when the video first loaded (ms since the epoch), kept across reloads. */
  loadedAt?: number;
  ended?: boolean;
}

/** videoGatePassed: the video ended and at least 105 s passed since it loaded. */
export function videoGatePassed(state: VideoState, now: number): boolean {
  return state.ended === true && typeof state.loadedAt === 'number' && now - state.loadedAt >= VIDEO_GATE_MS;
}

/**
 * VideoIntervention is the default-modal: a video page that cannot be closed. It asks the
 * participant to turn up the volume; Continue appears once the video has ended and 105 s
 * have passed since it loaded (a shorter video plays again until then). Reaching that
 * point sets modalShown to 1.
 */
export function VideoIntervention({ src, onDone }: { src: string; onDone: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [done, setDone] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    // The state belongs to this participant, experiment and video only.
    const owner = `${storage.get('user_id') ?? ''}|${storage.get('experiment_id') ?? ''}|${src}`;
    const state = (): VideoState => {
      const s = (storage.get('video') ?? {}) as VideoState;
      return s.src === owner ? s : { src: owner };
    };
    logCheckpoint('intervention-video-shown', src);
    const start = () => {
      v.play().then(
        () => setBlocked(false),
        () => setBlocked(true), // autoplay with sound needs a gesture: offer a Play button
      );
    };
    const onLoaded = () => {
      const s = state();
      if (s.loadedAt === undefined) storage.set('video', { ...s, loadedAt: Date.now() });
      start();
    };
    const onPlaying = () => logCheckpoint('intervention-video-start', Date.now());
    const onEnded = () => {
      logCheckpoint('intervention-video-end', Date.now());
      const s = { ...state(), ended: true };
      storage.set('video', s);
      if (videoGatePassed(s, Date.now())) {
        storage.set('modalShown', 1);
        setDone(true);
      } else {
        v.currentTime = 0;
        start();
      }
    };
    v.addEventListener('loadeddata', onLoaded);
    v.addEventListener('playing', onPlaying);
    v.addEventListener('ended', onEnded);
    if (v.readyState >= 2) onLoaded();
    return () => {
      v.removeEventListener('loadeddata', onLoaded);
      v.removeEventListener('playing', onPlaying);
      v.removeEventListener('ended', onEnded);
    };
  }, [src]);

  return (
    <Dialog labelledBy="video-title" className="dialog--video">
      <h2 id="video-title">{t('video.title')}</h2>
      <p>{t('video.text')}</p>
      <video ref={ref} className="intervention__video" src={src} playsInline preload="auto" aria-label={t('video.label')} />
      {blocked && !done ? (
        <button type="button" className="button button--accent" data-autofocus onClick={() => ref.current?.play().then(() => setBlocked(false), () => {})}>
          Play video
        </button>
      ) : null}
      {done ? (
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onDone} data-autofocus>
            {t('common.continue')}
          </button>
        </div>
      ) : (
        <p className="intervention__wait">{t('video.wait')}</p>
      )}
    </Dialog>
  );
}
