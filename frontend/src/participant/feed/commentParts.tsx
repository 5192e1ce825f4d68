// The pieces of a comment thread shared by a post's thread (Comments.tsx) and the
// participant's own posts (Compose.tsx): the avatar, the bubble with its "See more", the
// participant's own comment ("You · now") and the box they write in.
import { useId, useState } from 'react';
import type { OwnComment } from './commentsSpec';
import { t } from '../i18n';
import { countText, formatCount } from '../i18n/format';
import { likesOf, useReactionsTo, type Reaction } from './reactions';

/** CLAMP_CHARS: a longer comment shows its start and "See more", as feeds do. */
export const CLAMP_CHARS = 240;

/** MAX_SPEECH_CHARS: the comment box's limit (the server's MaxSpeechChars). */
export const MAX_SPEECH_CHARS = 1000;

/** Mine is a comment or reply the participant wrote, shown as "You · now", with what
 * simulated others did to it so far: their replies under it, the likes they added. */
export function Mine({ o, reply }: { o: OwnComment; reply?: boolean }) {
  const rx = useReactionsTo(o.id);
  return (
    <>
      <li className={reply ? 'comment comment--reply comment--own' : 'comment comment--own'} data-own-id={o.id}>
        <Avatar name={t('comments.you')} />
        <div className="comment__body">
          <Bubble author={t('comments.you')} text={o.text} />
          <div className="comment__meta">
            <span className="comment__time">{t('comments.now')}</span>
            <LikeCount n={likesOf(rx)} />
          </div>
        </div>
      </li>
      <OthersReplies list={rx} to={t('comments.you')} />
    </>
  );
}

/** OthersReplies are the replies of simulated others among list, indented under what they
 * answer. */
export function OthersReplies({ list, to }: { list: Reaction[]; to: string }) {
  return (
    <>
      {list
        .filter((x) => x.kind === 'reply')
        .map((x) => (
          <li key={x.id} className="comment comment--reply" data-reaction-id={x.id}>
            <Avatar name={x.author ?? ''} src={x.avatar} />
            <div className="comment__body">
              <Bubble author={x.author ?? ''} prefix={t('comments.replyFrom', { name: to })} text={x.text} />
              <div className="comment__meta">
                <span className="comment__time">{t('comments.now')}</span>
              </div>
            </div>
          </li>
        ))}
    </>
  );
}

/** LikeCount is a comment's or post's like count, nothing when 0. */
export function LikeCount({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <span className="comment__likes" aria-label={countText('comments.likes', n)}>
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10z" fill="currentColor" />
      </svg>
      {formatCount(n)}
    </span>
  );
}

export function Avatar({ name, src }: { name: string; src?: string }) {
  return src ? (
    <img className="comment__avatar" src={src} alt="" width={32} height={32} loading="lazy" decoding="async" />
  ) : (
    <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

export function Bubble({ author, prefix, text }: { author: string; prefix?: string; text: string }) {
  const [full, setFull] = useState(false);
  const long = text.length > CLAMP_CHARS;
  const shown = long && !full ? `${text.slice(0, CLAMP_CHARS).trimEnd()}…` : text;
  return (
    <div className="comment__bubble">
      <span className="comment__author">
        {prefix ? <span className="visually-hidden">{prefix}</span> : null}
        {author}
      </span>
      <p className="comment__text">
        {shown}
        {long && !full ? (
          <>
            {' '}
            <button type="button" className="comment__more" onClick={() => setFull(true)}>
              {t('comments.seeMore')}
            </button>
          </>
        ) : null}
      </p>
    </div>
  );
}

export interface CommentBoxProps {
  label: string;
  /** action: the submit button's text (Send unless given). */
  action?: string;
  placeholder: string;
  autoFocus?: boolean;
  onSend: (text: string) => void;
  onCancel?: () => void;
}

/** CommentBox is where the participant writes: plain text, 1 to MAX_SPEECH_CHARS characters. */
export function CommentBox({ label, action, placeholder, autoFocus, onSend, onCancel }: CommentBoxProps) {
  const [text, setText] = useState('');
  const id = useId();
  const ready = text.trim().length > 0;
  return (
    <form
      className="comment-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onSend(text.trim());
        setText('');
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="comment-box__input"
        rows={1}
        maxLength={MAX_SPEECH_CHARS}
        placeholder={placeholder}
        value={text}
        autoFocus={autoFocus}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
      />
      <button type="submit" className="comment-box__send" disabled={!ready}>
        {action ?? t('comments.send')}
      </button>
      {onCancel ? (
        <button type="button" className="comment-box__cancel" onClick={onCancel}>
          {t('comments.cancel')}
        </button>
      ) : null}
    </form>
  );
}
