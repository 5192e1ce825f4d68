// Reactions of simulated others (docs/social.md): composed on the server from the study's
// rules, they reach the page with the acknowledgement of the participant's action and with
// load_experiment (a reload). Each is shown when due on the server's clock: a reply under
// the participant's comment or post, a raised like count, or a notification in the toast
// area. Each shown is recorded as reaction_shown under an event id of its own, so it is
// stored once however often the page shows it (a reload shows the same thread again).
import { useEffect, useState } from 'react';
import { writeEngagement } from '../../lib/events';
import { onAck } from '../../lib/outbox';
import { toast } from './Toasts';

/** Reaction is one reaction as the server composed it. */
export interface Reaction {
  id: string;
  rule: number;
  kind: 'reply' | 'like_count' | 'notify';
  /** entity_id: the card the action was about; '' for a post */
  entity_id: string;
  /** target: the participant's comment or post (its id), or the card liked or shared */
  target: string;
  /** due_at: when it shows, in epoch ms on the server's clock */
  due_at: number;
  author?: string;
  avatar?: string;
  text: string;
  likes?: number;
}

/** STALE_TOAST_MS: a notification already due this long ago when the page loads is not
 * shown again as a toast (it was, before the reload); it is still recorded. */
const STALE_TOAST_MS = 5000;

/** isReaction checks one entry of the server's list. */
export function isReaction(x: unknown): x is Reaction {
  const r = x as Partial<Reaction> | null;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.id === 'string' &&
    typeof r.rule === 'number' &&
    (r.kind === 'reply' || r.kind === 'like_count' || r.kind === 'notify') &&
    typeof r.target === 'string' &&
    typeof r.due_at === 'number' &&
    typeof r.text === 'string'
  );
}

/** Reactions holds the page's reactions, shows each when due and records it once. */
export class Reactions {
  private known = new Set<string>();
  private shownList: Reaction[] = [];
  private listeners = new Set<() => void>();
  private readonly loadedAt = Date.now();

  /** add takes reactions from the server, whose clock read serverNow when it answered. */
  add(list: unknown, serverNow: unknown): void {
    if (!Array.isArray(list)) return;
    const skew = typeof serverNow === 'number' ? serverNow - Date.now() : 0;
    for (const x of list) {
      if (!isReaction(x) || this.known.has(x.id)) continue;
      this.known.add(x.id);
      const wait = x.due_at - (Date.now() + skew);
      if (wait <= 0) this.show(x, -wait);
      else setTimeout(() => this.show(x, 0), wait);
    }
  }

  /** shown are the reactions shown so far to target (a comment's or post's id). */
  shownTo(target: string): Reaction[] {
    return this.shownList.filter((x) => x.target === target);
  }

  /** subscribe calls fn whenever a reaction shows; returns the function that stops it. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  private show(x: Reaction, lateMs: number): void {
    this.shownList.push(x);
    if (x.kind === 'notify' && !(lateMs > STALE_TOAST_MS && Date.now() - this.loadedAt < 1000)) toast(x.text);
    writeEngagement({
      event_id: `reaction.${x.id}`,
      entity_id: x.entity_id,
      engagement_type: 'reaction_shown',
      response: x.rule,
      text: x.text,
      target_id: x.target,
      time_content_viewed: x.due_at,
      time_engagement: x.due_at,
    });
    for (const fn of [...this.listeners]) fn();
  }
}

let shared: Reactions | null = null;

/** reactions is the page's reactions, listening to acknowledgements from the first use. */
export function reactions(): Reactions {
  if (shared) return shared;
  const r = new Reactions();
  shared = r;
  onAck((data) => {
    const d = data as { reactions?: unknown; now?: unknown } | null;
    if (d && d.reactions) r.add(d.reactions, d.now);
  });
  return r;
}

/** useReactionsTo is the reactions shown so far to target, the component drawn again as
 * each new one shows. */
export function useReactionsTo(target: string): Reaction[] {
  const [, redraw] = useState(0);
  useEffect(() => reactions().subscribe(() => redraw((n) => n + 1)), []);
  return reactions().shownTo(target);
}

/** likesOf is how many likes the like_count reactions among list added. */
export function likesOf(list: Reaction[]): number {
  return list.reduce((sum, x) => sum + (x.kind === 'like_count' ? (x.likes ?? 0) : 0), 0);
}
