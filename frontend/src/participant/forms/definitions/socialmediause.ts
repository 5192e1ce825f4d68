import type { NumberField, Questionnaire } from '../types';
import { radio } from './helpers';

function count(labelName: string, label: string, noun: string): NumberField {
  return {
    kind: 'number',
    labelName,
    label,
    required: true,
    format: 'integer',
    min: 0,
    invalid: `Enter a valid number. If 9,000 or 9.000 ${noun}, enter just 9000.`,
  };
}

/** socialmediause (/form/socialmediause): a slider about the Monkeypox cards and five
 * questions on social media use. */
export const socialmediause: Questionnaire = {
  name: 'socialmediause',
  title: 'Social media use',
  heading: 'Social media use',
  blocks: [
    {
      id: 'socialmediause',
      fields: [
        {
          kind: 'slider',
          labelName: 'monkeypox-cards-perc',
          label: 'Of the posts you saw in the feed, roughly what percentage were about Monkeypox?',
          required: true,
          min: 0,
          max: 100,
          step: 1,
          initial: 50,
          unit: '%',
          minLabel: '0%',
          maxLabel: '100%',
        },
        radio('social-media_share-politics', 'Would you ever consider sharing political news on social media?', [
          ['2_yes', 'Yes'],
          ['1_no', 'No'],
          ['0_dont-use-social-media', "I don't use social media"],
        ]),
        radio('social-media_use-freq', 'How often do you use social media?', [
          ['5_daily', 'Every day'],
          ['4_2to6times-per-week', '2 to 6 times a week'],
          ['3_once-a-week', 'About once a week'],
          ['2_once-a-month', 'About once a month'],
          ['1_never', 'Never'],
        ]),
        radio(
          'social-media_accuracy-importance',
          'When you decide whether to share something on social media, how important is it to you that it is accurate?',
          [
            ['5_extremely-important', 'Extremely important'],
            ['4_very-important', 'Very important'],
            ['3_moderately-important', 'Moderately important'],
            ['2_slightly-important', 'Slightly important'],
            ['1_not-at-all-important', 'Not at all important'],
          ],
        ),
        count(
          'social-media_followers',
          'How many followers do you have on the social media account you use most?',
          'followers',
        ),
        count(
          'social-media_following',
          'How many accounts do you follow on the social media account you use most?',
          'following',
        ),
      ],
    },
  ],
};
