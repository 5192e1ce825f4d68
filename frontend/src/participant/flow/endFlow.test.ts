// The end flow and the end modal's content for every platform (questionnaires spec §4).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../lib/api';
import { Outbox, type OutboxPath } from '../../lib/outbox';
import { createStore, memoryBackend } from '../../lib/storage';
import {
  decodedUrl,
  endInputs,
  endScreen,
  isEndRecord,
  lucidLink,
  runEndFlow,
  safeHref,
  type CheckpointBody,
  type EndInputs,
} from './endFlow';
import { finishedRecord, hasSession, isLastPage, isPreview } from './guard';

const memStore = () => createStore(memoryBackend());

const base: EndInputs = { experimentId: 'fl-abc', platform: '', redirectUrl: '', rid: '', redirectRoute: '', completionCode: '' };

describe('endScreen', () => {
  it('solarflare: no completion text, Return home to the site root, whatever the platform', () => {
    const s = endScreen({ ...base, experimentId: 'solarflare', platform: 'prolific', redirectUrl: 'https://app.prolific.com/x' });
    assert.deepEqual(s, { kind: 'home', platform: 'prolific', target: '/', solarflare: true });
  });

  it('prolific: the decoded redirect-url as the link', () => {
    const url = 'https://app.prolific.com/submissions/complete?cc=C1A2B3';
    assert.deepEqual(endScreen({ ...base, platform: 'prolific', redirectUrl: url }), { kind: 'link', platform: 'prolific', href: url });
    assert.deepEqual(endScreen({ ...base, platform: 'prolific', redirectUrl: encodeURIComponent(url) }), {
      kind: 'link',
      platform: 'prolific',
      href: url,
    });
  });

  it('lucid: the redirect-url with the RID', () => {
    const s = endScreen({ ...base, platform: 'lucid', redirectUrl: 'https://samplicio.us/s/ClientCallBack.aspx?RIS=10&RID=[%RID%]', rid: 'r-42' });
    assert.deepEqual(s, { kind: 'link', platform: 'lucid', href: 'https://samplicio.us/s/ClientCallBack.aspx?RIS=10&RID=r-42' });
  });

  it('mturk: the completion code (the study code when fixed, else known later)', () => {
    assert.deepEqual(endScreen({ ...base, platform: 'mturk', completionCode: 'FIXED1' }), { kind: 'code', platform: 'mturk', code: 'FIXED1' });
    assert.deepEqual(endScreen({ ...base, platform: 'mturk' }), { kind: 'code', platform: 'mturk', code: null });
  });

  it('custom with its URL: Continue to finish the study; none or unknown: Return home to the site root', () => {
    assert.deepEqual(endScreen({ ...base, platform: '' }), { kind: 'home', platform: '', target: '/', solarflare: false });
    assert.deepEqual(endScreen({ ...base, platform: 'cloudresearch' }), { kind: 'home', platform: 'cloudresearch', target: '/', solarflare: false });
    const custom = endScreen({ ...base, platform: 'custom', redirectRoute: 'https://lab.example.org/done?user_id=u1' });
    assert.deepEqual(custom, { kind: 'continue', platform: 'custom', href: 'https://lab.example.org/done?user_id=u1' });
    // A site path as the custom URL stays an in-app Return home.
    assert.deepEqual(endScreen({ ...base, platform: 'custom', redirectRoute: '/about' }), { kind: 'home', platform: 'custom', target: '/about', solarflare: false });
  });

  it('never links to a script or data URL, falling back to Return home', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'not a url']) {
      assert.equal(endScreen({ ...base, platform: 'prolific', redirectUrl: bad }).kind, 'home', bad);
      assert.equal(endScreen({ ...base, platform: 'lucid', redirectUrl: bad, rid: 'r' }).kind, 'home', bad);
      assert.deepEqual(endScreen({ ...base, platform: 'custom', redirectRoute: bad }), { kind: 'home', platform: 'custom', target: '/', solarflare: false });
    }
  });
});

describe('lucidLink', () => {
  it('fills the [%RID%] placeholder, plain or URL-encoded', () => {
    assert.equal(lucidLink('https://x.example/cb?RID=[%RID%]&t=1', 'A B'), 'https://x.example/cb?RID=A%20B&t=1');
    assert.equal(lucidLink('https://x.example/cb?RID=%5B%25RID%25%5D', 'r1'), 'https://x.example/cb?RID=r1');
  });
  it('sets the RID query parameter when there is no placeholder', () => {
    assert.equal(lucidLink('https://x.example/cb?token=t', 'r1'), 'https://x.example/cb?token=t&RID=r1');
    assert.equal(lucidLink('https://x.example/cb?RID=&token=t', 'r1'), 'https://x.example/cb?RID=r1&token=t');
  });
  it('keeps the URL as it is without an RID', () => {
    assert.equal(lucidLink('https://x.example/cb?RID=[%RID%]', ''), 'https://x.example/cb?RID=[%RID%]');
  });
});

describe('URL helpers', () => {
  it('safeHref allows site paths and http(s) URLs only', () => {
    assert.equal(safeHref('/'), '/');
    assert.equal(safeHref('/form/crt?x=1'), '/form/crt?x=1');
    assert.equal(safeHref('https://a.example/x'), 'https://a.example/x');
    assert.equal(safeHref('JavaScript:alert(1)'), '');
    assert.equal(safeHref('//a.example'), '');
    assert.equal(safeHref(''), '');
  });
  it('decodedUrl decodes an encoded URL once and leaves a plain one', () => {
    assert.equal(decodedUrl('https%3A%2F%2Fa.example%2Fx%3Fy%3D1'), 'https://a.example/x?y=1');
    assert.equal(decodedUrl('https://a.example/x?y=%20'), 'https://a.example/x?y=%20');
  });
});

describe('endInputs', () => {
  it('reads the query first, then the stored parameters (decoded) and arrival RID', () => {
    const store = memStore();
    store.set('experiment_id', 'fl-1');
    store.set('experiment_parameters', [
      { param: 'platform', value: 'lucid' },
      { param: 'redirect-url', value: encodeURIComponent('https://x.example/cb?RID=[%RID%]') },
      { param: 'completion-code', value: '' },
    ]);
    store.set('queryParams', { experiment_id: 'fl-1', RID: 'resp-9' });
    const fromStore = endInputs(new URLSearchParams(''), store, '');
    assert.deepEqual(fromStore, {
      experimentId: 'fl-1',
      platform: 'lucid',
      redirectUrl: 'https://x.example/cb?RID=[%RID%]',
      rid: 'resp-9',
      redirectRoute: '',
      completionCode: '',
    });
    const q = new URLSearchParams({ platform: 'prolific', 'redirect-url': 'https://p.example/c', experiment_id: 'solarflare' });
    const fromQuery = endInputs(q, store, '');
    assert.equal(fromQuery.platform, 'prolific');
    assert.equal(fromQuery.redirectUrl, 'https://p.example/c');
    assert.equal(fromQuery.experimentId, 'solarflare');
  });
});

function fakeOutbox(initial: 'ack' | 'retry' = 'ack') {
  const state = { result: initial };
  const sent: Array<{ path: OutboxPath; body: Record<string, unknown> }> = [];
  const box = new Outbox({
    load: () => [],
    save: () => undefined,
    send: async (path, body) => {
      if (state.result === 'ack') sent.push({ path, body: body as Record<string, unknown> });
      return state.result;
    },
    beacon: () => true,
    now: () => 0,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { box, sent, state };
}

function participant(platform: string, extra: Array<{ param: string; value: string }> = []) {
  const store = memStore();
  store.set('user_id', 'u1');
  store.set('experiment_id', 'fl-1');
  store.set('condition', 2);
  store.set('experiment_parameters', [{ param: 'platform', value: platform }, ...extra]);
  store.set('queryParams', { experiment_id: 'fl-1' });
  store.set('redirectionRoutes', [{ '/form/crt': 1 }, { '/form/final': 0 }]);
  store.set('nextRoute', '/form/final');
  store.set('complete', 0);
  return store;
}

describe('runEndFlow', () => {
  it('saves the answers then end-redirect, drains, clears the session keys and sets complete', async () => {
    const store = participant('prolific', [{ param: 'redirect-url', value: encodeURIComponent('https://p.example/c?cc=1') }]);
    const { box, sent } = fakeOutbox();
    const rec = await runEndFlow({ random: 'no' }, '/form/final', new URLSearchParams(''), { sink: { box, store } });
    assert.deepEqual(
      sent.map((s) => s.path),
      ['/v1/write_form', '/v1/write_checkpoint', '/v1/write_checkpoint'],
    );
    assert.deepEqual(sent[0].body.form_fields, { random: 'no' });
    assert.equal(sent[1].body.checkpoint, 'form-done:final');
    assert.equal(sent[2].body.checkpoint, 'end-redirect');
    for (const s of sent) {
      assert.equal(s.body.user_id, 'u1');
      assert.equal(s.body.experiment_id, 'fl-1');
      assert.equal(s.body.condition, 2);
    }
    assert.deepEqual(rec.screen, { kind: 'link', platform: 'prolific', href: 'https://p.example/c?cc=1' });
    for (const key of ['condition', 'experiment_id', 'experiment_parameters', 'queryParams', 'redirectionRoutes', 'nextRoute'] as const) {
      assert.equal(store.get(key), undefined, key);
    }
    assert.equal(store.get('complete'), 1);
    assert.equal(store.get('user_id'), 'u1');
    assert.ok(isEndRecord(store.get('end_screen')));
    assert.deepEqual(finishedRecord(store), rec);
  });

  it('asks for the mturk code with the same checkpoint event', async () => {
    const store = participant('mturk');
    const { box, sent } = fakeOutbox();
    let asked: CheckpointBody | null = null;
    const rec = await runEndFlow(null, '/form/final', new URLSearchParams(''), {
      sink: { box, store },
      requestCode: async (body) => {
        asked = body;
        return 'CODE123456';
      },
    });
    assert.deepEqual(rec.screen, { kind: 'code', platform: 'mturk', code: 'CODE123456' });
    assert.equal(sent.length, 2);
    assert.equal((asked as CheckpointBody | null)?.event_id, sent[1].body.event_id);
    assert.equal(rec.checkpoint?.experiment_id, 'fl-1');
  });

  it('shows the server refusing to count an incomplete chain, and no link', async () => {
    const store = participant('prolific');
    const { box } = fakeOutbox();
    const rec = await runEndFlow(null, '/form/final', new URLSearchParams(''), {
      sink: { box, store },
      requestCode: async () => {
        throw new ApiError(409, 'chain_incomplete', 'The study is not finished yet: the questionnaire crt was not answered.');
      },
    });
    assert.equal(rec.refused, 'The study is not finished yet: the questionnaire crt was not answered.');
  });

  it('does not hold the participant when the server is unreachable; the events stay queued', async () => {
    const store = participant('');
    const { box, state, sent } = fakeOutbox('retry');
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...a: unknown[]) => void warnings.push(a);
    try {
      const rec = await runEndFlow({ random: 'yes' }, '/form/final', new URLSearchParams(''), { sink: { box, store }, drainTimeoutMs: 30 });
      assert.deepEqual(rec.screen, { kind: 'home', platform: '', target: '/', solarflare: false });
    } finally {
      console.warn = warn;
    }
    assert.equal(box.pending, 4, 'answers, form-done, end-redirect and the outbox-drain-timeout checkpoint');
    assert.equal(warnings.length, 1);
    assert.equal(store.get('complete'), 1);
    // The server comes back: the kept events go out (with the participant's ids, read
    // before the session keys were cleared), the completion record first.
    state.result = 'ack';
    assert.equal(await box.drain(5000), true);
    assert.deepEqual(
      sent.map((s) => (s.body.checkpoint as string | undefined) ?? s.path),
      ['/v1/write_form', 'form-done:final', 'end-redirect', 'outbox-drain-timeout'],
    );
  });

  it("sends 'Continue to finish the study' of the custom platform to the chain's last step", async () => {
    const store = participant('custom');
    store.set('redirectionRoutes', [{ '/form/final': 0 }, { 'https://lab.example/end?user_id=u1': 0 }]);
    const { box } = fakeOutbox();
    const rec = await runEndFlow({}, '/form/final', new URLSearchParams(''), { sink: { box, store } });
    assert.deepEqual(rec.screen, { kind: 'continue', platform: 'custom', href: 'https://lab.example/end?user_id=u1' });
  });
});

describe('page session rules', () => {
  it('a page is the last when no questionnaire follows it in the chain', () => {
    const store = participant('');
    store.set('redirectionRoutes', [{ '/form/crt': 0 }, { '/form/custom-msg?custom-msg-type=modal': 0 }]);
    assert.equal(isLastPage(store, '/form/crt'), false);
    store.set('redirectionRoutes', [{ '/form/crt': 1 }, { '/form/custom-msg?custom-msg-type=modal': 0 }]);
    assert.equal(isLastPage(store, '/form/custom-msg'), true);
    store.set('redirectionRoutes', [{ '/form/final': 0 }, { 'https://lab.example/end': 0 }]);
    assert.equal(isLastPage(store, '/form/final'), true);
    store.remove('redirectionRoutes');
    assert.equal(isLastPage(store, '/form/crt'), true);
  });

  it('a page without a participant session, or opened with ?preview=1, saves nothing', () => {
    const store = memStore();
    assert.equal(hasSession(store), false);
    assert.equal(isPreview(new URLSearchParams(''), store), true);
    store.set('user_id', 'u');
    store.set('experiment_id', 'fl-1');
    assert.equal(isPreview(new URLSearchParams(''), store), false);
    assert.equal(isPreview(new URLSearchParams('preview=1'), store), true);
  });
});
