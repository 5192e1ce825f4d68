// The feed's measurement side: an active-time clock (performance.now(), paused while the
// tab is hidden), intersection events and dwell per card, engagement records, and the
// logged checkpoints. Everything is written through the storage module under the spec's
// keys (entities_engage, intersect_events) so a reload resumes where the participant was.
import type { EngagementRecord, EngagementType, FeedEntity, IntersectionEvent } from '../../lib/feedTypes';
import { logCheckpoint, writeEngagement } from '../../lib/events';
import { storage } from '../../lib/storage';
import { addDwell, checkpointIdx, dwellOnLeave, dwellsAtSubmit, newRecord, OPPOSITE, wallOf } from './rules';

/** MAX_EVENTS bounds the stored intersection events (oldest dropped) so storage never fills. */
const MAX_EVENTS = 3000;

/**
 * ActiveClock measures time in milliseconds that stands still while the tab is hidden (and
 * while a dialog covers the feed): dwell counts only time a card could be read.
 */
export class ActiveClock {
  private pausedTotal = 0;
  private pausedSince: number | null = null;
  private reasons = new Set<string>();

  constructor() {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') this.pause('tab');
  }

  /** now is an epoch-like reading (performance.timeOrigin based) minus the paused time. */
  now(): number {
    const raw = performance.now();
    const paused = this.pausedTotal + (this.pausedSince !== null ? raw - this.pausedSince : 0);
    return performance.timeOrigin + raw - paused;
  }

  /** pause stops the clock for a reason ('tab', 'dialog'); it runs again when none is left. */
  pause(reason: string): void {
    this.reasons.add(reason);
    if (this.pausedSince === null) this.pausedSince = performance.now();
  }

  resume(reason: string): void {
    this.reasons.delete(reason);
    if (this.reasons.size === 0 && this.pausedSince !== null) {
      this.pausedTotal += performance.now() - this.pausedSince;
      this.pausedSince = null;
    }
  }
}

/** FeedTracker records what the participant saw and did in one feed page. */
export class FeedTracker {
  readonly clock = new ActiveClock();
  /** since is this page's start on the clock: events of earlier pages never pair with ours. */
  readonly since: number;
  private records: Record<string, EngagementRecord>;
  private events: IntersectionEvent[];
  private inView = new Set<string>();
  /** lastReached is the highest card index that has been in view, -1 before any. */
  lastReached = -1;
  private onReach: (idx: number) => void = () => {};
  private readonly entities: FeedEntity[];

  /** threads holds each card whose comment thread is open: since when (on the clock) it has
   * been open and in view, or null while the card is out of view or the page away. */
  private threads = new Map<string, number | null>();
  /** commentsSeen are the "entity_id comment_id" pairs already sent (kept across reloads). */
  private commentsSeen: Set<string>;

  /** suspended holds the cards that were in view when the page went away (hidden, reloaded,
   * closed): their dwell was closed then, and a new one opens when the page is back. */
  private suspended: string[] = [];

  constructor(entities: FeedEntity[]) {
    this.entities = entities;
    this.since = this.clock.now();
    this.records = storage.get('entities_engage') ?? {};
    this.events = storage.get('intersect_events') ?? [];
    this.commentsSeen = new Set(storage.get('comments_seen') ?? []);
    // A reload continues the same feed: the last card reached is what the stored records
    // say was seen, so feed-entity-idx-final and the checkpoints do not start over.
    for (const e of entities) {
      const r = this.records[e.entity_id];
      if (r && r.lastViewTime >= 0 && e.idx > this.lastReached) this.lastReached = e.idx;
    }
  }

  /** position is the index of the first card in view, or -1 when none is. */
  position(): number {
    let pos = -1;
    for (const id of [...this.inView, ...this.suspended]) {
      const e = this.entities.find((x) => x.entity_id === id);
      if (e && (pos < 0 || e.idx < pos)) pos = e.idx;
    }
    return pos;
  }

  /**
   * suspend closes the dwell of every card in view now (the page is hidden, reloaded or
   * closed, or the phone locks): the time so far is a finished dwell, sent with the batch
   * that goes out by beacon.
   */
  suspend(): void {
    // Nothing in view, or already suspended (pagehide follows visibilitychange): nothing to close.
    // Every open comment thread's time so far is sent (one opened on a card not counted in
    // view included); those in view are timed again on resume.
    for (const id of this.threads.keys()) this.endThreadPeriod(id);
    if (this.inView.size === 0) return;
    const now = this.clock.now();
    for (const id of this.inView) {
      const entity = this.entities.find((e) => e.entity_id === id);
      if (!entity) continue;
      const open = this.openSince(id);
      this.events.push({ idx: entity.idx, inview: false, entity_id: id, entity_url: entity.entity_url, time: now });
      if (open) this.save(entity, addDwell(this.record(entity), { ms: Math.max(0, Math.round(now - open.time)), inviewAt: wallOf(open) }));
    }
    this.suspended = [...this.inView];
    this.inView.clear();
    if (this.events.length > MAX_EVENTS) this.events = this.events.slice(-MAX_EVENTS);
    storage.set('intersect_events', this.events);
  }

  /** resume opens a new dwell for each card that was in view when the page went away. */
  resume(): void {
    const ids = this.suspended;
    this.suspended = [];
    for (const id of ids) {
      const entity = this.entities.find((e) => e.entity_id === id);
      if (entity && !this.inView.has(id)) this.visibility(entity, true);
    }
  }

  // openSince: the card's `in` event of this page that has no `out` yet.
  private openSince(id: string): (IntersectionEvent & { wall?: number }) | null {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.time < this.since) return null;
      if (e.entity_id === id) return e.inview ? e : null;
    }
    return null;
  }

  /** onReached registers the callback run when lastReached grows. */
  onReached(fn: (idx: number) => void): void {
    this.onReach = fn;
  }

  record(entity: FeedEntity): EngagementRecord {
    return this.records[entity.entity_id] ?? newRecord(entity);
  }

  private save(entity: FeedEntity, rec: EngagementRecord): void {
    this.records = { ...this.records, [entity.entity_id]: rec };
    storage.set('entities_engage', this.records);
  }

  /** visibility records a card entering or leaving view, and its dwell when it leaves. */
  visibility(entity: FeedEntity, inview: boolean): void {
    const was = this.inView.has(entity.entity_id);
    if (was === inview && (inview || this.seen(entity))) return;
    if (inview) this.inView.add(entity.entity_id);
    else this.inView.delete(entity.entity_id);
    const wall = Date.now();
    const ev: IntersectionEvent & { wall: number } = {
      idx: entity.idx,
      inview,
      entity_id: entity.entity_id,
      entity_url: entity.entity_url,
      time: this.clock.now(),
      wall,
    };
    this.events.push(ev);
    if (this.events.length > MAX_EVENTS) this.events = this.events.slice(-MAX_EVENTS);
    storage.set('intersect_events', this.events);
    if (inview) {
      if (this.threads.has(entity.entity_id) && this.threads.get(entity.entity_id) === null) this.threads.set(entity.entity_id, this.clock.now());
      this.save(entity, { ...this.record(entity), lastViewTime: wall });
      if (entity.idx > this.lastReached) {
        const from = this.lastReached;
        this.lastReached = entity.idx;
        for (const n of checkpointIdx(from, entity.idx)) logCheckpoint(`feed-entity-idx-${n}`, n);
        this.onReach(entity.idx);
      }
      return;
    }
    this.endThreadPeriod(entity.entity_id);
    const d = dwellOnLeave(this.events, this.since);
    if (d) this.save(entity, addDwell(this.record(entity), d));
  }

  /** openComments starts timing a card's comment thread: the participant just opened it,
   * so it is on screen even when the card as a whole is not counted in view. */
  openComments(entity: FeedEntity): void {
    if (!this.threads.has(entity.entity_id)) this.threads.set(entity.entity_id, this.clock.now());
  }

  /** closeComments ends it (the participant closed it): its time open is sent. */
  closeComments(entity: FeedEntity): void {
    this.endThreadPeriod(entity.entity_id);
    this.threads.delete(entity.entity_id);
  }

  /**
   * endThreadPeriod sends comments_open for the time a card's thread has been open and in
   * view, like a dwell: when it closes, the card leaves view, the page goes away or the feed
   * is submitted. The thread stays open; it is timed again when the card is back in view.
   */
  private endThreadPeriod(id: string): void {
    const since = this.threads.get(id);
    if (since === undefined || since === null) return;
    this.threads.set(id, null);
    const entity = this.entities.find((e) => e.entity_id === id);
    if (!entity) return;
    writeEngagement({
      entity_id: id,
      engagement_type: 'comments_open',
      response: Math.max(0, Math.round(this.clock.now() - since)),
      time_content_viewed: this.record(entity).lastViewTime,
      time_engagement: Date.now(),
    });
  }

  /** commentSeen sends comment_seen the first time a comment comes into view (once per
   * card and comment, a reload included). */
  commentSeen(entity: FeedEntity, commentId: string): void {
    const key = `${entity.entity_id} ${commentId}`;
    if (this.commentsSeen.has(key)) return;
    this.commentsSeen.add(key);
    storage.set('comments_seen', [...this.commentsSeen]);
    writeEngagement({
      entity_id: entity.entity_id,
      engagement_type: 'comment_seen',
      response: commentId,
      time_content_viewed: this.record(entity).lastViewTime,
      time_engagement: Date.now(),
    });
  }

  // seen: the card already has an event on this page (the first `out` still counts, to
  // start the out-in-out pattern).
  private seen(entity: FeedEntity): boolean {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.time < this.since) return false;
      if (e.entity_id === entity.entity_id) return true;
    }
    return false;
  }

  /** hideTab closes the dwells in view, pauses the dwell clock and logs the tab time;
   * showTab runs the clock again, logs it and opens new dwells for those cards. */
  hideTab(): void {
    this.suspend();
    this.clock.pause('tab');
    logCheckpoint('tab-inactive');
  }

  showTab(): void {
    this.clock.resume('tab');
    logCheckpoint('tab-active');
    this.resume();
  }

  /**
   * toggle flips one engagement button of a card and sends the engagement; returns
   * whether the button is now on.
   */
  toggle(entity: FeedEntity, type: EngagementType, shownTypes: EngagementType[]): boolean {
    const rec = this.record(entity);
    const on = rec[type] <= 0;
    const now = Date.now();
    const next: EngagementRecord = {
      ...rec,
      [type]: Math.max(0, rec[type] + (on ? 1 : -1)),
      lastEngageTime: now,
      lastRT: rec.lastViewTime >= 0 ? now - rec.lastViewTime : -1,
    };
    this.save(entity, next);
    // The card's counters after the event, as the original export had them: the toggle
    // state of likes, read_later and shares, and the accuracy_score counter (its button is
    // not clickable, so 0), each only when the card has that button.
    const state: { likes?: number; read_later?: number; shares?: number; accuracy_score?: number } = {};
    for (const t of ['likes', 'read_later', 'shares', 'accuracy_score'] as const) if (shownTypes.includes(t)) state[t] = next[t] > 0 ? 1 : 0;
    writeEngagement({
      entity_id: entity.entity_id,
      engagement_type: type,
      response: on ? 1 : 0,
      time_content_viewed: rec.lastViewTime,
      time_engagement: now,
      ...state,
    });
    return on;
  }

  /**
   * press is a click on one of a card's buttons: it toggles it and, when it turns on, turns
   * off the button it excludes (upvote and downvote), each change sent as an engagement.
   * It returns the buttons whose state changed, with their new state.
   */
  press(entity: FeedEntity, type: EngagementType, shownTypes: EngagementType[]): Partial<Record<EngagementType, boolean>> {
    const on = this.toggle(entity, type, shownTypes);
    const changed: Partial<Record<EngagementType, boolean>> = { [type]: on };
    const other = OPPOSITE[type];
    if (on && other && this.record(entity)[other] > 0) changed[other] = this.toggle(entity, other, shownTypes);
    return changed;
  }

  /** video sends a card video's mute or pause event (response 1). */
  video(entity: FeedEntity, type: 'videomute_true' | 'videomute_false' | 'videopause_true' | 'videopause_false'): void {
    writeEngagement({
      entity_id: entity.entity_id,
      engagement_type: type,
      response: 1,
      time_content_viewed: this.record(entity).lastViewTime,
      time_engagement: Date.now(),
    });
  }

  /**
   * say sends what the participant wrote under a card: a comment (target the card's own
   * entity id) or a reply (target the comment answered). It returns the event id, which is
   * also the comment's id: what a reaction to it names.
   */
  say(entity: FeedEntity, type: 'comment' | 'reply', text: string, target: string): string {
    return writeEngagement({
      entity_id: entity.entity_id,
      engagement_type: type,
      response: 1,
      text,
      target_id: target,
      time_content_viewed: this.record(entity).lastViewTime,
      time_engagement: Date.now(),
    });
  }

  /** likeComment sends a like (1) or its taking back (0) on one of the card's comments. */
  likeComment(entity: FeedEntity, commentId: string, on: boolean): void {
    writeEngagement({
      entity_id: entity.entity_id,
      engagement_type: 'comment_like',
      response: on ? 1 : 0,
      target_id: commentId,
      time_content_viewed: this.record(entity).lastViewTime,
      time_engagement: Date.now(),
    });
  }

  /** recorded is the dwell batch so far: cards with at least one dwell, nothing added. */
  recorded(): Array<Pick<EngagementRecord, 'idx' | 'entity_id' | 'dwells' | 'dwellTimes' | 'dwellsInviewTime'>> {
    return this.entities
      .map((e) => this.records[e.entity_id])
      .filter((r): r is EngagementRecord => r !== undefined && r.dwells > 0)
      .map((r) => ({ idx: r.idx, entity_id: r.entity_id, dwells: r.dwells, dwellTimes: r.dwellTimes, dwellsInviewTime: r.dwellsInviewTime }));
  }

  /** finish closes open dwells, adds synthetic ones and returns the batch for write_batch_dwell. */
  finish(): Array<Pick<EngagementRecord, 'idx' | 'entity_id' | 'dwells' | 'dwellTimes' | 'dwellsInviewTime'>> {
    for (const id of this.threads.keys()) this.endThreadPeriod(id);
    this.records = dwellsAtSubmit(this.entities, this.records, this.events, this.clock.now(), Date.now(), this.since);
    storage.set('entities_engage', this.records);
    // The views just closed must not be closed again by a second submit.
    for (const id of this.inView) {
      const entity = this.entities.find((e) => e.entity_id === id);
      if (entity) this.events.push({ idx: entity.idx, inview: false, entity_id: id, entity_url: entity.entity_url, time: this.clock.now() });
    }
    this.inView.clear();
    storage.set('intersect_events', this.events);
    return this.entities.map((e) => {
      const r = this.records[e.entity_id];
      return { idx: e.idx, entity_id: e.entity_id, dwells: r.dwells, dwellTimes: r.dwellTimes, dwellsInviewTime: r.dwellsInviewTime };
    });
  }
}
