import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { AGREE_SIX } from './scales';

/** aot (/form/aot): six statements on actively open-minded thinking (belief flexibility). */
export const aot: Questionnaire = {
  name: 'aot',
  title: 'Actively open-minded thinking',
  heading: 'How much do you agree or disagree with the following statements?',
  blocks: [
    {
      id: 'aot',
      fields: [
        radio('aot_loyal-beliefs', 'It is important to stay loyal to your beliefs even when evidence is brought against them.', AGREE_SIX),
        radio('aot_true-important', 'Some beliefs are too important to give up, however good the case against them.', AGREE_SIX),
        radio('aot_evidence-conflicts', 'Evidence that conflicts with what you already believe is best disregarded.', AGREE_SIX),
        radio('aot_change-beliefs', 'People should change their beliefs when they are given good reasons to.', AGREE_SIX),
        radio('aot_maintain-beliefs', 'Changing your mind is a sign of weakness; you should hold on to what you believe.', AGREE_SIX),
        radio(
          'aot_regardless-topic',
          'Whatever the topic, people should take into account evidence that goes against what they believe.',
          AGREE_SIX,
        ),
      ],
    },
  ],
};
