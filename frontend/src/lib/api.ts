// The /v1 contract with the Go server: every answer is a JSON object whose
// `success` is the string 'true' when the call worked; failures add
// `error: {code, message}` (and sometimes problems, retry_after, return_url…) and an HTTP
// status that fits. This file is the one reader of that answer for both bundles: the
// participant pages call apiCall, the researcher's client (researcher/api/client.ts)
// apiAnswer and readReply with its own error subclass.

/** ApiFailure is the error body the server sends with every unsuccessful answer. */
export interface ApiFailure {
  code: string;
  message: string;
}

/** ApiError is thrown for any answer that is not a success, on both the participant and
 * the researcher pages (the researcher's ResearcherApiError is a subclass). */
export class ApiError extends Error {
  /** status is the HTTP status, or 0 when no answer arrived (network failure). */
  readonly status: number;
  /** code is the server's machine-readable error code, or a client-side one:
   * 'network' (no answer), 'bad_response' (the body was not a JSON object), or
   * 'unauthorized' for a 401 that names no code. */
  readonly code: string;
  /** details are the error object's fields (return_url, missing, problems, ...); for a
   * network failure, the path called. */
  readonly details: Record<string, unknown>;
  /** retryAfter is how many seconds the server asked to wait (error.retry_after, else the
   * Retry-After header), when it said. */
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

/** ApiErrorClass is ApiError or a subclass: the reply parser throws the caller's class, so a
 * page can add typed fields (the researcher's problems) without a parser of its own. */
export type ApiErrorClass = new (
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
  retryAfter?: number,
) => ApiError;

/** SuccessBody is the shape shared by every successful answer. */
export interface SuccessBody {
  success: 'true';
}

/** ApiOptions tunes one call. */
export interface ApiOptions {
  /** method defaults to POST, which nearly every /v1 call uses. */
  method?: 'GET' | 'POST';
  signal?: AbortSignal;
  /** keepalive lets a request outlive the page (small bodies only). */
  keepalive?: boolean;
}

/**
 * apiRequest is the fetch init of one call with a JSON body: the participant page's inline
 * boot script (participant/boot.ts) sends load_experiment with exactly this, so its answer
 * reads the same as apiCall's.
 */
export function apiRequest(body: unknown, options: ApiOptions = {}): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? 'POST',
    headers,
    // The appliance serves the app and the API from one origin and makes no
    // outbound calls, so a request to anywhere else is a bug.
    mode: 'same-origin',
    credentials: 'same-origin',
    signal: options.signal,
    keepalive: options.keepalive,
  };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return init;
}

/**
 * apiCall sends one request to the feedlab API on the page's own origin and returns
 * the parsed body when its `success` is the string 'true'; otherwise it throws an
 * ApiError. `body`, when given, is sent as JSON.
 */
export async function apiCall<T extends object = SuccessBody>(
  path: `/v1/${string}`,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T & SuccessBody> {
  return apiAnswer<T>(path, fetch(path, apiRequest(body, options)));
}

/**
 * apiAnswer reads the answer of a request already sent (apiCall's, the researcher's, or the
 * boot script's early load_experiment): the parsed body on success, else an error of class
 * As (ApiError unless the caller names a subclass).
 */
export async function apiAnswer<T extends object = SuccessBody>(
  path: string,
  sent: Promise<Response>,
  As: ApiErrorClass = ApiError,
): Promise<T & SuccessBody> {
  const response = await reached(path, sent, As);
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined; // not JSON: readReply says so
  }
  return readReply<T>(response.status, parsed, response.headers.get('Retry-After'), As);
}

/** reached waits for the answer of a request; no answer at all (the network failed) is an
 * error with status 0 and code 'network'. An abort goes through unchanged. */
export async function reached(path: string, sent: Promise<Response>, As: ApiErrorClass = ApiError): Promise<Response> {
  try {
    return await sent;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new As(0, 'network', 'The server did not answer. Check that feedlab is running and try again.', { path });
  }
}

/**
 * readReply is the one reading of the server's reply (status, the parsed JSON body or
 * undefined when the body was not JSON, the Retry-After header): the body when its
 * `success` is the string 'true', else it throws replyError's error. XMLHttpRequest
 * answers (the researcher's uploads) are read here too, so they take no Response.
 */
export function readReply<T extends object = SuccessBody>(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
  As: ApiErrorClass = ApiError,
): T & SuccessBody {
  // The string comparison is the rule: a boolean true or 'false' is not a success.
  if (isObject(body) && body.success === 'true') return body as T & SuccessBody;
  throw replyError(status, body, retryAfterHeader, As);
}

/** replyError builds the error for an unsuccessful reply: the server's code and message
 * when it sent them, else words for what the client saw. */
export function replyError(status: number, body: unknown, retryAfterHeader: string | null, As: ApiErrorClass = ApiError): ApiError {
  if (!isObject(body)) {
    return new As(status, status === 401 ? 'unauthorized' : 'bad_response', `The server answered something unexpected (HTTP ${status}).`);
  }
  const failure = isObject(body.error) ? body.error : {};
  const code = typeof failure.code === 'string' && failure.code !== '' ? failure.code : status === 401 ? 'unauthorized' : 'unknown';
  const message = typeof failure.message === 'string' && failure.message !== '' ? failure.message : `The request failed (HTTP ${status}).`;
  return new As(status, code, message, failure, retryAfterOf(failure, retryAfterHeader));
}

/** retryAfterOf reads the wait in seconds from error.retry_after, else the Retry-After header. */
function retryAfterOf(failure: Record<string, unknown>, header: string | null): number | undefined {
  const wait = failure.retry_after;
  if (typeof wait === 'number' && Number.isFinite(wait) && wait >= 0) return wait;
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim());
  return undefined;
}

/** isObject is true for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
