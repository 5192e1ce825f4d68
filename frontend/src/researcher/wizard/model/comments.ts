// The wizard's side of the comments parameters (params/social.go, docs/social.md): how a
// condition shows its cards' seeded comments, and which of them by tag.

/** CommentsChoice is a condition's comments and comments-tags as the form keeps them: the
 * mode, N for first-N (as typed) and the tags as typed, separated by commas. */
export interface CommentsChoice {
  mode: 'none' | 'collapsed' | 'first';
  first: string;
  tags: string;
  /** box, like, compose: what participants may say (feed-button-comment, comment-like,
   * feed-compose); absent in a form saved before they existed, which means no. */
  box?: boolean;
  like?: boolean;
  compose?: boolean;
}

export const DEFAULT_COMMENTS: CommentsChoice = { mode: 'none', first: '2', tags: '', box: false, like: false, compose: false };

/** speakDiffers: the condition lets participants speak (then every condition writes the
 * three rows, as the server does). */
export function speakDiffers(c: CommentsChoice | undefined): boolean {
  return !!(c?.box || c?.like || c?.compose);
}

/** speakRows are the feed-button-comment, comment-like and feed-compose values. */
export function speakRows(c: CommentsChoice | undefined): Array<[string, string]> {
  const yes = (on: boolean | undefined) => (on ? 'yes' : 'no');
  return [
    ['feed-button-comment', yes(c?.box)],
    ['comment-like', yes(c?.like)],
    ['feed-compose', yes(c?.compose)],
  ];
}

/** commentsDiffer: the condition shows comments (then every condition writes both rows). */
export function commentsDiffer(c: CommentsChoice | undefined): boolean {
  return c !== undefined && c.mode !== 'none';
}

/** tagList splits the typed tags at commas, trimmed, empty ones and repeats dropped. */
export function tagList(typed: string): string[] {
  return [...new Set(typed.split(',').map((t) => t.trim()).filter((t) => t !== ''))];
}

/** commentsRows are the comments and comments-tags values of a condition (tags only where
 * comments show: the server refuses tags without comments). */
export function commentsRows(c: CommentsChoice | undefined): [string, string] {
  const ch = c ?? DEFAULT_COMMENTS;
  const mode = ch.mode === 'first' ? `first-${ch.first.trim()}` : ch.mode;
  const tags = ch.mode === 'none' ? [] : tagList(ch.tags);
  return [mode, JSON.stringify(tags)];
}

/** commentsFrom reads the two parameters back (a study file, a saved study). */
export function commentsFrom(comments: string, tags: string, speak: { box?: string; like?: string; compose?: string } = {}): CommentsChoice {
  const yes = (v: string | undefined) => (v ?? '').trim().toLowerCase() === 'yes';
  return { ...commentsMode(comments, tags), box: yes(speak.box), like: yes(speak.like), compose: yes(speak.compose) };
}

function commentsMode(comments: string, tags: string): CommentsChoice {
  const w = comments.trim().toLowerCase();
  let list: string[] = [];
  try {
    const parsed: unknown = JSON.parse(tags || '[]');
    if (Array.isArray(parsed)) list = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    // A malformed list is the server's to name; the form starts empty.
  }
  if (w === 'collapsed') return { mode: 'collapsed', first: DEFAULT_COMMENTS.first, tags: list.join(', ') };
  if (w.startsWith('first-')) return { mode: 'first', first: w.slice('first-'.length), tags: list.join(', ') };
  return { ...DEFAULT_COMMENTS };
}

/** normalComments is the choice as stateFromRows would read it back. */
export function normalComments(c: CommentsChoice | undefined): CommentsChoice {
  const [mode, tags] = commentsRows(c);
  const [box, like, compose] = speakRows(c).map(([, v]) => v);
  return commentsFrom(mode, tags, { box, like, compose });
}

/** reactionsProblem is what is wrong with the reactions text before the server reads it
 * (the server names every problem of each rule), or '' when it is empty or a JSON list. */
export function reactionsProblem(text: string | undefined): string {
  const t = (text ?? '').trim();
  if (t === '') return '';
  try {
    return Array.isArray(JSON.parse(t)) ? '' : 'Write a JSON list of rules: [ {…}, {…} ].';
  } catch (err) {
    return `This is not JSON: ${(err as Error).message}`;
  }
}
