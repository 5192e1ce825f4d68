import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { createStore, memoryBackend, openLocalStorage, STORAGE_KEYS, type StorageBackend } from './storage';

// A Map-backed stand-in for window.localStorage; raw lets a test plant any string.
const mapBackend = memoryBackend;

afterEach(() => mock.restoreAll());

describe('storage round trip', () => {
  it('stores every kind of value as JSON under the spec key and reads it back', () => {
    const backend = mapBackend();
    const store = createStore(backend);
    assert.equal(store.durable, true);

    assert.equal(store.set('user_id', '1700000000000_ab3de'), true);
    store.set('condition', 2);
    store.set('complete', 1);
    store.set('queryParams', { PROLIFIC_PID: 'p1', rid: 'r 2' });
    store.set('redirectionRoutes', [{ '/form/crt': 0 }, { '/': 1 }]);
    store.set('entities', [{ entity_id: 'e1', entity_url: '/media/a.png', idx: 0, headline: 'h' }]);

    assert.equal(backend.raw.get('user_id'), '"1700000000000_ab3de"');
    assert.equal(backend.raw.get('condition'), '2');
    assert.equal(store.get('user_id'), '1700000000000_ab3de');
    assert.equal(store.get('condition'), 2);
    assert.equal(store.get('complete'), 1);
    assert.deepEqual(store.get('queryParams'), { PROLIFIC_PID: 'p1', rid: 'r 2' });
    assert.deepEqual(store.get('redirectionRoutes'), [{ '/form/crt': 0 }, { '/': 1 }]);
    assert.equal(store.get('entities')?.[0]?.headline, 'h');
  });

  it('returns undefined for a missing key and removes several keys at once', () => {
    const store = createStore(mapBackend());
    assert.equal(store.get('nextRoute'), undefined);
    store.set('nextRoute', '/form/ses');
    store.set('experiment_id', 'solarflare');
    store.remove('nextRoute', 'experiment_id');
    assert.equal(store.get('nextRoute'), undefined);
    assert.equal(store.get('experiment_id'), undefined);
  });

  it('manages exactly the spec keys (plus end_screen, form_draft and feed_position, kept for a reload, lures for a recognition test and form_progress for a questionnaire of several pages, comments_seen so a reload does not send a comment_seen twice, text_size for the Larger text choice)', () => {
    assert.deepEqual(
      [...STORAGE_KEYS].sort(),
      [
        'user_id', 'condition', 'experiment_id', 'experiment_parameters', 'entities',
        'entities_engage', 'intersect_events', 'modalShown', 'video', 'startTime',
        'popupTime', 'complete', 'nextRoute', 'redirectionRoutes', 'queryParams',
        'end_screen', 'form_draft', 'feed_position', 'intervention', 'lures', 'form_progress', 'comments_seen', 'text_size',
      ].sort(),
    );
  });
});

describe('corrupt values', () => {
  const cases = [
    ['condition', '{not json'],
    ['condition', '"2"'],
    ['startTime', 'null'],
    ['complete', '2'],
    ['entities', '{"a":1}'],
    ['queryParams', '[1,2]'],
    ['user_id', '42'],
  ] as const;
  for (const [key, raw] of cases) {
    it(`${key} = ${raw} reads as undefined`, () => {
      const backend = mapBackend();
      backend.raw.set(key, raw);
      assert.equal(createStore(backend).get(key), undefined);
    });
  }

  it('lets a corrupt value be overwritten', () => {
    const backend = mapBackend();
    backend.raw.set('modalShown', '{{');
    const store = createStore(backend);
    store.set('modalShown', 0);
    assert.equal(store.get('modalShown'), 0);
  });
});

describe('unavailable storage', () => {
  it('keeps values in memory when there is no storage at all', () => {
    const store = createStore(null);
    assert.equal(store.durable, false);
    assert.equal(store.set('experiment_id', 'solarflare'), false);
    assert.equal(store.get('experiment_id'), 'solarflare');
    store.remove('experiment_id');
    assert.equal(store.get('experiment_id'), undefined);
  });

  it('never throws when every storage call throws', () => {
    mock.method(console, 'warn', () => {});
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const store = createStore({ getItem: denied, setItem: denied, removeItem: denied });
    assert.equal(store.get('user_id'), undefined);
    assert.equal(store.set('user_id', 'u1'), false);
    assert.equal(store.get('user_id'), 'u1');
    assert.doesNotThrow(() => store.remove('user_id'));
    assert.equal(store.get('user_id'), undefined);
  });

  it('falls back to memory when storage is full and drops the stale durable copy', () => {
    mock.method(console, 'warn', () => {});
    const backend = mapBackend();
    backend.raw.set('intersect_events', '[]');
    const full: StorageBackend = {
      ...backend,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const store = createStore(full);
    const events = [{ idx: 0, inview: true, entity_id: 'e1', entity_url: '/a.png', time: 5 }];
    assert.equal(store.set('intersect_events', events), false);
    assert.deepEqual(store.get('intersect_events'), events);
    assert.equal(backend.raw.has('intersect_events'), false);
  });

  it('reports an unencodable value instead of throwing', () => {
    mock.method(console, 'error', () => {});
    const store = createStore(mapBackend());
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.equal(store.set('video', cyclic), false);
    assert.equal(store.get('video'), undefined);
  });

  it('openLocalStorage returns null where there is no localStorage', () => {
    assert.equal(openLocalStorage(), null);
  });
});
