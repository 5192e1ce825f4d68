// One participant's page (issue 22, item 3): a participant goes through a study (arrival,
// consent, a like, a dwell, a questionnaire page); the researcher opens them from the
// participant table, reads their timeline, their feed with each card's score and reason and
// their answers, excludes them with a reason, and the exclusion reaches the downloaded
// participants export; exposures can leave them out. Screenshots at 1280 and 360 px go to
// /tmp/shots-participant/.
import { mkdirSync, readFileSync } from 'node:fs';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';
import { parseCSV } from './support/studies';

const SHOTS = '/tmp/shots-participant';
mkdirSync(SHOTS, { recursive: true });

/** takePart runs a participant through by the participant API: what their browser sends. */
async function takePart(ctx: APIRequestContext, study: string, user: string) {
  const load = await ctx.post('/v1/load_experiment', { data: { user_id: user, experiment_id: study, query_params: { PROLIFIC_PID: `pid-${user}` } } });
  expect(load.ok(), await load.text()).toBe(true);
  const data = (await load.json()).data;
  const cards = data.order_data as Array<{ entity_id: string }>;
  const ref = { user_id: user, experiment_id: study, condition: data.condition };
  const send = async (path: string, body: Record<string, unknown>) => {
    const res = await ctx.post(path, { data: { ...ref, ...body } });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  };
  const now = Date.now();
  await send('/v1/write_checkpoint', { event_id: `${user}-consent`, checkpoint: 'consent-agree' });
  await send('/v1/write_checkpoint', { event_id: `${user}-landed`, checkpoint: 'feed-landed' });
  await send('/v1/write_user_engagement', {
    event_id: `${user}-like`, entity_id: cards[0].entity_id, engagement_type: 'likes', response: 'true', time_content_viewed: now - 900, time_engagement: now, likes: 1,
  });
  await send('/v1/write_batch_dwell', { event_id: `${user}-dwell`, dwell_data: [{ idx: 1, entity_id: cards[1].entity_id, dwells: 1, dwellTimes: [1234], dwellsInviewTime: [now] }] });
  await send('/v1/write_form', { event_id: `${user}-form`, form_fields: { age: '34', comments: 'caf%C3%A9%2C%20fine' } });
  return cards;
}

test('a participant page: timeline, feed with scores, answers, and an exclusion that reaches the exports', async ({ page, baseURL }, info) => {
  const name = uniqueName('pp', info);
  addResearcher(name);
  const ctx = await apiAs(baseURL!, name);
  const study = await spawnStudy(ctx, { title: 'Participant page study', algorithm: 'chronological', platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=PP1' });
  const tag = info.project.name;
  const user = `${tag}-ana`;
  await takePart(ctx, study, user);
  await takePart(ctx, study, `${tag}-bo`);

  await signIn(page, name);
  await page.goto(`/studies/${study}`);
  // The user id in the participant table opens their page.
  await page.getByRole('table', { name: /Participants/ }).getByRole('link', { name: user, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${study}/participants/${user}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Participant ${user}` })).toBeVisible();
  await expect(page.getByText(`PROLIFIC_PID: pid-${user}`)).toBeVisible();

  // The timeline, in time order, each event with its time since arrival.
  const timeline = page.getByRole('table', { name: 'Timeline' });
  const kinds = await timeline.getByRole('rowheader').allInnerTexts();
  expect(kinds.slice(0, 3)).toEqual(['Arrival', 'Consent', 'Checkpoint']);
  expect(kinds).toEqual(expect.arrayContaining(['Engagement', 'Dwell', 'Questionnaire']));
  await expect(timeline.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('+0 s');
  await expect(timeline.getByText(/in view 1234 ms/)).toBeVisible();

  // The feed as composed: every card with its place, score and reason.
  const feed = page.getByRole('table', { name: 'Feed as composed' });
  const rows = feed.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(2);
  const first = rows.nth(1).getByRole('cell');
  await expect(first.nth(0)).toHaveText('1');
  // Cells: position, score, reason (the card is the row's header).
  await expect(first.nth(1)).toHaveText(/^-?\d/);
  await expect(first.nth(2)).not.toHaveText('');
  await expect(page.getByText('Composing the feed again from what is stored gives the same order.')).toBeVisible();

  // The answers, decoded.
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByText('café, fine')).toBeVisible();

  await page.screenshot({ path: `${SHOTS}/participant-1280-${tag}.png`, fullPage: true });

  // Exclude: a reason is required.
  const exclusion = page.getByRole('region', { name: 'Exclusion' });
  await exclusion.getByRole('button', { name: 'Exclude participant' }).click();
  await expect(exclusion.getByText('Give a reason: it is kept with the exclusion and written in the exports.')).toBeVisible();
  await exclusion.getByLabel('Reason for excluding').fill('Answered the questionnaire in 3 seconds');
  await exclusion.getByRole('button', { name: 'Exclude participant' }).click();
  await expect(page.getByRole('note').filter({ hasText: `Excluded by ${name}` })).toContainText('Answered the questionnaire in 3 seconds');
  await expect(exclusion.getByRole('button', { name: 'Include again' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${SHOTS}/participant-360-${tag}.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/participant-360-top-${tag}.png` });
  await page.getByRole('region', { name: 'Timeline', exact: true }).screenshot({ path: `${SHOTS}/participant-360-timeline-${tag}.png` });
  await page.getByRole('region', { name: 'Feed as composed', exact: true }).screenshot({ path: `${SHOTS}/participant-360-feed-${tag}.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The study page counts the exclusion apart, and its table marks them.
  await page.goto(`/studies/${study}`);
  const tableRow = page.getByRole('table', { name: /Participants/ }).getByRole('row').filter({ has: page.getByRole('link', { name: user, exact: true }) });
  await expect(tableRow.getByText('excluded', { exact: true })).toBeVisible();
  const figure = page.getByRole('term').filter({ hasText: /^Excluded$/ }).locator('xpath=..');
  await expect(figure.getByRole('definition').first()).toHaveText('1');

  // The downloaded participants export marks them; exposures can leave them out.
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto('/download');
  const group = page.getByRole('group', { name: 'What do you want to download?' });
  await page.getByLabel('Enter experiment ID or stimulus set name').fill(study);
  await group.getByRole('radio', { name: 'Participants (one row each, every answer as a column)', exact: true }).check();
  let saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const participants = parseCSV(readFileSync(await (await saved).path(), 'utf8'));
  const ana = participants.find((r) => r.user_id === user)!;
  expect([ana.excluded, ana.exclusion_reason]).toEqual(['1', 'Answered the questionnaire in 3 seconds']);
  expect(participants.find((r) => r.user_id === `${tag}-bo`)!.excluded).toBe('0');

  await group.getByRole('radio', { name: 'Exposures (one row per participant and card, ready for analysis)', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Leave out excluded participants' }).check();
  const request = page.waitForRequest('**/v1/dump_data');
  saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await request).postDataJSON()).toMatchObject({ data_type: 'exposures', drop_excluded: true });
  const exposures = parseCSV(readFileSync(await (await saved).path(), 'utf8'));
  expect(exposures.length).toBeGreaterThan(0);
  expect(exposures.every((r) => r.user_id === `${tag}-bo` && r.excluded === '0')).toBe(true);

  // Include again: the mark goes away.
  await page.goto(`/studies/${study}/participants/${user}`);
  await page.getByRole('region', { name: 'Exclusion' }).getByRole('button', { name: 'Include again' }).click();
  await expect(page.getByRole('region', { name: 'Exclusion' }).getByRole('button', { name: 'Exclude participant' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Excluded by' })).toHaveCount(0);
});

test('a participant of another study, or none, is not found', async ({ page, baseURL }, info) => {
  const name = uniqueName('pp404', info);
  addResearcher(name);
  const ctx = await apiAs(baseURL!, name);
  const study = await spawnStudy(ctx, { title: 'Lonely study' });
  await signIn(page, name);
  await page.goto(`/studies/${study}/participants/nobody-here`);
  await expect(page.getByRole('alert')).toContainText(`Study ${study} has no participant nobody-here.`);
});
