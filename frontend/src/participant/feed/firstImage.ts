// The first card's image goes first. On a thin phone connection every image the feed
// starts shares the same few hundred kilobits: six images at once made the first card wait
// for all six (BENCHMARKS.md, "The participant's phone"). The other cards' images start
// once the first card's image has loaded or failed, or after FIRST_IMAGE_WAIT_MS at most.
import { useEffect, useState } from 'react';

/** FIRST_IMAGE_WAIT_MS bounds the wait, so a slow or broken first image holds no one. */
export const FIRST_IMAGE_WAIT_MS = 2500;

let settled = false;
const waiting = new Set<() => void>();

/** firstImageSettled releases the other cards' images (the first card calls it). */
export function firstImageSettled(): void {
  if (settled) return;
  settled = true;
  for (const release of waiting) release();
  waiting.clear();
}

/** useImageTurn is true once the card at idx may start its image: at once for the first. */
export function useImageTurn(idx: number): boolean {
  const [turn, setTurn] = useState(idx === 0 || settled);
  useEffect(() => {
    if (turn) return;
    const release = () => setTurn(true);
    waiting.add(release);
    const timer = setTimeout(firstImageSettled, FIRST_IMAGE_WAIT_MS);
    return () => {
      waiting.delete(release);
      clearTimeout(timer);
    };
  }, [turn]);
  return turn;
}
