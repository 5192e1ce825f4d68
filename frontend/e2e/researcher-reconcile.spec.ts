// Recruitment bookkeeping on the study page (issue 11): reconciliation of a pasted Prolific
// export classifies each line (completed here, started, never seen, duplicate, test) and
// offers Prolific's approve list; a classroom study's personal (labelled) link admits one
// participant, who may continue in another browser. Screenshots at 1280 and 360 px
// go to /tmp/shots-recon/.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, storedUser } from './support/feed';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';
import { parseCSV } from './support/studies';

const SHOTS = '/tmp/shots-recon';
mkdirSync(SHOTS, { recursive: true });

/** arrive registers a Prolific participant and writes the first checkpoints given. */
async function arrive(ctx: APIRequestContext, study: string, user: string, query: Record<string, string>, checkpoints: string[]) {
  const load = await ctx.post('/v1/load_experiment', { data: { user_id: user, experiment_id: study, query_params: query } });
  expect(load.ok(), await load.text()).toBe(true);
  for (const [i, checkpoint] of checkpoints.entries()) {
    const res = await ctx.post('/v1/write_checkpoint', { data: { user_id: user, experiment_id: study, event_id: `${user}-${i}`, checkpoint } });
    expect(res.ok(), `${checkpoint}: ${await res.text()}`).toBe(true);
  }
}

/** classOf reads the Class cell of the table row whose platform id is id (nth: 0 first). */
async function classOf(page: Page, id: string, nth = 0): Promise<string> {
  const row = page
    .getByRole('table', { name: 'Reconciliation, line by line' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: id, exact: true }) })
    .nth(nth);
  return (await row.getByRole('cell').nth(1).innerText()).trim();
}

test('reconciliation of a pasted Prolific export classifies each line and offers the approve list', async ({ page, baseURL }, info) => {
  const name = uniqueName('recon', info);
  addResearcher(name);
  const ctx = await apiAs(baseURL!, name);
  const study = await spawnStudy(ctx, { title: 'Reconciled study', platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=RC1', forms: '[]' });
  const pid = (p: string) => ({ PROLIFIC_PID: p, STUDY_ID: 'S1', SESSION_ID: `sess-${p}` });
  const tag = info.project.name;
  await arrive(ctx, study, `${tag}-done`, pid('PDONE'), ['feed-landed', 'submit-click', 'end-redirect']);
  await arrive(ctx, study, `${tag}-half`, pid('PHALF'), ['feed-landed']);
  const preview = await (await ctx.post(`/v1/studies/${study}/preview`, { data: { condition: 1 } })).json();
  const token = new URL(preview.data.url, baseURL).searchParams.get('preview')!;
  await arrive(ctx, study, `${tag}-test`, { ...pid('PTEST'), preview: token }, []);

  await signIn(page, name);
  await page.goto(`/studies/${study}`);
  const panel = page.getByRole('region', { name: 'Reconcile before paying' });
  await expect(panel).toBeVisible();
  // Nothing pasted: the form says what to do.
  await panel.getByRole('button', { name: 'Reconcile' }).click();
  await expect(panel.getByText("Paste the platform's list, or pick its file.")).toBeVisible();

  const exportText = [
    'Submission id,Participant id,Status,Started at,Completed at,Completion code',
    'sub1,PDONE,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:10:00Z,RC1',
    'sub2,PHALF,TIMED-OUT,2026-11-23T10:00:00Z,,',
    'sub3,PNEVER,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:12:00Z,RC1',
    'sub4,PDONE,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:13:00Z,RC1',
    'sub5,PTEST,AWAITING REVIEW,2026-11-23T10:00:00Z,,',
  ].join('\n');
  await panel.getByLabel("Platform's list").fill(exportText);
  await panel.getByRole('checkbox', { name: 'Also mark returns and time-outs' }).check();
  await panel.getByRole('button', { name: 'Reconcile' }).click();
  // PHALF timed out on Prolific and did not complete here: marked, their place freed.
  await expect(panel.getByRole('status').filter({ hasText: '5 lines reconciled as Prolific. 1 returned or timed-out participant marked' })).toBeVisible();

  expect(await classOf(page, 'PDONE')).toBe('Completed here');
  expect(await classOf(page, 'PHALF')).toBe('Started, not completed');
  expect(await classOf(page, 'PNEVER')).toBe('Never seen');
  expect(await classOf(page, 'PDONE', 1)).toBe('Duplicate line');
  expect(await classOf(page, 'PTEST')).toBe('Test participant');
  const counts = panel.getByRole('definition');
  await expect(counts).toHaveText(['1', '1', '1', '1', '1']);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the Prolific approve list' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('prolific-approve.csv');
  const rows = parseCSV(await readFile(await file.path(), 'utf8'));
  expect(rows).toEqual([{ 'Participant id': 'PDONE', 'Submission id': 'sub1' }]);

  await panel.scrollIntoViewIfNeeded();
  // The other direction: everyone who completed here is on this list.
  await expect(panel.getByText('Everyone who completed here is on the list.')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/reconcile-${tag}.png` });
});

test('reconciliation both ways: completed here but not on the list, and a code that is not the study\'s', async ({ page, baseURL }, info) => {
  const name = uniqueName('recon2', info);
  addResearcher(name);
  const ctx = await apiAs(baseURL!, name);
  const study = await spawnStudy(ctx, { title: 'Both ways', platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=RC2', forms: '[]' });
  const tag = info.project.name;
  const pid = (p: string) => ({ PROLIFIC_PID: p, STUDY_ID: 'S2', SESSION_ID: `sess-${p}` });
  const done = ['feed-landed', 'submit-click', 'end-redirect'];
  await arrive(ctx, study, `${tag}-wrong`, pid('PWRONG'), done);
  await arrive(ctx, study, `${tag}-absent`, pid('PABSENT'), done);

  await signIn(page, name);
  await page.goto(`/studies/${study}`);
  const panel = page.getByRole('region', { name: 'Reconcile before paying' });
  await panel.getByLabel("Platform's list").fill(['Participant id,Status,Completion code', 'PWRONG,AWAITING REVIEW,NOCODE'].join('\n'));
  await panel.getByRole('button', { name: 'Reconcile' }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: "1 line reconciled as Prolific. 1 participant completed here but is not on the list; 1 line has a code that is not the study's." }),
  ).toBeVisible();

  // The line: completed here, but the code submitted is not the study's (RC2), so it is not approved.
  const row = panel.getByRole('table', { name: 'Reconciliation, line by line' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'PWRONG', exact: true }) });
  await expect(row.getByText('not RC2')).toBeVisible();
  await expect(row).toContainText('Submitted code NOCODE is not the study\'s completion code (RC2).');
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the Prolific approve list' }).click();
  expect(parseCSV(await readFile(await (await download).path(), 'utf8'))).toEqual([]);

  // The other direction: PABSENT completed here and is not on the list; their page is one click away.
  const missing = panel.getByRole('table', { name: "Completed here, not on the platform's list" });
  const absent = missing.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'PABSENT', exact: true }) });
  await expect(absent).toContainText('the platform\'s list does not have this id');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/reconcile-both-ways-${tag}.png` });
  await absent.getByRole('link', { name: `${tag}-absent` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Participant ${tag}-absent` })).toBeVisible();
});

test('a labelled classroom link admits one participant, who may continue in another browser', async ({ page, browser, baseURL }, info) => {
  const name = uniqueName('class', info);
  addResearcher(name);
  const ctx = await apiAs(baseURL!, name);
  const study = await spawnStudy(ctx, { title: 'Classroom study', forms: '[]' });

  await signIn(page, name);
  await page.goto(`/studies/${study}`);
  const panel = page.getByRole('region', { name: 'Personal links for a class' });
  await panel.getByLabel('Participant labels').fill('Ana\nBo\nAna\n');
  await panel.getByRole('button', { name: 'Add labels' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '2 labels added' })).toBeVisible();
  const ana = panel.getByRole('listitem', { name: 'Link for Ana' });
  await expect(ana.getByRole('img', { name: /^QR code of the link / })).toBeVisible();
  await expect(ana.getByText('Not used yet')).toBeVisible();
  await panel.screenshot({ path: `${SHOTS}/classroom-links-${info.project.name}.png` });

  const link = new URL((await ana.locator('.label-card__link').innerText()).trim());
  expect(link.searchParams.get('label')).toBe('Ana');
  const relative = link.pathname + link.search;

  // The student opens their link: the feed.
  const student = await browser.newPage();
  await student.goto(relative);
  await expect(cards(student).first()).toBeVisible();

  // The same link in another browser (the student's phone): the same participant goes on,
  // with the same feed; nobody new is registered (issue 20, item 3).
  const order = await cards(student).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id')));
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(relative);
  await expect(cards(second).first()).toBeVisible();
  expect(await cards(second).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id')))).toEqual(order);
  expect(await storedUser(second)).toBe(await storedUser(student));
  await other.close();

  // The label is in the export; one participant only.
  const dump = await ctx.post('/v1/dump_data', { data: { data_type: 'user_form', experiment_id: study } });
  expect(dump.ok(), await dump.text()).toBe(true);
  const mine = parseCSV(await dump.text());
  expect(new Set(mine.map((r) => r.user_id)).size).toBe(1);
  expect(mine.filter((r) => r.field === 'URLParams-label').map((r) => r.response)).toEqual(['Ana']);
  expect(mine.some((r) => r.field.includes('label_key') || r.response.includes(link.searchParams.get('label_key')!))).toBe(false);

  // The study page shows the link as used.
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Link for Ana' }).getByText(/^Used /)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/study-page-classroom-${info.project.name}.png`, fullPage: true });
  await student.close();
});
