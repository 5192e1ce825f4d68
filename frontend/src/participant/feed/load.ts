// Loading a participant's feed: load_experiment's answer turned into the feed's data, kept
// in browser storage, and the first thing to show (consent, instructions, the feed, or
// "already completed"). The server and storage are passed in, so the unit tests run every
// case (offline with a stored feed, a refused experiment, a finished participant) without
// a browser.
import type { ErrorReason } from '../../components/ErrorScreen';
import { ApiError } from '../../lib/api';
import type { ExperimentParameter, FeedEntity } from '../../lib/feedTypes';
import { buildRedirectionRoutes, DEFAULT_EXPERIMENT_ID, modalsAllowed, type SessionStart } from '../../lib/session';
import type { SessionStore } from '../../lib/storage';

/** LoadedExperiment is load_experiment's data. */
export interface LoadedExperiment {
  user_id: string;
  experiment_id: string;
  condition: number;
  order_data: Array<Record<string, unknown>>;
  experiment_parameters: string;
  texts?: { consent?: string; instruct?: string; 'custom-msg'?: string; intervention?: string };
  completed?: boolean;
  /** exits: the platform exits the condition sets (terminate, quality, screen-out). */
  exits?: string[];
  /** lure_data: cards of the participant's sets they were not shown (recognition tests). */
  lure_data?: Array<Record<string, unknown>>;
  /** feed_pending: the condition ranks by the answers given before the feed, which the
   * server does not have yet; order_data is empty until they are stored. */
  feed_pending?: boolean;
  /** own_posts: the posts the participant wrote at the top of their feed (feed-compose). */
  own_posts?: Array<{ id: string; text: string }>;
  /** reacts: the study has simulated others who react; reactions: what they did so far,
   * due on the server's clock, which read now when it answered. */
  reacts?: boolean;
  reactions?: unknown[];
  now?: number;
}

/** FeedData is what the feed page shows: the cards, the condition's parameters and texts. */
export interface FeedData {
  experimentId: string;
  entities: FeedEntity[];
  params: ExperimentParameter[];
  texts: { consent: string; instruct: string; intervention?: string };
  /** exits: the platform exits the condition sets; a consent refusal takes terminate. */
  exits?: string[];
  /** pending: the feed waits for the answers given before it (load_experiment's feed_pending). */
  pending?: boolean;
  /** ownPosts: the posts the participant already wrote (load_experiment's own_posts). */
  ownPosts?: Array<{ id: string; text: string }>;
  /** reactions: the study's simulated others react (load_experiment's reacts), with what
   * they did so far (reactions.ts reads it). */
  reactions?: { list: unknown[]; now?: number };
}

/** StartPhase is the first screen of a loaded feed. */
export type StartPhase = 'completed' | 'consent' | 'instruct' | 'feed';

/**
 * FeedLoad is the outcome of loadFeed: `fatal` when the server refused the experiment for
 * good (a 4xx that a retry cannot fix), `retry` when it could not be reached and no feed is
 * stored, else the feed and its first screen.
 */
export type FeedLoad =
  | { kind: 'fatal'; reason: FatalReason; returnUrl?: string; retryable?: boolean }
  | { kind: 'retry' }
  | { kind: 'ready'; data: FeedData; start: StartPhase };

/** FatalReason says why the server refused the study: no such study (a wrong or truncated
 * id), a malformed request (a damaged link), a study not launched yet, closed, paused or full, a
 * personal link that was already used or is not valid, a person who already took part
 * (their platform id finished the study in another browser), or, for now, a feed that could
 * not be ranked or an appliance whose disk is full (these two may work on a retry). */
export type FatalReason = Exclude<ErrorReason, 'unreachable' | 'page'>;

/** RETRYABLE_CODES are refusals that say "not now": nothing was registered, and Try again may work. */
const RETRYABLE_CODES: Record<string, FatalReason> = { ranking_failed: 'rankingFailed', study_full: 'full' };

/** fatalReason maps a final refusal to what the error screen says. */
export function fatalReason(err: unknown): FatalReason {
  if (!(err instanceof ApiError)) return 'unknown';
  if (err.code === 'study_not_accepting') return 'notAccepting';
  // A draft (not launched yet, issue 22): no one is registered.
  if (err.code === 'study_not_started') return 'notStarted';
  if (err.code === 'study_over_quota') return 'overQuota';
  if (err.code === 'already_participated') return 'alreadyTookPart';
  if (err.code in RETRYABLE_CODES) return RETRYABLE_CODES[err.code];
  // Personal (labelled) links of a classroom study: used once already, or not this study's.
  if (err.code === 'label_used') return 'labelUsed';
  if (err.code === 'label_other_browser') return 'labelOtherBrowser';
  if (err.code === 'label_unknown' || err.code === 'label_required') return 'labelInvalid';
  if (err.status === 403 || err.status === 409 || err.status === 410 || /closed|paused/.test(err.code)) return 'closed';
  if (err.status === 404) return 'unknown';
  return 'link';
}

/** LoadDeps are loadFeed's contacts with the world. */
export interface LoadDeps {
  store: SessionStore;
  /** loadExperiment calls /v1/load_experiment with the body given. */
  loadExperiment: (body: Record<string, unknown>) => Promise<{ data: LoadedExperiment }>;
  now: () => number;
}

/** feedData turns load_experiment's data into the feed's; unparsable parameters count as none. */
export function feedData(d: LoadedExperiment): FeedData {
  const entities: FeedEntity[] = d.order_data.map((e, i) => ({ ...e, entity_id: String(e.entity_id), entity_url: String(e.entity_url), idx: i }));
  let params: ExperimentParameter[] = [];
  try {
    const parsed: unknown = JSON.parse(d.experiment_parameters || '[]');
    if (Array.isArray(parsed)) params = parsed as ExperimentParameter[];
  } catch {
    console.error('feed: experiment_parameters is not JSON', d.experiment_parameters);
  }
  return { experimentId: d.experiment_id, entities, params, texts: { consent: d.texts?.consent ?? '', instruct: d.texts?.instruct ?? '', ...(d.texts?.intervention ? { intervention: d.texts.intervention } : {}) }, exits: Array.isArray(d.exits) ? d.exits : [], ...(d.feed_pending === true ? { pending: true } : {}), ...(ownPosts(d).length > 0 ? { ownPosts: ownPosts(d) } : {}), ...(d.reacts === true ? { reactions: { list: Array.isArray(d.reactions) ? d.reactions : [], now: d.now } } : {}) };
}

/** ownPosts is load_experiment's own_posts, anything malformed left out. */
function ownPosts(d: LoadedExperiment): Array<{ id: string; text: string }> {
  const raw: unknown = d.own_posts;
  if (!Array.isArray(raw)) return [];
  return raw.filter((p): p is { id: string; text: string } => !!p && typeof p === 'object' && typeof p.id === 'string' && typeof p.text === 'string');
}

/**
 * startPhase decides the first screen: the demo study (replayable) always starts at the
 * feed; otherwise "already completed", then consent and instructions when the popup timer
 * allows them (modals) and they have text, else the feed.
 */
export function startPhase(data: FeedData, completed: boolean, modals: boolean): StartPhase {
  if (data.experimentId === DEFAULT_EXPERIMENT_ID) return 'feed';
  if (completed) return 'completed';
  if (modals && data.texts.consent.trim() !== '') return 'consent';
  if (modals && data.texts.instruct.trim() !== '') return 'instruct';
  return 'feed';
}

/** isFinalRefusal is true for a 4xx that retrying cannot fix (not 408, 425 or 429). */
function isFinalRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && ![408, 425, 429].includes(err.status);
}

/**
 * loadExperimentBody is load_experiment's request for a session: the app's and the page's
 * early request (boot.ts) build it here, so the app can tell that the early one is its own.
 * Every arrival parameter, user_id and experiment_id included, is logged as URLParams-*
 * (as the original platform did), so the export shows the link the participant came by.
 */
export function loadExperimentBody(session: Pick<SessionStart, 'userId' | 'experimentId'>, store: SessionStore): Record<string, unknown> {
  return { user_id: session.userId, experiment_id: session.experimentId, query_params: { ...(store.get('queryParams') ?? {}) } };
}

/**
 * loadFeed loads the participant's feed: it asks the server, stores the cards, parameters
 * and condition under the spec's keys, builds the redirection chain once per session, and
 * says what to show first. Offline or while the server restarts, a participant who already
 * has their feed in storage keeps it.
 */
export async function loadFeed(session: Pick<SessionStart, 'userId' | 'experimentId'>, deps: LoadDeps): Promise<FeedLoad> {
  const { store } = deps;
  let userId = session.userId;
  let data: FeedData;
  let completed = false;
  try {
    const res = await deps.loadExperiment(loadExperimentBody(session, store));
    // The same platform id in another browser continues the participant it already is:
    // the server answers that participant's user id, and every later event carries it.
    if (typeof res.data.user_id === 'string' && res.data.user_id !== '' && res.data.user_id !== userId) {
      userId = res.data.user_id;
      store.set('user_id', userId);
    }
    data = feedData(res.data);
    store.set('entities', data.entities);
    store.set('experiment_parameters', data.params);
    store.set('condition', res.data.condition);
    if (Array.isArray(res.data.lure_data)) {
      store.set('lures', res.data.lure_data.map((e, i) => ({ ...e, entity_id: String(e.entity_id), entity_url: String(e.entity_url), idx: i })));
    } else {
      store.remove('lures');
    }
    completed = res.data.completed === true;
  } catch (err) {
    console.error('feed: loading the experiment failed', err);
    if (err instanceof ApiError && err.code in RETRYABLE_CODES) return { kind: 'fatal', reason: RETRYABLE_CODES[err.code], retryable: true };
    if (isFinalRefusal(err)) {
      // A paused or closed study names the platform's return link when it has one.
      const back = err instanceof ApiError ? err.details.return_url : undefined;
      return typeof back === 'string' && /^https:\/\//.test(back)
        ? { kind: 'fatal', reason: fatalReason(err), returnUrl: back }
        : { kind: 'fatal', reason: fatalReason(err) };
    }
    const entities = store.get('entities');
    const params = store.get('experiment_parameters');
    if (!entities || entities.length === 0 || !params) return { kind: 'retry' };
    data = { experimentId: session.experimentId, entities, params, texts: { consent: '', instruct: '' } };
  }
  if (store.get('redirectionRoutes') === undefined) {
    store.set(
      'redirectionRoutes',
      buildRedirectionRoutes({ experimentId: data.experimentId, userId, params: data.params, queryParams: store.get('queryParams') ?? {} }),
    );
  }
  return { kind: 'ready', data, start: startPhase(data, completed, modalsAllowed(store, deps.now())) };
}
