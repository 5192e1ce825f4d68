// Larger text (issue 24; docs/accessibility.md "Larger text"): a study that offers it shows
// a "Larger text" switch on its consent dialog; switched on, the root font size grows, the
// choice survives a reload, and what the feed measures does not change (a like and a
// card's dwell are recorded to the millisecond, as at normal size); the participants export
// says text_size large. A study with text-size large has the class on <html> from the
// start and passes axe at 360 px; a study with neither dialog offers the switch in the
// feed's header.
import { type Page } from '@playwright/test';
import en from '../src/participant/i18n/en.json' with { type: 'json' };
import { expect, test } from './support/appliance';
import { expectNoAxeViolations } from './support/axe';
import { cards, inViewSince, outOfView, readFor, rowsFor, scrollToEnd, showCard, storedUser } from './support/feed';
import { createStudy, entitySets, exportCSV } from './support/studies';

const rootFontPx = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
const headlinePx = (page: Page) => cards(page).first().getByRole('heading').evaluate((h) => parseFloat(getComputedStyle(h).fontSize));

test('larger text: offered and chosen on the consent dialog, kept on reload, measured the same, exported; large and the header switch', async ({ page, baseURL }, info) => {
  test.skip(info.project.name === 'phone', 'the test sets the phone width itself');
  test.setTimeout(90_000);
  const base = { 'feed-button-like': 'yes', entity_sets: entitySets(6), forms: '[]' };
  const offer = await createStudy(baseURL!, [{ ...base, consent: 'default', 'text-size': 'offer' }]);
  const normal = await createStudy(baseURL!, [base]);
  const large = await createStudy(baseURL!, [{ ...base, 'text-size': 'large' }]);
  const header = await createStudy(baseURL!, [{ ...base, 'text-size': 'offer' }]);

  // The card's width and the headline's size at normal size, to compare with.
  await page.goto(`/?experiment_id=${normal}`);
  await expect(cards(page).first()).toBeVisible();
  const normalWidth = (await cards(page).first().boundingBox())!.width;
  const normalHeadline = await headlinePx(page);
  expect(await rootFontPx(page)).toBe(16);

  await page.clock.install();
  await page.goto(`/?experiment_id=${offer}`);
  const dialog = page.getByRole('dialog');
  const larger = dialog.getByRole('switch', { name: en['start.largerText'] });
  await expect(larger).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: '/tmp/textsize-shots/consent-offer-1280.png' });
  await larger.click();
  await expect(larger).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => rootFontPx(page)).toBe(20);
  await page.reload();
  await expect(dialog.getByRole('switch', { name: en['start.largerText'] })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/\btext-large\b/);
  await dialog.getByRole('button', { name: en['start.agree'] }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The feed: the same six cards at the same width, their text a quarter larger.
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  expect(await rootFontPx(page)).toBe(20);
  expect(await headlinePx(page)).toBeCloseTo(normalHeadline * 1.25, 1);
  expect((await cards(page).first().boundingBox())!.width).toBe(normalWidth);
  const first = cards(page).first();
  const likedId = (await first.getAttribute('data-entity-id'))!;
  await first.getByRole('button', { name: en['button.like'] }).click();
  const card = cards(page).nth(2);
  const entityId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 2);
  const since = await inViewSince(page, entityId);
  await readFor(page, 1200);
  const leftAt = await page.evaluate(() => {
    window.scrollBy(0, 4000);
    return Date.now();
  });
  await outOfView(page, entityId);
  await page.clock.resume();
  await scrollToEnd(page, 700, en['feed.submit']);
  await page.getByRole('button', { name: en['feed.submit'] }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: en['end.thanks'] })).toBeVisible();

  const rows = await rowsFor(baseURL!, 'engagement', offer, user, (rs) => rs.some((r) => r.engagement_type === 'likes') && rs.some((r) => r.engagement_type === 'dwell' && r.entity_id === entityId));
  expect(rows.filter((r) => r.engagement_type === 'likes').map((r) => r.entity_id)).toEqual([likedId]);
  const dwell = Number(rows.find((r) => r.engagement_type === 'dwell' && r.entity_id === entityId)!.response);
  expect(Math.abs(dwell - (leftAt - since)), `dwell ${dwell} ms, in view ${leftAt - since} ms`).toBeLessThan(20);
  const answers = await rowsFor(baseURL!, 'user_form', offer, user, (rs) => rs.some((r) => r.field === 'text-size'));
  expect(answers.filter((r) => r.field === 'text-size').map((r) => r.response)).toEqual(['large']); // once, though the dialog was seen twice
  const [participant] = (await exportCSV(baseURL!, 'participants', offer)).filter((r) => r.user_id === user);
  expect(participant.text_size).toBe('large');
  expect(Object.keys(participant).at(-1)).toBe('text_size');
  expect(Object.keys((await exportCSV(baseURL!, 'participants', normal))[0] ?? { none: '' })).not.toContain('text_size');

  // text-size large: the class from the start, every participant; axe at a phone's width.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/?experiment_id=${large}`);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\btext-large\b/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), '360 px scrolls sideways').toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/textsize-shots/feed-large-360.png' });
  await expectNoAxeViolations(page, 'large-text feed (360 px)');

  // offer without consent or instructions: the switch is in the feed's header bar.
  await page.goto(`/?experiment_id=${header}`);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\btext-large\b/);
  const inHeader = page.getByRole('banner').getByRole('switch', { name: en['start.largerText'] });
  await inHeader.click();
  await expect(page.locator('html')).toHaveClass(/\btext-large\b/);
  await page.screenshot({ path: '/tmp/textsize-shots/feed-header-switch-360.png' });
  await expectNoAxeViolations(page, 'feed with the Larger text switch in its header (360 px)');
});
