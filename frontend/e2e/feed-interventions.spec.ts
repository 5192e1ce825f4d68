import { expect, test } from './support/appliance';
import { cards, inViewSince, rowsFor, storedUser } from './support/feed';
import { createStudy } from './support/studies';

test('the accuracy prompt opens at intervention_idx, requires an answer, logs it and opens once', async ({ page, baseURL }) => {
  // 10 cards at 20%: intervention_idx = floor(10 × 20 / 100) − 1 = 1.
  const id = await createStudy(baseURL!, [{ 'intervention-type': 'accprompt-modal', 'intervention-perc': '20', 'feed-button-like': 'yes', forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  await cards(page).nth(2).evaluate((el) => el.scrollIntoView({ block: 'center' }));

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('heading', { name: 'Do you think this headline is accurate?' })).toBeVisible();
  await expect(dialog.locator('img')).toHaveAttribute('src', /\/img\/accprompt-[12]\.svg$/);
  const radios = dialog.getByRole('radio');
  await expect(radios).toHaveCount(4);
  expect(await radios.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
    '1_definitely_false',
    '2_probably_false',
    '3_probably_true',
    '4_definitely_true',
  ]);
  const next = dialog.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  // Issue 14: 'Required' only after an attempt to continue.
  await expect(dialog.getByText('Required')).toHaveCount(0);
  await next.click({ force: true });
  await expect(dialog.getByText('Required')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The feed behind the dialog cannot be used: the dialog is modal, so the browser makes
  // the page behind it inert (a button there takes no focus).
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  const behind = page.locator('.feed-layout button').first();
  expect(await behind.evaluate((el) => ((el as HTMLElement).focus(), document.activeElement === el))).toBe(false);

  await dialog.getByRole('radio', { name: 'Probably false' }).check();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('modalShown'))).toBe('1');

  const user = await storedUser(page);
  const rows = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'intervention_accuracy-prompt'));
  expect(rows.filter((r) => r.field === 'intervention_accuracy-prompt').map((r) => r.response)).toEqual(['2_probably_false']);

  // Once: a reload past the index does not open it again.
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await cards(page).nth(3).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // The tracker has seen the card, so the feed has decided (the dialog would render in the
  // same task).
  await inViewSince(page, (await cards(page).nth(3).getAttribute('data-entity-id'))!);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the video intervention cannot be closed and offers Continue after the video and the 105 s gate', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ 'intervention-type': 'default-modal', 'intervention-perc': '20', forms: '[]' }]);
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  await cards(page).nth(2).evaluate((el) => el.scrollIntoView({ block: 'center' }));

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Please turn up the volume' })).toBeVisible();
  await expect(dialog.getByText('You can continue after the video ends.')).toBeVisible();
  // Issue 14: the built-in video is longer than the gate, so the text is true as it is read.
  await expect(dialog.locator('video')).toHaveAttribute('src', '/video/intervention-calm.webm');
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.duration || 0)).toBeGreaterThanOrEqual(105);
  await expect(dialog.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // Headless Chromium may refuse sound without a gesture: the dialog then offers Play.
  const play = dialog.getByRole('button', { name: 'Play video' });
  if (await play.isVisible()) await play.click();
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThan(0);
  await page.clock.fastForward('01:50');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toHaveCount(0); // not before the video ends
  // 110 s of media play in real time: jump to its last moment.
  await dialog.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 0.5;
  });
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('modalShown'))).toBe('1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const user = await storedUser(page);
  const rows = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'intervention-video-end'));
  expect(rows.map((r) => r.field)).toContain('intervention-video-shown');
});
