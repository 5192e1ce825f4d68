// Download data (/download; issue 9 item 4) in a real browser against the real server,
// driven by accessible names: every type saved to disk equals `feedlab export` of the same
// data byte for byte; the status messages in the spec's order; an unknown id and another
// researcher's study answer "No data found...".
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';
import { DEMO_SET } from './support/studies';

const NO_DATA = 'No data found. Did you enter your experiment ID correctly?';
const TYPES = [
  ['engagement', 'Feed engagement data'],
  ['user_form', 'User information'],
  ['entity_info', 'Entity information (covariates for stimuli)'],
  ['experiment_parameters', 'Experiment parameters'],
  ['inventory', 'Inventory (for creating custom feed algorithms)'],
  ['stimulus_set', 'Stimulus set'],
] as const;

/** cliExport is `feedlab export` of the same data directory, as bytes. */
function cliExport(id: string, type: string): Buffer {
  return execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['export', '--study', id, '--type', type, '--data', process.env.FEEDLAB_E2E_DATA!]);
}

/** participate registers two participants of the study and sends a like, dwell and answers. */
async function participate(ctx: APIRequestContext, study: string) {
  // Participant ids are unique per run and project (the phone project makes its own study).
  for (const user of [`${study}-p1`, `${study}-p2`]) {
    const load = await ctx.post('/v1/load_experiment', { data: { user_id: user, experiment_id: study, query_params: { PROLIFIC_PID: `pid-${user}` } } });
    expect(load.ok()).toBe(true);
    const { data } = await load.json();
    const cards = data.order_data as Array<{ entity_id: string }>;
    const ref = { user_id: user, experiment_id: study, condition: data.condition };
    const now = Date.now();
    const like = await ctx.post('/v1/write_user_engagement', {
      data: { ...ref, event_id: `${user}-like`, entity_id: cards[0].entity_id, engagement_type: 'likes', response: 'true', time_content_viewed: now - 900, time_engagement: now, likes: 1 },
    });
    expect(like.ok()).toBe(true);
    const dwell = await ctx.post('/v1/write_batch_dwell', {
      data: { ...ref, event_id: `${user}-dwell`, dwell_data: [{ idx: 0, entity_id: cards[1].entity_id, dwells: 1, dwellTimes: [1234], dwellsInviewTime: [now] }] },
    });
    expect(dwell.ok()).toBe(true);
    const form = await ctx.post('/v1/write_form', { data: { ...ref, event_id: `${user}-form`, form_fields: { age: '34', comments: 'caf%C3%A9%2C%20%22ok%22' } } });
    expect(form.ok()).toBe(true);
  }
}

async function open(page: Page, name: string, path = '/download') {
  // Chromium's save dialog cannot be answered in a headless test: take the Blob URL path
  // (the streaming path has its own test below).
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await signIn(page, name);
  if (path === '/studies') return; // signIn lands there
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Download data' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

let owner = '';
let study = '';

test.beforeAll(async ({ baseURL }, testInfo) => {
  owner = uniqueName('dl', testInfo);
  addResearcher(owner);
  const ctx = await apiAs(baseURL!, owner);
  study = await spawnStudy(ctx, { title: 'Download, "all" types', platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=C1' });
  await participate(ctx, study);
});

test('each of the six types saved to disk equals feedlab export byte for byte', async ({ page }) => {
  await open(page, owner);
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeDisabled();
  const group = page.getByRole('group', { name: 'What do you want to download?' });
  for (const [type, label] of TYPES) {
    await group.getByRole('radio', { name: label, exact: true }).check();
    const id = type === 'stimulus_set' ? DEMO_SET : study;
    await page.getByLabel('Enter experiment ID or stimulus set name').fill(id);
    await expect(download).toBeEnabled();
    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe(`${id}_${type}.csv`);
    const bytes = readFileSync(await file.path());
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.equals(cliExport(id, type)), `${type}: the page's file differs from feedlab export`).toBe(true);
    await expect(page.getByRole('status')).toHaveText(`Finish downloading data Saved as ${id}_${type}.csv.`);
  }
  // The data is there: two likes, both participants' answers.
  const engagement = cliExport(study, 'engagement').toString();
  expect(engagement.split('\n').filter((l) => l.includes(',likes,true,'))).toHaveLength(2);
});

test('the status messages come in the spec order; the streaming path writes the same bytes', async ({ page }) => {
  // A save dialog answered by the test: the body is piped into this writable chunk by chunk.
  await page.addInitScript(() => {
    const w = window as unknown as { showSaveFilePicker: unknown; __saved: number[]; __name: string; __statuses: string[] };
    w.__saved = [];
    w.__statuses = [];
    w.showSaveFilePicker = async (opts: { suggestedName: string }) => {
      w.__name = opts.suggestedName;
      return {
        createWritable: async () =>
          new WritableStream<Uint8Array>({
            write(chunk) {
              w.__saved.push(...chunk);
            },
          }),
      };
    };
    new MutationObserver(() => {
      const text = document.querySelector('.download [role="status"]')?.textContent ?? '';
      if (text && w.__statuses[w.__statuses.length - 1] !== text) w.__statuses.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await signIn(page, owner);
  await page.goto(`/download?study=${study}`);
  await expect(page.getByLabel('Enter experiment ID or stimulus set name')).toHaveValue(study);
  await page.getByRole('radio', { name: 'Feed engagement data' }).check();
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('status')).toContainText('Finish downloading data');
  const { saved, name, statuses } = await page.evaluate(() => {
    const w = window as unknown as { __saved: number[]; __name: string; __statuses: string[] };
    return { saved: w.__saved, name: w.__name, statuses: w.__statuses };
  });
  expect(name).toBe(`${study}_engagement.csv`);
  expect(Buffer.from(saved).equals(cliExport(study, 'engagement'))).toBe(true);
  expect(statuses.map((s) => s.replace(/ Saved as .*/, ''))).toEqual([
    'Processing downloaded data',
    'Data ready for download. Preparing csv...',
    'Downloading data...',
    'Finish downloading data',
  ]);
});

test('an unknown id and another researcher\'s study answer "No data found..."; suggestions list the studies and sets', async ({ page }, testInfo) => {
  const stranger = uniqueName('dl-other', testInfo);
  addResearcher(stranger);
  await open(page, stranger);
  const input = page.getByLabel('Enter experiment ID or stimulus set name');
  await page.getByRole('radio', { name: 'Feed engagement data' }).check();
  await input.fill('fl-nothere');
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('status')).toHaveText(NO_DATA);

  await input.fill(study);
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('status')).toHaveText(NO_DATA);

  await page.getByRole('radio', { name: 'Stimulus set' }).check();
  await input.fill('20990101_nosuchset');
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('status')).toHaveText(NO_DATA);

  // Suggestions: the sets for a stimulus set, the studies this researcher sees otherwise
  // (the demo, never the owner's study).
  const list = page.locator(`datalist#${await input.getAttribute('list')}`.replace(/:/g, '\\:'));
  await expect(list.locator(`option[value="${DEMO_SET}"]`)).toHaveCount(1);
  await page.getByRole('radio', { name: 'User information' }).check();
  await expect(list.locator('option[value="solarflare"]')).toHaveCount(1);
  await expect(list.locator(`option[value="${study}"]`)).toHaveCount(0);
});

test('My studies links each study to its download page', async ({ page }) => {
  await open(page, owner, '/studies');
  await page.getByRole('article', { name: new RegExp(study) }).getByRole('link', { name: 'Download data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Download data' })).toBeVisible();
  await expect(page.getByLabel('Enter experiment ID or stimulus set name')).toHaveValue(study);
  // Keyboard only: choose a type with the arrow keys and press Download.
  await page.getByRole('radio', { name: 'Feed engagement data' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'User information' })).toBeChecked();
  const saved = page.waitForEvent('download');
  await page.keyboard.press('Tab'); // the id
  await page.keyboard.press('Tab'); // Download
  await expect(page.getByRole('button', { name: 'Download' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await saved).suggestedFilename()).toBe(`${study}_user_form.csv`);
});
