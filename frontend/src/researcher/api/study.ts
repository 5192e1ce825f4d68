// The study page (CONTRACT "Researcher API for the study page"): its figures, the
// participant table, the lifecycle, a preview link, the texts and the audit log.
import { call, enc } from './client';
import type { StudyDetail, ParamRow } from './studies';
import type { Stage } from '../../generated/registry';

/** StudyStatus is a study's lifecycle: a draft is not launched yet, open takes new
 * participants, paused and closed do not, archived is hidden and accepts nothing. */
export type StudyStatus = 'draft' | 'open' | 'paused' | 'closed' | 'archived';

/** Stage is the furthest funnel stage a participant reached (CONTRACT, participants.stage;
 * store.Stages, generated). */
export type { Stage };

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
export type Funnel = Record<Stage, number> & {
  dropped: number;
  /** exits: participants by how their session ended (completed, returned, over_quota…). */
  exits?: Record<string, number>;
};

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
  /** excluded: real participants a researcher excluded (still counted in the funnel). */
  excluded?: number;
  /** alerts: what the appliance met while running the study (a failed ranking, participants over budget, a full disk). */
  alerts?: StudyAlert[];
  /** replication: serve --replicate's destination and how current it is; empty when the appliance does not replicate. */
  replication?: ReplicaState[];
}

/** ReplicaState is a replication destination: when all was last there (RFC 3339), how far behind it is, its last error. */
export interface ReplicaState {
  url: string;
  last_replicated: string;
  lag_seconds: number;
  last_error?: string;
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
  /** excluded: a researcher left them out of the analysis (older servers omit it). */
  excluded?: boolean;
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

/** launchStudy opens a draft to participants (can_manage only); a launched study is a 409. */
export async function launchStudy(id: string): Promise<StudyStatus> {
  return (await call<{ status: StudyStatus }>(`/v1/studies/${enc(id)}/launch`, { body: {} })).status;
}

/** archiveStudy hides a study and stops it accepting anyone (can_manage only). */
export async function archiveStudy(id: string): Promise<StudyStatus> {
  return (await call<{ status: StudyStatus }>(`/v1/studies/${enc(id)}/archive`, { body: {} })).status;
}

/** restoreStudy gives an archived study back the status it had, which it answers. */
export async function restoreStudy(id: string): Promise<StudyStatus> {
  return (await call<{ status: StudyStatus }>(`/v1/studies/${enc(id)}/restore`, { body: {} })).status;
}

/** deleteStudy removes a study and its data: a draft at once, a launched study with its id
 * typed as confirmId (else a 400 'confirm_id_required'). */
export async function deleteStudy(id: string, confirmId = ''): Promise<void> {
  await call(`/v1/studies/${enc(id)}`, { method: 'DELETE', body: { confirm_id: confirmId } });
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
