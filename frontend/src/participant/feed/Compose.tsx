// The participant's own posts (feed-compose, docs/social.md): a "What's on your mind?" box
// at the top of the feed, and each post they wrote shown under it as their card, newest
// first, as "You · now". A post goes through the outbox as an engagement `post` about no
// card; its id (the event id) is what reactions to it name. Loaded with import() only
// when the condition lets participants post or they posted before a reload.
import { useState } from 'react';
import { writeEngagement } from '../../lib/events';
import { Avatar, Bubble, CommentBox, LikeCount, OthersReplies } from './commentParts';
import { t } from '../i18n';
import { likesOf, useReactionsTo } from './reactions';
import './comments.css';

/** OwnPost is a post the participant wrote: its id is the event id the page gave it. */
export interface OwnPost {
  id: string;
  text: string;
}

export interface ComposeProps {
  /** initial: the posts load_experiment says the participant already wrote, oldest first. */
  initial: OwnPost[];
  /** box: the condition lets the participant post (feed-compose). */
  box: boolean;
}

export default function Compose({ initial, box }: ComposeProps) {
  const [posts, setPosts] = useState<OwnPost[]>(initial);
  const send = (text: string) => {
    const now = Date.now();
    const id = writeEngagement({ entity_id: '', engagement_type: 'post', response: 1, text, time_content_viewed: now, time_engagement: now });
    setPosts((prev) => [...prev, { id, text }]);
  };
  return (
    <>
      {box ? (
        <section className="compose card" aria-label={t('compose.region')}>
          <CommentBox label={t('compose.prompt')} placeholder={t('compose.prompt')} action={t('compose.post')} onSend={send} />
        </section>
      ) : null}
      {[...posts].reverse().map((p) => (
        <Post key={p.id} p={p} />
      ))}
    </>
  );
}

/** Post is one of the participant's posts, with what simulated others did to it so far. */
function Post({ p }: { p: OwnPost }) {
  const rx = useReactionsTo(p.id);
  const replies = rx.filter((x) => x.kind === 'reply');
  return (
    <article className="card own-post" aria-label={t('compose.yourPost')} data-own-post={p.id}>
      <div className="own-post__head">
        <Avatar name={t('comments.you')} />
        <span className="own-post__author">{t('comments.you')}</span>
        <span className="own-post__time">· {t('comments.now')}</span>
      </div>
      <div className="own-post__body">
        <Bubble author="" text={p.text} />
        <div className="comment__meta own-post__meta">
          <LikeCount n={likesOf(rx)} />
        </div>
      </div>
      {replies.length > 0 ? (
        <section className="comments" aria-label={t('compose.replies')}>
          <ul className="comments__list">
            <OthersReplies list={replies} to={t('comments.you')} />
          </ul>
        </section>
      ) : null}
    </article>
  );
}
