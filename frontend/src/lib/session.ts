// The participant session rules of spec/feed-side.md §4, in one place: session start and
// expiry, user_id and experiment_id, the popup timer, the redirection chain between pages,
// the end of the flow, and the participant's identity on every event. All state is read
// and written through the storage module under the spec's key names.
import type { ExperimentParameter, RedirectionRoute } from './feedTypes';
import type { SessionStore } from './storage';
import { PLATFORMS, URL_ENCODED_PARAMS } from '../generated/registry';

/** SESSION_EXPIRY_MS: a session older than 180 minutes starts afresh. */
export const SESSION_EXPIRY_MS = 180 * 60 * 1000;
/** POPUP_DELAY_MS: modals may show when more than 6 ms passed since the popup time. */
export const POPUP_DELAY_MS = 6;
/** DEFAULT_EXPERIMENT_ID is used when no experiment is given or stored. */
export const DEFAULT_EXPERIMENT_ID = 'solarflare';
/** USER_ID_SUFFIX_LEN random characters of 0-9a-z follow the timestamp in a new user_id. */
export const USER_ID_SUFFIX_LEN = 5;

/** The parameters the wizard URL-encodes; the others arrive plain (params.URLEncoded). */
const ENCODED_PARAMS: readonly string[] = URL_ENCODED_PARAMS;

/** platformEnd is how a participant's flow ends on a platform (params.Platform.End,
 * generated): home for none or a platform this app does not know. */
export function platformEnd(platform: string): (typeof PLATFORMS)[number]['end'] {
  const name = platform.trim().toLowerCase();
  return PLATFORMS.find((p) => p.name === (name === 'none' ? '' : name))?.end ?? 'home';
}

/** Keys cleared at the end of the flow (spec: "At the end of the flow"). */
export const END_OF_FLOW_KEYS = [
  'condition',
  'experiment_id',
  'experiment_parameters',
  'queryParams',
  'redirectionRoutes',
  'nextRoute',
] as const;

/** SessionStart is the outcome of arriving on a page. */
export interface SessionStart {
  userId: string;
  experimentId: string;
  /** newState is true when the participant or the experiment changed: stored entities,
   * engagement records and intersect events were cleared and the popup time removed. */
  newState: boolean;
  /** expired is true when the previous session was older than 180 minutes. */
  expired: boolean;
}

/** generateUserId makes the spec's id: the current timestamp, '_', 5 chars of 0-9a-z. */
export function generateUserId(now: number, random: () => number = Math.random): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  let suffix = '';
  for (let i = 0; i < USER_ID_SUFFIX_LEN; i++) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `${now}_${suffix}`;
}

const FEED_STATE_KEYS = ['entities', 'entities_engage', 'intersect_events', 'feed_position', 'lures'] as const;

/**
 * startSession applies the session rules on arrival at a participant page with the URL's
 * query: start time and 180-minute expiry, user_id, experiment_id, and clearing the feed
 * state on a new state. The arrival query parameters are kept (queryParams) when the URL
 * carries any.
 */
export function startSession(query: URLSearchParams, store: SessionStore, now: number, random?: () => number): SessionStart {
  let expired = false;
  const start = store.get('startTime');
  if (start === undefined) {
    store.set('startTime', now);
  } else if (now - start > SESSION_EXPIRY_MS) {
    expired = true;
    store.set('startTime', now);
    store.remove(...FEED_STATE_KEYS);
  }

  let newState = false;
  const urlUser = query.get('user_id') ?? '';
  const storedUser = store.get('user_id');
  let userId: string;
  if (urlUser !== '') {
    userId = urlUser;
    if (storedUser !== undefined && storedUser !== urlUser) newState = true;
  } else if (storedUser !== undefined && storedUser !== '') {
    userId = storedUser;
  } else {
    userId = generateUserId(now, random);
  }
  store.set('user_id', userId);

  const urlExperiment = query.get('experiment_id') ?? '';
  const storedExperiment = store.get('experiment_id');
  const complete = store.get('complete') === 1;
  let experimentId: string;
  if (urlExperiment !== '') {
    // Taken when not complete or when it differs from the stored one; when complete, the
    // URL value is still taken, but returning to the same experiment forces no reset.
    experimentId = urlExperiment;
    if (storedExperiment !== undefined && storedExperiment !== urlExperiment) newState = true;
    if (storedExperiment === undefined && complete) newState = true;
  } else if (storedExperiment !== undefined && storedExperiment !== '') {
    experimentId = storedExperiment;
  } else {
    experimentId = DEFAULT_EXPERIMENT_ID;
  }
  store.set('experiment_id', experimentId);

  if (newState) {
    store.remove(...FEED_STATE_KEYS, 'popupTime', 'modalShown', 'intervention', 'redirectionRoutes', 'nextRoute', 'text_size');
    store.set('complete', 0);
  }

  const arrival: Record<string, string> = {};
  query.forEach((value, key) => {
    arrival[key] = value;
  });
  if (Object.keys(arrival).length > 0) store.set('queryParams', arrival);

  return { userId, experimentId, newState, expired };
}

/**
 * modalsAllowed is the spec's popup timer: true when no popup time is stored or more
 * than 6 ms have passed since it (in effect almost always).
 */
export function modalsAllowed(store: SessionStore, now: number): boolean {
  const popup = store.get('popupTime');
  return popup === undefined || now - popup > POPUP_DELAY_MS;
}

/** paramValue reads one experiment parameter, URL-decoded where the server encoded it. */
export function paramValue(params: ExperimentParameter[] | undefined, name: string): string | undefined {
  const found = params?.find((p) => p.param === name);
  if (!found) return undefined;
  if (!ENCODED_PARAMS.includes(name)) return found.value;
  try {
    return decodeURIComponent(found.value);
  } catch {
    return found.value;
  }
}

/** withQuery appends parameters to a URL (absolute or a path), keeping what it has. */
export function withQuery(url: string, extra: Record<string, string>): string {
  const entries = Object.entries(extra);
  if (entries.length === 0) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const qs = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${qs}${hash}`;
}

/** RouteInputs are what the redirection chain is built from. */
export interface RouteInputs {
  experimentId: string;
  userId: string;
  params: ExperimentParameter[];
  queryParams: Record<string, string>;
}

/**
 * buildRedirectionRoutes builds the chain of pages after the feed: the condition's forms
 * in order (each /form/<name>, not yet visited), then /form/custom-msg when the condition
 * has a custom message (type onpage or modal) not listed in forms; for the custom platform (except
 * solarflare) the redirect-url last, with user_id and every arrival parameter added; and
 * with no forms and a platform other than custom, the site root alone. solarflare has an
 * empty list.
 */
export function buildRedirectionRoutes(inp: RouteInputs): RedirectionRoute[] {
  if (inp.experimentId === DEFAULT_EXPERIMENT_ID) return [];
  let forms: string[] = [];
  try {
    const parsed: unknown = JSON.parse(paramValue(inp.params, 'forms') || '[]');
    if (Array.isArray(parsed)) forms = parsed.filter((f): f is string => typeof f === 'string');
  } catch {
    forms = [];
  }
  // A custom end message (the debrief of a deception study) is shown at the end of the
  // flow whenever the condition has one, listed in forms or not.
  const msgType = (paramValue(inp.params, 'custom-msg-type') ?? '').trim().toLowerCase();
  if ((msgType === 'onpage' || msgType === 'modal') && (paramValue(inp.params, 'custom-msg') ?? '').trim() !== '' && !forms.includes('custom-msg')) {
    forms = [...forms, 'custom-msg'];
  }
  const platform = paramValue(inp.params, 'platform') ?? '';
  // The questionnaires shown before the feed (forms-before) head the chain; the feed's
  // submit finds them visited and goes on to the first of forms.
  const routes: RedirectionRoute[] = [...formsBefore(inp.params), ...forms].map((f) => ({ [formRoute(f, inp)]: 0 }));
  const continues = platformEnd(platform) === 'continue';
  if (continues) {
    const target = paramValue(inp.params, 'redirect-url') ?? '';
    if (target !== '') routes.push({ [withQuery(target, { user_id: inp.userId, ...inp.queryParams })]: 0 });
  }
  if (forms.length === 0 && !continues) routes.push({ '/': 0 });
  return routes;
}

/** formsBefore are the condition's questionnaires shown between consent and the feed. */
export function formsBefore(params: ExperimentParameter[] | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(paramValue(params, 'forms-before') || '[]');
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string' && f !== 'custom-msg') : [];
  } catch {
    return [];
  }
}

/** pendingBefore is the next questionnaire to show before the feed, if one is left. */
export function pendingBefore(store: SessionStore): string | null {
  const before = new Set(formsBefore(store.get('experiment_parameters')).map((f) => `/form/${f}`));
  const next = (store.get('redirectionRoutes') ?? []).find((r) => before.has(routeOf(r)) && Object.values(r)[0] === 0);
  return next ? routeOf(next) : null;
}

/** beforeAnswered tells whether a questionnaire of forms-before was answered: the
 * participant then agreed to the consent already and comes back to the feed itself. */
export function beforeAnswered(store: SessionStore): boolean {
  const before = new Set(formsBefore(store.get('experiment_parameters')).map((f) => `/form/${f}`));
  return (store.get('redirectionRoutes') ?? []).some((r) => before.has(routeOf(r)) && Object.values(r)[0] === 1);
}

/** formRoute is a questionnaire's route; the custom message page takes its message and
 * end target from the query string (questionnaires spec, /form/custom-msg). */
function formRoute(form: string, inp: RouteInputs): string {
  const route = `/form/${form}`;
  if (form !== 'custom-msg') return route;
  return withQuery(route, {
    'custom-msg-type': paramValue(inp.params, 'custom-msg-type') ?? '',
    'custom-msg': paramValue(inp.params, 'custom-msg') ?? '',
    'redirect-url': paramValue(inp.params, 'redirect-url') ?? '',
    platform: paramValue(inp.params, 'platform') ?? '',
    experiment_id: inp.experimentId,
  });
}

function routeOf(r: RedirectionRoute): string {
  return Object.keys(r)[0] ?? '';
}

/** routePath is a route's path without its query (how a page recognizes its own route). */
export function routePath(route: string): string {
  return route.split(/[?#]/)[0];
}

/**
 * advanceRoutes marks the current page's route visited and returns the next route: the
 * first route not yet visited, falling back to the site root.
 */
export function advanceRoutes(routes: RedirectionRoute[], currentPath: string): { routes: RedirectionRoute[]; next: string } {
  const updated = routes.map((r) => {
    const route = routeOf(r);
    return routePath(route) === routePath(currentPath) ? { [route]: 1 as const } : { ...r };
  });
  const pending = updated.find((r) => Object.values(r)[0] === 0);
  return { routes: updated, next: pending ? routeOf(pending) : '/' };
}

/**
 * advance applies advanceRoutes to the stored chain: stores the updated chain and the new
 * nextRoute, and returns it.
 */
export function advance(store: SessionStore, currentPath: string): string {
  const { routes, next } = advanceRoutes(store.get('redirectionRoutes') ?? [], currentPath);
  store.set('redirectionRoutes', routes);
  store.set('nextRoute', next);
  return next;
}

/** finishFlow ends the participant's flow: clears the session keys and sets complete. */
export function finishFlow(store: SessionStore): void {
  store.remove(...END_OF_FLOW_KEYS);
  store.set('complete', 1);
}

/** ParticipantRef identifies the participant on every event. */
export interface ParticipantRef {
  user_id: string;
  experiment_id: string;
  condition: number | '';
}

/** participantRef reads the participant's identity from storage. */
export function participantRef(store: SessionStore): ParticipantRef {
  return {
    user_id: store.get('user_id') ?? '',
    experiment_id: store.get('experiment_id') ?? DEFAULT_EXPERIMENT_ID,
    condition: store.get('condition') ?? '',
  };
}
