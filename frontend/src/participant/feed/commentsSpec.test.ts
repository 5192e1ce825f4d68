import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FeedEntity } from '../../lib/feedTypes';
import { commentsSpec, likedCommentsOf, ownCommentsOf, speakSpec, threadOf } from './commentsSpec';

const p = (value: string) => [{ param: 'comments', value }];

describe('seeded comments on the participant page', () => {
  it('reads the comments parameter: none by default, collapsed, first-N', () => {
    assert.equal(commentsSpec([]), null);
    assert.equal(commentsSpec(p('none')), null);
    assert.equal(commentsSpec(p('first-0')), null);
    assert.deepEqual(commentsSpec(p('Collapsed')), { mode: 'collapsed' });
    assert.deepEqual(commentsSpec(p('first-3')), { mode: 'first', n: 3 });
  });
  it('orders a thread: each comment followed by its replies; malformed entries left out', () => {
    const entity = {
      entity_id: '1',
      entity_url: '/x.png',
      idx: 0,
      comments: [
        { id: 'r1', author: 'L', text: 'r', likes: 0, reply_to: 'c1' },
        { id: 'c1', author: 'D', text: 'a', likes: 2 },
        { id: 'c2', author: 'S', text: 'b', likes: 0 },
        { id: 'bad' },
        { id: 'r2', author: 'K', text: 'r', likes: 0, reply_to: 'c1' },
      ],
    } as FeedEntity;
    assert.deepEqual(threadOf(entity).map((c) => c.id), ['c1', 'r1', 'r2', 'c2']);
    assert.deepEqual(threadOf({ entity_id: '2', entity_url: '', idx: 1 }), []);
  });
  it('reads what the participant may say (no unless yes) and what they said before a reload', () => {
    assert.deepEqual(speakSpec([]), { box: false, like: false });
    assert.deepEqual(speakSpec([{ param: 'feed-button-comment', value: 'Yes' }, { param: 'comment-like', value: 'no' }]), { box: true, like: false });
    const entity = {
      entity_id: '7',
      entity_url: '/x.png',
      idx: 0,
      own_comments: [{ id: 'e1', type: 'comment', text: 'Hi', target: '7' }, { id: 'e2', type: 'post', text: 'x', target: '' }, null],
      liked_comments: ['c1', 3],
    } as unknown as FeedEntity;
    assert.deepEqual(ownCommentsOf(entity), [{ id: 'e1', type: 'comment', text: 'Hi', target: '7' }]);
    assert.deepEqual(likedCommentsOf(entity), ['c1']);
  });
});
