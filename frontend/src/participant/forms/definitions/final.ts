import type { Questionnaire } from '../types';
import { radio } from './helpers';

/** final (/form/final): the debrief questions (random answering, study duration,
 * comments). */
export const final: Questionnaire = {
  name: 'final',
  title: 'Final questions',
  heading: 'Final questions',
  intro: 'Your answers to these questions do not affect your payment. Please answer honestly.',
  blocks: [
    {
      id: 'final',
      fields: [
        radio('random', 'Did you answer any of the questions in this study at random?', [
          ['no', 'No'],
          ['yes', 'Yes'],
        ]),
        {
          kind: 'number',
          labelName: 'study-duration',
          label: 'About how many minutes did this study take you?',
          required: true,
          format: 'decimal',
          min: 0,
          invalid: 'Enter a valid number',
        },
        {
          kind: 'text',
          labelName: 'comments',
          label: 'Do you have any comments about the study?',
          required: false,
          multiline: true,
          maxLength: 2000,
        },
      ],
    },
  ],
};
