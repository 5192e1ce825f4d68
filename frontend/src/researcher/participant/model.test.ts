import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventText, reasonProblem, scoreText, sinceArrival } from './model';

describe('participant page', () => {
  it('says times relative to arrival', () => {
    assert.equal(sinceArrival(1000, 1000), '+0 s');
    assert.equal(sinceArrival(5200, 1000), '+4.2 s');
    assert.equal(sinceArrival(1000 + 185_000, 1000), '+3 min 5 s');
    assert.equal(sinceArrival(1000 + 2 * 3_600_000 + 60_000, 1000), '+2 h 1 min');
    assert.equal(sinceArrival(0, 1000), '+0 s');
  });
  it('says each event in a line', () => {
    assert.equal(eventText({ at: 0, kind: 'dwell', what: 'dwell', entity_id: 7, detail: '1200' }), 'card 7 in view 1200 ms');
    assert.equal(eventText({ at: 0, kind: 'engagement', what: 'likes', entity_id: 3, detail: '1' }), 'likes on card 3 (1)');
    assert.equal(eventText({ at: 0, kind: 'checkpoint', what: 'feed-landed', detail: '1' }), 'feed-landed');
    assert.equal(eventText({ at: 0, kind: 'completion', what: 'completed', detail: 'C0DE' }), 'completed with code C0DE');
  });
  it('writes scores and checks reasons', () => {
    assert.equal(scoreText(null), '—');
    assert.equal(scoreText(0.123456), '0.1235');
    assert.match(reasonProblem('  '), /Give a reason/);
    assert.match(reasonProblem('é'.repeat(501)), /500 characters \(it has 501\)/);
    assert.equal(reasonProblem('bot'), '');
  });
});
