// Media uploads for hosted sets, with progress and resume.
import { isObject, readReply } from '../../lib/api';
import { call, enc, lost, ResearcherApiError } from './client';

/** StoredMedia is a media file on the appliance, named by its content. */
export interface StoredMedia {
  /** name is the hex SHA-256 plus the extension of the detected type; cards show /media/<name>. */
  name: string;
  sha256: string;
  content_type: string;
  size: number;
}

/** storedMedia answers which of the SHA-256 sums the appliance already holds (an
 * interrupted upload resumes without sending them again). */
export async function storedMedia(sums: string[]): Promise<Record<string, StoredMedia>> {
  return (await call<{ stored?: Record<string, StoredMedia> }>('/v1/media/stored', { body: { sha256: sums } })).stored ?? {};
}

/**
 * uploadMedia sends one file with XMLHttpRequest, whose upload progress fetch cannot
 * report: PUT /v1/media/<sha256> when the page could hash it, else POST /v1/media and the
 * server hashes (SubtleCrypto is missing on a plain-http LAN address). onProgress hears the
 * bytes sent. The server refuses anything but PNG, JPEG, GIF, WebP, MP4, WebM and Ogg,
 * naming the file (label). Aborting through signal rejects with an AbortError.
 */
export function uploadMedia(
  file: Blob,
  sha256: string | null,
  label: string,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StoredMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(sha256 ? 'PUT' : 'POST', sha256 ? `/v1/media/${sha256}` : '/v1/media');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Filename', enc(label));
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: readReply says so
      }
      try {
        const { data } = readReply<{ data?: unknown }>(xhr.status, body, xhr.getResponseHeader('Retry-After'), ResearcherApiError);
        if (!isObject(data)) throw new ResearcherApiError(xhr.status, 'bad_response', `The server answered something unexpected (HTTP ${xhr.status}).`);
        onProgress(file.size, file.size);
        resolve(data as unknown as StoredMedia);
      } catch (err) {
        reject(lost(err));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ResearcherApiError(0, 'network', 'The connection dropped while sending the file.'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    };
    if (signal?.aborted) {
      done();
      reject(new DOMException('The upload was stopped.', 'AbortError'));
      return;
    }
    xhr.send(file);
  });
}
