import type { Questionnaire } from '../types';
import { radio } from './helpers';
import { AGREE_SLIGHTLY } from './scales';

// Six levels from extremely to not at all; the slightly level keeps the spec's spelling
// "slighly" in its value (existing analysis scripts match it).
function intensity(adjective: 'worried' | 'concerned') {
  return [
    [`6_extremely-${adjective}`, `Extremely ${adjective}`],
    [`5_very-${adjective}`, `Very ${adjective}`],
    [`4_moderately-${adjective}`, `Moderately ${adjective}`],
    [`3_somewhat-${adjective}`, `Somewhat ${adjective}`],
    [`2_slighly-${adjective}`, `Slightly ${adjective}`],
    [`1_not-at-all-${adjective}`, `Not at all ${adjective}`],
  ] as const;
}

/** ccn (/form/ccn): worry and concern about Monkeypox, vaccine likelihood, seriousness. */
export const ccn: Questionnaire = {
  name: 'ccn',
  title: 'Monkeypox attribution and concern',
  heading: 'Monkeypox attribution and concern',
  blocks: [
    {
      id: 'ccn',
      fields: [
        radio('monkeypox-worry', 'How worried are you about Monkeypox?', intensity('worried')),
        radio('monkeypox-concern', 'How concerned are you that you or someone close to you could catch Monkeypox?', intensity('concerned')),
        radio('monkeypox-vax', 'How likely are you to get a Monkeypox vaccine if it is offered to you?', [
          ['5_absolutely-likely', 'Absolutely likely'],
          ['4_very-likely', 'Very likely'],
          ['3_somewhat-likely', 'Somewhat likely'],
          ['2_not-likely', 'Not likely'],
          ['1_never', 'Never'],
        ]),
        radio('monkeypox-problem', 'Monkeypox is a serious problem.', AGREE_SLIGHTLY),
      ],
    },
  ],
};
