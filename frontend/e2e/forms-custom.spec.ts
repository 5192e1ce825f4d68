// A researcher's own questionnaire (issue 23) as a participant takes it, in the real
// binary: a study created through the API with a two-page custom questionnaire of every
// simple item type and a show_if, answered page by page; each answer is found in the
// user_form export under the contract's names.
import { expect, test } from './support/appliance';
import { createStudy, signedIn } from './support/studies';
import { answersOf, choose, expectNoSidewaysScroll, joinStudy, submit } from './forms-helpers';

const QUESTIONNAIRE = {
  name: 'media_habits',
  title: 'Your media habits',
  pages: [
    {
      intro: 'A few questions about how you use social media.',
      items: [
        { id: 'uses', type: 'single', text: 'Do you use social media?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }], other: true },
        {
          id: 'apps',
          type: 'multi',
          text: 'Which apps do you use?',
          options: [{ value: 'fb', label: 'Facebook' }, { value: 'x', label: 'X' }, { value: 'tt', label: 'TikTok' }],
          max: 2,
          show_if: { item: 'uses', equals: 'yes' },
        },
        { id: 'trust', type: 'likert', text: 'How much do you trust the news you see there?', points: 5, labels: ['Not at all', 'Completely'] },
        {
          id: 'views',
          type: 'matrix',
          text: 'How much do you agree?',
          points: 3,
          labels: ['Disagree', 'Neutral', 'Agree'],
          statements: [{ id: 'fair', text: 'The media are fair.' }, { id: 'useful', text: 'Social media are useful.' }],
        },
      ],
    },
    {
      items: [
        { id: 'hours', type: 'slider', text: 'Hours a day online', min: 0, max: 12, step: 1, labels: ['none', '12 hours'] },
        { id: 'age', type: 'number', text: 'Your age', min: 18, max: 99, integer: true },
        { id: 'city', type: 'text', text: 'Your city', required: false, max_length: 80 },
        { id: 'why', type: 'textarea', text: 'Why do you use social media?' },
        { id: 'check', type: 'attention', text: 'To show you read this, choose Blue.', options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }], expect: 'blue' },
      ],
    },
  ],
};

test('a two-page custom questionnaire is answered and every answer is exported', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const id = await createStudy(baseURL!, [{ questionnaires: JSON.stringify([QUESTIONNAIRE]), forms: '["media_habits"]' }]);
  const p = await joinStudy(page, id);
  const shot = (name: string) => page.screenshot({ path: `/tmp/forms-custom-${testInfo.project.name}-${name}.png`, fullPage: true });

  await page.goto('/form/media_habits');
  await expect(page.getByRole('heading', { level: 1, name: 'Your media habits (page 1 of 2)' })).toBeVisible();
  // show_if: the apps question appears only once "Yes" is chosen.
  await expect(page.getByRole('group', { name: /Which apps do you use/ })).toHaveCount(0);
  await choose(page, 'uses', 'other');
  await expect(page.getByLabel('Please say what else:')).toBeVisible();
  await choose(page, 'uses', 'yes');
  await expect(page.getByLabel('Please say what else:')).toHaveCount(0);
  const apps = page.getByRole('group', { name: /Which apps do you use/ });
  await expect(apps).toBeVisible();
  await apps.getByLabel('TikTok').check();
  await apps.getByLabel('Facebook').check();
  await page.getByRole('group', { name: /How much do you trust/ }).getByLabel('4', { exact: true }).check();
  await page.getByRole('group', { name: /The media are fair/ }).getByLabel('1 – Disagree').check();
  await page.getByRole('group', { name: /Social media are useful/ }).getByLabel('3 – Agree').check();
  await expectNoSidewaysScroll(page);
  await shot('page1');
  await submit(page, 'Next');

  await expect(page.getByRole('heading', { level: 1, name: 'Your media habits (page 2 of 2)' })).toBeVisible();
  // A slider without a default position must be moved before the page can be sent.
  await submit(page, 'Finish');
  await expect(page.getByText('Move the slider to your answer.')).toBeVisible();
  await shot('slider-unset');
  await page.getByLabel(/Hours a day online/).fill('5');
  await expect(page.getByText('5', { exact: true })).toBeVisible();
  await page.getByLabel(/Your age/).fill('34');
  await page.getByLabel(/Your city/).fill('Lyon');
  await page.getByLabel(/Why do you use social media/).fill('News & friends; mostly "news"');
  await page.getByRole('group', { name: /choose Blue/ }).getByLabel('Blue').check();
  await expectNoSidewaysScroll(page);
  await shot('page2');
  await submit(page, 'Finish');
  await expect(page.getByRole('dialog')).toBeVisible();

  await expect
    .poll(async () => (await answersOf(baseURL!, p)).get('check')?.[0], { timeout: 15_000 })
    .toBe('blue');
  const answers = await answersOf(baseURL!, p);
  const want: Record<string, string> = {
    uses: 'yes',
    apps: 'fb;tt',
    trust: '4',
    'views.fair': '1',
    'views.useful': '3',
    hours: '5',
    age: '34',
    city: 'Lyon',
    why: 'News & friends; mostly "news"',
    check: 'blue',
  };
  for (const [field, value] of Object.entries(want)) expect(answers.get(field), field).toEqual([value]);
  expect(answers.has('uses.other'), 'a hidden question is not saved').toBe(false);

  // The user_form codebook lists every item of the questionnaire, show_if included.
  const ctx = await signedIn(baseURL!);
  const res = await ctx.post('/v1/dump_data', { data: { data_type: 'user_form', experiment_id: id, codebook: true } });
  expect(res.ok()).toBe(true);
  const codebook = await res.text();
  expect(codebook).toContain("### Your media habits (/form/media_habits, the study's own questionnaire)");
  for (const field of [...Object.keys(want), 'uses.other']) expect(codebook, field).toContain(`| ${field} | `);
  expect(codebook).toContain('shown when uses is yes');
  expect(errors).toEqual([]);
});
