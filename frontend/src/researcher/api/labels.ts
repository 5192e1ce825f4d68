// Labelled single-use links of a classroom study.
import { call, enc } from './client';

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
