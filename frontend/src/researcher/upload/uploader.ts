// Sending the files of a hosted upload: hash each in the browser when it can, ask the
// appliance which it already holds, send the rest a few at a time with progress, retry a
// file whose connection failed, and report each file's state as it changes. Running it
// again after a failure sends only what is still missing (files are content addressed).
import { ResearcherApiError, storedMedia, uploadMedia } from '../api';
import { canHash, RETRY_DELAYS_MS, retryable, sha256Of, type PickedFile } from './hosted';

export type FileStatus = 'waiting' | 'checking' | 'sending' | 'retrying' | 'stored' | 'skipped' | 'failed';

/** FileState is one file's progress. */
export interface FileState {
  path: string;
  size: number;
  sent: number;
  status: FileStatus;
  /** message says why a file failed or is being retried. */
  message?: string;
  /** code is the appliance's error code of the last failure (unsupported_media_type, ...). */
  code?: string;
  sha256?: string;
  /** name is the stored name once the appliance holds the file. */
  name?: string;
}

/** CONCURRENT_SENDS files are sent at once: enough to fill a LAN link, few enough that
 * each file's progress stays meaningful. */
export const CONCURRENT_SENDS = 3;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * sendFiles brings every file onto the appliance. states holds what an earlier run found
 * (hashes, stored names) and is updated through update. It resolves true when every file is
 * stored, false when some failed (their state says why).
 */
export async function sendFiles(
  files: PickedFile[],
  states: Map<string, FileState>,
  update: (path: string, patch: Partial<FileState>) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const set = (path: string, patch: Partial<FileState>) => {
    const prev = states.get(path) ?? { path, size: 0, sent: 0, status: 'waiting' as FileStatus };
    states.set(path, { ...prev, ...patch });
    update(path, patch);
  };
  const hashing = canHash();
  if (hashing) {
    for (const f of files) {
      if (signal?.aborted) return false;
      if (states.get(f.path)?.sha256) continue;
      set(f.path, { status: 'checking' });
      set(f.path, { sha256: await sha256Of(f.file), status: 'waiting' });
    }
    // What the appliance already has (from an earlier, interrupted run or another set) is
    // not sent again.
    const sums = files.map((f) => states.get(f.path)!.sha256!);
    const stored = await storedMedia([...new Set(sums)]);
    for (const f of files) {
      const hit = stored[states.get(f.path)!.sha256!];
      if (hit) {
        const already = states.get(f.path)?.status === 'stored';
        set(f.path, { name: hit.name, sent: f.file.size, status: already ? 'stored' : 'skipped', message: undefined });
      }
    }
  }
  const queue = files.filter((f) => !states.get(f.path)?.name);
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      if (signal?.aborted) return;
      await sendOne(f, states.get(f.path)?.sha256 ?? null, set, signal);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_SENDS }, worker));
  return files.every((f) => states.get(f.path)?.name);
}

async function sendOne(f: PickedFile, sha: string | null, set: (path: string, patch: Partial<FileState>) => void, signal?: AbortSignal) {
  for (let attempt = 0; ; attempt++) {
    set(f.path, { status: 'sending', sent: 0, message: undefined, code: undefined });
    try {
      const m = await uploadMedia(f.file, sha, f.path, (sent) => set(f.path, { sent }), signal);
      set(f.path, { status: 'stored', name: m.name, sha256: m.sha256, sent: f.file.size });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        set(f.path, { status: 'failed', sent: 0, message: 'Stopped.' });
        return;
      }
      const e = err instanceof ResearcherApiError ? err : new ResearcherApiError(0, 'network', String(err));
      if (retryable(e.status, e.code) && attempt < RETRY_DELAYS_MS.length) {
        set(f.path, { status: 'retrying', sent: 0, message: `${e.message} Trying again…` });
        await wait(RETRY_DELAYS_MS[attempt], signal);
        continue;
      }
      set(f.path, { status: 'failed', sent: 0, message: e.message, code: e.code });
      return;
    }
  }
}
