// A card's comment thread (docs/social.md), loaded with import() only when the condition
// shows comments or lets the participant write them. It looks like a feed's thread: avatar,
// name, text, time and like count, replies indented one level, long text clamped behind
// "See more". What the participant saw is recorded through the tracker: comments_open (how
// long the thread stayed open) and comment_seen (each comment that came into view, once).
// Where the condition lets them speak, a comment box sits under the post, a Reply and a
// Like under each seeded comment; what they write shows at once as "You · now" and goes
// through the outbox (comment, reply, comment_like).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, Bubble, CommentBox, LikeCount, Mine } from './commentParts';
import { t } from '../i18n';
import { countText } from '../i18n/format';
import type { FeedEntity } from '../../lib/feedTypes';
import { likedCommentsOf, ownCommentsOf, type CommentsSpec, type OwnComment, type SeededComment, type SpeakSpec } from './commentsSpec';
import type { FeedTracker } from './tracker';
import './comments.css';

export interface CommentsProps {
  entity: FeedEntity;
  thread: SeededComment[];
  /** spec: how seeded comments show; null when the condition shows none. */
  spec: CommentsSpec | null;
  speak: SpeakSpec;
  tracker: FeedTracker;
}

export default function Comments({ entity, thread, spec, speak, tracker }: CommentsProps) {
  // open: the whole thread is shown (collapsed: after "View N comments"; first-N: after
  // "View more"); that is the time comments_open measures.
  const [open, setOpen] = useState(false);
  const [own, setOwn] = useState<OwnComment[]>(() => ownCommentsOf(entity));
  const [liked, setLiked] = useState<Set<string>>(() => new Set(likedCommentsOf(entity)));
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = open || !spec ? thread : spec.mode === 'first' ? thread.slice(0, spec.n) : [];
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
  const groupOf = (id: string) => byId.get(id)?.reply_to || id;
  const say = (type: OwnComment['type'], text: string, target: string) => {
    const id = tracker.say(entity, type, text, target);
    setOwn((prev) => [...prev, { id, type, text, target }]);
    setReplyTo(null);
  };
  const toggleLike = (id: string) => {
    const on = !liked.has(id);
    tracker.likeComment(entity, id, on);
    setLiked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  // Each seeded comment, then (at the end of its group: a top-level comment and its
  // replies) the participant's replies to that group, then their own comments.
  const items: ReactNode[] = [];
  shown.forEach((c, i) => {
    const parent = c.reply_to ? byId.get(c.reply_to) : undefined;
    items.push(
      <Comment
        key={c.id}
        c={c}
        parent={parent}
        speak={speak}
        liked={liked.has(c.id)}
        onLike={() => toggleLike(c.id)}
        onReply={() => setReplyTo(c.id)}
      />,
    );
    if (replyTo === c.id) {
      items.push(
        <li key={`box-${c.id}`} className="comment comment--reply comment--box">
          <CommentBox label={t('comments.replyTo', { name: c.author })} placeholder={t('comments.replyPlaceholder', { name: c.author })} autoFocus onSend={(text) => say('reply', text, c.id)} onCancel={() => setReplyTo(null)} />
        </li>,
      );
    }
    const next = shown[i + 1];
    if (!next || groupOf(next.id) !== groupOf(c.id)) {
      for (const o of own) if (o.type === 'reply' && groupOf(o.target) === groupOf(c.id)) items.push(<Mine key={o.id} o={o} reply />);
    }
  });
  for (const o of own) if (o.type === 'comment') items.push(<Mine key={o.id} o={o} />);

  const n = thread.length;
  return (
    <section className="comments" aria-label={t('comments.region', { n: entity.idx + 1 })}>
      {items.length > 0 ? (
        <ul className="comments__list" ref={listRef}>
          {items}
        </ul>
      ) : null}
      {spec && more > 0 ? (
        <button type="button" className="comments__toggle" aria-expanded={false} onClick={() => setThread(true)}>
          {spec.mode === 'collapsed' ? countText('comments.view', n) : countText('comments.viewMore', more)}
        </button>
      ) : spec && open ? (
        <button type="button" className="comments__toggle" aria-expanded={true} onClick={() => setThread(false)}>
          {t('comments.hide')}
        </button>
      ) : null}
      {speak.box ? <CommentBox label={t('comments.label')} placeholder={t('comments.placeholder')} onSend={(text) => say('comment', text, entity.entity_id)} /> : null}
    </section>
  );
}

interface CommentItemProps {
  c: SeededComment;
  parent?: SeededComment;
  speak: SpeakSpec;
  liked: boolean;
  onLike: () => void;
  onReply: () => void;
}

function Comment({ c, parent, speak, liked, onLike, onReply }: CommentItemProps) {
  const likes = c.likes + (liked ? 1 : 0);
  return (
    <li className={parent ? 'comment comment--reply' : 'comment'} data-comment-id={c.id}>
      <Avatar name={c.author} src={c.avatar} />
      <div className="comment__body">
        <Bubble author={c.author} prefix={parent ? t('comments.replyFrom', { name: parent.author }) : undefined} text={c.text} />
        <div className="comment__meta">
          {c.time ? <span className="comment__time">{c.time}</span> : null}
          <LikeCount n={likes} />
          {speak.like ? (
            <button type="button" className={liked ? 'comment__action comment__action--on' : 'comment__action'} aria-pressed={liked} aria-label={t('comments.likeComment', { name: c.author })} onClick={onLike}>
              {t('comments.like')}
            </button>
          ) : null}
          {speak.box ? (
            <button type="button" className="comment__action" aria-label={t('comments.replyTo', { name: c.author })} onClick={onReply}>
              {t('comments.reply')}
            </button>
          ) : parent ? (
            <span className="comment__reply-label">{t('comments.replyMarker')}</span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

