// The swipe feed's arrow keys (docs/accessibility.md, "Keyboard alone"). The feed moves up
// and down, so ArrowDown and ArrowUp (and PageDown, Space, ...) are the browser's own
// scrolling of the focused swiper. ArrowLeft and ArrowRight, which the browser would ignore
// here, move one post along the reading direction, as a carousel does: in a left-to-right
// language Right is the next post and Left the one before; right to left (Arabic, Hebrew,
// ...) the reading direction turns, so Left is the next post and Right the one before.

/** swipeStep is how many posts a key moves the swiper (1 on, -1 back, 0 for a key it leaves
 * to the browser), for a page laid out in dir. A key with a modifier is the browser's
 * (Alt+Left is Back) and so is any key typed into a field. */
export function swipeStep(e: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }, dir: string, inField = false): number {
  if (inField || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (e.key === forward) return 1;
  if (e.key === back) return -1;
  return 0;
}

/** isField: the element takes arrow keys itself (a text box, a choice, a slider). */
export function isField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
}
