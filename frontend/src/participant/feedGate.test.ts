import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore } from '../lib/storage';
import { isTruncatedLink, platformReturn, showsFeed } from './feedGate';

describe('showsFeed', () => {
  it('shows the home page to a visitor with no experiment', () => {
    assert.equal(showsFeed(new URLSearchParams(''), createStore(null)), false);
    assert.equal(showsFeed(new URLSearchParams('experiment_id='), createStore(null)), false);
  });

  it('shows the feed when the URL names an experiment', () => {
    assert.equal(showsFeed(new URLSearchParams('experiment_id=solarflare'), createStore(null)), true);
  });

  it('shows the feed while a stored experiment is unfinished, not after it', () => {
    const store = createStore(null);
    store.set('experiment_id', 'abc123');
    assert.equal(showsFeed(new URLSearchParams(''), store), true);
    store.set('complete', 1);
    assert.equal(showsFeed(new URLSearchParams(''), store), false);
  });
});

describe('truncated links and the way back', () => {
  it('a platform arrival without experiment_id is a truncated link, shown by the feed page', () => {
    const store = createStore(null);
    assert.equal(isTruncatedLink(new URLSearchParams('PROLIFIC_PID=p1&STUDY_ID=s'), store), true);
    assert.equal(showsFeed(new URLSearchParams('PROLIFIC_PID=p1'), store), true);
    assert.equal(isTruncatedLink(new URLSearchParams('PROLIFIC_PID=p1&experiment_id=fl-1'), store), false);
    assert.equal(isTruncatedLink(new URLSearchParams('utm_source=x'), store), false);
    store.set('experiment_id', 'fl-1');
    assert.equal(isTruncatedLink(new URLSearchParams('PROLIFIC_PID=p1'), store), false, 'a study in progress');
  });

  it('links back to the platform the participant came from, never to a completion URL', () => {
    const store = createStore(null);
    assert.deepEqual(platformReturn(new URLSearchParams('PROLIFIC_PID=p1'), store), { href: 'https://app.prolific.com/', label: 'Back to Prolific' });
    assert.deepEqual(platformReturn(new URLSearchParams('workerId=w&assignmentId=a'), store), { href: 'https://worker.mturk.com/', label: 'Back to MTurk' });
    assert.equal(platformReturn(new URLSearchParams('RID=r'), store), null);
    assert.equal(platformReturn(new URLSearchParams(''), store), null);
  });
});
