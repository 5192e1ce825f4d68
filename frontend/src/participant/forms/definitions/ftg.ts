import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { AGREE_SLIGHTLY } from './scales';

/** ftg (/form/ftg): three statements on COVID-19 fatigue. */
export const ftg: Questionnaire = {
  name: 'ftg',
  title: 'COVID-19 fatigue',
  heading: 'COVID-19 fatigue',
  blocks: [
    {
      id: 'ftg',
      fields: [
        radio('covid-tired', 'I am tired of COVID-19 news.', AGREE_SLIGHTLY),
        radio('covid-sickhearing', 'I am sick of hearing about COVID-19.', AGREE_SLIGHTLY),
        radio('covid-changesubject', 'When COVID-19 comes up in conversation, I would rather change the subject.', AGREE_SLIGHTLY),
      ],
    },
  ],
};
