// The end of a participant's flow (questionnaires spec §4): the last answers are saved
// with the checkpoint 'end-redirect', the outbox is emptied (bounded wait), the session
// keys are cleared and complete set to 1, then the end modal tells the participant how to
// get back to their platform. What the modal says is decided here, by pure functions the
// unit tests check for every platform.
import { ApiError, apiCall } from '../../lib/api';
import { DRAIN_TIMEOUT_MS, drainBeforeLeaving, logCheckpoint, writeForm, type EventSink, type FormValue } from '../../lib/events';
import { newEventId } from '../../lib/outbox';
import { advance, DEFAULT_EXPERIMENT_ID, finishFlow, paramValue, participantRef, platformEnd, routePath } from '../../lib/session';
import type { SessionStore } from '../../lib/storage';

/** END_CHECKPOINT marks the participant complete on the server. */
export const END_CHECKPOINT = 'end-redirect';
/** CODE_TIMEOUT_MS bounds one request for the mturk completion code. */
export const CODE_TIMEOUT_MS = 8_000;

/** EndScreen is what the end modal shows. */
export type EndScreen =
  /** home: a thank-you and 'Return home', which navigates to target. */
  | { kind: 'home'; platform: string; target: string; solarflare: boolean }
  /** link: a platform ending by redirect or redirect-rid (prolific, lucid), the completion link. */
  | { kind: 'link'; platform: string; href: string }
  /** code: a platform ending by code (mturk), the completion code (null until known) to copy. */
  | { kind: 'code'; platform: string; code: string | null }
  /** continue: a platform ending by continue (custom), 'Continue to finish the study' to its
   * redirect-url (user_id and the arrival parameters added), automatically once the answers
   * are saved. */
  | { kind: 'continue'; platform: string; href: string };

/** EndInputs are what decides the end screen, read before the session keys are cleared. */
export interface EndInputs {
  experimentId: string;
  platform: string;
  redirectUrl: string;
  /** rid is the panel respondent id (query parameter rid or RID), for lucid. */
  rid: string;
  /** redirectRoute is where 'Return home' goes: the chain's last step (the custom
   * platform's URL) or '' for the site root. */
  redirectRoute: string;
  completionCode: string;
}

/**
 * safeHref returns the URL when it is a site path ('/...') or an absolute http(s) URL, else
 * ''. Redirect URLs can arrive in a page's query string, so nothing else (javascript:,
 * data:) may ever become a link or a navigation target.
 */
export function safeHref(url: string): string {
  const u = url.trim();
  if (u === '') return '';
  if (u.startsWith('/') && !u.startsWith('//') && !u.startsWith('/\\')) return u;
  try {
    const parsed = new URL(u);
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '') return parsed.href;
  } catch {
    // not a URL
  }
  return '';
}

/** decodedUrl undoes one more layer of URL-component encoding when a redirect URL still
 * looks encoded ('https%3A%2F%2F...'); a plain URL is returned as it is. */
export function decodedUrl(url: string): string {
  const u = url.trim();
  if (!/^https?%3A/i.test(u)) return u;
  try {
    return decodeURIComponent(u);
  } catch {
    return u;
  }
}

// Lucid (Cint) writes the respondent id placeholder as [%RID%]; some setups copy it
// URL-encoded.
const RID_PLACEHOLDERS = ['[%RID%]', '%5B%25RID%25%5D', '%5b%25RID%25%5d'];

/**
 * lucidLink builds the Lucid return link: the decoded redirect-url with the respondent id
 * put in place of its [%RID%] placeholder when it has one, otherwise as its RID query
 * parameter (replacing an empty or placeholder RID). Without an RID the URL is used as given.
 */
export function lucidLink(redirectUrl: string, rid: string): string {
  const base = safeHref(decodedUrl(redirectUrl));
  if (base === '' || rid === '') return base;
  for (const p of RID_PLACEHOLDERS) {
    if (redirectUrl.includes(p)) return safeHref(decodedUrl(redirectUrl).split(p).join(encodeURIComponent(rid)));
  }
  const u = new URL(base);
  u.searchParams.set('RID', rid);
  return u.href;
}

/** endScreen decides the end modal's content (questionnaires spec §4, modal content). */
export function endScreen(inp: EndInputs): EndScreen {
  const platform = inp.platform.trim().toLowerCase();
  const home = safeHref(inp.redirectRoute) || '/';
  if (inp.experimentId === DEFAULT_EXPERIMENT_ID) return { kind: 'home', platform, target: '/', solarflare: true };
  // How each platform ends is its entry in the Go platform table (params.Platform.End).
  const end = platformEnd(platform);
  if (end === 'redirect') {
    const href = safeHref(decodedUrl(inp.redirectUrl));
    if (href !== '') return { kind: 'link', platform, href };
  }
  if (end === 'redirect-rid') {
    const href = lucidLink(inp.redirectUrl, inp.rid);
    if (href !== '') return { kind: 'link', platform, href };
  }
  if (end === 'code') return { kind: 'code', platform, code: inp.completionCode.trim() || null };
  if (end === 'continue' && /^https?:\/\//i.test(home)) return { kind: 'continue', platform, href: home };
  return { kind: 'home', platform, target: home, solarflare: false };
}

/**
 * endInputs reads what the end screen needs from the stored session: the study's own
 * platform, redirect-url and experiment_id. The page's query is never trusted for them
 * (issue 13, item 8): a link to /form/custom-msg?redirect-url=https://evil.example must not
 * turn feedlab's end page into a phishing page. Only the panel respondent id (RID) may come
 * from the query, and it only fills the placeholder of the study's own URL.
 */
export function endInputs(query: URLSearchParams, store: SessionStore, redirectRoute: string): EndInputs {
  const params = store.get('experiment_parameters');
  const arrival = store.get('queryParams') ?? {};
  const fromQuery = (name: string) => (query.get(name) ?? '').trim();
  const rid = arrival.RID || arrival.rid || fromQuery('RID') || fromQuery('rid') || '';
  return {
    experimentId: store.get('experiment_id') || '',
    platform: paramValue(params, 'platform') || '',
    redirectUrl: paramValue(params, 'redirect-url') || '',
    rid,
    redirectRoute,
    completionCode: paramValue(params, 'completion-code') || '',
  };
}

/** CheckpointBody is the end-redirect checkpoint as sent, kept to ask for the code again. */
export type CheckpointBody = Record<string, unknown> & { event_id: string };

/**
 * endCheckpoint is the end-redirect checkpoint's body with its event_id, built here rather
 * than by logCheckpoint so it can be kept: the mturk code request repeats exactly this event
 * (same event_id), which the server stores once.
 */
export function endCheckpoint(store: SessionStore, now: number = Date.now()): CheckpointBody {
  return { ...participantRef(store), checkpoint: END_CHECKPOINT, value: String(now), time: now, event_id: newEventId() };
}

/** EndRecord is what the end flow leaves in storage (key end_screen) so a reload of the
 * page after the end shows the same modal, completion code included. */
export interface EndRecord {
  screen: EndScreen;
  checkpoint: CheckpointBody | null;
  /** refused is the server's message when it refused to mark the participant complete
   * (409 chain_incomplete: the feed or a questionnaire of the chain is missing). */
  refused?: string;
}

/** FORM_DONE_PREFIX names the checkpoint a questionnaire page writes when submitted
 * (form-done:crt): the server issues the completion code only when every questionnaire of
 * the chain has one (docs/security.md, "What counts as complete"). */
export const FORM_DONE_PREFIX = 'form-done:';

/** logFormDone queues the form-done checkpoint of the questionnaire page at path. */
export function logFormDone(path: string, s?: EventSink): void {
  const p = routePath(path);
  if (p.startsWith('/form/')) logCheckpoint(FORM_DONE_PREFIX + p.slice('/form/'.length), undefined, s);
}

/** isEndRecord checks a stored value's shape. */
export function isEndRecord(v: unknown): v is EndRecord {
  if (typeof v !== 'object' || v === null) return false;
  const s = (v as { screen?: { kind?: unknown } }).screen;
  return typeof s === 'object' && s !== null && (s.kind === 'home' || s.kind === 'link' || s.kind === 'code' || s.kind === 'continue');
}

/** EndDeps are the end flow's contacts with the world (replaced in unit tests). */
export interface EndDeps {
  sink: EventSink;
  drainTimeoutMs?: number;
  /** requestCode asks the server for the participant's completion code. */
  requestCode?: (body: CheckpointBody) => Promise<string | null>;
}

/** isQuestionnaireRoute tells a questionnaire page of the chain from its end (the site
 * root or the custom platform's URL). */
export function isQuestionnaireRoute(route: string): boolean {
  return routePath(route).startsWith('/form/');
}

/** requestCompletionCode repeats the end-redirect checkpoint with the same event_id (the
 * server stores it once) and returns the completion code it answers. */
export async function requestCompletionCode(body: CheckpointBody, timeoutMs = CODE_TIMEOUT_MS): Promise<string | null> {
  // A slow server must not hold the participant on the saving dialog: the end modal asks
  // again until it answers.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await apiCall<{ data?: { completion_code?: unknown } }>('/v1/write_checkpoint', body, { signal: abort.signal });
    const code = res.data?.completion_code;
    return typeof code === 'string' && code !== '' ? code : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * runEndFlow ends the participant's flow from the page at currentPath: queues the page's
 * answers (if any) and the end-redirect checkpoint, marks the page visited, waits for the
 * outbox (bounded, logged when it times out), asks for the mturk completion code, clears
 * the session keys and sets complete to 1, and stores and returns the end record.
 */
export async function runEndFlow(
  answers: Record<string, FormValue> | null,
  currentPath: string,
  query: URLSearchParams,
  deps: EndDeps,
): Promise<EndRecord> {
  const { store, box } = deps.sink;
  // Everything the modal needs is read now: finishFlow clears it.
  const next = advance(store, currentPath);
  const redirectRoute = isQuestionnaireRoute(next) || next === '/' ? '' : next;
  const inputs = endInputs(query, store, redirectRoute);
  if (answers) writeForm(answers, deps.sink);
  if (isQuestionnaireRoute(currentPath)) logFormDone(currentPath, deps.sink);
  const checkpoint = endCheckpoint(store);
  // The completion record goes after everything still pending: the outbox sends in order,
  // so when it arrives the server has the feed and every questionnaire page, and can check
  // the chain is complete before it answers a completion code.
  box.enqueue('/v1/write_checkpoint', checkpoint);
  const drained = await drainBeforeLeaving(deps.drainTimeoutMs ?? DRAIN_TIMEOUT_MS, deps.sink);

  let screen = endScreen(inputs);
  let refused: string | undefined;
  const needCode = screen.kind === 'code' && screen.code === null;
  // Once everything arrived, the server's answer to the end checkpoint (repeated under the
  // same event_id, stored once) says whether it counted the participant complete; a
  // refusal is shown as it is, never a code or link that would not be honoured.
  if ((drained || needCode) && deps.requestCode) {
    try {
      const code = await deps.requestCode(checkpoint);
      if (screen.kind === 'code' && screen.code === null) screen = { ...screen, code };
    } catch (err) {
      if (err instanceof ApiError && err.code === 'chain_incomplete') refused = err.message;
      else console.warn('end flow: could not get the completion code yet', err);
    }
  }

  finishFlow(store);
  const record: EndRecord = { screen, checkpoint: screen.kind === 'code' ? checkpoint : null };
  if (refused !== undefined) record.refused = refused;
  store.set('end_screen', record as unknown as Record<string, unknown>);
  return record;
}
