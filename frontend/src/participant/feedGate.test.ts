import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore } from '../lib/storage';
import { showsFeed } from './feedGate';

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
