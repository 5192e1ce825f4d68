import { expect, test } from './support/appliance';
import { cards, countFetches, inViewSince, outOfView, pendingEvents, readFor, rowsFor, scrollToEnd, settled, showCard, storedUser } from './support/feed';
import { createStudy } from './support/studies';

test('an engagement whose call fails is delivered exactly once after a reload', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ 'feed-button-like': 'yes', forms: '[]' }]);
  await countFetches(page);
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);

  let failed = 0;
  await page.route('**/v1/write_user_engagement', (route) => {
    failed++;
    return failed % 2 ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":"false"}' }) : route.abort();
  });
  const first = cards(page).first();
  const entityId = (await first.getAttribute('data-entity-id'))!;
  await first.getByRole('button', { name: 'Like' }).click();
  await expect.poll(() => failed).toBeGreaterThan(0);
  expect(await pendingEvents(page)).toBeGreaterThan(0);
  // Kept in the outbox: nothing reached the server yet.
  expect((await rowsFor(baseURL!, 'engagement', id, user, () => true)).filter((r) => r.engagement_type === 'likes')).toHaveLength(0);

  await page.unroute('**/v1/write_user_engagement');
  await page.reload();
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => pendingEvents(page)).toBe(0);
  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'likes'));
  // The reloaded page's own send has been answered and it has nothing left to send; the
  // last send of the page that unloaded left before this page even loaded.
  await settled(page);
  const again = await rowsFor(baseURL!, 'engagement', id, user, () => true);
  expect(again.filter((r) => r.engagement_type === 'likes')).toHaveLength(1);
  expect(rows.find((r) => r.engagement_type === 'likes')).toMatchObject({ entity_id: entityId, response: '1' });
  // The like survived the reload on screen too.
  await expect(cards(page).first().getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
});

test('after 180 minutes the session starts afresh', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ 'feed-button-like': 'yes', forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}`);
  const like = cards(page).first().getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => pendingEvents(page)).toBe(0);

  // 179 minutes: still the same session.
  await page.evaluate(() => localStorage.setItem('startTime', String(Date.now() - 179 * 60_000)));
  await page.reload();
  await expect(cards(page).first().getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');

  await page.evaluate(() => localStorage.setItem('startTime', String(Date.now() - 181 * 60_000)));
  await page.reload();
  await expect(cards(page).first().getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  const start = await page.evaluate(() => Number(localStorage.getItem('startTime')));
  expect(Date.now() - start).toBeLessThan(60_000);
});

test('custom platform: the feed ends with Continue to finish the study, which goes on by itself to the redirect-url with user_id and the arrival parameters', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ platform: 'custom', 'redirect-url': `${baseURL}/about?x=1`, forms: '[]', 'feed-button-like': 'yes' }]);
  await page.clock.install(); // the countdown's seconds pass at once (runFor below)
  await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=pp1&STUDY_ID=st1&rid=r-9`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  // Issue 14: the end modal says where the participant goes, and goes there after a few seconds.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Continue to finish the study' })).toBeVisible();
  await expect(dialog.getByText('Your answers have been saved.')).toBeVisible();
  await expect(dialog.getByText('You will be taken there in 5 s.')).toBeVisible();
  // Stop the page's clock (it flows in real time after install): on a loaded machine a real
  // second can pass between two steps of this test, and the countdown with it. Read where it
  // stands once stopped, then let the seconds pass on the clock alone.
  // (A step can take longer than the margin itself; the pause is then asked again from a
  // fresh reading of the page's time.)
  await expect(async () => {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 200);
  }).toPass({ intervals: [0, 50, 100] });
  const shown = await dialog.getByText(/You will be taken there in \d s\./).textContent();
  const left = Number(/in (\d) s/.exec(shown ?? '')?.[1]);
  expect(left).toBeGreaterThanOrEqual(1);
  // Each second of the countdown, as it would pass: one second before the end, the participant is still here.
  await page.clock.runFor((left - 1) * 1_000);
  await expect(dialog.getByText('You will be taken there in 1 s.')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await page.clock.runFor(1_000);
  await page.waitForURL(/\/about\?/);
  await page.clock.resume(); // the pages below run on time that flows again
  const url = new URL(page.url());
  expect(url.pathname).toBe('/about');
  expect(Object.fromEntries(url.searchParams)).toEqual({ x: '1', user_id: user, experiment_id: id, PROLIFIC_PID: 'pp1', STUDY_ID: 'st1', rid: 'r-9' });
  await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'end-redirect'));

  // Coming back later: the server says the study is complete; nothing starts again.
  await page.goto(`/?experiment_id=${id}&user_id=${user}`);
  await expect(page.getByRole('heading', { name: 'You have already completed this study' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to finish the study' }).click();
  await page.waitForURL(/\/about\?x=1/);
});

test('prolific without questionnaires: the feed ends with the completion link', async ({ page, baseURL }) => {
  const link = 'https://app.prolific.com/submissions/complete?cc=C0DE42';
  const id = await createStudy(baseURL!, [{ platform: 'prolific', 'redirect-url': link, forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=pp2`);
  await expect(cards(page).first()).toBeVisible();
  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  const end = page.getByRole('dialog');
  await expect(end).toHaveAttribute('aria-modal', 'true');
  await expect(end.getByRole('link', { name: 'Complete the study' })).toHaveAttribute('href', link);

  // A reload (or a later visit) finds the study completed and offers the link again.
  const user = await storedUser(page);
  await page.goto(`/?experiment_id=${id}&user_id=${user}&PROLIFIC_PID=pp2`);
  await expect(page.getByRole('heading', { name: 'You have already completed this study' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Complete the study' })).toHaveAttribute('href', link);
});

test('an unknown experiment shows the error screen', async ({ page }) => {
  await page.goto('/?experiment_id=no-such-study-123');
  await expect(page.getByRole('img', { name: 'Whoops error! Refresh or try again later.' })).toBeVisible();
  // Issue 14: one sentence says what happened and what to do.
  await expect(page.getByRole('alert')).toHaveText(/Check the link you were given, or contact the researcher\./);
});

test('dwell is sent when the tab is hidden, and the submit adds only the new dwells', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ 'feed-button-like': 'yes', forms: '[]' }]);
  await page.clock.install(); // the reading below passes at once (support/feed.ts readFor)
  await countFetches(page);
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  const second = cards(page).nth(1);
  const secondId = (await second.getAttribute('data-entity-id'))!;
  await showCard(page, 1); // the images above it loaded: no layout shift splits its dwell
  await inViewSince(page, secondId);
  await readFor(page, 1100);
  await page.mouse.wheel(0, 1200);
  await outOfView(page, secondId);
  await page.clock.resume();

  // The participant switches away (and might never return).
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  const early = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'dwell' && r.entity_id === secondId));
  expect(Number(early.find((r) => r.entity_id === secondId)!.response)).toBeGreaterThanOrEqual(1100);
  await setVisibility('visible');

  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('entities_engage') ?? '{}') as Record<string, { dwells: number }>,
  );
  const expected = Object.values(stored).reduce((n, r) => n + r.dwells, 0);
  expect(expected).toBeGreaterThanOrEqual(10);
  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.filter((r) => r.engagement_type === 'dwell').length >= expected);
  await settled(page); // a repeated batch has landed by now
  const all = (await rowsFor(baseURL!, 'engagement', id, user, () => true)).filter((r) => r.engagement_type === 'dwell');
  expect(all).toHaveLength(expected); // each dwell once: the early batch is not repeated
  expect(rows.filter((r) => r.engagement_type === 'dwell' && r.entity_id === secondId).length).toBe(stored[secondId].dwells);
  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'tab-active'));
  expect(answers.map((r) => r.field)).toContain('tab-inactive');
});

test('a failed stimulus load shows the error screen with Try again, which loads the feed', async ({ page }) => {
  await page.route('**/v1/load_experiment', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":"false"}' }));
  await page.goto('/?experiment_id=solarflare');
  // Issue 14: the error screen says the study could not be reached, and offers Try again.
  await expect(page.getByRole('img', { name: 'Whoops error! Refresh or try again later.' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('could not be reached');
  await expect(cards(page)).toHaveCount(0);
  await page.unroute('**/v1/load_experiment');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page).first()).toBeVisible();
});
