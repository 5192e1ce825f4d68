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
