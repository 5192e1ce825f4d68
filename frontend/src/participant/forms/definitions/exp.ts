import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { TOPICS } from './scales';

/** exp (/form/exp): how often the participant saw news on each topic in the past month;
 * topic blocks are shuffled. */
export const exp: Questionnaire = {
  name: 'exp',
  title: 'Exposure frequency',
  heading: 'Exposure frequency',
  shuffleBlocks: true,
  blocks: TOPICS.map((t) => ({
    id: t.id,
    heading: t.heading,
    fields: [
      radio(`${t.id}-exposure-frequency`, `In the past month, how often did you come across news about ${t.about}?`, [
        ['7_multiple-times-daily', 'Several times a day'],
        ['6_daily', 'About once a day'],
        ['5_few-times-week', 'A few times a week'],
        ['4_one-per-week', 'About once a week'],
        ['3_one-every-other-week', 'About once every other week'],
        ['2_once-twice-month', 'Once or twice in the month'],
        ['1_none-this-month', 'Not at all this month'],
      ]),
    ],
  })),
};
