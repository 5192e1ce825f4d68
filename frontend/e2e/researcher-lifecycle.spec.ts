// Running a study (issue 10): pausing it turns new participants away with a clear page,
// while a participant already in the feed finishes and every one of their events is stored.
import { expect, test } from './support/appliance';
import { cards, rowsFor, scrollToEnd, storedUser } from './support/feed';
import { createStudy, exportCSV, signedIn } from './support/studies';

test('pause: a new participant sees the not-accepting page; one already in the feed finishes with every event stored', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const link = 'https://app.prolific.com/submissions/complete?cc=LIFE1';
  const id = await createStudy(baseURL!, [{ platform: 'prolific', 'redirect-url': link, forms: '[]', 'feed-button-like': 'yes' }]);

  // A participant arrives while the study is open and reaches the feed.
  await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=life-early`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);

  // The researcher pauses the study.
  const researcher = await signedIn(baseURL!);
  const paused = await researcher.post(`/v1/studies/${id}/status`, { data: { status: 'paused' } });
  expect((await paused.json()).data.status).toBe('paused');

  // A new participant is turned away and registered nowhere.
  const late = await browser.newPage();
  await late.goto(`/?experiment_id=${id}&PROLIFIC_PID=life-late`);
  await expect(late.getByRole('alert')).toContainText('This study is not accepting participants right now');
  await expect(late.getByRole('link', { name: 'Return to the study platform' })).toHaveAttribute('href', 'https://app.prolific.com/submissions');
  await late.screenshot({ path: `/tmp/shots-dash-go/not-accepting-${testInfo.project.name}.png`, fullPage: true });
  await late.close();

  // The participant already in the feed likes a card and finishes.
  await cards(page).first().getByRole('button', { name: 'Like' }).click();
  await scrollToEnd(page, 700);
  await page.getByRole('button', { name: 'Click to continue' }).click();
  const end = page.getByRole('dialog');
  await expect(end.getByText('Your answers have been saved.')).toBeVisible({ timeout: 30_000 });
  await expect(end.getByRole('link', { name: 'Complete the study' })).toHaveAttribute('href', link);

  // Every event is in the export: the feed's checkpoints, the like, the completion
  // (Prolific takes no completion code from feedlab, so there is no completion_code row).
  const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'end-redirect'));
  for (const f of ['feed-landed', 'submit-click', 'leave_feed', 'end-redirect']) {
    expect(answers.filter((r) => r.field === f), f).toHaveLength(1);
  }
  expect(answers.filter((r) => r.field === 'completion_code')).toHaveLength(0);
  const likes = (await exportCSV(baseURL!, 'engagement', id)).filter((r) => r.user_id === user && r.engagement_type === 'likes');
  expect(likes).toHaveLength(1);
  // Nobody else was registered: the turned-away participant left no row.
  const users = new Set((await exportCSV(baseURL!, 'user_form', id)).map((r) => r.user_id));
  expect([...users]).toEqual([user]);

  // The dashboard counts one arrival, completed.
  const dash = await (await researcher.get(`/v1/studies/${id}/dashboard`)).json();
  expect(dash.data.total.funnel.arrived).toBe(1);
  expect(dash.data.total.funnel.completed).toBe(1);
  expect(dash.data.status).toBe('paused');
});

test('a preview link opens the feed of its condition as a test participant, even while paused, and counts nowhere', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: '[]' }, { forms: '[]', feed: 'swipe' }]);
  const researcher = await signedIn(baseURL!);
  await researcher.post(`/v1/studies/${id}/status`, { data: { status: 'paused' } });
  const res = await (await researcher.post(`/v1/studies/${id}/preview`, { data: { condition: 2 } })).json();
  expect(res.data.url).toMatch(new RegExp(`^/\\?experiment_id=${id}&preview=`));

  await page.goto(res.data.url);
  await expect(cards(page).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('condition'))).toBe('2');

  const dash = await (await researcher.get(`/v1/studies/${id}/dashboard`)).json();
  expect(dash.data.total.funnel.arrived).toBe(0);
  expect(await exportCSV(baseURL!, 'user_form', id)).toHaveLength(0);
});
