// Parts of the participant's page that the first card does not need (the end, the
// interventions) load as chunks of their own, so a slow phone downloads and runs less before
// its first card (issue 28). Unlike React.lazy, a chunk that cannot load (the phone went
// offline) is not an error for the whole page: the part says so to its caller, which shows
// a fallback, and the load is tried again.
import { useEffect, useState } from 'react';
import { styled } from './lazyStyle';

/** Chunk is one dynamically imported module, loaded once. */
export interface Chunk<T> {
  /** get loads the module (once; a failed load is forgotten, so the next call tries again). */
  get(): Promise<T>;
  /** now is the module if it has loaded, else null. */
  now(): T | null;
  /** prefetch starts loading it and ignores a failure (the part tries again when shown). */
  prefetch(): void;
}

/** chunk wraps a dynamic import; the module resolves once its stylesheets have loaded. */
export function chunk<T>(load: () => Promise<T>): Chunk<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const get = () => {
    pending ??= load()
      .then(styled)
      .then(
        (m) => (loaded = m),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      );
    return pending;
  };
  return {
    get,
    now: () => loaded,
    prefetch: () => void get().catch(() => undefined),
  };
}

/** RETRY_FIRST_MS and RETRY_MAX_MS bound how often a part that could not load tries again. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * useChunk is the chunk's module once loaded (null until then) and whether a load has
 * failed. While the part is shown (wanted) and its module missing, the load is tried again,
 * with a growing pause and at once when the browser says it is back online.
 */
export function useChunk<T>(c: Chunk<T>, wanted = true): { module: T | null; failed: boolean } {
  const [module, setModule] = useState<T | null>(() => c.now());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module || !wanted) return;
    let stopped = false;
    let delay = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      clearTimeout(timer);
      c.get().then(
        (m) => {
          if (!stopped) setModule(() => m);
        },
        () => {
          if (stopped) return;
          setFailed(true);
          timer = setTimeout(attempt, delay);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        },
      );
    };
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', attempt);
    };
  }, [wanted]);
  return { module, failed };
}

/**
 * afterFirstCard runs fn once the feed's first card has its image (or has none), when the
 * browser is idle: prefetching earlier would share the phone's thin link with that image.
 */
export function afterFirstCard(fn: () => void): () => void {
  let done = false;
  let stop = () => {};
  const run = () => {
    if (done) return;
    done = true;
    stop();
    const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(fn, { timeout: 2_000 });
    else setTimeout(fn, 200);
  };
  const img = document.querySelector<HTMLImageElement>('article[data-idx="0"] img');
  if (!img || img.complete) run();
  else {
    img.addEventListener('load', run);
    img.addEventListener('error', run);
    // The image may be replaced or never finish; the parts come anyway, a little later.
    const bound = setTimeout(run, 10_000);
    stop = () => {
      img.removeEventListener('load', run);
      img.removeEventListener('error', run);
      clearTimeout(bound);
    };
  }
  return () => {
    done = true;
    stop();
  };
}
