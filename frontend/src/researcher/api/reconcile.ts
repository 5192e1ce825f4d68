// Reconciliation: matching a recruitment platform's list against the study.
import type { PLATFORMS } from '../../generated/registry';
import { call, enc } from './client';

/** ReconcilePlatform is a platform whose list reconciliation reads ('' tells it from the
 * header): those with a reconcile format in params.Platforms (generated). */
export type ReconcilePlatform = '' | Exclude<(typeof PLATFORMS)[number], { reconcile: '' }>['name'];

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
  /** code_expected: the code compared with (the one issued, else the study's); '' when none. */
  code_expected?: string;
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
  /** missing: real participants who completed here but are on no line of the list (the other direction). */
  missing?: ReconcileMissing[];
  /** code_mismatches counts the lines whose submitted code is not the expected one. */
  code_mismatches?: number;
}

/** ReconcileMissing is a participant who completed here but is not on the platform's list. */
export interface ReconcileMissing {
  /** id: their platform id; '' when they arrived without one. */
  id: string;
  user_id: string;
  condition: number;
  completed_at: number;
  completion_code: string;
  note: string;
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
