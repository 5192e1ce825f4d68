// The intervention family (issue 26, docs/interventions.md): each type as a pop-up and as a
// card in the feed, the first-share trigger and the distracting skin, each checked down to
// the exports. FEEDLAB_SHOTS=DIR also writes screenshots at 1280 and 360 px there.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, rowsFor, scrollToEnd, storedUser } from './support/feed';
import { createStudy } from './support/studies';

const SHOTS = process.env.FEEDLAB_SHOTS ?? '';

/** shoot writes the page at 1280 and 360 px when FEEDLAB_SHOTS asks for it. */
async function shoot(page: Page, name: string, keepInView?: () => Promise<void>) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    if (keepInView) await keepInView();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
  if (keepInView) await keepInView();
}

const TYPES = [
  { type: 'accprompt', heading: 'Do you think this headline is accurate?' },
  { type: 'literacytip', heading: 'Tips for spotting false news' },
  { type: 'socialnorm', heading: 'What other people think' },
  { type: 'importance', heading: 'Accuracy matters' },
] as const;

test('every type shows as a pop-up and as a card in the feed, and the exports record what was shown', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one width is enough for the stories; the screenshots cover 360 px');
  test.setTimeout(120_000);
  for (const { type, heading } of TYPES) {
    for (const style of ['modal', 'infeed'] as const) {
      await test.step(`${type} ${style}`, async () => {
        // 10 cards at 20%: intervention_idx 1, so it comes after the second card.
        const id = await createStudy(baseURL!, [{ 'intervention-type': type, 'intervention-style': style, 'intervention-perc': '20', 'feed-button-like': 'yes', forms: '[]' }]);
        await page.context().clearCookies();
        await page.goto('/about:blank');
        await page.evaluate(() => localStorage.clear());
        await page.goto(`/?experiment_id=${id}`);
        await expect(cards(page).first()).toBeVisible();
        await cards(page).nth(2).evaluate((el) => el.scrollIntoView({ block: 'center' }));

        if (style === 'modal') {
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
          await shoot(page, `${type}-modal`);
          if (type === 'accprompt') await dialog.getByRole('radio', { name: 'Probably true' }).check();
          await dialog.getByRole('button', { name: 'Continue' }).click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
        } else {
          // No pop-up: a card in the feed, right after the card at intervention_idx.
          const card = page.locator('article.intervention-card');
          await expect(card.getByRole('heading', { name: heading })).toBeVisible();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          expect(await card.evaluate((el) => (el.previousElementSibling as HTMLElement).dataset.idx)).toBe('1');
          const inView = () => card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await inView();
          await shoot(page, `${type}-infeed`, inView);
          if (type === 'accprompt') {
            await card.getByRole('radio', { name: 'Probably true' }).check();
            await card.getByRole('button', { name: 'Continue' }).click();
            await expect(card.getByText('Thank you for your answer.')).toBeVisible();
          }
        }
        // Past the rest of the feed and submit: the in-feed card's visits go with the feed's events.
        await scrollToEnd(page);
        await page.getByRole('button', { name: 'Click to continue' }).click();

        const user = await storedUser(page);
        const need = ['intervention_type', 'intervention_shown_at', ...(style === 'infeed' ? ['intervention_dwell_ms'] : []), ...(type === 'accprompt' ? ['intervention_accuracy-prompt'] : [])];
        const rows = await rowsFor(baseURL!, 'user_form', id, user, (rs) => need.every((f) => rs.some((r) => r.field === f)));
        const value = (f: string) => rows.filter((r) => r.field === f).map((r) => r.response);
        expect(value('intervention_type')).toEqual([type]); // once, however often it was seen
        expect(value('intervention_style')).toEqual([style]);
        expect(value('intervention_trigger')).toEqual(['position']);
        if (type === 'accprompt') expect(value('intervention_accuracy-prompt')).toEqual(['3_probably_true']);
        else expect(value('intervention_text_sha256')[0]).toMatch(/^[0-9a-f]{64}$/);
        if (style === 'infeed') expect(Number(value('intervention_dwell_ms').at(-1))).toBeGreaterThan(0);
        else expect(Number(value('intervention_dwell_ms').at(-1) ?? '0')).toBeGreaterThanOrEqual(0);
      });
    }
  }
});

test('first-share: the prompt opens at the first Share, and the share is stored after the answer, marked', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the press and the records are the same at any width');
  const id = await createStudy(baseURL!, [{ 'intervention-type': 'accprompt', 'intervention-trigger': 'first-share', 'feed-button-share': 'yes', forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}`);
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const share = first.getByRole('button', { name: 'Share' });
  await share.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Do you think this headline is accurate?' })).toBeVisible();
  await expect(share).toHaveAttribute('aria-pressed', 'false'); // the share does not count yet
  await dialog.getByRole('radio', { name: 'Definitely false' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(share).toHaveAttribute('aria-pressed', 'true');

  // A second share opens nothing.
  const second = cards(page).nth(1).getByRole('button', { name: 'Share' });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const user = await storedUser(page);
  const entity = (await first.getAttribute('data-entity-id'))!;
  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'intervention_preceded'));
  const at = (f: string) => answers.find((r) => r.field === f)!;
  expect(at('intervention_trigger').response).toBe('first-share');
  expect(at('intervention_preceded').response).toBe(`shares:${entity}`);
  const shares = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.filter((r) => r.engagement_type === 'shares').length === 2);
  const firstShare = shares.find((r) => r.entity_id === entity && r.engagement_type === 'shares')!;
  // Stored after the answer: the outbox sends in order, and the server stamps on receipt.
  expect(Number(firstShare.time_stamp)).toBeGreaterThanOrEqual(Number(at('intervention_accuracy-prompt').time_stamp));
  expect(Number(firstShare.time_engagement)).toBeGreaterThanOrEqual(Number(at('intervention_accuracy-prompt').client_time || 0));
});

test('the distract skin moves beside the feed, never over it, stills for reduced motion, and is exported', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'both widths are set here');
  const id = await createStudy(baseURL!, [{ skin: 'distract', 'feed-button-like': 'yes', forms: '[]' }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install(); // the badge's seconds pass at once (runFor below)
  await page.goto(`/?experiment_id=${id}`);
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const trending = page.locator('[data-skin="distract"]');
  await expect(trending.getByText('Trending now')).toBeVisible();
  const badge = trending.locator('.distract-badge');
  const before = await badge.textContent();
  await page.clock.runFor(3_000); // more than the badge's 2.5 s (BADGE_EVERY_MS)
  await expect.poll(() => badge.textContent()).not.toBe(before);
  expect(await page.locator('.distract-ticker__list').evaluate((el) => getComputedStyle(el).animationName)).toBe('distract-scroll');
  // Nothing covers the feed: the card's own button is what sits at its centre, and it works.
  const like = first.getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'distract');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(trending).toBeVisible();
  const strip = (await trending.boundingBox())!;
  const card = (await first.boundingBox())!;
  expect(strip.y + strip.height).toBeLessThanOrEqual(card.y + 1);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await page.locator('.distract-ticker__list').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

  const user = await storedUser(page);
  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'likes'));
  expect(rows[0].skin).toBe('distract');
});
