import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parentOrigins } from './parent';

const docWith = (content: string | null) => ({
  querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)),
});

describe('parentOrigins', () => {
  it('is the own origin alone without configured parents', () => {
    assert.deepEqual(parentOrigins(docWith(null), 'http://lab:8080'), ['http://lab:8080']);
  });
  it('adds the configured exact origins and never a wildcard', () => {
    assert.deepEqual(parentOrigins(docWith('https://survey.example.org * https://*.q.com https://b.org/x'), 'http://lab'), [
      'http://lab',
      'https://survey.example.org',
    ]);
  });
});
