// Helpers for the feed's browser tests (e2e/feed-*.spec.ts).
import { type Page } from '@playwright/test';
import { expect } from './expect';
import { exportCSV } from './studies';

/** storedUser is the participant's user_id from browser storage. */
export async function storedUser(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user_id') ?? '""') as string);
}

/** pendingEvents is the number of events still in the outbox. */
export async function pendingEvents(page: Page): Promise<number> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('feedlab_outbox') ?? '[]') as unknown[]).length);
}

/** cards locates the feed's cards. */
export function cards(page: Page) {
  return page.locator('article[data-entity-id]');
}

/**
 * scrollToEnd scrolls the page down in wheel steps until the submit control shows. Each step
 * waits until it has landed (the page moved, or at the bottom it grew by a block or shows the
 * submit) and a frame has been drawn after it, so the tracker saw every card it passed.
 * submitName is the submit button's name (another in a study in another language).
 */
export async function scrollToEnd(page: Page, stepPx = 500, submitName = 'Click to continue'): Promise<void> {
  const submit = page.getByRole('button', { name: submitName });
  const where = () =>
    page.evaluate(() => {
      const h = document.documentElement.scrollHeight;
      return { y: window.scrollY, h, atBottom: window.scrollY + window.innerHeight >= h - 2 };
    });
  for (let i = 0; i < 80; i++) {
    const before = await where();
    if (before.atBottom && (await submit.isVisible())) break;
    await page.mouse.wheel(0, stepPx);
    await page.waitForFunction(
      ({ y, h, name }) =>
        window.scrollY !== y ||
        document.documentElement.scrollHeight !== h ||
        Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.includes(name)),
      { ...before, name: submitName },
      { timeout: 10_000 },
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
  // A block that arrives after the submit showed pushes it down: scroll on until it stays.
  await expect(async () => {
    if (!(await submit.isVisible()) || !(await where()).atBottom) await page.mouse.wheel(0, stepPx);
    await expect(submit).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** rowsFor polls an export until `check` accepts the participant's rows. */
export async function rowsFor(
  baseURL: string,
  type: string,
  experimentId: string,
  userId: string,
  check: (rows: Array<Record<string, string>>) => boolean,
): Promise<Array<Record<string, string>>> {
  let rows: Array<Record<string, string>> = [];
  await expect
    .poll(
      async () => {
        rows = (await exportCSV(baseURL, type, experimentId)).filter((r) => r.user_id === userId);
        return check(rows);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return rows;
}

/**
 * showCard scrolls the card at idx to the middle of the view once the images of the cards
 * above it have loaded (an image arriving later would push the card out of view and split
 * its dwell), so a test can time its dwell.
 */
export async function showCard(page: Page, idx: number): Promise<void> {
  const card = page.locator(`article[data-idx="${idx}"]`);
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForFunction(
    (n) =>
      Array.from(document.querySelectorAll<HTMLImageElement>('article[data-idx] img'))
        .slice(0, n + 1)
        .every((i) => i.complete && i.naturalHeight > 0),
    idx,
  );
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

/** lastEvent is the card's latest intersection event: whether it is in view, and when
 * (the page's Date.now()) it came into view. */
function lastEvent(page: Page, entityId: string): Promise<{ inview: boolean; wall: number } | null> {
  return page.evaluate((id) => {
    const events = JSON.parse(localStorage.getItem('intersect_events') ?? '[]') as Array<{ entity_id: string; inview: boolean; wall?: number }>;
    const last = events.filter((e) => e.entity_id === id).at(-1);
    return last ? { inview: last.inview, wall: last.wall ?? 0 } : null;
  }, entityId);
}

/** inViewSince waits until the card's latest intersection event says it is in view and
 * returns that event's wall-clock time (the page's Date.now()). */
export async function inViewSince(page: Page, entityId: string): Promise<number> {
  let wall = 0;
  await expect
    .poll(async () => {
      const last = await lastEvent(page, entityId);
      wall = last?.inview ? last.wall : 0;
      return wall;
    })
    .toBeGreaterThan(0);
  return wall;
}

/** outOfView waits until the card's latest intersection event says it left the view: its
 * dwell is closed. */
export async function outOfView(page: Page, entityId: string): Promise<void> {
  await expect.poll(async () => (await lastEvent(page, entityId))?.inview).toBe(false);
}

/**
 * readFor lets `ms` of reading pass at once on the page's clock (page.clock.install() before
 * the page opened) and stops that clock there: the tracker's clock and Date.now() are both
 * Playwright's, so what the page measures next (a hide, a reload, a card leaving) happens
 * exactly `ms` (plus the few ms since the card came into view) later, however slow the
 * machine. Nothing timed runs until page.clock.resume(): call it once the moment is taken.
 */
export async function readFor(page: Page, ms: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + ms);
}

/**
 * countFetches makes every page the tab opens from now on count its API fetches still on
 * their way (call it before page.goto). Playwright's request events left some of the
 * outbox's fetches open for good (around a reload or a hidden tab), so the page counts them
 * itself, at the promise.
 */
export async function countFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { apiInFlight: number };
    w.apiInFlight = 0;
    const real = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!new URL(url, location.href).pathname.startsWith('/v1/')) return real.call(window, input, init);
      w.apiInFlight++;
      return real.call(window, input, init).finally(() => w.apiInFlight--);
    };
  });
}

/**
 * settled waits until the outbox is empty and no API fetch of the page (countFetches) is on
 * its way: nothing this page fetched can still land, so a test may count the rows for a
 * duplicate. (A beacon has no end to wait for; the tests that use this send their last
 * events by fetch.)
 */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => pendingEvents(page)).toBe(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { apiInFlight: number }).apiInFlight)).toBe(0);
}
