// Helpers for the feed's browser tests (e2e/feed-*.spec.ts).
import { expect, type Page } from '@playwright/test';
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
 * scrollToEnd scrolls the page down in wheel steps (with pauses, as a reader would) until
 * the submit control shows.
 */
export async function scrollToEnd(page: Page, stepPx = 500, pauseMs = 120): Promise<void> {
  const submit = page.getByRole('button', { name: 'Click to continue' });
  const atBottom = () => page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
  for (let i = 0; i < 80 && !((await submit.isVisible()) && (await atBottom())); i++) {
    await page.mouse.wheel(0, stepPx);
    await page.waitForTimeout(pauseMs);
  }
  await expect(submit).toBeInViewport();
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
