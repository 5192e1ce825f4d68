// One person is one participant (issue 20, item 3): the same PROLIFIC_PID opening the study
// link in a second browser continues the first participant (same condition, same feed,
// their events recorded under the one participant); after they completed, a third browser
// is told they took part already, with the way back to Prolific, and nobody new is
// registered.
import { expect, test } from './support/appliance';
import { cards, storedUser } from './support/feed';
import { createStudy, exportCSV, signedIn } from './support/studies';

test('the same Prolific id in a second browser continues the same participant', async ({ browser, baseURL }, testInfo) => {
  const redirect = 'https://app.prolific.com/submissions/complete?cc=C0DE';
  const id = await createStudy(baseURL!, [
    { platform: 'prolific', 'redirect-url': redirect, forms: '[]', 'feed-button-like': 'yes' },
    { platform: 'prolific', 'redirect-url': redirect, forms: '[]', 'feed-button-like': 'yes' },
    { platform: 'prolific', 'redirect-url': redirect, forms: '[]', 'feed-button-like': 'yes' },
  ]);
  const link = (session: string) => `/?experiment_id=${id}&PROLIFIC_PID=PID004&STUDY_ID=s1&SESSION_ID=${session}`;

  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto(link('laptop'));
  await expect(cards(laptop).first()).toBeVisible();
  const order = await cards(laptop).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id')));
  const laptopUser = await storedUser(laptop);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(link('phone'));
  await expect(cards(phone).first()).toBeVisible();
  expect(await cards(phone).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id')))).toEqual(order);
  expect(await storedUser(phone)).toBe(laptopUser);
  const like = cards(phone).first().getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await exportCSV(baseURL!, 'engagement', id)).filter((r) => r.engagement_type === 'likes').map((r) => r.user_id))
    .toEqual([laptopUser]);

  // The participant finishes (their feed submitted, the end reached).
  for (const checkpoint of ['submit-click', 'end-redirect']) {
    const res = await laptop.request.post('/v1/write_checkpoint', {
      data: { user_id: laptopUser, experiment_id: id, checkpoint, event_id: `${checkpoint}-x` },
    });
    expect(res.ok()).toBe(true);
  }

  const tablet = await (await browser.newContext()).newPage();
  await tablet.goto(link('tablet'));
  await expect(tablet.getByRole('alert')).toHaveText(/You have already taken part in this study/);
  await expect(tablet.getByRole('link', { name: 'Return to the study platform' })).toHaveAttribute('href', 'https://app.prolific.com/submissions');
  await tablet.screenshot({ path: `/tmp/shots-one-person/already-${testInfo.project.name}.png` });

  const participants = await exportCSV(baseURL!, 'participants', id);
  expect(participants.map((r) => r.user_id)).toEqual([laptopUser]);
});

// A custom ranking that fails on one participant's link (issue 20, item 1): the page says
// the study cannot start right now and offers Try again; nothing is registered, and the
// researcher's study page shows the alert.
test('a ranking that fails on this link says the study cannot start right now', async ({ page, baseURL }, testInfo) => {
  const script = 'def rank(cards, participant):\n    if participant["arrival"].get("poison") == "1":\n        fail("poisoned link")\n    return cards\n';
  const id = await createStudy(baseURL!, [{ forms: '[]', algorithm: 'custom', 'algorithm-script': script }]);
  await page.goto(`/?experiment_id=${id}&poison=1`);
  await expect(page.getByRole('alert')).toHaveText(/This study cannot start right now/);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-one-person/ranking-failed-${testInfo.project.name}.png` });
  expect(await exportCSV(baseURL!, 'participants', id)).toEqual([]);
  const dashboard = await (await signedIn(baseURL!)).get(`/v1/studies/${id}/dashboard`);
  expect(JSON.stringify(await dashboard.json())).toContain('"kind":"ranking_failed"');
});
