// What a participant sees of a definition: blocks (items, or groups of items) in a fresh
// random order where the definition asks for it, and options shuffled or reversed where
// an item asks for it.
import type { Block, Questionnaire } from './types';

/** shuffle returns a Fisher-Yates shuffled copy; random returns [0, 1). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** arrange gives the blocks in the order shown, each field's options in the order shown.
 * Called once per visit, so the order is reshuffled every time the page is shown. */
export function arrange(q: Questionnaire, random: () => number = Math.random): Block[] {
  let blocks = q.shuffleBlocks ? shuffle(q.blocks, random) : [...q.blocks];
  // A researcher's randomize_options: each such question's options in a fresh order.
  if (blocks.some((b) => b.fields.some((f) => (f.kind === 'radio' || f.kind === 'checkbox') && f.shuffleOptions))) {
    blocks = blocks.map((b) => ({
      ...b,
      fields: b.fields.map((f) => ((f.kind === 'radio' || f.kind === 'checkbox') && f.shuffleOptions ? { ...f, options: shuffle(f.options, random) } : f)),
    }));
  }
  return blocks.map((b) => ({
    ...b,
    fields: b.fields.map((f) => ((f.kind === 'radio' || f.kind === 'checkbox') && f.reverseOptions ? { ...f, options: [...f.options].reverse() } : f)),
  }));
}
