// The hosted upload's pure part (spec §2 "/upload-hosted", issue 9 item 2): which picked
// file each row's filename names, what is left over, and the spec's hosted messages. The
// upload page's model (model.ts) still reads the pasted rows; this only adds the files.
import type { Pasted } from './model';

/** NO_COVARIATE_INFO starts the line for a file no row names (the spec's hosted variant). */
export const NO_COVARIATE_INFO = 'No covariate info:';

/** WRONG_COUNT is the spec's message when the rows and the files do not add up. */
export const WRONG_COUNT = 'Incorrect number of entities provided. Please try again.';

/** PickedFile is a file the researcher picked or dropped, with its path inside the pick
 * ("photos/2024/a.png" for a folder, just the name for single files). */
export interface PickedFile {
  path: string;
  file: File;
}

/** isSystemFile: files an operating system leaves in folders, never stimuli. */
export function isSystemFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.startsWith('.') || base === 'Thumbs.db' || base === 'desktop.ini';
}

/** normalPath writes a path with forward slashes, without a leading "./" or "/". */
export function normalPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

/** RowProblem is a row whose filename has no file, or more than one. */
export interface RowProblem {
  /** where names the paste ("Comments line" for an avatar); "Line" when absent. */
  where?: string;
  line: number;
  filename: string;
  candidates: string[];
}

/** Matching is how the rows and the files fit together. */
export interface Matching {
  /** files maps each distinct filename of the rows (trimmed, as the server reads it) to its file. */
  files: Map<string, PickedFile>;
  /** unmatched rows name a file that was not picked (candidates empty) or is ambiguous. */
  unmatched: RowProblem[];
  /** unused are the paths of picked files no row names. */
  unused: string[];
  /** distinctNames counts the different filenames of the rows. */
  distinctNames: number;
  /** avatars maps each avatar file name of the comments to its file (matchWithAvatars). */
  avatars?: Map<string, PickedFile>;
}

/**
 * matchWithAvatars matches the cards' files and the comments' avatar files (avatarFiles)
 * among the same picked files: a file is unused only if neither names it.
 */
export function matchWithAvatars(p: Pasted, avatars: Pasted, picked: PickedFile[]): Matching {
  const m = matchFiles(p, picked);
  if (avatars.rows.length === 0) return m;
  const a = matchFiles(avatars, picked);
  const unusedByAvatars = new Set(a.unused);
  return {
    files: m.files,
    avatars: a.files,
    unmatched: [...m.unmatched, ...a.unmatched.map((u) => ({ ...u, where: 'Comments line' }))],
    unused: m.unused.filter((path) => unusedByAvatars.has(path)),
    distinctNames: new Set([...m.files.values(), ...a.files.values()].map((f) => f.path)).size + m.unmatched.length + a.unmatched.length,
  };
}

/**
 * matchFiles finds each row's file: the picked file whose path is the filename, or ends
 * with "/" + filename (a folder was picked around it). Two candidates and no exact one is
 * ambiguous. Rows may share a file.
 */
export function matchFiles(p: Pasted, picked: PickedFile[]): Matching {
  const col = p.columns.indexOf('filename');
  const files = new Map<string, PickedFile>();
  const unmatched: RowProblem[] = [];
  const used = new Set<string>();
  const byPath = new Map(picked.map((f) => [f.path, f]));
  const seen = new Set<string>();
  if (col < 0) return { files, unmatched, unused: picked.map((f) => f.path), distinctNames: 0 };
  for (const row of p.rows) {
    // The key is the filename as the server will read it (trimmed); the search forgives
    // backslashes and a leading "./".
    const raw = (row.fields[col] ?? '').trim();
    const filename = normalPath(raw);
    if (seen.has(raw)) continue;
    seen.add(raw);
    let hit = byPath.get(filename);
    if (!hit && filename !== '') {
      const candidates = picked.filter((f) => f.path.endsWith('/' + filename));
      if (candidates.length === 1) hit = candidates[0];
      else {
        unmatched.push({ line: row.line, filename, candidates: candidates.map((c) => c.path) });
        continue;
      }
    }
    if (!hit) {
      unmatched.push({ line: row.line, filename, candidates: [] });
      continue;
    }
    files.set(raw, hit);
    used.add(hit.path);
  }
  const unused = picked.filter((f) => !used.has(f.path)).map((f) => f.path);
  return { files, unmatched, unused, distinctNames: seen.size };
}

/** problemLines are the lines shown before anything is sent, in the page's order. */
export function problemLines(m: Matching, picked: number): string[] {
  const lines: string[] = [];
  for (const u of m.unmatched.slice(0, 20)) {
    lines.push(
      u.candidates.length > 1
        ? `${u.where ?? 'Line'} ${u.line}: ${u.filename} matches ${u.candidates.length} files (${u.candidates.slice(0, 3).join(', ')}); give its folder too.`
        : `${u.where ?? 'Line'} ${u.line}: no file ${u.filename || '(empty filename)'} among the files.`,
    );
  }
  if (m.unmatched.length > 20) lines.push(`…and ${m.unmatched.length - 20} more rows without a file.`);
  for (const path of m.unused.slice(0, 20)) lines.push(`${NO_COVARIATE_INFO} ${path}`);
  if (m.unused.length > 20) lines.push(`…and ${m.unused.length - 20} more files no row names.`);
  if (picked > 0 && m.distinctNames > 0 && picked !== m.distinctNames) lines.push(WRONG_COUNT);
  return lines;
}

/** formatBytes writes a size for people: "812 KB", "3.4 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

/** hex writes a digest as lowercase hex. */
export function hex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** canHash: SubtleCrypto exists only in a secure context (https, localhost, 127.0.0.1).
 * On a plain-http LAN address the server hashes instead (docs/decisions.md). */
export function canHash(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function' && globalThis.isSecureContext !== false;
}

/** sha256Of hashes a file in the browser (SubtleCrypto reads it whole). */
export async function sha256Of(file: Blob): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}

/** RETRY_DELAYS_MS are the waits before each new attempt at a file whose sending failed
 * (a dropped connection, a server that did not answer); a refusal is not retried. */
export const RETRY_DELAYS_MS = [500, 1500, 4000];

/** retryable: a failure worth another attempt (no answer, the server's own trouble, or a
 * file that arrived damaged). A disk below its free-space floor (507 disk_low) stays so
 * until someone frees space: its message is shown at once. */
export function retryable(status: number, code = ''): boolean {
  if (status === 507 || code === 'disk_low') return false;
  return status === 0 || status >= 500 || status === 408 || status === 429 || code === 'hash_mismatch';
}

/** ACCEPTED_MEDIA are the file types the appliance stores (media/check.go sniffs them). */
export const ACCEPTED_MEDIA = 'an image (PNG, JPEG, GIF or WebP) or a video (MP4, WebM or Ogg)';

/** REFUSED_CODES are the refusals of a file's own content: sending it again gets the same
 * answer, so Resume upload cannot help it. */
const REFUSED_CODES = ['unsupported_media_type', 'body_too_large'];

/** FailedFile is what the failure message needs of a file's state. */
export interface FailedFile {
  path: string;
  name?: string;
  code?: string;
  message?: string;
}

/**
 * failedUploadText says what to do after files failed: a file refused for what it is, by
 * name, with the way out (replace it, choose the files again); files that failed on the
 * way, with Resume upload. resumable is false when only refused files are left.
 */
export function failedUploadText(files: FailedFile[]): { text: string; resumable: boolean } {
  const unfinished = files.filter((f) => !f.name);
  const refused = unfinished.filter((f) => f.code && REFUSED_CODES.includes(f.code));
  const onTheWay = unfinished.length - refused.length;
  const parts: string[] = [];
  for (const f of refused) {
    const base = f.path.split('/').pop() ?? f.path;
    parts.push(
      f.code === 'unsupported_media_type'
        ? `${base} is not ${ACCEPTED_MEDIA}: put the right file under that name in the folder (or remove its row from the stimuli), then press Clear files and choose the files again.`
        : `${f.message ?? `${base} is too large.`} Make it smaller or remove its row from the stimuli, then press Clear files and choose the files again.`,
    );
  }
  const resume = `${onTheWay} file${onTheWay === 1 ? '' : 's'} could not be sent, so no set was made. Press Resume upload to try again: files already on the appliance are not sent twice.`;
  if (refused.length === 0) return { text: resume, resumable: onTheWay > 0 };
  return { text: `No set was made. ${parts.join(' ')}${onTheWay > 0 ? ` ${resume}` : ''}`, resumable: onTheWay > 0 };
}
