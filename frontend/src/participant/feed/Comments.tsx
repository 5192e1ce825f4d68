// A card's seeded comment thread (docs/social.md), loaded with import() only when the
// condition shows comments. It looks like a feed's thread: avatar, name, text, time and
// like count, replies indented one level, long text clamped behind "See more". What the
// participant saw is recorded through the tracker: comments_open (how long the thread stayed
// open) and comment_seen (each comment that came into view, once).
import { useEffect, useRef, useState } from 'react';
import type { FeedEntity } from '../../lib/feedTypes';
import type { CommentsSpec, SeededComment } from './commentsSpec';
import type { FeedTracker } from './tracker';
import './comments.css';

/** CLAMP_CHARS: a longer comment shows its start and "See more", as feeds do. */
export const CLAMP_CHARS = 240;

export interface CommentsProps {
  entity: FeedEntity;
  thread: SeededComment[];
  spec: CommentsSpec;
  tracker: FeedTracker;
}

export default function Comments({ entity, thread, spec, tracker }: CommentsProps) {
  // open: the whole thread is shown (collapsed: after "View N comments"; first-N: after
  // "View more"); that is the time comments_open measures.
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = open ? thread : spec.mode === 'first' ? thread.slice(0, spec.n) : [];
  const more = thread.length - shown.length;
  const setThread = (next: boolean) => {
    if (next) tracker.openComments(entity);
    else tracker.closeComments(entity);
    setOpen(next);
  };
  // A thread still open when the card goes away (a block replaced, the page left) is closed.
  useEffect(() => () => tracker.closeComments(entity), [entity, tracker]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.commentId;
          if (e.isIntersecting && id) {
            tracker.commentSeen(entity, id);
            io.unobserve(e.target);
          }
        }
      },
      { threshold: 0.5 },
    );
    for (const li of Array.from(list.querySelectorAll<HTMLElement>('[data-comment-id]'))) io.observe(li);
    return () => io.disconnect();
  }, [entity, tracker, shown.length]);

  const byId = new Map(thread.map((c) => [c.id, c]));
  const n = thread.length;
  return (
    <section className="comments" aria-label={`Comments on post ${entity.idx + 1}`}>
      {shown.length > 0 ? (
        <ul className="comments__list" ref={listRef}>
          {shown.map((c) => (
            <Comment key={c.id} c={c} parent={c.reply_to ? byId.get(c.reply_to) : undefined} />
          ))}
        </ul>
      ) : null}
      {more > 0 ? (
        <button type="button" className="comments__toggle" aria-expanded={false} onClick={() => setThread(true)}>
          {spec.mode === 'collapsed' ? `View ${n} comment${n === 1 ? '' : 's'}` : `View ${more} more comment${more === 1 ? '' : 's'}`}
        </button>
      ) : open ? (
        <button type="button" className="comments__toggle" aria-expanded={true} onClick={() => setThread(false)}>
          Hide comments
        </button>
      ) : null}
    </section>
  );
}

function Comment({ c, parent }: { c: SeededComment; parent?: SeededComment }) {
  const [full, setFull] = useState(false);
  const long = c.text.length > CLAMP_CHARS;
  const text = long && !full ? `${c.text.slice(0, CLAMP_CHARS).trimEnd()}…` : c.text;
  return (
    <li className={parent ? 'comment comment--reply' : 'comment'} data-comment-id={c.id}>
      {c.avatar ? (
        <img className="comment__avatar" src={c.avatar} alt="" width={32} height={32} loading="lazy" decoding="async" />
      ) : (
        <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
          {c.author.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="comment__body">
        <div className="comment__bubble">
          <span className="comment__author">
            {parent ? <span className="visually-hidden">Reply to {parent.author} from </span> : null}
            {c.author}
          </span>
          <p className="comment__text">
            {text}
            {long && !full ? (
              <>
                {' '}
                <button type="button" className="comment__more" onClick={() => setFull(true)}>
                  See more
                </button>
              </>
            ) : null}
          </p>
        </div>
        <div className="comment__meta">
          {c.time ? <span className="comment__time">{c.time}</span> : null}
          {c.likes > 0 ? (
            <span className="comment__likes" aria-label={`${c.likes} like${c.likes === 1 ? '' : 's'}`}>
              <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z" fill="currentColor" />
              </svg>
              {c.likes}
            </span>
          ) : null}
          {parent ? <span className="comment__reply-label">Reply</span> : null}
        </div>
      </div>
    </li>
  );
}
