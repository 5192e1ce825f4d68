import { expect, test } from './support/appliance';
import { cards, inViewSince, rowsFor, storedUser } from './support/feed';
import { createStudy } from './support/studies';

test('swipe: one post per swipe, no page scroll, submit from the second-to-last card', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ feed: 'swipe', 'feed-button-share': 'yes', forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page)).toHaveCount(10);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  const swiper = page.getByLabel('Posts: swipe or scroll for the next post');
  const submit = page.getByRole('button', { name: 'Click to continue' });

  const slide = await swiper.evaluate((el) => el.clientHeight);
  for (let i = 1; i < 8; i++) {
    await swiper.evaluate((el, top) => el.scrollTo({ top }), slide * i);
    // The tracker has seen the i-th post: the feed has decided whether to offer the submit.
    await inViewSince(page, (await cards(page).nth(i).getAttribute('data-entity-id'))!);
    await expect(submit).toHaveCount(0);
  }
  // One post fills the view: the card shown is the i-th.
  const inView = await page.evaluate(() =>
    Array.from(document.querySelectorAll('article[data-entity-id]')).filter((a) => {
      const r = a.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    }).length,
  );
  expect(inView).toBe(1);
  await swiper.evaluate((el, top) => el.scrollTo({ top }), slide * 8);
  await expect(submit).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const user = await storedUser(page);
  await cards(page).nth(8).getByRole('button', { name: 'Share' }).click();
  await submit.click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.filter((r) => r.engagement_type === 'dwell').length >= 10);
  expect(rows.filter((r) => r.engagement_type === 'shares')).toHaveLength(1);
});
