// Answer scales that several questionnaires share. Values keep the spec's spelling.
import type { Choices } from './helpers';

/** AGREE_SIX (scale A, aot): strongly disagree to strongly agree. */
export const AGREE_SIX: Choices = [
  ['1_strongly-disagree', 'Strongly disagree'],
  ['2_disagree', 'Disagree'],
  ['3_somewhat-disagree', 'Somewhat disagree'],
  ['4_somewhat-agree', 'Somewhat agree'],
  ['5_agree', 'Agree'],
  ['6_strongly-agree', 'Strongly agree'],
];

/** AGREE_FIVE (scale B, ac): strongly agree to strongly disagree. */
export const AGREE_FIVE: Choices = [
  ['1_strongly-agree', 'Strongly agree'],
  ['2_agree', 'Agree'],
  ['3_neither-agree-nor-disagree', 'Neither agree nor disagree'],
  ['4_disagree', 'Disagree'],
  ['5_strongly-disagree', 'Strongly disagree'],
];

/** AGREE_SLIGHTLY (seriousness and fatigue): strongly agree down to strongly disagree. */
export const AGREE_SLIGHTLY: Choices = [
  ['6_strongly-agree', 'Strongly agree'],
  ['5_agree', 'Agree'],
  ['4_slightly-agree', 'Slightly agree'],
  ['3_slightly-disagree', 'Slightly disagree'],
  ['2_disagree', 'Disagree'],
  ['1_strongly-disagree', 'Strongly disagree'],
];

/** Topic is one news topic of the importance and frequency pages. */
export interface Topic {
  /** id prefixes the answer field names (monkeypox-importance, ...). */
  id: 'monkeypox' | 'johnny' | 'election' | 'covid';
  /** heading is the block's heading. */
  heading: string;
  /** about completes "news about ..." in the questions. */
  about: string;
}

/** TOPICS are the four news topics, in the spec's order (blocks are shuffled on show). */
export const TOPICS: readonly Topic[] = [
  { id: 'monkeypox', heading: 'Monkeypox', about: 'Monkeypox' },
  { id: 'johnny', heading: 'Johnny trial', about: 'the Johnny trial (the defamation trial between Johnny Depp and Amber Heard)' },
  { id: 'election', heading: 'Elections', about: 'the U.S. midterm elections' },
  { id: 'covid', heading: 'COVID', about: 'COVID-19' },
];
