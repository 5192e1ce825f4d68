import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore, memoryBackend } from './storage';
import {
  advance,
  advanceRoutes,
  buildRedirectionRoutes,
  finishFlow,
  generateUserId,
  modalsAllowed,
  paramValue,
  pendingBefore,
  SESSION_EXPIRY_MS,
  startSession,
} from './session';
import { encodeFormFields } from './events';
import type { RedirectionRoute } from './feedTypes';

const memStore = () => createStore(memoryBackend());

const q = (s: string) => new URLSearchParams(s);
const T0 = 1_700_000_000_000;

describe('user_id', () => {
  it('is generated as timestamp, underscore, 5 characters of 0-9a-z', () => {
    assert.match(generateUserId(T0), /^1700000000000_[0-9a-z]{5}$/);
    assert.equal(generateUserId(T0, () => 0.999999), '1700000000000_zzzzz');
  });
  it('comes from the URL, else storage, else is generated; a URL change is a new state', () => {
    const s = memStore();
    const first = startSession(q(''), s, T0);
    assert.match(first.userId, /^\d+_[0-9a-z]{5}$/);
    assert.equal(startSession(q(''), s, T0 + 1).userId, first.userId);
    const changed = startSession(q('user_id=abc'), s, T0 + 2);
    assert.equal(changed.userId, 'abc');
    assert.equal(changed.newState, true);
    assert.equal(startSession(q('user_id=abc'), s, T0 + 3).newState, false);
  });
});

describe('experiment_id', () => {
  it('defaults to solarflare, is taken from the URL, and a change clears the feed state', () => {
    const s = memStore();
    assert.equal(startSession(q(''), s, T0).experimentId, 'solarflare');
    s.set('entities', [{ entity_id: '1', entity_url: '/x.png', idx: 0 }]);
    s.set('popupTime', T0);
    const r = startSession(q('experiment_id=fl-abc'), s, T0 + 1);
    assert.equal(r.experimentId, 'fl-abc');
    assert.equal(r.newState, true);
    assert.equal(s.get('entities'), undefined);
    assert.equal(s.get('popupTime'), undefined);
    s.set('entities', [{ entity_id: '1', entity_url: '/x.png', idx: 0 }]);
    assert.equal(startSession(q('experiment_id=fl-abc'), s, T0 + 2).newState, false);
    assert.equal(s.get('entities')?.length, 1, 'same experiment keeps the feed');
    assert.equal(startSession(q(''), s, T0 + 3).experimentId, 'fl-abc', 'stored value kept');
  });
  it('keeps the arrival query parameters', () => {
    const s = memStore();
    startSession(q('experiment_id=x&PROLIFIC_PID=p1&STUDY_ID=s'), s, T0);
    assert.deepEqual(s.get('queryParams'), { experiment_id: 'x', PROLIFIC_PID: 'p1', STUDY_ID: 's' });
  });
});

describe('session expiry', () => {
  it('after 180 minutes resets the start time and clears the feed state', () => {
    const s = memStore();
    startSession(q('experiment_id=x'), s, T0);
    s.set('entities_engage', {});
    s.set('intersect_events', []);
    assert.equal(startSession(q(''), s, T0 + SESSION_EXPIRY_MS).expired, false);
    assert.equal(s.get('entities_engage') !== undefined, true);
    const later = startSession(q(''), s, T0 + SESSION_EXPIRY_MS + 1);
    assert.equal(later.expired, true);
    assert.equal(s.get('startTime'), T0 + SESSION_EXPIRY_MS + 1);
    assert.equal(s.get('entities_engage'), undefined);
    assert.equal(s.get('intersect_events'), undefined);
  });
});

describe('popup timer', () => {
  it('allows modals with no popup time or after more than 6 ms', () => {
    const s = memStore();
    assert.equal(modalsAllowed(s, T0), true);
    s.set('popupTime', T0);
    assert.equal(modalsAllowed(s, T0 + 6), false);
    assert.equal(modalsAllowed(s, T0 + 7), true);
  });
});

describe('redirection chain', () => {
  const params = (p: Record<string, string>) => Object.entries(p).map(([param, value]) => ({ param, value }));
  it('lists the forms in order, then the custom redirect with user_id and arrival parameters', () => {
    const routes = buildRedirectionRoutes({
      experimentId: 'fl-1',
      userId: 'u1',
      params: params({ forms: '["crt","final"]', platform: 'custom', 'redirect-url': encodeURIComponent('https://survey.example/s?x=1') }),
      queryParams: { PROLIFIC_PID: 'p 1' },
    });
    assert.deepEqual(routes, [{ '/form/crt': 0 }, { '/form/final': 0 }, { 'https://survey.example/s?x=1&user_id=u1&PROLIFIC_PID=p%201': 0 }]);
  });
  it('puts the questionnaires of forms-before first (the feed comes after them)', () => {
    const routes = buildRedirectionRoutes({ experimentId: 'fl-1', userId: 'u', params: params({ 'forms-before': '["about","custom-msg"]', forms: '["final"]' }), queryParams: {} });
    assert.deepEqual(routes, [{ '/form/about': 0 }, { '/form/final': 0 }]);
    const store = memStore();
    store.set('experiment_parameters', params({ 'forms-before': '["about"]', forms: '["final"]' }));
    store.set('redirectionRoutes', routes);
    assert.equal(pendingBefore(store), '/form/about');
    advance(store, '/form/about');
    assert.equal(pendingBefore(store), null);
    assert.equal(advanceRoutes(store.get('redirectionRoutes')!, '/').next, '/form/final', "the feed's submit goes on to forms");
  });
  it('is the site root alone without forms, and empty for solarflare', () => {
    assert.deepEqual(buildRedirectionRoutes({ experimentId: 'fl-1', userId: 'u', params: params({ platform: 'prolific' }), queryParams: {} }), [{ '/': 0 }]);
    assert.deepEqual(buildRedirectionRoutes({ experimentId: 'solarflare', userId: 'u', params: params({ forms: '["crt"]' }), queryParams: {} }), []);
  });
  it('shows a custom end message at the end of the flow whether or not forms lists it', () => {
    const msg = { 'custom-msg-type': 'onpage', 'custom-msg': encodeURIComponent('This study used invented headlines.') };
    const paths = (p: Record<string, string>) =>
      buildRedirectionRoutes({ experimentId: 'fl-1', userId: 'u', params: params(p), queryParams: {} }).map((r) => Object.keys(r)[0].split('?')[0]);
    assert.deepEqual(paths({ forms: '["crt"]', ...msg }), ['/form/crt', '/form/custom-msg']);
    assert.deepEqual(paths({ forms: '[]', ...msg, 'custom-msg-type': 'modal' }), ['/form/custom-msg']);
    assert.deepEqual(paths({ forms: '["custom-msg","final"]', ...msg }), ['/form/custom-msg', '/form/final'], 'listed: where forms puts it');
    assert.deepEqual(paths({ forms: '["crt"]', ...msg, platform: 'custom', 'redirect-url': encodeURIComponent('https://x.example/') }), [
      '/form/crt',
      '/form/custom-msg',
      'https://x.example/',
    ]);
    assert.deepEqual(paths({ forms: '["crt"]', 'custom-msg-type': '', 'custom-msg': 'x' }), ['/form/crt'], 'no type: no message');
    assert.deepEqual(paths({ forms: '["crt"]', 'custom-msg-type': 'onpage', 'custom-msg': '' }), ['/form/crt'], 'no text: no message');
  });
  it('advances to the first unvisited route, falling back to the root', () => {
    const routes: RedirectionRoute[] = [{ '/form/crt': 0 }, { '/form/final': 0 }];
    const a = advanceRoutes(routes, '/');
    assert.equal(a.next, '/form/crt');
    const b = advanceRoutes(a.routes, '/form/crt');
    assert.equal(b.next, '/form/final');
    assert.deepEqual(b.routes, [{ '/form/crt': 1 }, { '/form/final': 0 }]);
    assert.equal(advanceRoutes(b.routes, '/form/final').next, '/');
    const s = memStore();
    s.set('redirectionRoutes', routes);
    assert.equal(advance(s, '/form/crt'), '/form/final');
    assert.equal(s.get('nextRoute'), '/form/final');
  });
  it('decodes only the encoded parameters', () => {
    const p = params({ consent: 'I%20agree', feed: 'swipe', forms: '["a"]' });
    assert.equal(paramValue(p, 'consent'), 'I agree');
    assert.equal(paramValue(p, 'feed'), 'swipe');
    assert.equal(paramValue(p, 'missing'), undefined);
  });
});

describe('end of flow', () => {
  it('clears the session keys and sets complete', () => {
    const s = memStore();
    startSession(q('experiment_id=x&rid=1'), s, T0);
    s.set('condition', 2);
    s.set('nextRoute', '/form/crt');
    finishFlow(s);
    for (const k of ['condition', 'experiment_id', 'experiment_parameters', 'queryParams', 'redirectionRoutes', 'nextRoute'] as const) {
      assert.equal(s.get(k), undefined, k);
    }
    assert.equal(s.get('complete'), 1);
    assert.notEqual(s.get('user_id'), undefined, 'user_id is kept');
  });
});

describe('form encoding', () => {
  it('URL-encodes every value and joins checkboxes with ; without a trailing one', () => {
    assert.deepEqual(encodeFormFields({ age: 34, comments: 'café & co', ethnicity: ['asian', 'other'], empty: [], note: 'a;', list: ['x;', ''] }), {
      age: '34',
      comments: 'caf%C3%A9%20%26%20co',
      ethnicity: 'asian%3Bother',
      empty: '',
      // Free text is kept as typed; only a joined checkbox list loses a trailing ';'.
      note: 'a%3B',
      list: 'x',
    });
  });
});
