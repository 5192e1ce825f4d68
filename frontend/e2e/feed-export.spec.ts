// The exports in the original platform's shapes, from a real browser session (issue 14,
// item 8): epoch-ms time_stamp, the browser in user_agent (exactly navigator.userAgent), the
// card's accuracy_score counter, and the arrival ids logged as URLParams-* (item 7).
import { expect, test } from './support/appliance';
import { cards, rowsFor } from './support/feed';
import { createStudy } from './support/studies';

test('a session exports in the original shapes: epoch-ms times, the browser, the arrival ids', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]', 'feed-button-like': 'yes', 'feed-button-accuracy': 'yes' }]);
  const user = `u-${Date.now()}`;
  await page.goto(`/?experiment_id=${id}&user_id=${user}&PROLIFIC_PID=pp-1`);
  const card = cards(page).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Like' }).click();

  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'likes'));
  const like = rows.find((r) => r.engagement_type === 'likes')!;
  expect(like.time_stamp).toMatch(/^\d{13}$/);
  expect(like.time_engagement).toMatch(/^\d{13}$/);
  expect(like.time_stamp_iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(like.accuracy_score).toBe('0');
  expect(like.likes).toBe('1');
  const ua = await page.evaluate(() => navigator.userAgent);
  expect(like.user_agent).toBe(ua);

  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'URLParams-user_id'));
  const field = (name: string) => answers.find((r) => r.field === name)?.response;
  expect(field('URLParams-user_id')).toBe(user);
  expect(field('URLParams-experiment_id')).toBe(id);
  expect(field('URLParams-PROLIFIC_PID')).toBe('pp-1');
  expect(answers.every((r) => /^\d{13}$/.test(r.time_stamp))).toBe(true);
});
