import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { AGREE_FIVE } from './scales';

/** ac (/form/ac): three opinion statements around an attention check. Only the attention
 * check is saved: the opinions are asked so the check does not stand out. */
export const ac: Questionnaire = {
  name: 'ac',
  title: 'Attention check',
  heading: 'How much do you agree or disagree with the following statements?',
  discard: ['murder', 'gays-lesbians', 'taxes'],
  blocks: [
    {
      id: 'ac',
      fields: [
        radio('murder', 'People convicted of murder should be given the death penalty.', AGREE_FIVE),
        radio(
          'attentioncheck1',
          'This statement checks that you are reading carefully: please choose "Neither agree nor disagree".',
          AGREE_FIVE,
        ),
        radio('gays-lesbians', 'Same-sex couples should have the right to marry.', AGREE_FIVE),
        radio('taxes', 'People with high incomes should pay more in taxes.', AGREE_FIVE),
      ],
    },
  ],
};
