// The exposures export of a participant equals what the browser did (issue 9, quality
// bar): the visit the test timed on a card is its dwell within 20 ms, every card's visits
// are the dwell rows the browser sent, in order, and the likes are exact (a like undone is
// 0, a like kept is 1).
import { expect, test } from './support/appliance';
import { cards, inViewSince, outOfView, readFor, rowsFor, scrollToEnd, showCard, storedUser } from './support/feed';
import { createStudy, exportCSV } from './support/studies';

test('a scripted participant: exposures hold the dwell the browser measured and the likes it left', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]', 'feed-button-like': 'yes' }]);
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  const firstId = (await cards(page).first().getAttribute('data-entity-id'))!;
  const like0 = cards(page).first().getByRole('button', { name: 'Like' });
  await like0.click();
  await expect(like0).toHaveAttribute('aria-pressed', 'true');
  await like0.click(); // undone
  await expect(like0).toHaveAttribute('aria-pressed', 'false');

  await scrollToEnd(page, 500); // every card loaded and passed once
  const card = cards(page).nth(6);
  const timedId = (await card.getAttribute('data-entity-id'))!;
  await showCard(page, 6);
  const since = await inViewSince(page, timedId);
  await card.getByRole('button', { name: 'Like' }).click();
  await readFor(page, 1500);
  const leftAt = await page.evaluate(() => {
    window.scrollBy(0, 3000);
    return Date.now();
  });
  await outOfView(page, timedId);
  await page.clock.resume();
  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  const sent = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'dwell' && r.entity_id === timedId));
  const exposures = (await exportCSV(baseURL!, 'exposures', id)).filter((r) => r.user_id === user);
  expect(exposures).toHaveLength(10);
  for (const row of exposures) {
    const visits = sent.filter((r) => r.engagement_type === 'dwell' && r.entity_id === row.entity_id).map((r) => r.response);
    expect(row.dwell_visits_ms, `card ${row.entity_id}`).toBe(visits.join(';'));
    expect(Number(row.dwell_ms)).toBe(visits.reduce((a, v) => a + Number(v), 0));
    expect(row.seen).toBe(visits.some((v) => Number(v) > 0) ? '1' : '0');
    expect(row.likes).toBe(row.entity_id === timedId ? '1' : '0');
  }
  const timed = exposures.find((r) => r.entity_id === timedId)!;
  const lastVisit = Number(timed.dwell_visits_ms.split(';').at(-1));
  expect(lastVisit).toBeGreaterThanOrEqual(1500);
  // The page's clock stood still from the 1.5 s of reading to the card leaving the view.
  expect(Math.abs(lastVisit - (leftAt - since))).toBeLessThan(20);
  expect(exposures.find((r) => r.entity_id === firstId)!.likes).toBe('0');
  expect(timed.item_order).toBe('6');
});
