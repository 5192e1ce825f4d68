// Which cards are in view: one IntersectionObserver for every card of the feed, with the
// visibility threshold of the viewport's height (a card taller than the viewport counts as
// in view when it fills it). Entering and leaving view is what the tracker turns into dwell.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedEntity } from '../../lib/feedTypes';
import { visibilityThreshold } from './rules';
import type { FeedTracker } from './tracker';

/** RATIO_STEPS are the observer's thresholds: every 5 %, so a card's ratio is known closely. */
const RATIO_STEPS = Array.from({ length: 21 }, (_, i) => i / 20);

/**
 * useCardVisibility reports each card entering and leaving view to the tracker, and calls
 * onInView(entity) when one comes into view. It returns `register`, the ref callback each
 * card passes its element to (null when it unmounts), and `flush`.
 */
export function useCardVisibility(tracker: FeedTracker, onInView: (entity: FeedEntity) => void) {
  const observer = useRef<IntersectionObserver | null>(null);
  const byElement = useRef(new Map<Element, FeedEntity>());
  const inViewRef = useRef(onInView);
  inViewRef.current = onInView;

  const [threshold, setThreshold] = useState(() => visibilityThreshold(window.innerHeight));
  useEffect(() => {
    const onResize = () => setThreshold(visibilityThreshold(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const handle = useRef<(entries: IntersectionObserverEntry[]) => void>(() => {});
  handle.current = (entries) => {
    for (const entry of entries) {
      const entity = byElement.current.get(entry.target);
      if (!entity) continue;
      const rootH = entry.rootBounds?.height ?? window.innerHeight;
      const fit = Math.min(1, rootH / Math.max(1, entry.boundingClientRect.height));
      const needed = Math.min(threshold, fit) - 0.02;
      const inview = entry.isIntersecting && entry.intersectionRatio >= needed;
      tracker.visibility(entity, inview);
      if (inview) inViewRef.current(entity);
    }
  };

  useEffect(() => {
    const io = new IntersectionObserver((entries) => handle.current(entries), { threshold: RATIO_STEPS });
    observer.current = io;
    byElement.current.forEach((_, el) => io.observe(el));
    return () => io.disconnect();
  }, [tracker, threshold]);

  /** flush hands the tracker the intersections the observer has noticed but not yet
   * reported (its callback runs later), so the submit sees the last card reached. */
  const flush = useCallback(() => {
    const io = observer.current;
    if (io) handle.current(io.takeRecords());
  }, []);

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

  return { register, flush };
}
