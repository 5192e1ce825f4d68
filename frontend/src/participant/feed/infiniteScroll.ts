// Infinite scroll of the scroll layout: the next block of cards (rules.nextBlockEnd) is
// shown, after a short 'Loading…', when the list's bottom comes near the viewport's
// (rules.nearBottom).
import { useEffect, useState, type RefObject } from 'react';
import { nearBottom, nextBlockEnd } from './rules';

/** ScrollStatus is the list's state: more to show, a block on its way, or everything shown. */
export type ScrollStatus = 'idle' | 'loading' | 'complete';

/** BLOCK_DELAY_MS is how long 'Loading…' shows before the next block appears. */
const BLOCK_DELAY_MS = 150;

/**
 * FIRST_PAINT_CARDS cards are in the feed's first frame, then MORE_PER_FRAME more a frame
 * until the first block is there. Rendering the whole first block (25 cards) at once took
 * about 0.35 s on a slow phone (4x CPU slowdown) before anything was painted, while the
 * participant sees two cards at most: the first card now paints that much sooner
 * (phone-bench.mjs). Small steps keep frames coming, so the first card's image paints
 * while the rest arrive.
 */
export const FIRST_PAINT_CARDS = 3;
const MORE_PER_FRAME = 4;

/**
 * useInfiniteScroll returns how many cards to show (at least minShown, rounded up to a
 * block; a fresh feed's first block a few cards a frame) and the list's status. The swipe
 * layout shows every card at once. On every scroll
 * or resize (once per animation frame) it checks the list's bottom, then calls onFrame (the
 * feed uses it for the videos' play window). beforeBlock, when given, runs (and is
 * awaited) before each next block appears.
 */
export function useInfiniteScroll(
  listRef: RefObject<HTMLElement>,
  swipe: boolean,
  total: number,
  onFrame: () => void,
  minShown = 0,
  beforeBlock?: (shown: number) => Promise<void>,
) {
  // After a reload, enough blocks to hold the card the participant was reading.
  const [initial] = useState(() => {
    if (swipe) return total;
    let n = nextBlockEnd(0, total);
    while (n < minShown && n < total) n = nextBlockEnd(n, total);
    return n;
  });
  const [shownCount, setShownCount] = useState(initial);
  const [status, setStatus] = useState<ScrollStatus>(() => (swipe || initial >= total ? 'complete' : 'idle'));
  // After a reload the card to return to must be there at once: no steps then.
  const [rendered, setRendered] = useState(() => (swipe || minShown > 0 ? initial : Math.min(initial, FIRST_PAINT_CARDS)));
  const caughtUp = rendered >= initial;
  useEffect(() => {
    if (caughtUp) return;
    // Effects run after the browser painted (Preact), so each step follows a frame.
    const t = setTimeout(() => setRendered((n) => Math.min(initial, n + MORE_PER_FRAME)), 0);
    return () => clearTimeout(t);
  }, [rendered]);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const list = listRef.current;
      // Until the first block is all there the list is short on purpose: not a reason to load more.
      if (!swipe && list && caughtUp && status === 'idle' && nearBottom(list.getBoundingClientRect().bottom, window.innerHeight)) {
        setStatus('loading');
        // An adaptive feed (beforeBlock) has the server rank the next block first.
        const ready = Promise.all([beforeBlock?.(shownCount), new Promise((r) => setTimeout(r, BLOCK_DELAY_MS))]);
        void ready.then(() => {
          setShownCount((n) => {
            const next = nextBlockEnd(n, total);
            setStatus(next >= total ? 'complete' : 'idle');
            return next;
          });
        });
      }
      onFrame();
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
  }, [status, shownCount, caughtUp]);

  // While the first block is still arriving, neither its end ('No more data', the submit
  // button) nor more cards than are rendered show.
  return caughtUp ? { shownCount, status } : { shownCount: rendered, status: 'idle' as ScrollStatus };
}
