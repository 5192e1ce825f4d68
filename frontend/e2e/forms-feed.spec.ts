// From the feed into the questionnaires, as a participant arrives from their platform:
// the feed hands over through nextRoute, the pages follow the study's forms in order.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { scrollToEnd } from './support/feed';
import { createStudy } from './support/studies';
import { answersOf, choose, expectFlowFinished, submit } from './forms-helpers';

async function throughFeed(page: Page, query: string): Promise<string> {
  await page.goto(`/?${query}`);
  await expect(page.locator('article[data-entity-id]').first()).toBeVisible();
  await scrollToEnd(page);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  return page.evaluate(() => JSON.parse(localStorage.getItem('user_id') ?? '""') as string);
}

async function answerFinal(page: Page) {
  await choose(page, 'random', 'no');
  await page.locator('[name="study-duration"]').fill('11');
}

test('mturk with a fixed completion code: feed, then crt and final in order, then the code', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(['crt', 'final']), platform: 'mturk', 'completion-code': 'FIXEDCODE1' }]);
  const userId = await throughFeed(page, `experiment_id=${id}&workerId=W-9`);

  await expect(page).toHaveURL(/\/form\/crt$/);
  for (const [name, value] of [
    ['crt_mark-adam-28', '4'],
    ['crt_10-50-printer', '10'],
    ['crt_mold-bread-40', '39'],
    ['crt_pass-second-place', '2'],
    ['crt_sheep-15-8-died', '8'],
    ['crt_emily-april-may', 'Emily'],
  ]) {
    await page.locator(`[name="${name}"]`).fill(value);
  }
  await submit(page, 'Next');
  await expect(page).toHaveURL(/\/form\/final$/);
  await answerFinal(page);
  await submit(page, 'Finish');

  await expect(page.getByRole('dialog').getByTestId('completion-code')).toHaveText('FIXEDCODE1');
  await expectFlowFinished(page);
  const answers = await answersOf(baseURL!, { userId, experimentId: id, condition: 1, params: [] });
  expect(answers.get('crt_mold-bread-40')).toEqual(['39']);
  expect(answers.get('completion_code')).toEqual(['FIXEDCODE1']);
  expect(answers.get('URLParams-workerId')).toEqual(['W-9']);
});

test("custom platform: 'Continue to finish the study' goes to the study's URL with the participant's id and arrival parameters", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await page.route('https://lab.example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Lab site</h1>' }));
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(['final']), platform: 'custom', 'redirect-url': 'https://lab.example.org/done?src=feedlab' }]);
  const userId = await throughFeed(page, `experiment_id=${id}&panel=p7`);
  await expect(page).toHaveURL(/\/form\/final$/);
  await answerFinal(page);
  await submit(page, 'Finish');
  const home = page.getByRole('dialog').getByRole('button', { name: 'Continue to finish the study' });
  await expect(home).toBeVisible();
  await expectFlowFinished(page);
  await home.click();
  await expect(page.getByRole('heading', { name: 'Lab site' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.origin + url.pathname).toBe('https://lab.example.org/done');
  expect(url.searchParams.get('src')).toBe('feedlab');
  expect(url.searchParams.get('user_id')).toBe(userId);
  expect(url.searchParams.get('panel')).toBe('p7');
});
