// A custom questionnaire (issue 23) for the accessibility tests (issue 24).
/** EVERY_ITEM is a researcher's own questionnaire with one item of each type but cards
 * (which needs the feed's cards in storage): one page, so a test sees every type at once. */
export const EVERY_ITEM = {
  name: 'a11y_custom',
  title: 'Your habits',
  pages: [
    {
      intro: 'A few questions about **how** you read the news.',
      items: [
        { id: 'uses', type: 'single', text: 'Do you use social media?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }], other: true },
        { id: 'apps', type: 'multi', text: 'Which apps do you use?', options: [{ value: 'fb', label: 'Facebook' }, { value: 'x', label: 'X' }], max: 2 },
        { id: 'trust', type: 'likert', text: 'How much do you trust the news you see there?', points: 5, labels: ['Not at all', 'Completely'] },
        {
          id: 'views',
          type: 'matrix',
          text: 'How much do you agree?',
          points: 3,
          labels: ['Disagree', 'Neutral', 'Agree'],
          statements: [{ id: 'fair', text: 'The media are fair.' }, { id: 'useful', text: 'Social media are useful.' }],
        },
        { id: 'hours', type: 'slider', text: 'Hours a day online', min: 0, max: 12, step: 1, labels: ['none', '12 hours'] },
        { id: 'age', type: 'number', text: 'Your age', min: 18, max: 99, integer: true },
        { id: 'city', type: 'text', text: 'Your city', required: false, max_length: 80 },
        { id: 'why', type: 'textarea', text: 'Why do you use social media?' },
        { id: 'check', type: 'attention', text: 'To show you read this, choose Blue.', options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }], expect: 'blue' },
      ],
    },
  ],
};
