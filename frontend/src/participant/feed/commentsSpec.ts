// The seeded comments of a card (docs/social.md): which the condition shows and in what
// order. Pure and small: the thread itself (Comments.tsx) is loaded with import() only when
// a study shows comments, so other studies' participants never download it.
import type { ExperimentParameter, FeedEntity } from '../../lib/feedTypes';
import { paramValue } from '../../lib/session';

/** SeededComment is one comment as load_experiment sends it under its card. */
export interface SeededComment {
  id: string;
  author: string;
  text: string;
  avatar?: string;
  likes: number;
  time?: string;
  reply_to?: string;
}

/** CommentsSpec is how the condition shows comments: collapsed behind "View N comments",
 * or the first n shown and the rest behind "View more". */
export type CommentsSpec = { mode: 'collapsed' } | { mode: 'first'; n: number };

/** commentsSpec reads the comments parameter; null when the condition shows none. */
export function commentsSpec(params: ExperimentParameter[] | undefined): CommentsSpec | null {
  const v = (paramValue(params, 'comments') ?? '').trim().toLowerCase();
  if (v === 'collapsed') return { mode: 'collapsed' };
  const m = /^first-(\d+)$/.exec(v);
  if (m && Number(m[1]) > 0) return { mode: 'first', n: Number(m[1]) };
  return null;
}

/** threadOf is a card's comments in the order shown: each top-level comment followed by its
 * replies, in the file's order. Anything malformed is left out. */
export function threadOf(entity: FeedEntity): SeededComment[] {
  const raw = entity.comments;
  if (!Array.isArray(raw)) return [];
  const list = raw.filter(
    (c): c is SeededComment => !!c && typeof c === 'object' && typeof c.id === 'string' && typeof c.author === 'string' && typeof c.text === 'string',
  );
  const out: SeededComment[] = [];
  for (const top of list) {
    if (top.reply_to) continue;
    out.push(top);
    for (const r of list) if (r.reply_to === top.id) out.push(r);
  }
  return out;
}

/** SpeakSpec is what the condition lets the participant do under a post: write a comment
 * and Reply (feed-button-comment), like a comment (comment-like). */
export interface SpeakSpec {
  box: boolean;
  like: boolean;
}

/** speakSpec reads feed-button-comment and comment-like (no unless yes). */
export function speakSpec(params: ExperimentParameter[] | undefined): SpeakSpec {
  const yes = (name: string) => (paramValue(params, name) ?? '').trim().toLowerCase() === 'yes';
  return { box: yes('feed-button-comment'), like: yes('comment-like') };
}

/** OwnComment is a comment or reply the participant wrote: its id is the event id the page
 * gave it, target what it answers (the card's entity id for a comment). */
export interface OwnComment {
  id: string;
  type: 'comment' | 'reply';
  text: string;
  target: string;
}

/** ownCommentsOf is what load_experiment says the participant already wrote under the card
 * (a reload shows it again). */
export function ownCommentsOf(entity: FeedEntity): OwnComment[] {
  const raw = entity.own_comments;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (c): c is OwnComment =>
      !!c && typeof c === 'object' && typeof c.id === 'string' && typeof c.text === 'string' && typeof c.target === 'string' && (c.type === 'comment' || c.type === 'reply'),
  );
}

/** likedCommentsOf is the comments the participant likes now, as load_experiment says. */
export function likedCommentsOf(entity: FeedEntity): string[] {
  const raw = entity.liked_comments;
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
}
