// The /v1 contract with the Go server: every answer is a JSON object whose
// `success` is the string 'true' when the call worked; failures add
// `error: {code, message}` and an HTTP status that fits.

/** ApiFailure is the error body the server sends with every unsuccessful answer. */
export interface ApiFailure {
  code: string;
  message: string;
}

/** ApiError is thrown by apiCall for any answer that is not a success. */
export class ApiError extends Error {
  /** status is the HTTP status, or 0 when no answer arrived (network failure). */
  readonly status: number;
  /** code is the server's machine-readable error code, or a client-side one:
   * 'network' (no answer) or 'bad_response' (the body was not a JSON object). */
  readonly code: string;
  /** details are the error object's other fields (return_url, missing, problems, ...). */
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

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
 * apiAnswer reads the answer of a request already sent (apiCall's, or the boot script's
 * early load_experiment): the parsed body on success, else an ApiError.
 */
export async function apiAnswer<T extends object = SuccessBody>(path: string, sent: Promise<Response>): Promise<T & SuccessBody> {
  let response: Response;
  try {
    response = await sent;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', `network error calling ${path}`);
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new ApiError(response.status, 'bad_response', `${path}: answer is not JSON (HTTP ${response.status})`);
  }
  if (!isObject(parsed)) {
    throw new ApiError(response.status, 'bad_response', `${path}: answer is not a JSON object`);
  }
  // The string comparison is the rule: a boolean true or 'false' is not a success.
  if (parsed.success === 'true') return parsed as T & SuccessBody;

  const failure = isObject(parsed.error) ? parsed.error : {};
  const code = typeof failure.code === 'string' && failure.code !== '' ? failure.code : 'unknown';
  const message =
    typeof failure.message === 'string' && failure.message !== ''
      ? failure.message
      : `${path} failed (HTTP ${response.status})`;
  throw new ApiError(response.status, code, message, failure);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
