// No dwell is lost when the page goes away (issue 14, item 2): the card in view when the
// tab is hidden, reloaded or closed gets its dwell closed and sent at that moment, and a
// new dwell when the participant returns; a reload returns them to where they were.
//
// The page runs on Playwright's clock (page.clock.install() before it opens): the seconds
// of reading pass at once, and the clock stands still from then until the page has taken
// its measure, so each dwell is the test's to the millisecond on a busy machine too.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, inViewSince, outOfView, readFor, rowsFor, scrollToEnd, showCard, storedUser } from './support/feed';
import { createStudy, exportCSV } from './support/studies';

/** dwellCount is how many dwells the browser has recorded for the card so far. */
const dwellCount = (page: Page, entityId: string) =>
  page.evaluate((eid) => (JSON.parse(localStorage.getItem('entities_engage') ?? '{}')[eid]?.dwells ?? 0) as number, entityId);

const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    return Date.now();
  }, state);

async function dwellsOf(baseURL: string, id: string, user: string, entityId: string, n: number): Promise<number[]> {
  const rows = await rowsFor(baseURL, 'engagement', id, user, (rs) => rs.filter((r) => r.engagement_type === 'dwell' && r.entity_id === entityId).length >= n);
  return rows.filter((r) => r.engagement_type === 'dwell' && r.entity_id === entityId).map((r) => Number(r.response));
}

test('the card in view when the tab is hidden gets its dwell sent then, and a new dwell on return', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]' }]);
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  const card = cards(page).nth(2);
  const entityId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 2);
  const since = await inViewSince(page, entityId);
  const before = await dwellCount(page, entityId);
  await readFor(page, 1200);
  const hiddenAt = await setVisibility(page, 'hidden');
  await page.clock.resume();
  // Sent while the participant is away: they may never come back.
  const first = (await dwellsOf(baseURL!, id, user, entityId, before + 1))[before];
  expect(first).toBeGreaterThanOrEqual(1200);
  expect(Math.abs(first - (hiddenAt - since))).toBeLessThan(20);

  await page.clock.fastForward(1000); // away: not dwell
  await setVisibility(page, 'visible');
  const back = await inViewSince(page, entityId);
  await readFor(page, 700);
  const leftAt = await page.evaluate(() => {
    window.scrollBy(0, 3000);
    return Date.now();
  });
  await outOfView(page, entityId);
  await page.clock.resume();
  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const dwells = await dwellsOf(baseURL!, id, user, entityId, before + 2);
  expect(dwells).toHaveLength(before + 2);
  expect(dwells[before + 1]).toBeGreaterThanOrEqual(700);
  expect(Math.abs(dwells[before + 1] - (leftAt - back))).toBeLessThan(20); // the second away is not in it
});

test('reload with a card in view: its dwell is sent, the feed reopens at that card, and the checkpoints do not start over', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]' }]);
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  await scrollToEnd(page, 500); // every card loaded, feed-entity-idx-5 logged
  const card = cards(page).nth(6);
  const entityId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 6);
  const since = await inViewSince(page, entityId);
  // Passing it on the way down may already have given it a dwell.
  const before = await dwellCount(page, entityId);
  await readFor(page, 1500);
  const reloadAt = await page.evaluate(() => Date.now());
  await page.reload();
  await page.clock.resume();
  const dwells = await dwellsOf(baseURL!, id, user, entityId, before + 1);
  expect(dwells[before]).toBeGreaterThanOrEqual(1500);
  expect(Math.abs(dwells[before] - (reloadAt - since))).toBeLessThan(20);

  // Back where they were.
  await expect(page.locator(`article[data-entity-id="${entityId}"]`)).toBeInViewport();
  await scrollToEnd(page, 500);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'end-redirect'));
  expect(answers.filter((r) => r.field === 'feed-entity-idx-5')).toHaveLength(1);
  expect(answers.find((r) => r.field === 'feed-entity-idx-final')?.response).toBe('9');
});

test('closing the tab with a card in view: its dwell is sent by beacon', async ({ context, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]' }]);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  const card = cards(page).nth(1);
  const entityId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 1);
  const since = await inViewSince(page, entityId);
  const before = await dwellCount(page, entityId);
  await readFor(page, 1000);
  const closedAt = await page.evaluate(() => Date.now());
  await page.close({ runBeforeUnload: true });
  const dwell = (await dwellsOf(baseURL!, id, user, entityId, before + 1))[before];
  expect(dwell).toBeGreaterThanOrEqual(1000);
  expect(Math.abs(dwell - (closedAt - since))).toBeLessThan(20);
});

test('the card under the accuracy prompt keeps counting after the prompt, without the prompt time', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]', 'intervention-type': 'accprompt-modal', 'intervention-perc': '50' }]);
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  // When the prompt appears and goes, as the page sees it.
  await page.evaluate(() => {
    const w = window as unknown as { dlg: { open?: number; close?: number } };
    w.dlg = {};
    new MutationObserver(() => {
      const d = document.querySelector('dialog[open]');
      if (d && !w.dlg.open) w.dlg.open = Date.now();
      if (!d && w.dlg.open && !w.dlg.close) w.dlg.close = Date.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const card = cards(page).nth(4); // intervention_idx = 10 × 50 / 100 − 1
  const entityId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 4);
  const since = await inViewSince(page, entityId);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // runFor, not a jump: the page's effects (the prompt stopping and restarting the dwell
  // clock) run at their time within the 1.5 s and the 0.8 s, as they would for a reader.
  await page.clock.runFor(1500);
  await dialog.getByText('Probably true').click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(800);
  const leftAt = await page.evaluate(() => {
    window.scrollBy(0, 3000);
    return Date.now();
  });
  await outOfView(page, entityId);
  await setVisibility(page, 'hidden');
  const { open, close } = await page.evaluate(() => (window as unknown as { dlg: { open: number; close: number } }).dlg);
  const [dwell] = await dwellsOf(baseURL!, id, user, entityId, 1);
  // Counting resumed after the prompt ...
  // (the page restarts its clock in an effect after the dialog has gone: on a loaded machine
  // that effect runs tens of milliseconds after the removal the observer saw)
  expect(dwell).toBeGreaterThanOrEqual(leftAt - close - 150);
  // ... and the prompt's time is not in it.
  expect(dwell).toBeLessThan(leftAt - since - (close - open) + 150);
  expect((await exportCSV(baseURL!, 'engagement', id)).filter((r) => r.user_id === user && r.entity_id === entityId && r.engagement_type === 'dwell')).toHaveLength(1);
});
