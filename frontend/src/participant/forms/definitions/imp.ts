import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { TOPICS } from './scales';

const LEVELS = [
  ['1', 'no', 'No'],
  ['2', 'very-low', 'Very low'],
  ['3', 'low', 'Low'],
  ['4', 'some', 'Some'],
  ['5', 'high', 'High'],
  ['6', 'very-high', 'Very high'],
] as const;

/** scale builds the six-point scale 1_no-<suffix> ... 6_very-high-<suffix>. */
function scale(suffix: 'importance' | 'newsworthiness') {
  return LEVELS.map(([score, key, text]) => [`${score}_${key}-${suffix}`, `${text} ${suffix}`] as const);
}

/** imp (/form/imp): importance and newsworthiness of each topic's news; topic blocks are
 * shuffled and every question shows its options in reverse (highest first). */
export const imp: Questionnaire = {
  name: 'imp',
  title: 'News importance',
  heading: 'News importance',
  intro: 'For each topic, tell us how important and how newsworthy you think news about it is.',
  shuffleBlocks: true,
  reverseOptions: true,
  blocks: TOPICS.map((t) => ({
    id: t.id,
    heading: t.heading,
    fields: [
      radio(`${t.id}-importance`, `How important is news about ${t.about} to you?`, scale('importance')),
      radio(`${t.id}-newsworthiness`, `How newsworthy do you think news about ${t.about} is?`, scale('newsworthiness')),
    ],
  })),
};
