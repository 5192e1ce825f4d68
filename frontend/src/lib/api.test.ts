import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { apiAnswer, apiCall, ApiError, readReply } from './api';

// These unit tests stub fetch to pin the client-side rules; the real server is
// exercised by the Playwright tests in e2e/.
function answer(body: unknown, status = 200) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return mock.method(globalThis, 'fetch', async () =>
    new Response(text, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function failWith(error: Error) {
  mock.method(globalThis, 'fetch', async () => {
    throw error;
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${String(err)}`);
    return err;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => mock.restoreAll());

describe('apiCall request', () => {
  it('posts a JSON body to the same origin and asks for JSON', async () => {
    const fetchStub = answer({ success: 'true' });
    await apiCall('/v1/signup', { email: 'a@b.org', name: '' });
    const [path, init] = fetchStub.mock.calls[0].arguments as [string, RequestInit];
    assert.equal(path, '/v1/signup');
    assert.equal(init.method, 'POST');
    assert.equal(init.mode, 'same-origin');
    assert.equal(init.credentials, 'same-origin');
    assert.deepEqual(init.headers, { Accept: 'application/json', 'Content-Type': 'application/json' });
    assert.deepEqual(JSON.parse(init.body as string), { email: 'a@b.org', name: '' });
  });

  it('sends no body or content type when there is no body', async () => {
    const fetchStub = answer({ success: 'true' });
    await apiCall('/v1/analytics');
    const init = fetchStub.mock.calls[0].arguments[1] as RequestInit;
    assert.equal(init.body, undefined);
    assert.deepEqual(init.headers, { Accept: 'application/json' });
  });
});

describe('apiCall success rule', () => {
  it("returns the parsed body when success is the string 'true'", async () => {
    answer({ success: 'true', total_experiments: 12, total_users: 20000 });
    const body = await apiCall<{ total_experiments: number; total_users: number }>('/v1/analytics');
    assert.equal(body.total_experiments, 12);
    assert.equal(body.total_users, 20000);
  });

  for (const success of [true, 'false', 'TRUE', 1, undefined]) {
    it(`success = ${JSON.stringify(success)} is a failure`, async () => {
      answer({ success });
      const err = await failureOf(apiCall('/v1/analytics'));
      assert.equal(err.code, 'unknown');
      assert.equal(err.status, 200);
    });
  }
});

describe('apiCall failures', () => {
  it('carries the server error code, message and HTTP status', async () => {
    answer({ success: 'false', error: { code: 'unknown_experiment', message: 'no experiment "x"' } }, 404);
    const err = await failureOf(apiCall('/v1/load_experiment', { experiment_id: 'x' }));
    assert.equal(err.status, 404);
    assert.equal(err.code, 'unknown_experiment');
    assert.equal(err.message, 'no experiment "x"');
    assert.equal(err.name, 'ApiError');
  });

  it('names a fallback message when the error body is missing', async () => {
    answer({ success: 'false' }, 500);
    const err = await failureOf(apiCall('/v1/analytics'));
    assert.equal(err.status, 500);
    assert.equal(err.message, 'The request failed (HTTP 500).');
  });

  it('reports a body that is not JSON', async () => {
    answer('<html>bad gateway</html>', 502);
    const err = await failureOf(apiCall('/v1/analytics'));
    assert.equal(err.code, 'bad_response');
    assert.equal(err.status, 502);
  });

  it('reports JSON that is not an object', async () => {
    answer('["true"]');
    assert.equal((await failureOf(apiCall('/v1/analytics'))).code, 'bad_response');
  });

  it('reports a network failure with status 0', async () => {
    failWith(new TypeError('Failed to fetch'));
    const err = await failureOf(apiCall('/v1/analytics'));
    assert.equal(err.status, 0);
    assert.equal(err.code, 'network');
  });

  it('a 401 that names no code is unauthorized, with or without a JSON body', async () => {
    answer({ success: 'false' }, 401);
    assert.equal((await failureOf(apiCall('/v1/analytics'))).code, 'unauthorized');
    answer('Unauthorized', 401);
    assert.equal((await failureOf(apiCall('/v1/analytics'))).code, 'unauthorized');
  });

  it('reads the wait from retry_after, else from the Retry-After header', async () => {
    answer({ success: 'false', error: { code: 'rate_limited', message: 'wait', retry_after: 840 } }, 429);
    assert.equal((await failureOf(apiCall('/v1/analytics'))).retryAfter, 840);
    mock.restoreAll();
    mock.method(globalThis, 'fetch', async () => new Response('{"success":"false"}', { status: 503, headers: { 'Retry-After': '30' } }));
    assert.equal((await failureOf(apiCall('/v1/analytics'))).retryAfter, 30);
    answer({ success: 'false' }, 503);
    assert.equal((await failureOf(apiCall('/v1/analytics'))).retryAfter, undefined);
  });

  it("throws the caller's subclass, from a fetch answer and from a reply read by hand", async () => {
    class PageError extends ApiError {}
    answer({ success: 'false', error: { code: 'in_use', message: 'used' } }, 409);
    const fromFetch = await failureOf(apiAnswer('/v1/sets/x', fetch('/v1/sets/x'), PageError));
    assert.ok(fromFetch instanceof PageError);
    assert.equal(fromFetch.code, 'in_use');
    assert.throws(() => readReply(413, { success: 'false', error: { code: 'too_large', message: 'big' } }, null, PageError), (err) => err instanceof PageError && err.code === 'too_large' && err.status === 413);
    assert.throws(() => readReply(200, undefined, null, PageError), (err) => err instanceof PageError && err.code === 'bad_response');
    assert.deepEqual(readReply(200, { success: 'true', data: { n: 1 } }, null), { success: 'true', data: { n: 1 } });
  });

  it('lets an abort through unchanged', async () => {
    failWith(new DOMException('aborted', 'AbortError'));
    await assert.rejects(apiCall('/v1/analytics'), { name: 'AbortError' });
  });
});
