// Files: streaming a download from the server to disk, and saving text made in the browser.
import { reached, replyError } from '../../lib/api';
import { lost, ResearcherApiError } from './client';

interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: { suggestedName?: string }) => Promise<{
    createWritable(): Promise<WritableStream<Uint8Array>>;
  }>;
}

/** DownloadPhase is how far a download got: 'answered' once the server has answered with
 * the file (its first bytes are on the way), 'writing' once the body is being saved. */
export type DownloadPhase = 'answered' | 'writing';

/** DownloadResult says whether the file was saved or the researcher cancelled the save dialog. */
export type DownloadResult = 'saved' | 'cancelled';

/**
 * downloadFile fetches url (GET unless init says otherwise) and saves the answer as
 * filename. Where the browser has the File System Access API the body streams straight
 * to the chosen file (a large export never sits in memory); elsewhere, or when the
 * browser refuses the picker, it is saved through a Blob URL. A failed answer is thrown
 * as a ResearcherApiError before anything is saved. onPhase, when given, hears each phase;
 * a promise it returns is awaited (so a status line can be shown before the next step).
 */
export async function downloadFile(
  url: string,
  init: RequestInit | undefined,
  filename: string,
  onPhase?: (phase: DownloadPhase) => void | Promise<void>,
): Promise<DownloadResult> {
  const headers = new Headers(init?.headers);
  if (init?.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await reached(url, fetch(url, { ...init, headers, mode: 'same-origin', credentials: 'same-origin' }), ResearcherApiError);
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      // not JSON: replyError says so
    }
    throw lost(replyError(response.status, body, response.headers.get('Retry-After'), ResearcherApiError));
  }
  await onPhase?.('answered');

  const picker = (window as unknown as SaveFilePickerWindow).showSaveFilePicker;
  if (picker && response.body) {
    let handle;
    try {
      handle = await picker.call(window, { suggestedName: filename });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        await response.body.cancel();
        return 'cancelled';
      }
      handle = null; // the picker was refused (no user gesture left): use a Blob URL
    }
    if (handle) {
      const writable = await handle.createWritable();
      await onPhase?.('writing');
      await response.body.pipeTo(writable);
      return 'saved';
    }
  }
  await onPhase?.('writing');
  saveBlob(filename, await response.blob());
  return 'saved';
}

/** DumpRequest is dump_data's body (spec §3 "Download request"). */
export interface DumpRequest {
  idName: string;
  data_type: string;
  experiment_id?: string;
  stimulus_set?: string;
  /** include_test adds test participants (and the is_test column). */
  include_test?: boolean;
  /** raw writes values as stored (no spreadsheet-formula neutralising). */
  raw?: boolean;
  /** The exposures export's cleaning (stated in its codebook). */
  dwell_cap_ms?: number;
  dwell_floor_ms?: number;
  trim?: number;
  saw_every_card?: boolean;
  /** drop_excluded leaves out participants a researcher excluded (otherwise marked excluded = 1). */
  drop_excluded?: boolean;
  /** codebook asks for the export's codebook (Markdown) instead of the CSV. */
  codebook?: boolean;
}

/** dumpData downloads an export (streamed CSV) as filename with downloadFile; an unknown id,
 * or a study the researcher may not see, is a 404. */
export function dumpData(
  request: DumpRequest,
  filename: string,
  onPhase?: (phase: DownloadPhase) => void | Promise<void>,
): Promise<DownloadResult> {
  return downloadFile('/v1/dump_data', { method: 'POST', body: JSON.stringify(request) }, filename, onPhase);
}

/** saveText saves text made in the browser as a file (for example Verify parameters). */
export function saveText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(filename, new Blob([text], { type }));
}

function saveBlob(filename: string, blob: Blob) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser reads the URL after the click returns; give it time before freeing it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
