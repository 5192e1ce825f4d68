// The researcher bundle's one door to the /v1 researcher API (CONTRACT: "The researcher
// API"). Every call answers `{success: 'true', data}` or `{success: 'false', error: {code,
// message, problems?, retry_after?}}` with a 4xx/5xx status; every failure, including a
// network failure or a body that is not JSON, is thrown as a ResearcherApiError.
//
// A 401 from a call that needs a session means the session ended mid-work: the listeners
// registered with onSignedOut run before the error is thrown, so the page can ask the
// researcher to sign in again over the page instead of losing what was typed. The
// sign-in calls themselves (me, login, setup, status, logout) answer 401 as a plain
// result and notify nobody.

/** Problem is one problem the server found in study parameters (line 0 when unknown). */
export interface Problem {
  line: number;
  condition: number;
  param: string;
  message: string;
}

/** ParamRow is one study parameter: condition (1-based), parameter name, value. */
export interface ParamRow {
  condition: number;
  param: string;
  value: string;
}

/** Researcher is a signed-in researcher account. */
export interface Researcher {
  name: string;
}

/** NamedOption is a value the server offers with its human title. */
export interface NamedOption {
  name: string;
  title: string;
}

/** Capabilities is what the server has: the wizard lists these instead of hard-coding them. */
export interface Capabilities {
  algorithms: Array<NamedOption & { settings?: AlgorithmSetting[] }>;
  intervention_types: NamedOption[];
  custom_msg_types: NamedOption[];
  questionnaires: NamedOption[];
  platforms: Array<NamedOption & { example_url: string }>;
  /** recruitment: the assignment rules and the attention-check exits (absent on older servers). */
  recruitment?: { assignment_rules: NamedOption[]; default_active_minutes: number; attention_fail_exits: NamedOption[] };
  feed_types: NamedOption[];
  buttons: string[];
  button_values: NamedOption[];
  categories: string[];
  max_conditions: number;
  /** participant_urls are the addresses serve listens on: local first, then LAN addresses. */
  participant_urls: string[];
}

/** EntitySetInfo is one stimulus set of the lab's library. */
export interface EntitySetInfo {
  entity_set: string;
  entity_category: string;
  num_entities: number;
  /** hidden: hidden from the wizard in the library (the spec's blocked list, kept on the server). */
  hidden?: boolean;
}

/** StudyAccess says why the researcher sees a study. */
export type StudyAccess = 'owner' | 'shared' | 'everyone';

/** StudySummary is one row of My studies. */
export interface StudySummary {
  experiment_id: string;
  title: string;
  /** created_at is Unix milliseconds. */
  created_at: number;
  /** owner is the owner's name, or '' for a study every researcher sees. */
  owner: string;
  access: StudyAccess;
  builtin: boolean;
  n_conditions: number;
  arrived: number;
  completed: number;
  /** shared_with lists collaborators (only for the owner; [] otherwise). */
  shared_with: string[];
  /** platform is the recruitment platform ('' for none), when the server includes it. */
  platform?: string;
}

/** StudyDetail is a study with its parameter rows (plain values). */
export interface StudyDetail extends StudySummary {
  rows: ParamRow[];
}

/** MarkdownFieldName names the participant texts the server renders as markdown. */
export type MarkdownFieldName = 'consent' | 'instruct' | 'custom-msg';

/** ResearcherApiError is every failed call: status 0 with code 'network' when no answer
 * arrived, code 'bad_response' when the answer was not the API's JSON. */
export class ResearcherApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** problems lists parameter problems (code 'invalid_parameters'). */
  readonly problems?: Problem[];
  /** retryAfter is how many seconds to wait (code 'rate_limited'). */
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, extra: { problems?: Problem[]; retryAfter?: number } = {}) {
    super(message);
    this.name = 'ResearcherApiError';
    this.status = status;
    this.code = code;
    if (extra.problems) this.problems = extra.problems;
    if (extra.retryAfter !== undefined) this.retryAfter = extra.retryAfter;
  }
}

type Listener = (error: ResearcherApiError) => void;
const signedOutListeners = new Set<Listener>();

/** onSignedOut registers fn to run whenever a call that needs a session answers 401;
 * it returns the function that unregisters it. */
export function onSignedOut(fn: Listener): () => void {
  signedOutListeners.add(fn);
  return () => signedOutListeners.delete(fn);
}

function signedOut(error: ResearcherApiError) {
  for (const fn of [...signedOutListeners]) {
    try {
      fn(error);
    } catch (err) {
      console.error('feedlab: onSignedOut listener failed', err);
    }
  }
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** file is sent as the body as it is (for example a zip), instead of body as JSON. */
  file?: { data: Blob; type: string };
  signal?: AbortSignal;
  /** quiet401 marks the sign-in calls, whose 401 is an answer rather than a lost session. */
  quiet401?: boolean;
}

/** call sends one request and returns `data` of a successful answer. */
async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    mode: 'same-origin',
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.file) {
    init.method = 'POST';
    headers['Content-Type'] = options.file.type;
    init.body = options.file.data;
  }
  const response = await send(path, init);
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw failure(response, null, options.quiet401);
  }
  if (isObject(parsed) && parsed.success === 'true') return (parsed.data ?? {}) as T;
  throw failure(response, parsed, options.quiet401);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ResearcherApiError(0, 'network', 'The server did not answer. Check that feedlab is running and try again.');
  }
}

/** failure builds the error for an unsuccessful answer (body already parsed, or null when
 * it was not JSON) and tells the onSignedOut listeners about a lost session. */
function failure(response: Response, body: unknown, quiet401 = false): ResearcherApiError {
  let error: ResearcherApiError;
  if (!isObject(body)) {
    error = new ResearcherApiError(
      response.status,
      response.status === 401 ? 'unauthorized' : 'bad_response',
      `The server answered something unexpected (HTTP ${response.status}).`,
    );
  } else {
    const e = isObject(body.error) ? body.error : {};
    const code = typeof e.code === 'string' && e.code !== '' ? e.code : response.status === 401 ? 'unauthorized' : 'unknown';
    const message =
      typeof e.message === 'string' && e.message !== '' ? e.message : `The request failed (HTTP ${response.status}).`;
    const problems = Array.isArray(e.problems) ? (e.problems.filter(isObject) as unknown as Problem[]) : undefined;
    error = new ResearcherApiError(response.status, code, message, { problems, retryAfter: retryAfterOf(response, e) });
  }
  if (response.status === 401 && !quiet401) signedOut(error);
  return error;
}

/** retryAfterOf reads the wait in seconds from error.retry_after, else the Retry-After header. */
function retryAfterOf(response: Response, e: Record<string, unknown>): number | undefined {
  if (typeof e.retry_after === 'number' && Number.isFinite(e.retry_after) && e.retry_after >= 0) return e.retry_after;
  const header = response.headers.get('Retry-After');
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim());
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const enc = encodeURIComponent;

// --- Accounts -------------------------------------------------------------------------

/** me answers who is signed in; it throws a 401 ResearcherApiError when nobody is. */
export function me(): Promise<Researcher> {
  return call<Researcher>('/v1/auth/me', { quiet401: true });
}

/** authStatus says whether any researcher account exists yet (no sign-in needed). */
export function authStatus(): Promise<{ accounts_exist: boolean }> {
  return call('/v1/auth/status', { quiet401: true });
}

/** login signs in; a wrong name or password is a 401, too many failures a 429 with retryAfter. */
export function login(name: string, password: string): Promise<Researcher> {
  return call<Researcher>('/v1/auth/login', { body: { name, password }, quiet401: true });
}

/** logout ends the session (if any). */
export async function logout(): Promise<void> {
  await call('/v1/auth/logout', { method: 'POST', body: {}, quiet401: true });
}

/** setup creates the first account from the one-time setup token and signs it in. */
export function setup(token: string, name: string, password: string): Promise<Researcher> {
  return call<Researcher>('/v1/auth/setup', { body: { token, name, password }, quiet401: true });
}

/** listResearchers lists every researcher account (to share a study with). */
export async function listResearchers(): Promise<Researcher[]> {
  return (await call<{ researchers?: Researcher[] }>('/v1/researchers')).researchers ?? [];
}

// --- What the server has ----------------------------------------------------------------

/** capabilities lists the algorithms, questionnaires, platforms… the server offers. */
export function capabilities(): Promise<Capabilities> {
  return call<Capabilities>('/v1/capabilities');
}

/** pullEntitySets lists the stimulus sets (the server sends them as JSON text). */
export async function pullEntitySets(): Promise<EntitySetInfo[]> {
  const data = await call<{ entity_sets?: unknown }>('/v1/pull_entity_sets');
  let sets = data.entity_sets;
  if (typeof sets === 'string') {
    try {
      sets = JSON.parse(sets);
    } catch {
      throw new ResearcherApiError(200, 'bad_response', 'The list of stimulus sets could not be read.');
    }
  }
  return Array.isArray(sets) ? (sets as EntitySetInfo[]) : [];
}

/** ingestEntitySet stores a stimulus set from the upload page's rows (spec §3 "Upload
 * payload"); it answers the stored name and the number of cards. A problem in the rows is a
 * 400 whose message names the record, a name already taken a 409. */
export function ingestEntitySet(settings: {
  setname: string;
  category: string;
  covariates: Array<Record<string, string>>;
}): Promise<{ entity_set: string; num_entities: number }> {
  return call('/v1/ingest_entity_set', { body: { entity_set_settings: settings } });
}

/** renderMarkdown renders a participant text exactly as a participant will see it (sanitized HTML). */
export async function renderMarkdown(field: MarkdownFieldName, text: string): Promise<string> {
  return (await call<{ html: string }>('/v1/render_markdown', { body: { field, text } })).html ?? '';
}

// --- Studies ------------------------------------------------------------------------------

/** listStudies lists every study the researcher may see, newest first. */
export async function listStudies(): Promise<StudySummary[]> {
  return (await call<{ studies?: StudySummary[] }>('/v1/studies')).studies ?? [];
}

/** getStudy reads one study with its parameter rows; a study the researcher may not see is a 404. */
export function getStudy(id: string): Promise<StudyDetail> {
  return call<StudyDetail>(`/v1/studies/${enc(id)}`);
}

/** shareStudy lets another researcher see a study (owner only); it answers the new list. */
export async function shareStudy(id: string, name: string): Promise<string[]> {
  return (await call<{ shared_with?: string[] }>(`/v1/studies/${enc(id)}/shares`, { body: { name } })).shared_with ?? [];
}

/** unshareStudy removes a collaborator; it answers the new list. */
export async function unshareStudy(id: string, name: string): Promise<string[]> {
  const path = `/v1/studies/${enc(id)}/shares/${enc(name)}`;
  return (await call<{ shared_with?: string[] }>(path, { method: 'DELETE' })).shared_with ?? [];
}

/** parametersUrl is where a study's params.csv is downloaded from (for downloadFile). */
export function parametersUrl(id: string): string {
  return `/v1/studies/${enc(id)}/parameters.csv`;
}

/** ENCODED_PARAMS are the parameters whose values the wizard protocol sends URL-encoded. */
export const ENCODED_PARAMS: readonly string[] = ['platform', 'redirect-url', 'completion-code', 'consent', 'custom-msg', 'instruct'];

/** encodeRows turns plain rows into the wizard protocol's rows (ENCODED_PARAMS URL-encoded). */
export function encodeRows(rows: ParamRow[]): ParamRow[] {
  return rows.map((r) => (ENCODED_PARAMS.includes(r.param) ? { ...r, value: encodeURIComponent(r.value) } : r));
}

/**
 * checkParameters validates a params.csv text or wizard rows (sent as given: encode them
 * with encodeRows) and answers the canonical plain rows, with `warnings` about settings that
 * can have no effect (same shape as problems); problems come as a 400 with code
 * 'invalid_parameters' and `problems`.
 */
export function checkParameters(
  input: { csv: string } | { condition_settings: ParamRow[] },
): Promise<{ rows: ParamRow[]; n_conditions: number; warnings?: Problem[] }> {
  return call('/v1/check_parameters', { body: input });
}

/** spawnExperiment creates a study owned by the signed-in researcher from wizard rows
 * (sent as given: encode them with encodeRows). */
export function spawnExperiment(rows: ParamRow[]): Promise<{ experiment_id: string; warnings?: Problem[] }> {
  return call('/v1/spawn_experiment', { body: { condition_settings: rows } });
}

// --- Files --------------------------------------------------------------------------------

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
  const response = await send(url, { ...init, headers, mode: 'same-origin', credentials: 'same-origin' });
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON: failure() says so
    }
    throw failure(response, body);
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

// --- The stimulus library (hosted upload, /sets) ---------------------------------------

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
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (isObject(body) && body.success === 'true' && isObject(body.data)) {
        onProgress(file.size, file.size);
        resolve(body.data as unknown as StoredMedia);
        return;
      }
      const e = isObject(body) && isObject(body.error) ? body.error : {};
      const code = typeof e.code === 'string' ? e.code : 'bad_response';
      const message = typeof e.message === 'string' && e.message ? e.message : `The server answered something unexpected (HTTP ${xhr.status}).`;
      const error = new ResearcherApiError(xhr.status, code, message);
      if (xhr.status === 401) signedOut(error);
      reject(error);
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

/** ingestHostedSet creates a set whose cards show uploaded files: media maps each row's
 * filename to the stored name. The set is made only if every file is on the appliance. */
export function ingestHostedSet(settings: {
  setname: string;
  category: string;
  covariates: Array<Record<string, string>>;
  media: Record<string, string>;
}): Promise<{ entity_set: string; num_entities: number }> {
  return call('/v1/ingest_entity_set', { body: { entity_set_settings: settings } });
}

/** LibrarySet is a stimulus set as the library lists it. */
export interface LibrarySet {
  entity_set: string;
  entity_category: string;
  num_entities: number;
  builtin: boolean;
  hidden: boolean;
  uploaded_by: string;
  /** created_at is Unix ms. */
  created_at: number;
  /** used_by lists the studies using it that the researcher may see; used_by_others counts the rest. */
  used_by: string[];
  used_by_others: number;
}

/** SetCard is one card of a set, with its covariates. */
export interface SetCard {
  entity_id: number;
  position: number;
  entity_url: string;
  source_url: string;
  filename: string;
  retrieve_date: string;
  entity_type: string;
  headline: string;
  covariates: Record<string, string>;
}

/** listSets lists the lab's stimulus library, newest first. */
export async function listSets(): Promise<LibrarySet[]> {
  return (await call<{ sets?: LibrarySet[] }>('/v1/sets')).sets ?? [];
}

/** getSet answers one set with its cards in order; an unknown set is a 404. */
export function getSet(name: string): Promise<{ set: LibrarySet; columns: string[]; cards: SetCard[] }> {
  return call(`/v1/sets/${enc(name)}`);
}

/** hideSet hides a set from the study wizard, or shows it again. */
export function hideSet(name: string, hidden: boolean): Promise<{ hidden: boolean }> {
  return call(`/v1/sets/${enc(name)}/hidden`, { body: { hidden } });
}

/** deleteSet deletes a set no study uses (409 in_use otherwise). */
export function deleteSet(name: string): Promise<{ media_removed: number }> {
  return call(`/v1/sets/${enc(name)}`, { method: 'DELETE' });
}

// --- Feed ranking (issue 12) ---------------------------------------------------------------

/** AlgorithmSetting is one setting (an algorithm-* parameter) an algorithm reads; the wizard
 * renders a field per setting of the chosen algorithm. */
export interface AlgorithmSetting {
  param: string;
  label: string;
  help: string;
  /** kind: text (one line), choice (one of choices), script (a multi-line program). */
  kind: 'text' | 'choice' | 'script';
  choices?: string[];
  default?: string;
  required: boolean;
}

// --- Study bundles (issue 9 item 6) -------------------------------------------------------

/** studyBundleUrl is where a study's bundle (zip: parameters, sets, media, codebooks) is
 * downloaded from, for downloadFile; a study the researcher may not see is a 404. */
export function studyBundleUrl(id: string): string {
  return `/v1/studies/${enc(id)}/bundle.zip`;
}

/** ImportedStudy is what importing a bundle made. */
export interface ImportedStudy {
  experiment_id: string;
  sets_created: string[];
  sets_reused: string[];
  media_files: number;
  feedlab_version: string;
}

/** importStudyBundle recreates a study from a bundle (.zip) as the signed-in researcher's:
 * its sets and media are stored (identical sets reused) and the study created. A damaged
 * bundle is a 400, a different set with the same name a 409; nothing is stored then. */
export function importStudyBundle(file: Blob): Promise<ImportedStudy> {
  return call('/v1/import_study', { file: { data: file, type: 'application/zip' } });
}

// --- Study page (issue 10, dash-ui; CONTRACT "Researcher API for the study page") ----------

/** StudyStatus is a study's lifecycle: open takes new participants, paused and closed do not. */
export type StudyStatus = 'open' | 'paused' | 'closed';

/** Stage is the furthest funnel stage a participant reached (CONTRACT, participants.stage). */
export type Stage = 'arrived' | 'consented' | 'feed' | 'submitted' | 'questionnaires' | 'completed';

/** StudyPageInfo is GET /v1/studies/{id} with the study page's fields (older servers omit them). */
export interface StudyPageInfo extends StudyDetail {
  status?: StudyStatus;
  /** can_manage: may pause, close, reopen and edit texts (the owner, or anyone for an unowned study). */
  can_manage?: boolean;
  /** can_share: may add or remove collaborators (the owner only). */
  can_share?: boolean;
  editable_texts?: string[];
}

/** Funnel counts participants (never test ones) by the furthest stage they reached. */
export interface Funnel {
  arrived: number;
  consented: number;
  feed: number;
  submitted: number;
  questionnaires: number;
  completed: number;
  dropped: number;
  /** exits: participants by how their session ended (completed, returned, over_quota…). */
  exits?: Record<string, number>;
}

/** ConditionStats is the dashboard's figures for one condition. */
export interface ConditionStats {
  condition: number;
  funnel: Funnel;
  mean_dwell_ms: number | null;
  /** engagements_per_participant: per participant who reached the feed (null when none did). */
  engagements_per_participant: Record<string, number | null> | null;
}

/** Dashboard is GET /v1/studies/{id}/dashboard (null where there is no data yet). */
export interface Dashboard {
  generated_at: number;
  status: StudyStatus;
  dropped_after_minutes: number;
  conditions: ConditionStats[];
  total: { funnel: Funnel };
  balance: { arrivals: number[]; completed: number[] };
  timeline: { bucket_ms: number; start_ms: number; arrivals: number[]; completions: number[] } | null;
  time_to_complete: { median_ms: number | null; p90_ms: number | null } | null;
  events_per_minute: number | null;
  /** assignment: the rule placing new participants, its window and the quotas (0 = none). */
  assignment?: { rule: string; active_minutes: number; quotas: number[]; quota_total: number };
  /** alerts: what the appliance met while running the study (a failed ranking, participants over budget, a full disk). */
  alerts?: StudyAlert[];
}

/** StudyAlert is one kind of problem of a study: how often, first and last (RFC 3339), the latest detail. */
export interface StudyAlert {
  kind: string;
  message: string;
  count: number;
  first: string;
  last: string;
  detail: string;
}

/** ParticipantRow is one row of the participant table; times are epoch ms (null when unknown). */
export interface ParticipantRow {
  user_id: string;
  platform_ids: Record<string, string> | null;
  condition: number;
  stage: Stage;
  started_at: number | null;
  last_seen_at: number | null;
  completed_at: number | null;
  completion_code: string | null;
  dropped: boolean;
}

/** ParticipantQuery selects one page of the participant table. */
export interface ParticipantQuery {
  offset: number;
  limit: number;
  /** condition: 0 for every condition. */
  condition: number;
  /** stage: '' for every stage, or 'dropped'. */
  stage: Stage | 'dropped' | '';
  q: string;
}

/** TextVersion is one recorded change of a participant text. */
export interface TextVersion {
  version: number;
  changed_at: number;
  changed_by: string;
  condition: number;
  param: string;
}

/** StudyTexts is GET /v1/studies/{id}/texts. */
export interface StudyTexts {
  versions: TextVersion[];
  texts: ParamRow[];
}

/** AuditEntry is one line of a study's audit log. */
export interface AuditEntry {
  at: number;
  researcher: string;
  action: string;
  detail: string;
}

/** studyPage reads a study for its page; a study the researcher may not see is a 404. */
export function studyPage(id: string, signal?: AbortSignal): Promise<StudyPageInfo> {
  return call<StudyPageInfo>(`/v1/studies/${enc(id)}`, { signal });
}

/** dashboard reads the study's live figures (test participants never counted). */
export function dashboard(id: string, signal?: AbortSignal): Promise<Dashboard> {
  return call<Dashboard>(`/v1/studies/${enc(id)}/dashboard`, { signal });
}

/** participantsPath builds the participants call for one page of the table. */
export function participantsPath(id: string, q: ParticipantQuery): string {
  const params = new URLSearchParams({ offset: String(q.offset), limit: String(q.limit) });
  if (q.condition > 0) params.set('condition', String(q.condition));
  if (q.stage) params.set('stage', q.stage);
  if (q.q.trim()) params.set('q', q.q.trim());
  return `/v1/studies/${enc(id)}/participants?${params.toString()}`;
}

/** participants reads one page of the participant table (never the whole table). */
export async function participants(id: string, q: ParticipantQuery, signal?: AbortSignal): Promise<{ total: number; rows: ParticipantRow[] }> {
  const data = await call<{ total?: number; rows?: ParticipantRow[] }>(participantsPath(id, q), { signal });
  return { total: data.total ?? 0, rows: data.rows ?? [] };
}

/** setStudyStatus opens, pauses or closes a study (can_manage only, else a 403). */
export async function setStudyStatus(id: string, status: StudyStatus): Promise<StudyStatus> {
  return (await call<{ status: StudyStatus }>(`/v1/studies/${enc(id)}/status`, { body: { status } })).status;
}

/** previewLink asks for a test participant's link to one condition (relative to the site). */
export async function previewLink(id: string, condition: number): Promise<string> {
  return (await call<{ url: string }>(`/v1/studies/${enc(id)}/preview`, { body: { condition } })).url;
}

/** studyTexts reads the participant texts and their version history. */
export async function studyTexts(id: string, signal?: AbortSignal): Promise<StudyTexts> {
  const data = await call<Partial<StudyTexts>>(`/v1/studies/${enc(id)}/texts`, { signal });
  return { versions: data.versions ?? [], texts: data.texts ?? [] };
}

/** saveStudyText changes one text of one condition; a design parameter once someone has
 * arrived is a 409 'design_locked'. */
export function saveStudyText(id: string, row: ParamRow): Promise<unknown> {
  return call(`/v1/studies/${enc(id)}/texts`, { method: 'PUT', body: row });
}

/** studyAudit reads the study's audit log (owner only). */
export async function studyAudit(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return (await call<{ entries?: AuditEntry[] }>(`/v1/studies/${enc(id)}/audit`, { signal })).entries ?? [];
}

/** auditCsvUrl is where the study's audit log is downloaded as CSV (for downloadFile). */
export function auditCsvUrl(id: string): string {
  return `/v1/studies/${enc(id)}/audit.csv`;
}

// --- Reconciliation and labelled links (issue 11, item 4 and item 3's classroom links) ---

/** ReconcilePlatform is a platform whose list reconciliation reads ('' tells it from the header). */
export type ReconcilePlatform = '' | 'prolific' | 'mturk' | 'lucid';

/** ReconcileClass is the verdict on one line of the platform's list. */
export type ReconcileClass = 'completed' | 'started' | 'never_seen' | 'duplicate' | 'test';

/** ReconcileLine is one line of the platform's list and what we know of it. */
export interface ReconcileLine {
  line: number;
  id: string;
  submission_id: string;
  platform_status: string;
  class: ReconcileClass;
  user_id: string;
  condition: number;
  stage: string;
  started_at: number;
  completed_at: number;
  completion_code: string;
  code_submitted: string;
  code_matches: boolean | null;
  registered: number;
  note: string;
  /** exit_state is how the session ended here ('' in progress). */
  exit_state: string;
}

/** ReconcileFile is a CSV made by the server, for saveText. */
export interface ReconcileFile {
  filename: string;
  csv: string;
  what: string;
}

/** ReconcileResult is POST /v1/studies/{id}/reconcile. */
export interface ReconcileResult {
  platform: Exclude<ReconcilePlatform, ''>;
  lines: ReconcileLine[];
  counts: Record<ReconcileClass, number>;
  report: ReconcileFile;
  /** platform_file is the platform's approve/reject upload (Prolific, MTurk), else null. */
  platform_file: ReconcileFile | null;
  /** marked counts the Prolific returns and time-outs marked by this call. */
  marked: number;
}

/** reconcile matches a platform's list (pasted or a file's text) against the study. The
 * list is the body (text/csv), which the server checks while it reads; the platform and
 * mark_returns go in the query. */
export function reconcile(id: string, text: string, platform: ReconcilePlatform, markReturns = false): Promise<ReconcileResult> {
  const query = new URLSearchParams();
  if (platform) query.set('platform', platform);
  if (markReturns) query.set('mark_returns', 'true');
  const qs = query.toString();
  return call<ReconcileResult>(`/v1/studies/${enc(id)}/reconcile${qs ? `?${qs}` : ''}`, {
    file: { data: new Blob([text], { type: 'text/csv' }), type: 'text/csv' },
  });
}

/** ParticipantLabel is one labelled single-use link of a classroom study. */
export interface ParticipantLabel {
  label: string;
  /** link is relative to the participant address: /?experiment_id=…&label=…&label_key=… */
  link: string;
  used: boolean;
  used_at?: number;
  user_id?: string;
}

/** StudyLabels is GET /v1/studies/{id}/labels. */
export interface StudyLabels {
  labels: ParticipantLabel[];
  /** allowed: the study has no recruitment platform, so labelled links apply. */
  allowed: boolean;
  can_manage: boolean;
}

/** studyLabels lists the study's labelled links. */
export function studyLabels(id: string, signal?: AbortSignal): Promise<StudyLabels> {
  return call<StudyLabels>(`/v1/studies/${enc(id)}/labels`, { signal });
}

/** addStudyLabels adds participant labels (owner only); existing ones keep their links. */
export function addStudyLabels(id: string, labels: string[]): Promise<StudyLabels> {
  return call<StudyLabels>(`/v1/studies/${enc(id)}/labels`, { body: { labels } });
}
