import type { NumberField, Questionnaire } from '../types';

function numeric(labelName: string, label: string): NumberField {
  return {
    kind: 'number',
    labelName,
    label,
    required: true,
    format: 'decimal',
    signed: true,
    help: 'Enter just a number',
    invalid: 'Enter a number instead of text',
  };
}

/** crt (/form/crt): six word problems of the cognitive reflection kind; the first five
 * are answered with a number, the sixth with text. */
export const crt: Questionnaire = {
  name: 'crt',
  title: 'Word problems',
  heading: 'Word problems',
  intro: 'Please answer the following questions. Take the time you need.',
  blocks: [
    {
      id: 'crt',
      fields: [
        numeric(
          'crt_mark-adam-28',
          'Mark and Adam are 28 years old in total. Mark is 20 years older than Adam. How old is Adam (in years)?',
        ),
        numeric(
          'crt_10-50-printer',
          'It takes 10 printers 10 minutes to print 10 posters. How many minutes would it take 50 printers to print 50 posters?',
        ),
        numeric(
          'crt_mold-bread-40',
          'A patch of mold on a loaf of bread doubles in size every day. It takes 40 days to cover the whole loaf. ' +
            'How many days does it take to cover half of the loaf?',
        ),
        numeric(
          'crt_pass-second-place',
          'You are running a race and you pass the person in second place. What place are you in now? (Enter the number of the place.)',
        ),
        numeric('crt_sheep-15-8-died', 'A farmer had 15 sheep and all but 8 died. How many sheep are left?'),
        {
          kind: 'text',
          labelName: 'crt_emily-april-may',
          label: "Emily's father has three daughters. The first two are called April and May. What is the third daughter's name?",
          required: true,
          maxLength: 200,
        },
      ],
    },
  ],
};
