// The researcher bundle's door to the /v1 researcher API (CONTRACT: "The researcher API").
// Every call answers `{success: 'true', data}` or `{success: 'false', error: {code, message,
// problems?, retry_after?}}` with a 4xx/5xx status. The reply is read by lib/api.ts, the
// participant pages' reader too; every failure, including a network failure or a body that
// is not JSON, is thrown as a ResearcherApiError, the subclass that types the problems.
//
// A 401 from a call that needs a session means the session ended mid-work: the listeners
// registered with onSignedOut run before the error is thrown, so the page can ask the
// researcher to sign in again over the page instead of losing what was typed. The sign-in
// calls themselves (me, login, setup, status, logout) answer 401 as a plain result and
// notify nobody.
import { ApiError, apiAnswer, isObject } from '../../lib/api';
import type { Problem } from './studies';

/** ResearcherApiError is every failed researcher call: status 0 with code 'network' when no
 * answer arrived, code 'bad_response' when the answer was not the API's JSON. retryAfter
 * (code 'rate_limited') is ApiError's. */
export class ResearcherApiError extends ApiError {
  /** problems lists parameter problems (code 'invalid_parameters'). */
  readonly problems?: Problem[];

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}, retryAfter?: number) {
    super(status, code, message, details, retryAfter);
    this.name = 'ResearcherApiError';
    if (Array.isArray(details.problems)) this.problems = details.problems.filter(isObject) as unknown as Problem[];
  }
}

type Listener = (error: ResearcherApiError) => void;
const signedOutListeners = new Set<Listener>();

/** onSignedOut registers fn to run whenever a call that needs a session answers 401;
 * it returns the function that unregisters it. */
export function onSignedOut(fn: Listener): () => void {
  signedOutListeners.add(fn);
  return () => signedOutListeners.delete(fn);
}

/** lost passes err on, first telling the onSignedOut listeners when it is a 401 of a call
 * that needs a session (quiet401 marks the sign-in calls). */
export function lost(err: unknown, quiet401 = false): unknown {
  if (err instanceof ResearcherApiError && err.status === 401 && !quiet401) {
    for (const fn of [...signedOutListeners]) {
      try {
        fn(err);
      } catch (listenerErr) {
        console.error('feedlab: onSignedOut listener failed', listenerErr);
      }
    }
  }
  return err;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** file is sent as the body as it is (for example a zip), instead of body as JSON. */
  file?: { data: Blob; type: string };
  signal?: AbortSignal;
  /** quiet401 marks the sign-in calls, whose 401 is an answer rather than a lost session. */
  quiet401?: boolean;
}

/** call sends one request and returns `data` of a successful answer. */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    mode: 'same-origin',
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.file) {
    init.method = 'POST';
    headers['Content-Type'] = options.file.type;
    init.body = options.file.data;
  }
  try {
    const answer = await apiAnswer<{ data?: T }>(path, fetch(path, init), ResearcherApiError);
    return (answer.data ?? {}) as T;
  } catch (err) {
    throw lost(err, options.quiet401);
  }
}

/** enc escapes an id or a name for a path segment. */
export const enc = encodeURIComponent;
