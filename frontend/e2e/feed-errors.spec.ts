// The error screen speaks (issue 14, item 5): the spec's image and alt text, one sentence
// of what happened and what to do, and the platform's return link when it is known.
import { expect, test } from './support/appliance';

const IMAGE = 'Whoops error! Refresh or try again later.';

test('an unknown study from Prolific: the sentence and the way back to Prolific', async ({ page }) => {
  await page.goto('/?experiment_id=fl-nosuchid&PROLIFIC_PID=p-err&STUDY_ID=s1');
  await expect(page.getByRole('img', { name: IMAGE })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This link does not lead to a study that is running. Check the link you were given, or contact the researcher.',
  );
  await expect(page.getByRole('link', { name: 'Back to Prolific' })).toHaveAttribute('href', 'https://app.prolific.com/');
});

test('a truncated link (platform ids but no experiment_id) says the link is incomplete and registers nobody', async ({ page }) => {
  await page.goto('/?PROLIFIC_PID=p-cut&STUDY_ID=s2');
  await expect(page.getByRole('img', { name: IMAGE })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This study link is incomplete. Check the link you were given, or contact the researcher.');
  await expect(page.getByRole('link', { name: 'Back to Prolific' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('experiment_id'))).toBeNull();
});

test('the server unreachable: the sentence, Try again, and the way back to MTurk', async ({ page }) => {
  await page.route('**/v1/load_experiment', (route) => route.abort());
  await page.goto('/?experiment_id=fl-whatever&workerId=W1&assignmentId=A1');
  await expect(page.getByRole('img', { name: IMAGE })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The study could not be reached just now.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to MTurk' })).toHaveAttribute('href', 'https://worker.mturk.com/');
});
