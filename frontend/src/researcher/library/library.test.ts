import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LibrarySet } from '../api';
import { exportFilename, matchesSearch, othersText, uploadedByText, usedByCount } from './model';

const set = (over: Partial<LibrarySet> = {}): LibrarySet => ({
  entity_set: '20260101_election',
  entity_category: 'news',
  num_entities: 3,
  builtin: false,
  hidden: false,
  uploaded_by: 'ada',
  created_at: 1,
  used_by: ['fl-abc'],
  used_by_others: 0,
  ...over,
});

describe('library', () => {
  it('searches name, category, uploader and studies, every word', () => {
    assert.ok(matchesSearch(set(), ''));
    assert.ok(matchesSearch(set(), 'ELECTION ada'));
    assert.ok(matchesSearch(set(), 'fl-abc'));
    assert.ok(matchesSearch(set(), 'news'));
    assert.ok(!matchesSearch(set(), 'election grace'));
  });
  it('says who uploaded a set and how many studies use it', () => {
    assert.equal(uploadedByText(set()), 'ada');
    assert.equal(uploadedByText(set({ uploaded_by: '' })), 'command line');
    assert.equal(uploadedByText(set({ builtin: true, uploaded_by: '' })), 'built in');
    assert.equal(usedByCount(set({ used_by_others: 2 })), 3);
    assert.equal(othersText(1), "1 other researcher's study");
    assert.equal(othersText(2), "2 other researcher's studies");
    assert.equal(exportFilename('x'), 'x_stimulus_set.csv');
  });
});
