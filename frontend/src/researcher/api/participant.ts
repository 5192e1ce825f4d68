// One participant's page (issue 22, item 3): who they are, their timeline, their feed
// explained card by card, their answers; and their exclusion from the analysis.
import { call, enc } from './client';
import type { Stage } from './study';

/** Exclusion is why a participant is left out of the analysis, who decided it and when (epoch ms). */
export interface Exclusion {
  reason: string;
  excluded_by: string;
  excluded_at: number;
}

/** ExplainedCard is one card of the feed as composed: its place, the ranking's score (null when it gives none) and reason. */
export interface ExplainedCard {
  position: number;
  entity_id: number;
  set: string;
  headline: string;
  score: number | null;
  reason: string;
  inputs: string;
}

/** TimelineEvent is one moment of the session at the server's receive time (epoch ms). */
export interface TimelineEvent {
  at: number;
  kind: 'arrival' | 'consent' | 'checkpoint' | 'engagement' | 'dwell' | 'questionnaire' | 'completion' | string;
  what: string;
  entity_id?: number;
  detail: string;
}

/** AnswerPage is one questionnaire page the participant sent. */
export interface AnswerPage {
  page: number;
  at: number;
  answers: { field: string; value: string }[];
}

/** ParticipantDetail is GET /v1/studies/{id}/participants/{user_id}. */
export interface ParticipantDetail {
  user_id: string;
  condition: number;
  platform_ids: Record<string, string> | null;
  stage: Stage;
  exit_state: string;
  started_at: number;
  completed_at: number | null;
  completion_code: string;
  is_test: boolean;
  algorithm: string;
  /** identical: recomposing the feed from what is stored gave the order the participant saw. */
  identical: boolean;
  /** unchecked: the feed could not be composed again just now (a ranking script), so identical is not known. */
  unchecked?: boolean;
  exclusion: Exclusion | null;
  feed: ExplainedCard[];
  timeline: TimelineEvent[];
  /** timeline_cut: the participant has more events than timeline_limit; the first ones are shown. */
  timeline_cut: boolean;
  timeline_limit: number;
  answers: AnswerPage[];
  /** can_manage: the asking researcher may exclude and include (the owner, or anyone for an unowned study). */
  can_manage: boolean;
}

function participantPath(id: string, userId: string): string {
  return `/v1/studies/${enc(id)}/participants/${enc(userId)}`;
}

/** participantDetail reads one participant's page (a participant the study does not have is a 404). */
export function participantDetail(id: string, userId: string, signal?: AbortSignal): Promise<ParticipantDetail> {
  return call<ParticipantDetail>(participantPath(id, userId), { signal });
}

/** excludeParticipant leaves a participant out of the analysis with a reason (owner only). */
export function excludeParticipant(id: string, userId: string, reason: string): Promise<unknown> {
  return call(`${participantPath(id, userId)}/exclusion`, { body: { reason } });
}

/** includeParticipant takes an excluded participant back into the analysis (owner only). */
export function includeParticipant(id: string, userId: string): Promise<unknown> {
  return call(`${participantPath(id, userId)}/exclusion`, { method: 'DELETE' });
}
