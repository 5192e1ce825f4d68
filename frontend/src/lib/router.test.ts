import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findRoute, matchPattern } from './router';

describe('matchPattern', () => {
  const cases: Array<[string, string, Record<string, string> | null]> = [
    ['/', '/', {}],
    ['/', '/about', null],
    ['/about', '/', null],
    ['/about', '/about', {}],
    ['/about', '/about/', {}],
    ['/about', '/abou', null],
    ['/studies/:experiment_id', '/studies/abc123', { experiment_id: 'abc123' }],
    ['/studies/:experiment_id', '/studies/abc123/', { experiment_id: 'abc123' }],
    ['/studies/:experiment_id', '/studies', null],
    ['/studies/:experiment_id', '/studies/', null],
    ['/studies/:experiment_id', '/studies/a/b', null],
    ['/studies/:experiment_id', '/studiesx/a', null],
    ['/sets/:entity_set', '/sets/news%20set', { entity_set: 'news set' }],
    ['/sets/:entity_set', '/sets/%E0%A4%A', null],
    ['/a/:x/b/:y', '/a/1/b/2', { x: '1', y: '2' }],
    ['/a/:x/b/:y', '/a/1/c/2', null],
  ];
  for (const [pattern, path, want] of cases) {
    it(`${pattern} vs ${path}`, () => assert.deepEqual(matchPattern(pattern, path), want));
  }
});

describe('findRoute', () => {
  const routes = { '/studies': 'list', '/studies/:experiment_id': 'one', '/studies/new': 'new', '/': 'root' };

  it('matches exact paths', () => {
    assert.deepEqual(findRoute(routes, '/studies'), { pattern: '/studies', page: 'list', params: {} });
    assert.equal(findRoute(routes, '/')?.page, 'root');
  });

  it('prefers an exact path over a pattern', () => {
    assert.equal(findRoute(routes, '/studies/new')?.page, 'new');
  });

  it('matches a pattern with its params', () => {
    assert.deepEqual(findRoute(routes, '/studies/x1'), { pattern: '/studies/:experiment_id', page: 'one', params: { experiment_id: 'x1' } });
  });

  it('ignores a trailing slash', () => {
    assert.equal(findRoute(routes, '/studies/')?.page, 'list');
  });

  it('finds nothing for other paths', () => {
    assert.equal(findRoute(routes, '/nope'), null);
    assert.equal(findRoute(routes, '/studies/x/y'), null);
  });

  it('does not treat a literal ":name" path as an exact match of the pattern', () => {
    assert.deepEqual(findRoute(routes, '/studies/:experiment_id')?.params, { experiment_id: ':experiment_id' });
  });

  it('never matches inherited object keys', () => {
    assert.equal(findRoute(routes, '/constructor'), null);
    assert.equal(findRoute({}, '/toString'), null);
  });
});
