// The study page (/studies/:experiment_id; issue 10) in a real browser against the real
// server, driven by accessible names: scripted participants (through the participant API)
// show up per condition in the funnel without a reload; a preview opens the feed as a test
// participant who is never counted; the owner pauses, reopens and closes; a collaborator
// sees the page without Pause; a stranger gets the not-found page; "dropped" on a second
// server started with a short --dropped-after. Screenshots at 1280 and 360 px go to
// /tmp/shots-dash-ui/.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, startAppliance, test } from './support/appliance';
import { cards } from './support/feed';
import { addResearcher, apiAs, PASSWORD, signedIn, signIn, uniqueName } from './support/researchers';
import { entitySets } from './support/studies';

const SHOTS = '/tmp/shots-dash-ui';
const binary = process.env.FEEDLAB_BIN ?? '../feedlab';

/** twoConditionStudy makes a study of two conditions (no questionnaires) owned by ctx's researcher. */
async function twoConditionStudy(ctx: APIRequestContext, title: string): Promise<string> {
  const rows = [1, 2].flatMap((condition) =>
    Object.entries({ title, entity_sets: entitySets(5), forms: '[]', consent: 'You agree to take part in a short test.' }).map(([param, value]) => ({
      condition,
      param,
      // The wizard protocol sends the long texts URL-encoded.
      value: param === 'consent' ? encodeURIComponent(value) : value,
    })),
  );
  const res = await ctx.post('/v1/spawn_experiment', { data: { condition_settings: rows } });
  const body = await res.json();
  if (body.success !== 'true') throw new Error(`spawn_experiment: ${JSON.stringify(body)}`);
  // The wizard's call makes a draft; these studies take participants at once.
  const id = body.data.experiment_id as string;
  const launched = await ctx.post(`/v1/studies/${id}/launch`, { data: {} });
  if (!launched.ok()) throw new Error(`launch ${id}: ${await launched.text()}`);
  return id;
}

/** STEPS are the checkpoints a scripted participant writes to reach each stage. */
const STEPS = ['consent-agree', 'feed-landed', 'submit-click', 'end-redirect'] as const;

/** participate registers a participant and writes the first `reach` checkpoints; it answers
 * the condition the server gave them. */
async function participate(ctx: APIRequestContext, study: string, user: string, reach: number): Promise<number> {
  const load = await ctx.post('/v1/load_experiment', { data: { user_id: user, experiment_id: study, query_params: { PROLIFIC_PID: `pid-${user}` } } });
  expect(load.ok(), await load.text()).toBe(true);
  const condition = Number((await load.json()).data.condition);
  for (const [i, checkpoint] of STEPS.slice(0, reach).entries()) {
    const res = await ctx.post('/v1/write_checkpoint', {
      data: { user_id: user, experiment_id: study, condition: String(condition), event_id: `${user}-${i}`, checkpoint },
    });
    expect(res.ok(), `${checkpoint}: ${await res.text()}`).toBe(true);
  }
  return condition;
}

/** funnelRow reads one row of the funnel table as [condition 1, condition 2, total]
 * (the table shows total, share of arrivals, then each condition). */
async function funnelRow(page: Page, label: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: 'Funnel' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${label}`) }) });
  const [total, , ...conditions] = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
  return [...conditions, total];
}

async function openStudy(page: Page, study: string) {
  await page.goto(`/studies/${study}`);
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
}

/** refresh lets the 5 s between two refreshes of the study page (POLL_MS) pass at once on
 * the page's clock (page.clock.install() before the page opened). */
async function refresh(page: Page) {
  await page.clock.fastForward(5_000);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial' });

let owner = '';
let collaborator = '';
let stranger = '';
let study = '';
let ownerApi: APIRequestContext;

test.beforeAll(async ({ baseURL }, info) => {
  owner = uniqueName('dash-owner', info);
  collaborator = uniqueName('dash-collab', info);
  stranger = uniqueName('dash-stranger', info);
  for (const name of [owner, collaborator, stranger]) addResearcher(name);
  ownerApi = await apiAs(baseURL!, owner);
  study = await twoConditionStudy(ownerApi, 'Dashboard under test');
  const share = await ownerApi.post(`/v1/studies/${study}/shares`, { data: { name: collaborator } });
  expect(share.ok()).toBe(true);
});

test('scripted participants show up per condition without a reload; a preview is not counted', async ({ page, baseURL }) => {
  const pages: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.endsWith('/participants')) pages.push(url.searchParams.get('limit') ?? '');
  });
  // The page's clock is Playwright's: it runs as time does, and the test jumps it over the
  // 5 s between refreshes (refresh below) instead of waiting for them.
  await page.clock.install();
  await signIn(page, owner);
  // My studies links the study to its page.
  await page.getByRole('link', { name: 'Dashboard under test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard under test' })).toBeVisible();
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
  expect(await funnelRow(page, 'Arrived')).toEqual(['0', '0', '0']);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // Scripted participants: three complete, one stops in the feed, one only arrives.
  const participants = await request.newContext({ baseURL });
  const reach: Record<string, number> = { a: 4, b: 4, c: 4, d: 2, e: 0 };
  const expected = { 1: [0, 0, 0, 0, 0], 2: [0, 0, 0, 0, 0] } as Record<number, number[]>;
  for (const [who, n] of Object.entries(reach)) {
    const condition = await participate(participants, study, `${study}-${who}`, n);
    for (let stage = 0; stage <= n; stage++) expected[condition][stage]++;
  }
  await refresh(page);
  const labels = ['Arrived', 'Consented', 'Reached the feed', 'Submitted the feed', 'Completed'];
  for (const [stage, label] of labels.entries()) {
    const want = [expected[1][stage], expected[2][stage], expected[1][stage] + expected[2][stage]].map(String);
    await expect.poll(async () => (await funnelRow(page, label)).slice(0, 3), { timeout: 20_000, message: label }).toEqual(want);
  }
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The participant table only ever asks for one page of 50.
  expect(pages.length).toBeGreaterThan(0);
  expect(new Set(pages)).toEqual(new Set(['50']));

  // The balance table (the chart's text alternative) says the same.
  await page.getByText('Condition balance: the figures as a table').click();
  const balance = page.getByRole('region', { name: 'Condition balance, table' });
  await expect(balance.getByRole('row', { name: /^Condition 1 / })).toContainText(String(expected[1][0]));

  // The participant table lists them, filterable by stage.
  const table = page.getByRole('region', { name: 'Participants, scrollable' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await page.getByLabel('Stage').selectOption('completed');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: 'Participant pages' })).toContainText('1–3 of 3');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${study}-d`);
  await expect(page.getByText('No participant matches these filters.')).toBeVisible();
  await page.getByLabel('Stage').selectOption('');
  await expect(table.getByRole('row')).toHaveCount(2);
  // A refresh keeps the filters.
  const before = await page.getByText(/^Updated /).innerText();
  await refresh(page);
  await expect(page.getByText(/^Updated /)).not.toHaveText(before, { timeout: 15_000 });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`${study}-d`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(table.getByRole('row')).toHaveCount(6);
  // Wide tables scroll inside their own box: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot(page, 'study-owner');

  // Preview condition 1: the feed opens in a new tab as a test participant.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Preview condition 1' }).click();
  const tab = await popup;
  await tab.waitForURL(/preview=/);
  await tab.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(cards(tab).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: /^QR code of the link .*preview=/ })).toBeVisible();
  await tab.close();
  await page.bringToFront(); // back to the study page's tab: it refreshes again
  // Wait for two more answers of the dashboard: the preview participant is still not counted.
  for (let i = 0; i < 2; i++) {
    const answered = page.waitForResponse((res) => res.url().endsWith(`/v1/studies/${study}/dashboard`) && res.ok(), { timeout: 30_000 });
    await refresh(page);
    await answered;
  }
  expect((await funnelRow(page, 'Arrived'))[2]).toBe(String(expected[1][0] + expected[2][0]));
  await expect(table.getByRole('row')).toHaveCount(6);
});

test('the page stops polling while its tab is hidden and refreshes when it is shown again', async ({ page }) => {
  // The page's clock is Playwright's, so the 5 s between refreshes pass at once; the calls
  // are counted in the page when fetch is called (a request event could still be on its
  // way to the test when it counts), and counted again once their answer is read: the page
  // schedules its next refresh only then.
  await page.clock.install();
  await page.addInitScript(() => {
    const w = window as unknown as { dashboardCalls: number; dashboardPending: number };
    w.dashboardCalls = 0;
    w.dashboardPending = 0;
    const real = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!new URL(url, location.href).pathname.endsWith('/dashboard')) return real.call(window, input, init);
      w.dashboardCalls++;
      w.dashboardPending++;
      const done = () => {
        w.dashboardPending--;
      };
      return real.call(window, input, init).then(
        (res) => {
          const json = res.json.bind(res);
          res.json = () => json().finally(done);
          return res;
        },
        (err) => {
          done();
          throw err;
        },
      );
    };
  });
  const calls = () => page.evaluate(() => (window as unknown as { dashboardCalls: number }).dashboardCalls);
  const pending = () => page.evaluate(() => (window as unknown as { dashboardPending: number }).dashboardPending);
  await page.route('**/dashboard', async (r) => { await new Promise((res) => setTimeout(res, 1000)); await r.continue(); });
  await signedIn(page, owner);
  await openStudy(page, study); // the first answer is shown: the next refresh is scheduled
  const first = await calls();
  expect(first).toBeGreaterThanOrEqual(1);
  // The clock does drive the polling: 5 s later the page asks again.
  await page.clock.runFor(5_000);
  await expect.poll(calls).toBeGreaterThan(first);
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      return (window as unknown as { dashboardCalls: number }).dashboardCalls;
    }, hidden);
  const whileHidden = await setHidden(true);
  // The call the clock started may still be on its way: its answer, read while hidden,
  // must schedule nothing. (Were it still on its way when the tab is shown again, the
  // page would refresh after it, 5 s of the flowing clock later, not at once.)
  await expect.poll(pending).toBe(0);
  // Longer than two refreshes, even after a failure doubled the delay.
  await page.clock.runFor(12_000);
  expect(await calls()).toBe(whileHidden);
  // Shown again: a refresh at once, well before the 5 s of the next scheduled one.
  await setHidden(false);
  await expect.poll(calls, { timeout: 3000 }).toBeGreaterThan(whileHidden);
});

test('the owner pauses and closes the study after confirming each, and reopens it', async ({ page }) => {
  await signedIn(page, owner);
  await openStudy(page, study);
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog', { name: 'Pause this study?' }).getByRole('button', { name: 'Pause study' }).click();
  await expect(page.getByText('The study is now paused.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  // A new participant arriving now is turned away.
  const newcomer = await page.context().newPage();
  await newcomer.goto(`/?experiment_id=${study}&PROLIFIC_PID=late-${Date.now()}`);
  await expect(newcomer.getByText('This study is not accepting participants right now')).toBeVisible();
  await newcomer.close();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('The study is now open.')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this study?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it open' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close study' }).click();
  await expect(page.getByText('The study is now closed.')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByText('The study is now open.')).toBeVisible();

  // Sharing is managed here too (the owner only).
  await page.getByRole('region', { name: 'Sharing' }).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share study' });
  await expect(share.getByRole('list', { name: 'Shared with' })).toContainText(collaborator);
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toHaveCount(0);
});

test('a text corrected while the study runs is what the next participant gets, recorded as a version', async ({ page, baseURL }) => {
  await signedIn(page, owner);
  await openStudy(page, study);
  const texts = page.getByRole('region', { name: 'Participant texts' });
  await texts.getByLabel('Condition').selectOption('1');
  await texts.getByLabel('Text', { exact: true }).selectOption('consent');
  const box = texts.getByRole('textbox', { name: 'Consent text' });
  await expect(box).toHaveValue('You agree to take part in a short test.');
  await box.fill('You agree to take part in a **corrected** test.');
  await texts.getByRole('button', { name: 'Preview' }).click();
  await expect(texts.getByRole('region', { name: 'Preview: Consent text' }).locator('strong')).toHaveText('corrected');
  await texts.getByRole('button', { name: 'Save new version' }).click();
  await expect(texts.getByText('Consent text of condition 1 saved as a new version.')).toBeVisible();
  const history = texts.getByRole('region', { name: 'Version history, scrollable' });
  await expect(history.getByRole('row').filter({ hasText: 'Consent text' })).toHaveCount(1);
  await expect(history).toContainText(owner);

  // The next participant in condition 1 reads the corrected text.
  const participants = await request.newContext({ baseURL });
  let consent = '';
  for (let i = 0; i < 4 && !consent; i++) {
    const res = await participants.post('/v1/load_experiment', { data: { user_id: `${study}-t${i}`, experiment_id: study, query_params: {} } });
    const { data } = await res.json();
    if (Number(data.condition) === 1) consent = data.texts.consent as string;
  }
  expect(consent).toContain('<strong>corrected</strong>');
});

test('the owner reads the audit log', async ({ page }) => {
  // The audit route answering 404 is a regression, not a reason to skip.
  const probe = await ownerApi.get(`/v1/studies/${study}/audit`);
  expect(probe.status(), await probe.text()).toBe(200);
  await signedIn(page, owner);
  await openStudy(page, study);
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByRole('row').filter({ hasText: 'share' }).first()).toContainText(collaborator);
  await expect(audit.getByRole('button', { name: 'Download the audit log (CSV)' })).toBeVisible();
});

test('a collaborator sees the page but cannot pause, close or share', async ({ page }) => {
  await signedIn(page, collaborator);
  await openStudy(page, study);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard under test' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Funnel' })).toBeVisible();
  await expect(page.getByText("Only the study's owner can launch, pause, close, reopen, archive or delete it.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sharing' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Participant texts' })).toHaveCount(0);
  await shoot(page, 'study-collaborator');
});

test('a stranger gets the not-found page', async ({ page }) => {
  await signedIn(page, stranger);
  await page.goto(`/studies/${study}`);
  await expect(page.getByText('There is nothing at this address.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard under test' })).toHaveCount(0);
});

test('a participant silent for longer than --dropped-after counts as dropped', async ({ browser }, info) => {
  // A second server of its own with a one-second drop-out time, on its own data directory.
  const server = await startAppliance(['--dropped-after', '1s']);
  const base = server.baseURL;
  try {
    const name = 'dropper';
    execFileSync(binary, ['researcher', 'add', name, '--password-stdin', '--data', server.dataDir], { input: PASSWORD + '\n', stdio: ['pipe', 'ignore', 'pipe'] });
    const api = await apiAs(base, name);
    const id = await twoConditionStudy(api, 'Dropping study');
    const participants = await request.newContext({ baseURL: base });
    const stuck = await participate(participants, id, `${id}-stuck`, 2);
    await participate(participants, id, `${id}-done`, 4);

    const context = await browser.newContext({ baseURL: base, viewport: info.project.name === 'phone' ? { width: 360, height: 740 } : undefined });
    const page = await context.newPage();
    await signedIn(page, name);
    await openStudy(page, id);
    const want = stuck === 1 ? ['1', '0', '1'] : ['0', '1', '1'];
    await expect.poll(async () => (await funnelRow(page, 'Dropped')).slice(0, 3), { timeout: 20_000 }).toEqual(want);
    await expect(page.getByRole('rowheader', { name: /^Dropped.*1 second\./ })).toBeVisible();
    await page.getByLabel('Stage').selectOption('dropped');
    await expect(page.getByRole('region', { name: 'Participants, scrollable' }).getByRole('row')).toHaveCount(2);
    await context.close();
  } finally {
    await server.stop();
  }
});
