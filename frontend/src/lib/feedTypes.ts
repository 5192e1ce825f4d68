// Shapes of the participant-session values kept in browser storage (spec/feed-side.md §3).

/** FeedEntity is one stimulus card as the stimulus call returns it, plus its position. */
export interface FeedEntity {
  entity_id: string;
  /** entity_url is an image, or a video when it ends in mp4, webm or ogg. */
  entity_url: string;
  /** idx is the card's position in the feed, assigned on the client. */
  idx: number;
  /** image_size is the image's size in pixels when the server knows it (load_experiment). */
  image_size?: { width: number; height: number };
  /** image_srcset lists the image's smaller JPEG copies ("url?w=360 360w, …") when it has them. */
  image_srcset?: string;
  /** Covariate fields of the stimulus set travel along unchanged. */
  [covariate: string]: unknown;
}

/** EngagementType names one engagement button. */
export type EngagementType = 'shares' | 'likes' | 'read_later' | 'accuracy_score' | 'upvote' | 'downvote';

/** EngagementRecord is what the participant did with one card. */
export type EngagementRecord = {
  idx: number;
  entity_id: string;
  /** lastViewTime, lastEngageTime and lastRT are -1 until they happen. */
  lastViewTime: number;
  lastEngageTime: number;
  lastRT: number;
  dwells: number;
  dwellTimes: number[];
  dwellsInviewTime: number[];
} & Record<EngagementType, number>;

/** IntersectionEvent records a card entering or leaving view. */
export interface IntersectionEvent {
  idx: number;
  inview: boolean;
  entity_id: string;
  entity_url: string;
  time: number;
}

/** ExperimentParameter is one parameter/value pair; value is URL-encoded. */
export interface ExperimentParameter {
  param: string;
  value: string;
}

/** RedirectionRoute maps a route to 0 (not yet visited) or 1 (visited). */
export type RedirectionRoute = Record<string, 0 | 1>;
