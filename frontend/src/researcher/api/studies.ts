// Studies: listing, sharing, checking and creating them, and their bundles.
import { URL_ENCODED_PARAMS } from '../../generated/registry';
import { call, enc } from './client';
import type { StudyStatus } from './study';

/** Problem is one problem the server found in study parameters (line 0 when unknown). */
export interface Problem {
  line: number;
  condition: number;
  param: string;
  message: string;
  /** script places a ranking script's problem in the script: its own line and column (from
   * 1; 0 unknown) and what is wrong there. Absent for other problems. */
  script?: { line: number; column: number; message: string };
}

/** ParamRow is one study parameter: condition (1-based), parameter name, value. */
export interface ParamRow {
  condition: number;
  param: string;
  value: string;
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
  /** status: draft, open, paused, closed or archived (older servers omit it: open). */
  status?: StudyStatus;
}

/** StudyDetail is a study with its parameter rows (plain values). */
export interface StudyDetail extends StudySummary {
  rows: ParamRow[];
}

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

/** ENCODED_PARAMS are the parameters whose values the wizard protocol sends URL-encoded
 * (params.URLEncoded, generated). */
export const ENCODED_PARAMS: readonly string[] = URL_ENCODED_PARAMS;

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

/** editDraft replaces a draft's parameters with wizard rows (the owner only; a launched
 * study is a 409 'study_launched'; problems are a 400 like spawnExperiment's). */
export function editDraft(id: string, rows: ParamRow[]): Promise<{ experiment_id: string; warnings?: Problem[] }> {
  return call(`/v1/studies/${enc(id)}/parameters`, { method: 'PUT', body: { condition_settings: rows } });
}

/** spawnExperiment creates a draft study owned by the signed-in researcher from wizard rows
 * (sent as given: encode them with encodeRows). idempotencyKey, one per form, makes a
 * repeated request answer the study the first one created (existing: true). */
export function spawnExperiment(
  rows: ParamRow[],
  idempotencyKey?: string,
): Promise<{ experiment_id: string; existing?: boolean; warnings?: Problem[] }> {
  return call('/v1/spawn_experiment', { body: { condition_settings: rows, idempotency_key: idempotencyKey } });
}

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
