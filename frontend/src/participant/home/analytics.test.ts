import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FALLBACK_FIGURES, figuresFrom, formatCount } from './analytics';

describe('figuresFrom', () => {
  it('shows reported counts above the fallbacks', () => {
    assert.deepEqual(figuresFrom({ total_experiments: 40, total_users: 20000 }), { experiments: 40, users: 20000 });
  });

  it('keeps each fallback when its count is lower, missing or not a number', () => {
    assert.deepEqual(figuresFrom({ total_experiments: 1, total_users: 0 }), { ...FALLBACK_FIGURES });
    assert.deepEqual(figuresFrom({ total_experiments: 12, total_users: 'many' }), { experiments: 12, users: 15203 });
    assert.deepEqual(figuresFrom({}), { experiments: 11, users: 15203 });
  });

  it('accepts numeric strings', () => {
    assert.deepEqual(figuresFrom({ total_experiments: '30', total_users: '16000' }), { experiments: 30, users: 16000 });
  });

  it('passes a contact email on only when it looks like one', () => {
    assert.equal(figuresFrom({ contact_email: ' lab@example.org ' }).contactEmail, 'lab@example.org');
    assert.equal(figuresFrom({ contact_email: '' }).contactEmail, undefined);
    assert.equal(figuresFrom({ contact_email: 'not an address' }).contactEmail, undefined);
    assert.equal(figuresFrom({ contact_email: 7 }).contactEmail, undefined);
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    assert.equal(formatCount(15203), '15,203');
    assert.equal(formatCount(11), '11');
  });
});
