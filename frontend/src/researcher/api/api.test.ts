import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import * as api from '.';
import { ApiError } from '../../lib/api';
import { ResearcherApiError } from '.';
import { signInMessage, waitText } from '../messages';

// fetch is stubbed: these tests pin the client's rules; e2e/researcher-*.spec.ts runs the real server.
function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return mock.method(globalThis, 'fetch', async () => new Response(text, { status, headers: { 'Content-Type': 'application/json', ...headers } }));
}

async function failureOf(promise: Promise<unknown>): Promise<ResearcherApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ResearcherApiError, `expected a ResearcherApiError, got ${String(err)}`);
    return err;
  }
  throw new Error('expected the call to fail');
}

const g = globalThis as Record<string, unknown>;
afterEach(() => {
  mock.restoreAll();
  delete g.window;
  delete g.document;
});

describe('researcher api: requests', () => {
  it('GETs without a body and returns data', async () => {
    const stub = answer({ success: 'true', data: { studies: [{ experiment_id: 'a' }] } });
    const studies = await api.listStudies();
    assert.deepEqual(studies, [{ experiment_id: 'a' }]);
    const [path, init] = stub.mock.calls[0].arguments as [string, RequestInit];
    assert.equal(path, '/v1/studies');
    assert.equal(init.method, 'GET');
    assert.equal(init.body, undefined);
    assert.equal(init.credentials, 'same-origin');
  });

  it('POSTs JSON', async () => {
    const stub = answer({ success: 'true', data: { name: 'ada' } });
    assert.deepEqual(await api.login('ada', 'pw'), { name: 'ada' });
    const [path, init] = stub.mock.calls[0].arguments as [string, RequestInit];
    assert.equal(path, '/v1/auth/login');
    assert.equal(init.method, 'POST');
    assert.deepEqual(JSON.parse(init.body as string), { name: 'ada', password: 'pw' });
  });

  it('escapes ids and names in paths and DELETEs a share', async () => {
    const stub = answer({ success: 'true', data: { shared_with: [] } });
    assert.deepEqual(await api.unshareStudy('a/b', 'Ada Lovelace'), []);
    const [path, init] = stub.mock.calls[0].arguments as [string, RequestInit];
    assert.equal(path, '/v1/studies/a%2Fb/shares/Ada%20Lovelace');
    assert.equal(init.method, 'DELETE');
  });

  it('parses the stimulus sets sent as JSON text', async () => {
    const sets = [{ entity_set: 's', entity_category: 'news', num_entities: 3 }];
    answer({ success: 'true', data: { entity_sets: JSON.stringify(sets) } });
    assert.deepEqual(await api.pullEntitySets(), sets);
  });

  it('encodeRows URL-encodes only the encoded parameters', () => {
    assert.deepEqual(
      api.encodeRows([
        { condition: 1, param: 'consent', value: 'a b' },
        { condition: 1, param: 'feed', value: 'a b' },
      ]),
      [
        { condition: 1, param: 'consent', value: 'a%20b' },
        { condition: 1, param: 'feed', value: 'a b' },
      ],
    );
  });
});

describe('researcher api: failures', () => {
  it('carries status, code and message', async () => {
    answer({ success: 'false', error: { code: 'not_found', message: 'There is no such study.' } }, 404);
    const err = await failureOf(api.getStudy('x'));
    assert.equal(err.status, 404);
    assert.equal(err.code, 'not_found');
    assert.equal(err.message, 'There is no such study.');
  });

  it('a 401 from a call that needs a session tells the onSignedOut listeners first', async () => {
    answer({ success: 'false', error: { code: 'unauthorized', message: 'Your session has ended; sign in again.' } }, 401);
    const heard: ResearcherApiError[] = [];
    const off = api.onSignedOut((e) => heard.push(e));
    try {
      const err = await failureOf(api.listStudies());
      assert.equal(err.status, 401);
      assert.equal(heard.length, 1);
      assert.equal(heard[0], err);
    } finally {
      off();
    }
    await failureOf(api.listStudies());
    assert.equal(heard.length, 1, 'an unregistered listener hears nothing');
  });

  it('a wrong password is an answer, not a lost session', async () => {
    answer({ success: 'false', error: { code: 'unauthorized', message: 'Wrong name or password.' } }, 401);
    let heard = 0;
    const off = api.onSignedOut(() => heard++);
    try {
      const err = await failureOf(api.login('a', 'b'));
      assert.equal(err.message, 'Wrong name or password.');
      await failureOf(api.me());
      assert.equal(heard, 0);
    } finally {
      off();
    }
  });

  it('a throttled sign-in carries retry_after', async () => {
    answer({ success: 'false', error: { code: 'rate_limited', message: 'Too many failed sign-ins; wait 15 minutes and try again.', retry_after: 840 } }, 429, { 'Retry-After': '840' });
    const err = await failureOf(api.login('a', 'b'));
    assert.equal(err.code, 'rate_limited');
    assert.equal(err.retryAfter, 840);
    assert.equal(signInMessage(err), 'Too many failed sign-ins. Wait 14 minutes, then try again.');
  });

  it('reads Retry-After when the body has no retry_after', async () => {
    answer({ success: 'false', error: { code: 'rate_limited', message: 'Slow down.' } }, 429, { 'Retry-After': '30' });
    assert.equal((await failureOf(api.login('a', 'b'))).retryAfter, 30);
  });

  it('is the participant pages\' ApiError, read by the same parser', async () => {
    answer({ success: 'false', error: { code: 'not_found', message: 'There is no such study.' } }, 404);
    const err = await failureOf(api.getStudy('x'));
    assert.ok(err instanceof ApiError);
    assert.equal(err.name, 'ResearcherApiError');
    assert.equal(err.problems, undefined);
  });

  it('carries parameter problems', async () => {
    const problems = [{ line: 3, condition: 1, param: 'feed', message: 'unknown feed type' }];
    answer({ success: 'false', error: { code: 'invalid_parameters', message: 'line 3: unknown feed type', problems } }, 400);
    const err = await failureOf(api.checkParameters({ csv: 'condition,param,value\n' }));
    assert.equal(err.code, 'invalid_parameters');
    assert.deepEqual(err.problems, problems);
  });

  it('an answer that is not JSON is bad_response', async () => {
    answer('<html>404 page not found</html>', 404);
    const err = await failureOf(api.capabilities());
    assert.equal(err.code, 'bad_response');
    assert.equal(err.status, 404);
  });

  it("success must be the string 'true'", async () => {
    answer({ success: true, data: {} });
    assert.equal((await failureOf(api.capabilities())).code, 'unknown');
  });

  it('no answer at all is a network error with status 0', async () => {
    mock.method(globalThis, 'fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failureOf(api.listStudies());
    assert.equal(err.status, 0);
    assert.equal(err.code, 'network');
  });

  it('waitText says seconds and minutes', () => {
    assert.equal(waitText(1), '1 second');
    assert.equal(waitText(45), '45 seconds');
    assert.equal(waitText(60), '1 minute');
    assert.equal(waitText(61), '2 minutes');
    assert.equal(waitText(900), '15 minutes');
  });
});

describe('downloadFile', () => {
  function fakeDocument() {
    const clicked: Array<{ href: string; download: string }> = [];
    g.document = {
      createElement: () => {
        const a = { href: '', download: '', style: {}, click: () => clicked.push({ href: a.href, download: a.download }), remove() {} };
        return a;
      },
      body: { appendChild() {} },
    };
    return clicked;
  }

  it('a failed answer throws before saving anything', async () => {
    g.window = {};
    const clicked = fakeDocument();
    answer({ success: 'false', error: { code: 'not_found', message: 'There is no such study.' } }, 404);
    const err = await failureOf(api.downloadFile('/v1/studies/x/parameters.csv', undefined, 'x.csv'));
    assert.equal(err.code, 'not_found');
    assert.equal(clicked.length, 0);
  });

  it('a 401 during a download tells the onSignedOut listeners', async () => {
    g.window = {};
    fakeDocument();
    answer({ success: 'false', error: { code: 'unauthorized', message: 'Sign in.' } }, 401);
    let heard = 0;
    const off = api.onSignedOut(() => heard++);
    try {
      await failureOf(api.downloadFile('/v1/dump_data', { method: 'POST', body: '{}' }, 'x.csv'));
    } finally {
      off();
    }
    assert.equal(heard, 1);
  });

  it('without a file picker it saves through a Blob URL with the filename', async () => {
    g.window = {};
    const clicked = fakeDocument();
    mock.method(globalThis, 'setTimeout', () => 0);
    answer('condition,param,value\n', 200, { 'Content-Type': 'text/csv' });
    assert.equal(await api.downloadFile('/v1/studies/x/parameters.csv', undefined, 'x_experiment_parameters.csv'), 'saved');
    assert.equal(clicked.length, 1);
    assert.equal(clicked[0].download, 'x_experiment_parameters.csv');
    assert.match(clicked[0].href, /^blob:/);
  });

  it('with a file picker it streams the body to the chosen file', async () => {
    const chunks: string[] = [];
    let suggested = '';
    g.window = {
      showSaveFilePicker: async (o: { suggestedName: string }) => {
        suggested = o.suggestedName;
        return {
          createWritable: async () =>
            new WritableStream<Uint8Array>({ write: (c) => void chunks.push(new TextDecoder().decode(c)) }),
        };
      },
    };
    const stub = answer('a,b\n1,2\n', 200, { 'Content-Type': 'text/csv' });
    assert.equal(await api.downloadFile('/v1/dump_data', { method: 'POST', body: JSON.stringify({ x: 1 }) }, 'e.csv'), 'saved');
    assert.equal(suggested, 'e.csv');
    assert.equal(chunks.join(''), 'a,b\n1,2\n');
    const init = stub.mock.calls[0].arguments[1] as RequestInit;
    assert.equal(init.method, 'POST');
    assert.equal((init.headers as Headers).get('Content-Type'), 'application/json');
  });

  it('a cancelled file picker saves nothing', async () => {
    g.window = {
      showSaveFilePicker: async () => {
        throw new DOMException('cancelled', 'AbortError');
      },
    };
    const clicked = fakeDocument();
    answer('a,b\n');
    assert.equal(await api.downloadFile('/x', undefined, 'e.csv'), 'cancelled');
    assert.equal(clicked.length, 0);
  });
});

describe('uploadMedia', () => {
  // A stand-in XMLHttpRequest that answers with the given status and text when sent.
  function fakeXhr(status: number, text: string) {
    g.XMLHttpRequest = class {
      status = status;
      responseText = text;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      send() {
        queueMicrotask(() => this.onload?.());
      }
    };
  }
  afterEach(() => delete g.XMLHttpRequest);

  it('answers the stored file and reports the whole file sent', async () => {
    const stored = { name: 'ab.png', sha256: 'ab', content_type: 'image/png', size: 3 };
    fakeXhr(200, JSON.stringify({ success: 'true', data: stored }));
    const sent: number[] = [];
    assert.deepEqual(await api.uploadMedia(new Blob(['abc']), 'ab', 'a.png', (n) => sent.push(n)), stored);
    assert.deepEqual(sent, [3]);
  });

  it('a refusal carries the server code, and a 401 tells the onSignedOut listeners', async () => {
    fakeXhr(415, JSON.stringify({ success: 'false', error: { code: 'unsupported_media', message: 'a.txt is not an image' } }));
    const refused = await failureOf(api.uploadMedia(new Blob(['abc']), null, 'a.txt', () => {}));
    assert.equal(refused.code, 'unsupported_media');
    assert.equal(refused.message, 'a.txt is not an image');
    fakeXhr(401, 'not json');
    let heard = 0;
    const off = api.onSignedOut(() => heard++);
    try {
      assert.equal((await failureOf(api.uploadMedia(new Blob(['abc']), null, 'a.png', () => {}))).code, 'unauthorized');
    } finally {
      off();
    }
    assert.equal(heard, 1);
  });
});
