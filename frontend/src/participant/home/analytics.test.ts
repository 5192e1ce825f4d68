import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { figuresFrom } from './analytics';

describe('figuresFrom', () => {
  it('shows the counts the appliance reports, however small', () => {
    assert.deepEqual(figuresFrom({ total_experiments: 0, total_users: 0 }), { experiments: 0, users: 0 });
    assert.deepEqual(figuresFrom({ total_experiments: 40, total_users: 20000 }), { experiments: 40, users: 20000 });
  });

  it('shows no figure for a count that is missing or not a number', () => {
    assert.deepEqual(figuresFrom({}), { experiments: undefined, users: undefined });
    assert.deepEqual(figuresFrom({ total_experiments: 12, total_users: 'many' }), { experiments: 12, users: undefined });
  });

  it('accepts numeric strings', () => {
    assert.deepEqual(figuresFrom({ total_experiments: '30', total_users: '16000' }), { experiments: 30, users: 16000 });
  });

  it('makes the contact a mailto or https link, and nothing else', () => {
    assert.deepEqual(figuresFrom({ contact_email: ' lab@example.org ' }).contact, { href: 'mailto:lab@example.org', text: 'lab@example.org' });
    assert.deepEqual(figuresFrom({ contact_url: 'https://example.org/lab' }).contact, { href: 'https://example.org/lab', text: 'example.org/lab' });
    assert.equal(figuresFrom({ contact_email: '' }).contact, undefined);
    assert.equal(figuresFrom({ contact_email: 'not an address' }).contact, undefined);
    assert.equal(figuresFrom({ contact_url: 'javascript:alert(1)' }).contact, undefined);
    assert.equal(figuresFrom({ contact_email: 7 }).contact, undefined);
  });
});
