import type { Questionnaire } from '../types';
import { radio } from './helpers';

const LIBERAL_CONSERVATIVE = [
  ['1_strongly-liberal', 'Strongly liberal'],
  ['2_somewhat-liberal', 'Somewhat liberal'],
  ['3_moderate', 'Moderate'],
  ['4_somewhat-conservative', 'Somewhat conservative'],
  ['5_strongly-conservative', 'Strongly conservative'],
] as const;

/** lean (/form/lean): party identification, party preference and ideology on social and
 * economic issues. */
export const lean: Questionnaire = {
  name: 'lean',
  title: 'Political ideology',
  heading: 'Where you stand on various issues',
  blocks: [
    {
      id: 'lean',
      fields: [
        radio('politicalposition', 'Generally speaking, do you think of yourself as a:', [
          ['1_democrat', 'Democrat'],
          ['2_republican', 'Republican'],
          ['3_independent', 'Independent'],
          ['4_other', 'Other'],
        ]),
        radio('politicalpref', 'Which party do you prefer, and how strongly?', [
          ['1_strongly-democratic', 'Strongly Democratic'],
          ['2_democratic', 'Democratic'],
          ['3_lean-democratic', 'Lean Democratic'],
          ['4_lean-republican', 'Lean Republican'],
          ['5_republican', 'Republican'],
          ['6_strongly-republican', 'Strongly Republican'],
        ]),
        radio('socialissuespref', 'On social issues, where do you stand?', LIBERAL_CONSERVATIVE),
        radio('economicissuespref', 'On economic issues, where do you stand?', LIBERAL_CONSERVATIVE),
      ],
    },
  ],
};
