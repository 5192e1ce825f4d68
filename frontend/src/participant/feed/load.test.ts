// Loading the feed: what is stored, what is shown first, and what happens when the server
// refuses or cannot be reached.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../lib/api';
import { createStore, memoryBackend } from '../../lib/storage';
import { fatalReason, feedData, loadFeed, startPhase, type LoadedExperiment, type LoadDeps } from './load';

const session = { userId: 'u-1', experimentId: 'fl-1' };
const NOW = 1_700_000_000_000;

function experiment(over: Partial<LoadedExperiment> = {}): LoadedExperiment {
  return {
    user_id: 'u-1',
    experiment_id: 'fl-1',
    condition: 2,
    order_data: [
      { entity_id: 11, entity_url: 'https://example.org/a', likes: 3 },
      { entity_id: 'e2', entity_url: '/media/b.png' },
    ],
    experiment_parameters: JSON.stringify([{ condition: 2, param: 'platform', value: 'prolific' }]),
    texts: { consent: '<p>Consent</p>', instruct: '<p>Read</p>' },
    ...over,
  };
}

function deps(answer: () => Promise<{ data: LoadedExperiment }>) {
  const store = createStore(memoryBackend());
  const calls: Array<Record<string, unknown>> = [];
  const d: LoadDeps = {
    store,
    loadExperiment: (body) => {
      calls.push(body);
      return answer();
    },
    now: () => NOW,
  };
  return { d, store, calls };
}

describe('feedData', () => {
  it('numbers the cards, makes their ids and URLs strings and parses the parameters', () => {
    const data = feedData(experiment());
    assert.deepEqual(
      data.entities.map((e) => [e.entity_id, e.entity_url, e.idx]),
      [
        ['11', 'https://example.org/a', 0],
        ['e2', '/media/b.png', 1],
      ],
    );
    assert.deepEqual(data.params, [{ condition: 2, param: 'platform', value: 'prolific' }]);
    assert.deepEqual(data.texts, { consent: '<p>Consent</p>', instruct: '<p>Read</p>' });
  });

  it('treats unparsable or non-list parameters and missing texts as none', () => {
    const origError = console.error;
    console.error = () => {};
    try {
      assert.deepEqual(feedData(experiment({ experiment_parameters: '{oops' })).params, []);
    } finally {
      console.error = origError;
    }
    assert.deepEqual(feedData(experiment({ experiment_parameters: '{"a":1}' })).params, []);
    assert.deepEqual(feedData(experiment({ experiment_parameters: '', texts: undefined })).texts, { consent: '', instruct: '' });
  });

  it('marks a feed that waits for the answers given before it, and only that one', () => {
    assert.equal(feedData(experiment({ order_data: [], feed_pending: true })).pending, true);
    assert.equal('pending' in feedData(experiment()), false);
  });
});

describe('startPhase', () => {
  const data = feedData(experiment());
  it('consent first, then instructions, then the feed', () => {
    assert.equal(startPhase(data, false, true), 'consent');
    assert.equal(startPhase({ ...data, texts: { consent: '  ', instruct: 'x' } }, false, true), 'instruct');
    assert.equal(startPhase({ ...data, texts: { consent: '', instruct: '' } }, false, true), 'feed');
  });
  it('no dialogs while the popup timer forbids them', () => {
    assert.equal(startPhase(data, false, false), 'feed');
  });
  it('a finished participant sees "already completed"', () => {
    assert.equal(startPhase(data, true, true), 'completed');
  });
  it('the demo study always starts at the feed, even completed', () => {
    const demo = { ...data, experimentId: 'solarflare' };
    assert.equal(startPhase(demo, true, true), 'feed');
    assert.equal(startPhase(demo, false, true), 'feed');
  });
});

describe('loadFeed', () => {
  it('asks for the session experiment with every arrival parameter, the ids included (logged as URLParams-*), and stores the feed', async () => {
    const { d, store, calls } = deps(async () => ({ data: experiment() }));
    store.set('queryParams', { user_id: 'u-1', experiment_id: 'fl-1', PROLIFIC_PID: 'p9' });
    const got = await loadFeed(session, d);
    assert.deepEqual(calls, [{ user_id: 'u-1', experiment_id: 'fl-1', query_params: { user_id: 'u-1', experiment_id: 'fl-1', PROLIFIC_PID: 'p9' } }]);
    assert.equal(got.kind, 'ready');
    assert.equal(got.kind === 'ready' && got.start, 'consent');
    assert.deepEqual(store.get('entities')?.map((e) => e.entity_id), ['11', 'e2']);
    assert.deepEqual(store.get('experiment_parameters'), [{ condition: 2, param: 'platform', value: 'prolific' }]);
    assert.equal(store.get('condition'), 2);
    assert.ok((store.get('redirectionRoutes') ?? []).length > 0, 'the redirection chain is built');
  });

  it('keeps a redirection chain already built in this session', async () => {
    const { d, store } = deps(async () => ({ data: experiment() }));
    store.set('redirectionRoutes', [{ '/form/final': 1 }]);
    await loadFeed(session, d);
    assert.deepEqual(store.get('redirectionRoutes'), [{ '/form/final': 1 }]);
  });

  it('says completed when the server says the participant finished', async () => {
    const { d } = deps(async () => ({ data: experiment({ completed: true }) }));
    const got = await loadFeed(session, d);
    assert.equal(got.kind === 'ready' && got.start, 'completed');
  });

  it('a refused experiment (4xx) is fatal; 408, 425 and 429 are not', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      for (const status of [400, 404, 410]) {
        const { d } = deps(async () => Promise.reject(new ApiError(status, 'not_found', 'no')));
        assert.equal((await loadFeed(session, d)).kind, 'fatal', `status ${status}`);
      }
      for (const status of [0, 408, 425, 429, 500, 503]) {
        const { d } = deps(async () => Promise.reject(new ApiError(status, 'x', 'later')));
        assert.deepEqual(await loadFeed(session, d), { kind: 'retry' }, `status ${status}`);
      }
    } finally {
      console.error = quiet;
    }
  });

  it('a paused study is "not accepting", with the platform return link the server names', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      const refusal = new ApiError(403, 'study_not_accepting', 'This study is not accepting participants right now', {
        return_url: 'https://app.prolific.com/submissions',
      });
      const { d } = deps(async () => Promise.reject(refusal));
      assert.deepEqual(await loadFeed(session, d), { kind: 'fatal', reason: 'notAccepting', returnUrl: 'https://app.prolific.com/submissions' });
      const { d: d2 } = deps(async () => Promise.reject(new ApiError(403, 'study_not_accepting', 'x', { return_url: 'javascript:alert(1)' })));
      assert.deepEqual(await loadFeed(session, d2), { kind: 'fatal', reason: 'notAccepting' });
    } finally {
      console.error = quiet;
    }
  });

  it('a second browser of the same person continues as the participant the server names', async () => {
    const params = [
      { condition: 2, param: 'platform', value: 'custom' },
      { condition: 2, param: 'redirect-url', value: 'https://survey.example.org/next' },
    ];
    const { d, store } = deps(async () => ({ data: experiment({ user_id: 'laptop-user', experiment_parameters: JSON.stringify(params) }) }));
    store.set('user_id', 'u-1');
    store.set('queryParams', { PROLIFIC_PID: 'PID004' });
    const got = await loadFeed(session, d);
    assert.equal(got.kind, 'ready');
    assert.equal(store.get('user_id'), 'laptop-user', 'later events carry the participant it continues');
    assert.match(JSON.stringify(store.get('redirectionRoutes')), /laptop-user/);
  });

  it('a person who already took part is told so, with the way back to the platform', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      const refusal = new ApiError(409, 'already_participated', 'You have already taken part in this study', { return_url: 'https://app.prolific.com/submissions' });
      const { d } = deps(async () => Promise.reject(refusal));
      assert.deepEqual(await loadFeed(session, d), { kind: 'fatal', reason: 'alreadyTookPart', returnUrl: 'https://app.prolific.com/submissions' });
    } finally {
      console.error = quiet;
    }
  });

  it('a feed that could not be ranked, or a full disk, says so and offers Try again', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      for (const [code, reason] of [
        ['ranking_failed', 'rankingFailed'],
        ['study_full', 'full'],
      ]) {
        const { d } = deps(async () => Promise.reject(new ApiError(503, code, 'not now')));
        assert.deepEqual(await loadFeed(session, d), { kind: 'fatal', reason, retryable: true }, code);
      }
    } finally {
      console.error = quiet;
    }
  });

  it('says why a study was refused: unknown, a damaged link, or closed', () => {
    assert.equal(fatalReason(new ApiError(404, 'unknown_experiment', 'no')), 'unknown');
    assert.equal(fatalReason(new ApiError(400, 'bad_request', 'bad id')), 'link');
    assert.equal(fatalReason(new ApiError(410, 'gone', 'closed')), 'closed');
    assert.equal(fatalReason(new ApiError(409, 'study_closed', 'closed')), 'closed');
    assert.equal(fatalReason(new ApiError(409, 'study_not_started', 'draft')), 'notStarted');
    assert.equal(fatalReason(new ApiError(410, 'study_ended', 'archived')), 'closed');
    assert.equal(fatalReason(new ApiError(409, 'label_used', 'used')), 'labelUsed');
    assert.equal(fatalReason(new ApiError(409, 'label_other_browser', 'shared computer')), 'labelOtherBrowser');
    assert.equal(fatalReason(new ApiError(403, 'label_unknown', 'bad key')), 'labelInvalid');
    assert.equal(fatalReason(new ApiError(403, 'label_required', 'no key')), 'labelInvalid');
    assert.equal(fatalReason(new ApiError(403, 'study_paused', 'paused')), 'closed');
  });

  it('offline, a participant with a stored feed keeps it, without dialogs', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      const { d, store } = deps(async () => Promise.reject(new ApiError(0, 'network', 'offline')));
      const stored = feedData(experiment());
      store.set('entities', stored.entities);
      store.set('experiment_parameters', stored.params);
      const got = await loadFeed(session, d);
      assert.equal(got.kind, 'ready');
      if (got.kind !== 'ready') return;
      assert.equal(got.start, 'feed');
      assert.equal(got.data.experimentId, 'fl-1');
      assert.deepEqual(got.data.entities, stored.entities);
    } finally {
      console.error = quiet;
    }
  });
});
