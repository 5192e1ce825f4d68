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
