// The adaptive feed's block: the server's cards replace the tail in place, renumbered;
// an answer that does not fit the feed changes nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FeedEntity } from '../../lib/feedTypes';
import { applyBlock } from './adaptive';

const feed = (): FeedEntity[] => ['1', '2', '3', '4'].map((id, idx) => ({ entity_id: id, entity_url: `/media/${id}.png`, idx }) as FeedEntity);

describe('applyBlock', () => {
  it('replaces the feed from the block on and renumbers idx', () => {
    const entities = feed();
    const same = entities;
    applyBlock(entities, 2, [{ entity_id: 4, entity_url: '/media/4.png', idx: 3 }, { entity_id: '3', entity_url: '/media/3.png' }]);
    assert.equal(entities, same);
    assert.deepEqual(entities.map((e) => [e.entity_id, e.idx]), [['1', 0], ['2', 1], ['4', 2], ['3', 3]]);
  });
  it('keeps the feed when the answer is not its tail', () => {
    const entities = feed();
    applyBlock(entities, 3, [{ entity_id: '9', entity_url: '/x' }, { entity_id: '8', entity_url: '/y' }]);
    applyBlock(entities, -1, []);
    assert.deepEqual(entities.map((e) => e.entity_id), ['1', '2', '3', '4']);
  });
});
