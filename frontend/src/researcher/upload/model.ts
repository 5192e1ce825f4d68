// The upload page's pure part: the preview parse of pasted TSV, the stored set name and
// the ingest_entity_set payload (spec §3 "Upload payload", §5 "Upload"). The parse is
// for the preview only: the server's parser (the one `feedlab sets import` uses) checks
// every value again and its problems are shown as it words them.
import * as Yup from 'yup';
import { CATEGORIES } from '../../generated/registry';

/** REQUIRED_COLUMNS are the columns every stimulus set must have (stimuli.RequiredColumns). */
export const REQUIRED_COLUMNS = ['source_url', 'filename', 'retrieve_date', 'entity_type'] as const;

/** CATEGORIES are the set categories, in the order offered (stimuli.Categories, generated). */
export { CATEGORIES };

/** MAX_SET_IDENT is the longest identifier part of a set name (stimuli.MaxSetIdentLen). */
export const MAX_SET_IDENT = 15;

/** PREVIEW_ROWS is how many rows the preview table shows. */
export const PREVIEW_ROWS = 5;

/** UPLOAD_FAILED is the spec's default failure text. */
export const UPLOAD_FAILED = 'Whoops, something went wrong. Try again later.';

/** PastedRow is one non-blank line after the header: its 1-based line in the text and its fields. */
export interface PastedRow {
  line: number;
  fields: string[];
}

/** Pasted is what the preview knows about the pasted text. */
export interface Pasted {
  /** columns are the header names, trimmed ([] when nothing was pasted). */
  columns: string[];
  rows: PastedRow[];
  /** missing lists the required columns the header lacks, in the required order. */
  missing: string[];
  /** ragged lists rows whose number of fields differs from the header's (at most 5 kept). */
  ragged: PastedRow[];
  /** raggedCount counts every such row. */
  raggedCount: number;
}

const EMPTY: Pasted = { columns: [], rows: [], missing: [], ragged: [], raggedCount: 0 };

/**
 * parsePasted reads tab-separated text as the server does (stimuli.ParseTSV): the first
 * non-blank line is the header, lines end in LF or CRLF, a leading byte order mark is
 * dropped, blank lines (no tab, only spaces) are skipped but still counted for line
 * numbers, and a tab always separates fields (TSV has no quoting).
 */
export function parsePasted(text: string): Pasted {
  if (text.trim() === '') return EMPTY;
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let columns: string[] | null = null;
  const rows: PastedRow[] = [];
  const ragged: PastedRow[] = [];
  let raggedCount = 0;
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line.includes('\t') && line.trim() === '') return;
    const fields = line.split('\t');
    if (columns === null) {
      columns = fields.map((f) => f.trim());
      return;
    }
    const row = { line: i + 1, fields };
    rows.push(row);
    if (fields.length !== columns.length) {
      raggedCount++;
      if (ragged.length < 5) ragged.push(row);
    }
  });
  const cols: string[] = columns ?? [];
  return { columns: cols, rows, missing: REQUIRED_COLUMNS.filter((c) => !cols.includes(c)), ragged, raggedCount };
}

let lastText: string | null = null;
let lastParsed: Pasted = EMPTY;

/** pasted is parsePasted remembering the last text, since the form validates and the
 * preview renders the same text on every change. */
export function pasted(text: string): Pasted {
  if (text !== lastText) {
    lastParsed = parsePasted(text);
    lastText = text;
  }
  return lastParsed;
}

/** detectedText is the spec's line after a paste. */
export function detectedText(p: Pasted): string {
  return `Detected ${p.columns.length} columns and ${p.rows.length} rows`;
}

/** missingText names the missing required columns, or '' when none is missing. */
export function missingText(missing: string[]): string {
  if (missing.length === 0) return '';
  const list = missing.join(', ');
  return missing.length === 1 ? `Missing required column: ${list}.` : `Missing required columns: ${list}.`;
}

/** raggedText names the lines whose number of fields differs from the header's. */
export function raggedText(p: Pasted): string {
  if (p.raggedCount === 0) return '';
  const first = p.ragged[0];
  const more = p.raggedCount > 1 ? ` (and ${p.raggedCount - 1} more line${p.raggedCount === 2 ? '' : 's'})` : '';
  return `Line ${first.line} has ${first.fields.length} fields, but the header has ${p.columns.length} columns${more}. A value cannot contain a tab or a line break.`;
}

/**
 * setName is the stored name of a set, exactly as stimuli.SetName builds it: the date as
 * YYYYMMDD in UTC, an underscore, then the identifier with ASCII letters lower-cased,
 * only a-z, 0-9 and _ kept, cut to 15 characters. null when nothing is left. Only ASCII is
 * lower-cased, so the Kelvin sign does not become "k" (every non-ASCII UTF-16 unit is
 * dropped, as the server drops every non-ASCII byte).
 */
export function setName(now: Date, ident: string): string | null {
  let out = '';
  for (let i = 0; i < ident.length && out.length < MAX_SET_IDENT; i++) {
    const c = ident.charCodeAt(i);
    if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
    else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95) out += ident[i];
  }
  if (out === '') return null;
  const y = now.getUTCFullYear();
  const m = String(now.getUTCMonth() + 1).padStart(2, '0');
  const d = String(now.getUTCDate()).padStart(2, '0');
  return `${y}${m}${d}_${out}`;
}

/** UploadValues are the upload form's values. */
export interface UploadValues {
  setname: string;
  category: string;
  stimuli: string;
  /** comments is the pasted seeded comments (docs/social.md); '' for none. */
  comments: string;
}

export const initialUpload: UploadValues = { setname: '', category: '', stimuli: '', comments: '' };

/** COMMENT_COLUMNS are the columns a comments paste may have, required first (stimuli.CommentColumns). */
export const COMMENT_COLUMNS = ['comment_id', 'filename', 'author', 'text', 'avatar', 'likes', 'time', 'reply_to', 'tag'] as const;

/**
 * avatarFiles reads the comments paste's avatar column as a paste of one filename column,
 * keeping the rows whose avatar is a file name (not a link), so the hosted upload can match
 * them to picked files as it does the cards'.
 */
export function avatarFiles(comments: Pasted): Pasted {
  const col = comments.columns.indexOf('avatar');
  if (col < 0) return { ...comments, columns: [], rows: [] };
  const rows = comments.rows
    .map((r) => ({ line: r.line, fields: [(r.fields[col] ?? '').trim()] }))
    .filter((r) => r.fields[0] !== '' && !isStimulusURL(r.fields[0]));
  return { columns: ['filename'], rows, missing: [], ragged: [], raggedCount: 0 };
}

/** uploadSchema checks what the page can know before sending; the server checks the rest. */
export const uploadSchema = Yup.object({
  setname: Yup.string()
    .required('Enter a set name.')
    .test('cleans', 'The set name needs at least one letter (a-z), digit or underscore.', (v) => !v || setName(new Date(), v) !== null),
  category: Yup.string().required('Choose a category.').oneOf([...CATEGORIES], 'Choose a category.'),
  stimuli: Yup.string()
    .required('Paste the stimuli: a header line, then one line per card.')
    .test('columns', (v, ctx) => {
      const p = pasted(v ?? '');
      if (p.missing.length > 0) {
        const all = REQUIRED_COLUMNS.join(', ');
        return ctx.createError({ message: `${missingText(p.missing)} The first line must name the columns ${all}, spelt exactly so.` });
      }
      if (p.rows.length === 0) return ctx.createError({ message: 'There are no rows under the header line.' });
      if (p.raggedCount > 0) return ctx.createError({ message: raggedText(p) });
      const { problems } = rowCheck(p);
      if (problems.length === 1) return ctx.createError({ message: problems[0] });
      if (problems.length > 1) return ctx.createError({ message: `${problems.length} problems in the rows, each listed under the preview.` });
      return true;
    }),
});

/** IngestSettings is the entity_set_settings of ingest_entity_set. */
export interface IngestSettings {
  setname: string;
  category: string;
  covariates: Array<Record<string, string>>;
  comments?: string;
}

/**
 * ingestSettings builds the payload (spec §3): one record per row keyed by the header's
 * columns, the headline URL-encoded, entity_url equal to source_url unless the paste
 * has its own entity_url column. The identifier is sent as typed: the server names the set.
 */
export function ingestSettings(values: UploadValues, p: Pasted): IngestSettings {
  const hasURL = p.columns.includes('entity_url');
  const covariates = p.rows.map((row) => {
    const rec: Record<string, string> = {};
    p.columns.forEach((col, i) => {
      const v = row.fields[i] ?? '';
      rec[col] = col === 'headline' ? encodeURIComponent(v.trim()) : v;
    });
    if (!hasURL) rec.entity_url = rec.source_url ?? '';
    return rec;
  });
  const out: IngestSettings = { setname: values.setname, category: values.category, covariates };
  if (values.comments.trim() !== '') out.comments = values.comments;
  return out;
}

/**
 * rowName is how both upload pages name a row of the paste: "Row L (card K)". L counts the
 * lines of the pasted text with the header as row 1, blank lines included, as the
 * spreadsheet it was copied from numbers them; K is the card's position (the server's
 * record K).
 */
export function rowName(p: Pasted, card: number): string {
  const row = p.rows[card - 1];
  return row ? `Row ${row.line} (card ${card})` : `Card ${card}`;
}

/**
 * inRowNumbers rewrites the server's "record K" (its numbering of the cards sent) as the
 * page's "Row L (card K)", so its refusal reads in the preview's numbering.
 */
export function inRowNumbers(message: string, p: Pasted): string {
  return message.replace(/\brecord (\d+)\b/g, (_, k: string) => rowName(p, Number(k)));
}

/** URL_COLUMNS must hold links participants' pages can use (stimuli.isStimulusURL). */
const URL_COLUMNS = ['source_url', 'entity_url'];

/** isStimulusURL is the server's rule: an http(s) URL with a host, or a path of a file the
 * appliance serves itself. */
export function isStimulusURL(u: string): boolean {
  if (/^\/(media|img|video)\/[^/]/.test(u)) return true;
  try {
    const url = new URL(u);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && /^https?:\/\//i.test(u);
  } catch {
    return false;
  }
}

/** RowCheck is what the preview finds in the rows: problems block Submit, warnings do not. */
export interface RowCheck {
  problems: string[];
  warnings: string[];
}

/**
 * checkRows finds every row problem at once, in the server's rules (an empty required
 * value, a link participants' pages cannot use), and warns of a file name on two rows
 * (both cards then name the same file: fine for one image under two headlines, a slip
 * otherwise).
 */
export function checkRows(p: Pasted): RowCheck {
  const out: RowCheck = { problems: [], warnings: [] };
  const at = (name: string) => p.columns.indexOf(name);
  const firstWith = new Map<string, number>();
  p.rows.forEach((row, i) => {
    if (row.fields.length !== p.columns.length) return; // raggedText names those
    const where = rowName(p, i + 1);
    for (const col of REQUIRED_COLUMNS) {
      if (at(col) >= 0 && (row.fields[at(col)] ?? '').trim() === '') out.problems.push(`${where}: ${col} is empty.`);
    }
    for (const col of URL_COLUMNS) {
      const v = at(col) >= 0 ? (row.fields[at(col)] ?? '').trim() : '';
      if (v !== '' && !isStimulusURL(v)) {
        const shown = v.length > 60 ? `${v.slice(0, 60)}…` : v;
        out.problems.push(`${where}: ${col} must be an http:// or https:// link or a path of this appliance (/media/, /img/, /video/), not "${shown}".`);
      }
    }
    const file = at('filename') >= 0 ? (row.fields[at('filename')] ?? '').trim() : '';
    if (file === '') return;
    const first = firstWith.get(file);
    if (first === undefined) firstWith.set(file, i + 1);
    else out.warnings.push(`${where}: filename ${file} is also on ${rowName(p, first).replace('Row', 'row')}; both cards name the same file.`);
  });
  return out;
}

let lastChecked: Pasted | null = null;
let lastCheck: RowCheck = { problems: [], warnings: [] };

/** rowCheck is checkRows remembering the last paste (the schema and the preview both ask). */
export function rowCheck(p: Pasted): RowCheck {
  if (p !== lastChecked) {
    lastCheck = checkRows(p);
    lastChecked = p;
  }
  return lastCheck;
}
