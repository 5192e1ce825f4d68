import { expect, test } from './support/appliance';
import { cards, inViewSince, rowsFor, scrollToEnd, storedUser } from './support/feed';
import { createStudy } from './support/studies';

test('consent → instructions → feed → like → submit; the like and the dwell reach the export', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const id = await createStudy(baseURL!, [
    {
      feed: 'scroll',
      consent: 'default',
      instruct: 'default',
      'feed-button-like': 'yes',
      'feed-button-share': 'lognormal',
      'feed-button-accuracy': 'yes',
      forms: '[]',
    },
  ]);
  await page.clock.install(); // the second of reading below passes at once
  await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=p-flow`);

  const consent = page.getByRole('dialog');
  await expect(consent).toBeVisible();
  await expect(consent).toHaveAttribute('aria-modal', 'true');
  await expect(consent).toContainText('18 years or older');
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('dialog')).toContainText('newsfeed');
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Restricted mode (10 cards): blocks of 5.
  await expect(cards(page)).toHaveCount(5);
  const first = cards(page).first();
  const entityId = (await first.getAttribute('data-entity-id'))!;
  const like = first.getByRole('button', { name: 'Like' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  // The accuracy score is shown but not clickable.
  const accuracy = first.getByRole('button', { name: 'Accuracy score' });
  await expect(accuracy).toHaveAttribute('aria-disabled', 'true');
  await accuracy.click({ force: true });
  await expect(accuracy).toHaveText('0');

  // Read the second card for about a second, then scroll on to the end.
  const second = cards(page).nth(1);
  const secondId = (await second.getAttribute('data-entity-id'))!;
  await second.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await inViewSince(page, secondId);
  await page.clock.fastForward(1300);
  await scrollToEnd(page);
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByText('No more data :)')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveText('feedlab');
  const user = await storedUser(page);

  await page.getByRole('button', { name: 'Click to continue' }).click();
  // No forms and no custom platform: the feed ends the flow with the end modal.
  const end = page.getByRole('dialog');
  await expect(end.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('complete'))).toBe('1');
  await end.getByRole('button', { name: 'Return home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();

  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'likes') && rs.filter((r) => r.engagement_type === 'dwell').length >= 10);
  const likes = rows.filter((r) => r.engagement_type === 'likes');
  expect(likes).toHaveLength(1);
  expect(likes[0]).toMatchObject({ entity_id: entityId, response: '1', likes: '1' });
  const dwell = rows.filter((r) => r.engagement_type === 'dwell');
  expect(new Set(dwell.map((r) => r.entity_id)).size).toBe(10); // every card, synthetic dwells included
  const read = dwell.filter((r) => r.entity_id === secondId).map((r) => Number(r.response));
  expect(Math.max(...read)).toBeGreaterThanOrEqual(1300);

  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'end-redirect'));
  const fields = answers.map((r) => r.field);
  for (const f of ['feed-landed', 'feed-entity-idx-5', 'submit-click', 'feed-entity-idx-final', 'leave_feed', 'end-redirect', 'URLParams-PROLIFIC_PID']) {
    expect(fields, f).toContain(f);
  }
  expect(answers.find((r) => r.field === 'feed-entity-idx-final')?.response).toBe('9');
  expect(errors).toEqual([]);
});

test('the solarflare feed opens from the home page link, without consent or instructions', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'try a randomly generated feed' }).click();
  await expect(page).toHaveURL(/\/\?experiment_id=solarflare$/);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // 24 cards: the first block shows them all.
  await expect(cards(page)).toHaveCount(24);
  const first = cards(page).first();
  await expect(first.locator('img')).toBeVisible();
  await expect(first.getByRole('heading')).not.toBeEmpty();
  // Share and bookmark (yes) start at 0; like (lognormal) shows the seeded count, +1 when on.
  await expect(first.getByRole('button', { name: 'Share' })).toHaveText('0');
  await expect(first.getByRole('button', { name: 'Read later' })).toHaveText('0');
  const like = first.getByRole('button', { name: 'Like' });
  const before = Number(((await like.textContent()) ?? '').replace(/,/g, '') || '0');
  await like.click();
  if (before < 9999) await expect(like).toHaveText((before + 1).toLocaleString('en-US'));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  // The header carries the colour and a home link; nothing overflows at phone width.
  await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(50, 41, 47)');
  await expect(page.getByRole('link', { name: 'feedlab home' })).toHaveAttribute('href', '/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Every control has a name and is reachable by keyboard.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
  expect(focused).toBeTruthy();
});

test('embedded in a frame, the feed posts its stimulus URLs and submitClicked to the parent', async ({ page, baseURL }) => {
  await page.goto('/about');
  await page.evaluate((src) => {
    (window as unknown as { messages: unknown[] }).messages = [];
    window.addEventListener('message', (e) => (window as unknown as { messages: unknown[] }).messages.push(e.data));
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.style.width = '360px';
    frame.style.height = '600px';
    document.body.prepend(frame);
  }, `${baseURL}/?experiment_id=solarflare`);
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('article[data-entity-id]').first()).toBeVisible();
  const messages = () => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
  await expect.poll(async () => (await messages()).some((m) => (m as { type?: string }).type === 'stimuli')).toBe(true);
  const stimuli = (await messages()).find((m) => (m as { type?: string }).type === 'stimuli') as { stimuli: string[] };
  expect(stimuli.stimuli).toHaveLength(24);
  expect(stimuli.stimuli[0]).toMatch(/^\/media\//);
  await frame.getByRole('button', { name: 'Click to continue' }).click();
  await expect.poll(async () => (await messages()).includes('submitClicked')).toBe(true);
});
