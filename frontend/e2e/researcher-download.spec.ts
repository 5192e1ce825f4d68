// Download data (/download; issue 9 items 4-7) in a real browser against the real server,
// driven by accessible names: every type saved to disk equals `feedlab export` of the same
// data byte for byte (the derived types with their cleaning options too); the codebook
// beside each file lists every column of it; the status messages in the spec's order; an
// unknown id and another researcher's study answer "No data found..."; the study bundle.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, apiAs, signedIn, signIn, spawnStudy, uniqueName } from './support/researchers';
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

/** cliExport is `feedlab export` of the same data directory (SQLite's WAL lets it read
 * while the server writes), as bytes. */
function cliExport(id: string, type: string, ...flags: string[]): Buffer {
  return execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['export', '--study', id, '--type', type, ...flags, '--data', process.env.FEEDLAB_E2E_DATA!], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const DERIVED = [
  ['participants', 'Participants (one row each, every answer as a column)'],
  ['exposures', 'Exposures (one row per participant and card, ready for analysis)'],
] as const;

/** codebookColumns reads the column names of a codebook's "## Columns" table. */
function codebookColumns(markdown: string): string[] {
  const section = (markdown.split('\n## Columns\n')[1] ?? '').trimStart().split('\n\n')[0];
  return section
    .split('\n')
    .slice(2) // the table's header and separator
    .filter((line) => line.startsWith('| '))
    .map((line) => line.slice(2, line.indexOf(' | ')).replace(/\\(.)/g, '$1'));
}

/** csvHeader is the first record of a CSV file (no column name holds a line break). */
function csvHeader(bytes: Buffer): string[] {
  return splitHeader(bytes.toString('utf8').split('\n')[0]);
}

function splitHeader(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else if (c !== '\r') field += c;
  }
  out.push(field);
  return out;
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
  const download = page.getByRole('button', { name: 'Download', exact: true });
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

test('participants and exposures, with the cleaning options, equal feedlab export byte for byte', async ({ page }) => {
  await open(page, owner);
  const download = page.getByRole('button', { name: 'Download', exact: true });
  const group = page.getByRole('group', { name: 'What do you want to download?' });
  await page.getByLabel('Enter experiment ID or stimulus set name').fill(study);
  const cleaning = page.getByRole('group', { name: 'Cleaning (exposures)' });
  for (const [type, label] of DERIVED) {
    await group.getByRole('radio', { name: label, exact: true }).check();
    // The cleaning options show for exposures only.
    await expect(cleaning).toBeVisible({ visible: type === 'exposures' });
    const saved = page.waitForEvent('download');
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe(`${study}_${type}.csv`);
    expect(readFileSync(await file.path()).equals(cliExport(study, type)), `${type} differs from feedlab export`).toBe(true);
  }
  // With cleaning: the values go to the server and the file equals the CLI's with the same flags.
  await cleaning.getByLabel('Dwell cap (ms)').fill('1000');
  await cleaning.getByLabel('Dwell floor (ms)').fill('2000');
  await expect(page.getByText('The dwell cap must be above the dwell floor.')).toBeVisible();
  await expect(download).toBeDisabled();
  await cleaning.getByLabel('Dwell cap (ms)').fill('30000');
  await cleaning.getByLabel('Dwell floor (ms)').fill('250');
  await cleaning.getByLabel('Trim first and last cards').fill('1');
  await cleaning.getByRole('checkbox', { name: 'Only participants who saw every card' }).check();
  await expect(download).toBeEnabled();
  const request = page.waitForRequest('**/v1/dump_data');
  const saved = page.waitForEvent('download');
  await download.click();
  expect((await request).postDataJSON()).toMatchObject({ data_type: 'exposures', dwell_cap_ms: 30000, dwell_floor_ms: 250, trim: 1, saw_every_card: true });
  const cleaned = readFileSync(await (await saved).path());
  expect(cleaned.equals(cliExport(study, 'exposures', '--dwell-cap-ms', '30000', '--dwell-floor-ms', '250', '--trim', '1', '--saw-every-card'))).toBe(true);
  // Nobody saw every card of their feed: only the header is left, as the codebook says.
  expect(cleaned.toString().trim().split('\n')).toHaveLength(1);
});

test('the codebook beside each file lists every column of it', async ({ page }) => {
  await open(page, owner);
  const group = page.getByRole('group', { name: 'What do you want to download?' });
  const input = page.getByLabel('Enter experiment ID or stimulus set name');
  for (const [type, label] of [...TYPES, ...DERIVED]) {
    await group.getByRole('radio', { name: label, exact: true }).check();
    const id = type === 'stimulus_set' ? DEMO_SET : study;
    await input.fill(id);
    const csvSaved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const header = csvHeader(readFileSync(await (await csvSaved).path()));
    const bookSaved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download codebook' }).click();
    const book = await bookSaved;
    expect(book.suggestedFilename()).toBe(`${id}_${type}_codebook.md`);
    const text = readFileSync(await book.path(), 'utf8');
    expect(text).toContain(`# Codebook: ${type} export of ${id}`);
    expect(codebookColumns(text), `${type}: the codebook's columns`).toEqual(header);
    expect(text).not.toContain('(not described)');
    await expect(page.getByRole('status')).toHaveText(`Finish downloading data Saved as ${id}_${type}_codebook.md.`);
  }
});

test('Include test participants and Raw values are sent; the study bundle downloads and Start from a file imports it', async ({ page }) => {
  await open(page, owner);
  await page.getByRole('radio', { name: 'Feed engagement data' }).check();
  await page.getByLabel('Enter experiment ID or stimulus set name').fill(study);
  await page.getByRole('checkbox', { name: 'Include test participants' }).check();
  await page.getByRole('checkbox', { name: 'Raw values' }).check();
  const request = page.waitForRequest('**/v1/dump_data');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await request).postDataJSON()).toEqual({ idName: study, data_type: 'engagement', experiment_id: study, include_test: true, raw: true });
  await saved;

  const bundle = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download study bundle' }).click();
  const zip = await bundle;
  expect(zip.suggestedFilename()).toBe(`${study}_bundle.zip`);
  const zipPath = await zip.path();
  expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

  // The wizard's Start from a file takes the bundle: the study is recreated, owned by the
  // researcher, with identical parameters, and its page opens.
  await page.goto('/create-study');
  await page.getByLabel('Parameters file (CSV) or study bundle (.zip)').setInputFiles({ name: `${study}_bundle.zip`, mimeType: 'application/zip', buffer: readFileSync(zipPath) });
  await expect(page).toHaveURL(/\/studies\/fl-[a-z0-9]+$/);
  const copy = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(copy).not.toBe(study);
  expect(cliExport(copy, 'experiment_parameters').equals(cliExport(study, 'experiment_parameters'))).toBe(true);

  // A file that is not a bundle is refused with the server's reason; nothing is made.
  await page.goto('/create-study');
  await page.getByLabel('Parameters file (CSV) or study bundle (.zip)').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK broken') });
  await expect(page.getByRole('status').filter({ hasText: 'broken.zip was not imported.' })).toContainText('not a zip file');
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
  await signedIn(page, owner);
  await page.goto(`/download?study=${study}`);
  await expect(page.getByLabel('Enter experiment ID or stimulus set name')).toHaveValue(study);
  await page.getByRole('radio', { name: 'Feed engagement data' }).check();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
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
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(NO_DATA);

  await input.fill(study);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(NO_DATA);

  await page.getByRole('radio', { name: 'Stimulus set' }).check();
  await input.fill('20990101_nosuchset');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
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
  await page.keyboard.press('Tab'); // Include test participants
  await page.keyboard.press('Tab'); // Raw values
  await page.keyboard.press('Tab'); // Download
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await saved).suggestedFilename()).toBe(`${study}_user_form.csv`);
});
