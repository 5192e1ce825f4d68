import type { Questionnaire } from '../types';
import { radio } from './helpers';

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

// Twelve income brackets: 0 is under $10,000, 1 to 9 are $10,000 steps, 10 is $100,000
// to $149,999 and 11 is $150,000 or more.
const incomeBrackets: Array<[string, string]> = [['0', `Less than ${dollars(10000)}`]];
for (let i = 1; i <= 9; i++) incomeBrackets.push([String(i), `${dollars(i * 10000)} to ${dollars(i * 10000 + 9999)}`]);
incomeBrackets.push(['10', `${dollars(100000)} to ${dollars(149999)}`], ['11', `${dollars(150000)} or more`]);

/** ses (/form/ses): the socioeconomic ladder, household income and education. */
export const ses: Questionnaire = {
  name: 'ses',
  title: 'Socioeconomic status',
  heading: 'Questionnaire',
  blocks: [
    {
      id: 'ses',
      fields: [
        radio(
          'ses_ladder',
          'Picture a ladder with nine rungs that stands for where people in your country stand. At the top (9) are the ' +
            'people who are best off: they have the most money, the most education and the most respected jobs. At the ' +
            'bottom (1) are the people who are worst off. Where would you place yourself on this ladder?',
          [
            ['9', '9 (top: best off)'],
            ['8', '8'],
            ['7', '7'],
            ['6', '6'],
            ['5', '5'],
            ['4', '4'],
            ['3', '3'],
            ['2', '2'],
            ['1', '1 (bottom: worst off)'],
          ],
        ),
        radio('ses_income', "What was your household's total income before taxes last year?", incomeBrackets, false),
        radio('ses_education-level', 'What is the highest level of education you have completed?', [
          ['0', 'Less than high school'],
          ['1', 'High school diploma or equivalent'],
          ['2', 'Some college, no degree'],
          ['3', 'Associate or vocational degree'],
          ['4', "Bachelor's degree"],
          ['5', 'Graduate or professional degree'],
          ['6', 'Other'],
        ]),
        {
          kind: 'number',
          labelName: 'ses_education-years',
          label: 'How many years of education have you completed in total (school, college and university)?',
          required: true,
          format: 'decimal',
          min: 0,
          max: 99,
          invalid: "Enter only a valid number. If it's twelve years, enter just 12.",
        },
      ],
    },
  ],
};
