import type { Questionnaire } from '../types';
import { checkbox, radio, unmarked } from './helpers';

/** demographics (/form/form): age, gender, ethnicity, an attention check, COVID-19 vaccine. */
export const demographics: Questionnaire = {
  name: 'form',
  title: 'Demographics',
  heading: 'About you',
  blocks: [
    {
      id: 'demographics',
      fields: [
        {
          kind: 'number',
          labelName: 'age',
          label: 'How old are you (in years)?',
          required: true,
          format: 'integer',
          min: 0,
          minExclusive: true,
          max: 99,
          invalid: 'Enter a valid number',
        },
        radio('gender', 'What is your gender?', [
          ['female', 'Female'],
          ['male', 'Male'],
          ['trans-female', 'Trans female'],
          ['trans-male', 'Trans male'],
          ['trans-non-binary', 'Trans non-binary'],
          ['other', 'Other'],
        ]),
        checkbox('ethnicity', 'What is your ethnicity? Select all that apply.', [
          ['white-caucasian', 'White / Caucasian'],
          ['black-african-american', 'Black / African American'],
          ['asian', 'Asian'],
          ['american-indian-alaska-native', 'American Indian / Alaska Native'],
          ['native-hawaiian-pacific-islander', 'Native Hawaiian / Pacific Islander'],
          ['other', 'Other'],
          ['prefer-not-to-say', 'Prefer not to say'],
        ]),
        // An attention check: optional, as the spec says, but not labelled so.
        unmarked(checkbox(
          'attentioncheck2',
          'Studies like this one depend on people reading the questions carefully. To show that you read this one, ' +
            'ignore the question that follows and tick both "Very interested" and "Extremely interested". ' +
            'How interested are you in gardening?',
          [
            ['not-at-all', 'Not at all interested'],
            ['slightly', 'Slightly interested'],
            ['moderately', 'Moderately interested'],
            ['very', 'Very interested'],
            ['extremely', 'Extremely interested'],
          ],
        )),
        radio('covidvaccine', 'Have you had a COVID-19 vaccine, or would you get one if it were offered to you?', [
          ['1_definitely-not-get-it', 'I will definitely not get it'],
          ['2_probably-not-get-it', 'I will probably not get it'],
          ['3_unsure', 'I am unsure'],
          ['4_probably-get-it', 'I will probably get it'],
          ['5_definitely-get-it', 'I will definitely get it'],
          ['6_vaccinated', 'I am already vaccinated'],
        ]),
      ],
    },
  ],
};
