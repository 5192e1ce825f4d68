// The preference algorithm's adaptive feed: before showing the next block, the page asks
// the server (load_block) to rank the cards not yet shown toward what this participant
// engaged with. The answer replaces the feed from the block's start, in place, so the
// tracker (which holds the same array) and browser storage see the new order. Cards
// already shown never move. If the server cannot be reached the stored order is shown:
// the participant is never kept waiting by a ranking.
import { apiCall } from '../../lib/api';
import type { FeedEntity } from '../../lib/feedTypes';
import { storage } from '../../lib/storage';

interface BlockAnswer {
  data: { block: number; from: number; order_data: Array<Record<string, unknown>> };
}

/** applyBlock puts a block's cards in place from `from` on, renumbering their idx. */
export function applyBlock(entities: FeedEntity[], from: number, cards: Array<Record<string, unknown>>): void {
  if (from < 0 || from + cards.length !== entities.length) return; // not this feed's tail: keep it
  cards.forEach((c, i) => {
    entities[from + i] = { ...c, entity_id: String(c.entity_id), entity_url: String(c.entity_url), idx: from + i } as FeedEntity;
  });
}

/** loadNextBlock asks for the block starting at `shown` and applies it. */
export async function loadNextBlock(entities: FeedEntity[], shown: number): Promise<void> {
  try {
    const res = await apiCall<BlockAnswer>('/v1/load_block', {
      user_id: storage.get('user_id'),
      experiment_id: storage.get('experiment_id'),
      condition: storage.get('condition'),
      shown,
    });
    applyBlock(entities, res.data.from, res.data.order_data);
    storage.set('entities', entities);
  } catch (err) {
    console.error('feed: the next block could not be ranked; showing the stored order', err);
  }
}
