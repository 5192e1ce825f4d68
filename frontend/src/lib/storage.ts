// The one module through which the app touches browser storage, so the participant
// session rules (added later) live in one place and can be unit-tested. Values are
// JSON-encoded under the spec's key names (spec/feed-side.md §3).
import type {
  EngagementRecord,
  ExperimentParameter,
  FeedEntity,
  IntersectionEvent,
  RedirectionRoute,
} from './feedTypes';

/** Flag is the spec's 0-or-1 marker (modalShown, complete). */
export type Flag = 0 | 1;

/** StoredValues maps each storage key to the type of its value. */
export interface StoredValues {
  user_id: string;
  condition: number;
  experiment_id: string;
  experiment_parameters: ExperimentParameter[];
  entities: FeedEntity[];
  /** entities_engage holds the engagement records keyed by entity_id. */
  entities_engage: Record<string, EngagementRecord>;
  intersect_events: IntersectionEvent[];
  modalShown: Flag;
  /** video is the intervention video's state; its shape belongs to the feed. */
  video: Record<string, unknown>;
  /** startTime and popupTime are milliseconds since the epoch. */
  startTime: number;
  popupTime: number;
  complete: Flag;
  nextRoute: string;
  redirectionRoutes: RedirectionRoute[];
  queryParams: Record<string, string>;
  /** end_screen (not a spec key) is what the end modal showed, kept after the flow ends
   * so a reload of the last page shows the completion link or code again. */
  end_screen: Record<string, unknown>;
  /** form_draft (not a spec key) holds the answers typed so far on the current
   * questionnaire page, so a phone that discards the tab does not lose them. */
  form_draft: Record<string, unknown>;
  /** feed_position (not a spec key) is the index of the card in view when the feed page
   * was last hidden or left, so a reload returns the participant there. */
  feed_position: number;
  /** intervention (not a spec key) is what the feed recorded of the intervention: when it
   * was shown, its in-feed visits (ms) and how many were sent, so a reload neither records
   * it twice nor loses a visit (participant/feed/intervention.ts). */
  intervention: Record<string, unknown>;
  /** lures (not a spec key) are cards of the participant's sets they were not shown, for a
   * custom questionnaire's recognition test (load_experiment's lure_data). */
  lures: FeedEntity[];
  /** form_progress (not a spec key) is where a participant is in a custom questionnaire of
   * several pages, and which cards its cards items ask about, so a reload resumes there
   * with the same cards instead of asking the pages already sent again. */
  form_progress: Record<string, unknown>;
  /** comments_seen (not a spec key) lists the "entity_id comment_id" pairs whose
   * comment_seen was sent, so a reload does not send them again. */
  comments_seen: string[];
  /** text_size (not a spec key) is the participant's choice of the "Larger text" switch in
   * a condition with text-size offer, and whether it was recorded (participant/textSize.ts). */
  text_size: { large: boolean; sent: boolean };
}

/** StorageKey is one of the spec's storage key names. */
export type StorageKey = keyof StoredValues;

type Kind = 'string' | 'number' | 'flag' | 'array' | 'object';

// The JSON kind each key must decode to; anything else counts as corrupt.
const kinds: { readonly [K in StorageKey]: Kind } = {
  user_id: 'string',
  condition: 'number',
  experiment_id: 'string',
  experiment_parameters: 'array',
  entities: 'array',
  entities_engage: 'object',
  intersect_events: 'array',
  modalShown: 'flag',
  video: 'object',
  startTime: 'number',
  popupTime: 'number',
  complete: 'flag',
  nextRoute: 'string',
  redirectionRoutes: 'array',
  queryParams: 'object',
  end_screen: 'object',
  form_draft: 'object',
  feed_position: 'number',
  intervention: 'object',
  lures: 'array',
  form_progress: 'object',
  comments_seen: 'array',
  text_size: 'object',
};

/** STORAGE_KEYS lists every key this module manages. */
export const STORAGE_KEYS = Object.keys(kinds) as StorageKey[];

/** StorageBackend is the part of the Web Storage API this module uses. */
export type StorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** SessionStore reads and writes the spec's keys. None of its methods throw. */
export interface SessionStore {
  /** get returns the stored value, or undefined when it is missing or corrupt. */
  get<K extends StorageKey>(key: K): StoredValues[K] | undefined;
  /** set stores the value and reports whether it reached durable storage; when it
   * could not (storage full or unavailable) the value is kept in memory for this page. */
  set<K extends StorageKey>(key: K, value: StoredValues[K]): boolean;
  /** remove deletes the given keys. */
  remove(...keys: StorageKey[]): void;
  /** durable is false when browser storage is unavailable and values live in memory only. */
  readonly durable: boolean;
}

/**
 * createStore builds a SessionStore over a backend; with null (storage disabled or
 * blocked) it keeps values in memory so the page still works until it is closed.
 */
export function createStore(backend: StorageBackend | null): SessionStore {
  // Values that could not be written durably; consulted before the backend.
  const memory = new Map<StorageKey, string>();

  function read(key: StorageKey): string | null {
    const kept = memory.get(key);
    if (kept !== undefined) return kept;
    if (!backend) return null;
    try {
      return backend.getItem(key);
    } catch {
      return null;
    }
  }

  return {
    durable: backend !== null,

    get(key) {
      const raw = read(key);
      if (raw === null) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return undefined;
      }
      return hasKind(value, kinds[key]) ? (value as StoredValues[typeof key]) : undefined;
    },

    set(key, value) {
      let raw: string;
      try {
        raw = JSON.stringify(value);
      } catch (err) {
        console.error(`storage: cannot encode ${key}`, err);
        return false;
      }
      if (backend) {
        try {
          backend.setItem(key, raw);
          memory.delete(key);
          return true;
        } catch (err) {
          console.warn(`storage: cannot save ${key}; keeping it for this page only`, err);
          // Drop the older durable copy so a reload does not resume from stale state.
          try {
            backend.removeItem(key);
          } catch {
            // Nothing more to do: the in-memory copy below still serves this page.
          }
        }
      }
      memory.set(key, raw);
      return false;
    },

    remove(...keys) {
      for (const key of keys) {
        memory.delete(key);
        try {
          backend?.removeItem(key);
        } catch {
          // A storage that cannot remove cannot have served the value either.
        }
      }
    },
  };
}

function hasKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'flag':
      return value === 0 || value === 1;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/**
 * openLocalStorage returns the browser's localStorage when it can be written, else null:
 * it is missing outside browsers, and access throws when the user blocks site data.
 * localStorage (not sessionStorage) because a participant's session must survive a
 * closed tab for the spec's 180 minutes.
 */
export function openLocalStorage(): StorageBackend | null {
  try {
    const local = globalThis.localStorage;
    if (!local) return null;
    const probe = '__feedlab_probe__';
    local.setItem(probe, probe);
    local.removeItem(probe);
    return local;
  } catch {
    return null;
  }
}

/** memoryBackend is a Map-backed stand-in for localStorage (tests, and pages whose
 * storage is blocked). */
export function memoryBackend(): StorageBackend & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, String(value)),
    removeItem: (key) => void raw.delete(key),
  };
}

/** storage is the app's store over localStorage. */
export const storage: SessionStore = createStore(openLocalStorage());
