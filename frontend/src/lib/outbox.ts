// The durable outbox ("Nothing is lost", docs/decisions.md): every participant event gets a
// client-generated event_id and is written to browser storage before any network call.
// It is sent, and retried with backoff, until the server acknowledges it (the server
// answers only after its commit and ignores a repeated event_id, so resending is always
// safe). When the page is hidden or unloaded, what is pending goes out by sendBeacon as
// text/plain; it also stays in the outbox until acknowledged, so the next page load sends
// it again if the beacon was lost.

/** OutboxPath is one of the participant calls that carry events. */
export type OutboxPath =
  | '/v1/write_user_engagement'
  | '/v1/write_batch_dwell'
  | '/v1/write_form'
  | '/v1/write_checkpoint';

/** OutboxItem is one pending event. */
export interface OutboxItem {
  id: string;
  path: OutboxPath;
  body: Record<string, unknown> & { event_id: string };
  attempts: number;
  createdAt: number;
}

/** SendResult says what became of one attempt: acknowledged, to be retried, or refused
 * for good (the server will never accept this body, so retrying would block the queue). */
export type SendResult = 'ack' | 'retry' | 'reject';

/** OutboxDeps are the outbox's contacts with the world, replaceable in unit tests. */
export interface OutboxDeps {
  /** load and save persist the pending items (localStorage in the browser). */
  load(): OutboxItem[];
  save(items: OutboxItem[]): void;
  send(path: OutboxPath, body: unknown): Promise<SendResult>;
  /** beacon hands a body to the browser to deliver after the page is gone. */
  beacon(path: OutboxPath, body: string): boolean;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** OUTBOX_KEY is the storage key of the pending events (not one of the spec's keys). */
export const OUTBOX_KEY = 'feedlab_outbox';

/** Backoff between retries: doubling from 1 s, at most 30 s. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30000;

/** Browsers cap the bodies of requests that outlive the page at 64 KiB in total. */
export const BEACON_BUDGET = 60 * 1024;

/** Outbox queues, persists and delivers events. */
export class Outbox {
  private items: OutboxItem[];
  private flushing: Promise<void> | null = null;
  private timer: unknown = null;
  private waiters: Array<() => void> = [];
  private listeners = new Set<(pending: number) => void>();
  private readonly deps: OutboxDeps;

  constructor(deps: OutboxDeps) {
    this.deps = deps;
    this.items = deps.load();
  }

  /** pending is the number of events not yet acknowledged. */
  get pending(): number {
    return this.items.length;
  }

  /**
   * enqueue stores an event durably and starts sending it; returns its event_id. With
   * `first`, the event goes ahead of everything pending (the end-redirect completion record,
   * so the researcher can verify a participant even when their later events are late).
   */
  enqueue(path: OutboxPath, body: Record<string, unknown>, opts: { first?: boolean } = {}): string {
    const id = typeof body.event_id === 'string' && body.event_id !== '' ? body.event_id : newEventId();
    const item: OutboxItem = { id, path, body: { ...body, event_id: id }, attempts: 0, createdAt: this.deps.now() };
    if (opts.first) this.items.unshift(item);
    else this.items.push(item);
    this.persist();
    void this.flush();
    return id;
  }

  /** subscribe calls fn with the number of pending events each time it changes; returns
   * the function that stops it. */
  subscribe(fn: (pending: number) => void): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  private persist(): void {
    this.deps.save(this.items);
    for (const fn of [...this.listeners]) fn(this.items.length);
  }

  /** flush sends every pending event once, in order; failures are rescheduled. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.cancelTimer();
    this.flushing = this.sendAll().finally(() => {
      this.flushing = null;
      if (this.items.length > 0) this.schedule();
      else this.notifyEmpty();
    });
    return this.flushing;
  }

  /**
   * drain resolves true once every event is acknowledged, or false after timeoutMs (the
   * participant must not be held forever; what is left is kept and sent later).
   */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.items.length === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        resolve(ok);
      };
      const handle = this.deps.setTimer(() => finish(this.items.length === 0), timeoutMs);
      this.waiters.push(() => {
        this.deps.clearTimer(handle);
        finish(true);
      });
      void this.flush();
    });
  }

  /**
   * beaconAll hands every pending event to the browser for delivery after the page is
   * gone (visibilitychange to hidden, pagehide), within the browser's size budget. The
   * events stay queued: only the server's acknowledgement removes them.
   */
  beaconAll(): void {
    let budget = BEACON_BUDGET;
    for (const item of this.items) {
      const body = JSON.stringify(item.body);
      if (body.length > budget) break;
      if (!this.deps.beacon(item.path, body)) break;
      budget -= body.length;
    }
  }

  private async sendAll(): Promise<void> {
    // A snapshot: events queued meanwhile are sent by the next flush.
    for (const item of [...this.items]) {
      let result: SendResult;
      try {
        result = await this.deps.send(item.path, item.body);
      } catch {
        result = 'retry';
      }
      if (result === 'retry') {
        item.attempts++;
        this.persist();
        return; // keep order: later events wait for this one
      }
      if (result === 'reject') {
        console.error(`outbox: the server refused event ${item.id} on ${item.path}; dropped`, item.body);
      }
      // By identity, not by id: a batch resent under the same event_id (the feed's dwell
      // batch, whose later sends carry more dwells) must not vanish with the earlier one.
      this.items = this.items.filter((it) => it !== item);
      this.persist();
    }
  }

  private schedule(): void {
    const attempts = this.items[0]?.attempts ?? 0;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) {
      this.deps.clearTimer(this.timer);
      this.timer = null;
    }
  }

  private notifyEmpty(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** newEventId returns a random id the server accepts ([A-Za-z0-9_.:-]). */
export function newEventId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * classify maps an HTTP answer to what the outbox does with the event: 2xx is an
 * acknowledgement; 408, 425, 429 and 5xx are worth retrying (overload, restart); any
 * other 4xx will never succeed.
 */
export function classify(status: number): SendResult {
  if (status >= 200 && status < 300) return 'ack';
  if (status === 408 || status === 425 || status === 429 || status >= 500 || status === 0) return 'retry';
  return 'reject';
}

function browserDeps(): OutboxDeps {
  return {
    load() {
      try {
        const raw = globalThis.localStorage?.getItem(OUTBOX_KEY);
        const parsed: unknown = raw ? JSON.parse(raw) : [];
        return Array.isArray(parsed) ? (parsed.filter(isItem) as OutboxItem[]) : [];
      } catch {
        return [];
      }
    },
    save(items) {
      try {
        if (items.length === 0) globalThis.localStorage?.removeItem(OUTBOX_KEY);
        else globalThis.localStorage?.setItem(OUTBOX_KEY, JSON.stringify(items));
      } catch (err) {
        // Storage full or blocked: the events are still held in memory for this page.
        console.warn('outbox: cannot persist pending events', err);
      }
    },
    async send(path, body) {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        mode: 'same-origin',
        credentials: 'same-origin',
      });
      const result = classify(res.status);
      // Someone listens for what an acknowledgement carries (the reactions an action drew,
      // docs/social.md): read it. Every other page pays nothing.
      if (result === 'ack' && ackHooks.size > 0 && path === '/v1/write_user_engagement') {
        try {
          const answer: unknown = await res.json();
          const data = (answer as { data?: unknown } | null)?.data;
          for (const fn of [...ackHooks]) fn(data);
        } catch (err) {
          console.warn('outbox: an acknowledgement could not be read', err);
        }
      }
      return result;
    },
    beacon(path, body) {
      // text/plain needs no preflight, so the browser can send it while unloading.
      const blob = new Blob([body], { type: 'text/plain' });
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
        return navigator.sendBeacon(path, blob);
      }
      try {
        void fetch(path, { method: 'POST', body: blob, keepalive: true, mode: 'same-origin' });
        return true;
      } catch {
        return false;
      }
    },
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}

function isItem(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const it = v as Partial<OutboxItem>;
  return typeof it.id === 'string' && typeof it.path === 'string' && typeof it.body === 'object' && it.body !== null;
}

let shared: Outbox | null = null;
const leaveHooks = new Set<() => void>();
const ackHooks = new Set<(data: unknown) => void>();

/**
 * onAck registers fn to receive the data of each engagement's acknowledgement that the
 * page's own send received (not a beacon's: the page is gone then). Returns the function
 * that removes it.
 */
export function onAck(fn: (data: unknown) => void): () => void {
  ackHooks.add(fn);
  return () => {
    ackHooks.delete(fn);
  };
}

/**
 * onLeave registers fn to run when the page is hidden or unloaded, just before the outbox
 * hands what is pending to sendBeacon: the last moment to queue an event (the feed closes
 * the dwell of the card in view). Returns the function that removes it.
 */
export function onLeave(fn: () => void): () => void {
  leaveHooks.add(fn);
  return () => {
    leaveHooks.delete(fn);
  };
}

function leaving(box: Outbox): void {
  for (const fn of [...leaveHooks]) {
    try {
      fn();
    } catch (err) {
      console.error('outbox: a leave hook failed', err);
    }
  }
  box.beaconAll();
}

/**
 * outbox returns the page's outbox, creating it on first use: it resends what a previous
 * page left pending, and flushes when the network returns and when the page is hidden or
 * unloaded.
 */
export function outbox(): Outbox {
  if (shared) return shared;
  const box = new Outbox(browserDeps());
  shared = box;
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => void box.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') leaving(box);
      else void box.flush();
    });
    window.addEventListener('pagehide', () => leaving(box));
  }
  void box.flush();
  return box;
}
