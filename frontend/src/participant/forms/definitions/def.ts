import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { TOPICS } from './scales';

/** def (/form/def): how often the participant would like to see news on each topic; topic
 * blocks are shuffled. The covid values reuse the suffix 'election', as in the original
 * (existing analysis scripts expect it). */
export const def: Questionnaire = {
  name: 'def',
  title: 'Desired exposure frequency',
  heading: 'Desired exposure frequency',
  shuffleBlocks: true,
  blocks: TOPICS.map((t) => {
    const suffix = t.id === 'covid' ? 'election' : t.id;
    return {
      id: t.id,
      heading: t.heading,
      fields: [
        radio(`${t.id}-desired-frequency`, `Compared with now, how often would you like to see news about ${t.about}?`, [
          [`3_more-${suffix}`, 'More often'],
          [`2_same-${suffix}`, 'About as often as now'],
          [`1_less-${suffix}`, 'Less often'],
        ]),
      ],
    };
  }),
};
