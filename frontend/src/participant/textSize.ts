// The participant's text size (text-size, docs/accessibility.md "Larger text"): large
// raises the root font size through a class on <html>, so everything sized in rem grows
// while the cards' widths, the blocks and the visibility rule that dwell is measured by
// stay as they are; under offer the participant chooses with a "Larger text" switch
// (TextSizeSwitch.tsx), the choice kept for the session and recorded as a checkpoint.
import { CHECKPOINT_TEXT_SIZE, type TextSize } from '../generated/registry';
import { logCheckpoint } from '../lib/events';
import type { ExperimentParameter } from '../lib/feedTypes';
import type { SessionStore } from '../lib/storage';

/** LARGE_CLASS is the class on <html> that raises the root font size (base.css). */
export const LARGE_CLASS = 'text-large';

/** textSizeOf is a condition's text-size; normal when it sets none (or a value this page does not know). */
export function textSizeOf(params: ReadonlyArray<ExperimentParameter> | undefined): TextSize {
  const v = params?.find((p) => p.param === 'text-size')?.value;
  return v === 'large' || v === 'offer' ? v : 'normal';
}

/** readsLarge: the participant reads large text: the condition says so, or they chose it under offer. */
export function readsLarge(params: ReadonlyArray<ExperimentParameter> | undefined, store: SessionStore): boolean {
  const size = textSizeOf(params);
  return size === 'large' || (size === 'offer' && store.get('text_size')?.large === true);
}

/** applyTextSize sets or clears the class on <html>. */
export function applyTextSize(large: boolean): void {
  if (typeof document !== 'undefined') document.documentElement.classList.toggle(LARGE_CLASS, large);
}

/** chooseTextSize keeps the participant's choice for the session (a reload keeps it) and shows it at once. */
export function chooseTextSize(store: SessionStore, large: boolean): void {
  store.set('text_size', { large, sent: false });
  applyTextSize(large);
}

/**
 * recordTextSize sends the choice as the checkpoint text-size (normal or large), once: a
 * second call, or a reload after it, sends nothing until the participant chooses again.
 */
export function recordTextSize(store: SessionStore, log: (checkpoint: string, value: string) => unknown = logCheckpoint): void {
  const choice = store.get('text_size') ?? { large: false, sent: false };
  if (choice.sent) return;
  log(CHECKPOINT_TEXT_SIZE, choice.large ? 'large' : 'normal');
  store.set('text_size', { ...choice, sent: true });
}
