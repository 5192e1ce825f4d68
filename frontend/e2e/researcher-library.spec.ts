// The stimulus library in a real browser against the real server (issue 9, items 2 and 3):
// hosted upload of images and a video with progress to 100% and the cards served from
// /media/; a connection that drops mid-way, resumed without sending stored files twice;
// hiding a set from the wizard and showing it again; deleting an unused set, refused for a
// used one. LIBRARY_SHOTS=/dir also saves screenshots at 1280 and 360 px.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, apiAs, signedIn, spawnStudy, uniqueName } from './support/researchers';
import { entitySets } from './support/studies';

const shots = process.env.LIBRARY_SHOTS;
const PNG = readFileSync('public/favicon.png');
const WEBM = readFileSync('public/video/intervention-demo.webm');

/** uniquePNG is a valid PNG no other test uses: bytes after IEND are ignored by decoders. */
function uniquePNG(): Buffer {
  return Buffer.concat([PNG, randomBytes(16)]);
}

function sha(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

/** ident is a set identifier no other test (or project, or run) uses: 15 characters at most. */
function ident(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.slice(0, 15);
}

function today(): string {
  return new Date().toISOString().slice(0, 10).replace(/-/g, '');
}

/** folder writes files into a new directory named stim and returns its path. */
function folder(files: Record<string, Buffer>): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'feedlab-hosted-')), 'stim');
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

function tsv(rows: Array<[string, string]>): string {
  return [
    'source_url\tfilename\tretrieve_date\tentity_type\theadline\tlean',
    ...rows.map(([file, headline], i) => `https://example.org/${file}\t${file}\t2026-01-0${i + 1}\t${file.endsWith('.webm') ? 'video' : 'image'}\t${headline}\t${i % 2 ? 'left' : 'right'}`),
  ].join('\n');
}

async function openHosted(page: Page, info: TestInfo): Promise<string> {
  const name = uniqueName('lib', info);
  addResearcher(name);
  await signedIn(page, name);
  await page.goto('/upload-hosted');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload stimuli with media' })).toBeVisible();
  return name;
}

async function fillSet(page: Page, id: string, text: string) {
  await page.getByLabel('Set name').fill(id);
  await page.getByRole('radio', { name: 'news' }).check();
  await page.getByLabel('Stimuli (tab-separated)').fill(text);
}

const overall = (page: Page) => page.getByRole('progressbar', { name: 'Overall progress' });

test('hosted upload of images and a video: matching, progress to 100%, cards served from /media/', async ({ page }, info) => {
  await openHosted(page, info);
  const id = ident('hosted');
  const dir = folder({ 'a.png': uniquePNG(), 'img/b.png': uniquePNG(), 'clip.webm': WEBM, 'notes/extra.png': uniquePNG() });
  await fillSet(page, id, tsv([['a.png', 'First image'], ['img/b.png', 'Second image'], ['clip.webm', 'A video post']]));
  await page.getByLabel('Choose a folder').setInputFiles(dir);

  // Before anything is sent: the file no row names, and the counts that disagree.
  const problems = page.getByRole('region', { name: 'Rows and files that do not match' });
  await expect(problems).toContainText('No covariate info: stim/notes/extra.png');
  await expect(problems).toContainText('Incorrect number of entities provided. Please try again.');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/${info.project.name}-hosted-mismatch.png`, fullPage: true });
  await page.getByRole('button', { name: 'Leave out the 1 file no row names' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row has its file' })).toContainText('3 files for 3 rows');

  await page.getByRole('button', { name: 'Submit' }).click();
  const stored = `${today()}_${id}`;
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(`Success! The set is stored as ${stored} with 3 cards.`, { timeout: 20_000 });
  await expect(overall(page)).toHaveJSProperty('value', 100);
  for (const f of ['stim/a.png', 'stim/img/b.png', 'stim/clip.webm']) {
    await expect(page.getByRole('progressbar', { name: `Progress of ${f}` })).toHaveJSProperty('value', 100);
  }
  if (shots) await page.screenshot({ path: `${shots}/${info.project.name}-hosted-done.png`, fullPage: true });

  await page.getByRole('link', { name: `See the cards of ${stored}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: stored })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Cards' }).locator('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).getByRole('heading', { name: 'First image' })).toBeVisible();
  await expect(cards.nth(0)).toContainText('');
  const img = cards.nth(0).locator('img');
  await expect(img).toHaveAttribute('src', new RegExp(`^/media/[0-9a-f]{64}\\.png$`));
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const video = cards.nth(2).locator('video');
  await expect(video).toHaveAttribute('src', `/media/${sha(WEBM)}.webm`);
  const res = await page.request.get(`/media/${sha(WEBM)}.webm`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('video/webm');
  // Covariates beside each card.
  await expect(page.getByRole('list', { name: 'Cards' }).locator('li').nth(1)).toContainText('left');
  if (shots) await page.screenshot({ path: `${shots}/${info.project.name}-set.png`, fullPage: true });
});

test('a dropped connection: the failed file is retried, the upload resumes without sending stored files again', async ({ page, baseURL }, info) => {
  await page.clock.install(); // the waits between attempts (RETRY_DELAYS_MS) pass at once
  const researcher = await openHosted(page, info);
  const id = ident('resume');
  const files = { 'a.png': uniquePNG(), 'b.png': uniquePNG(), 'c.png': uniquePNG() };
  const dir = folder(files);
  await fillSet(page, id, tsv([['a.png', 'A'], ['b.png', 'B'], ['c.png', 'C']]));
  await page.getByLabel('Choose a folder').setInputFiles(dir);

  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/media/') && !r.url().endsWith('/stored')) sends.push(decodeURIComponent(r.headers()['x-filename'] ?? ''));
  });
  // Every attempt at b.png loses its connection.
  await page.route('**/v1/media/*', (route) =>
    route.request().headers()['x-filename']?.includes('b.png') ? route.abort('connectionreset') : route.continue(),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  // The clock jumps over each wait before the next attempt (0.5, 1.5 and 4 s), as time would
  // pass.
  const failed = page.getByRole('status').filter({ hasText: 'could not be sent' });
  await expect(async () => {
    await page.clock.fastForward(4_000);
    await expect(failed).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(failed).toContainText('1 file could not be sent, so no set was made.');
  await expect(page.getByRole('list').filter({ hasText: 'stim/b.png' })).toContainText('Failed');
  const attemptsAtB = sends.filter((s) => s === 'stim/b.png').length;
  expect(attemptsAtB).toBeGreaterThan(1); // retried before giving up
  expect(sends.filter((s) => s !== 'stim/b.png').sort()).toEqual(['stim/a.png', 'stim/c.png']);

  // No half set.
  const api = await apiAs(baseURL!, researcher);
  const stored = `${today()}_${id}`;
  expect((await (await api.get('/v1/sets')).json()).data.sets.map((s: { entity_set: string }) => s.entity_set)).not.toContain(stored);
  if (shots) await page.screenshot({ path: `${shots}/${info.project.name}-hosted-failed.png`, fullPage: true });

  // The connection is back: resume sends only b.png.
  await page.unroute('**/v1/media/*');
  sends.length = 0;
  await page.getByRole('button', { name: 'Resume upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(`Success! The set is stored as ${stored} with 3 cards.`, { timeout: 20_000 });
  expect(sends).toEqual(['stim/b.png']);
  await expect(overall(page)).toHaveJSProperty('value', 100);

  // Each file once on the appliance, the set once in the library.
  const have = (await (await api.post('/v1/media/stored', { data: { sha256: Object.values(files).map(sha) } })).json()).data.stored;
  expect(Object.keys(have).sort()).toEqual(Object.values(files).map(sha).sort());
  const sets = (await (await api.get('/v1/sets')).json()).data.sets.filter((s: { entity_set: string }) => s.entity_set === stored);
  expect(sets).toHaveLength(1);
  expect(sets[0].num_entities).toBe(3);
});

/** makeSet stores a small set through the API and answers its name. */
async function makeSet(baseURL: string, researcher: string, prefix: string): Promise<string> {
  const api = await apiAs(baseURL, researcher);
  const covariates = [1, 2].map((i) => ({
    source_url: `https://example.org/${i}.jpg`,
    entity_url: `https://example.org/${i}.jpg`,
    filename: `${i}.jpg`,
    retrieve_date: '2026-01-01',
    entity_type: 'image',
    headline: `Card%20${i}`,
  }));
  const res = await api.post('/v1/ingest_entity_set', { data: { entity_set_settings: { setname: ident(prefix), category: 'opinion', covariates } } });
  const body = await res.json();
  if (body.success !== 'true') throw new Error(JSON.stringify(body));
  return body.data.entity_set as string;
}

async function wizardOffers(page: Page, label: string): Promise<boolean> {
  await page.goto('/create-study');
  await page.getByLabel('How many conditions?').fill('1');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  const cards = page.getByRole('group', { name: 'Cards', exact: true });
  await expect(cards.getByRole('checkbox', { name: 'solarflare_demo [24]' })).toBeVisible();
  return (await cards.getByRole('checkbox', { name: label }).count()) > 0;
}

test('hide a set from the wizard and show it again', async ({ page, baseURL }, info) => {
  const researcher = uniqueName('lib', info);
  addResearcher(researcher);
  const set = await makeSet(baseURL!, researcher, 'hide');
  await signedIn(page, researcher);
  expect(await wizardOffers(page, `${set} [2]`)).toBe(true);

  await page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'Stimulus library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stimulus library' })).toBeVisible();
  await page.getByLabel('Search sets').fill(set);
  await expect(page.getByText('1 of')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/${info.project.name}-library.png`, fullPage: true });
  await page.getByRole('link', { name: set }).click();
  await page.getByRole('button', { name: 'Hide from the wizard' }).click();
  await expect(page.getByRole('status')).toContainText('The set is hidden from the study wizard.');
  await expect(page.getByText('Hidden from the wizard', { exact: true })).toBeVisible();
  expect(await wizardOffers(page, `${set} [2]`)).toBe(false);

  await page.goto(`/sets/${set}`);
  await page.getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByRole('status')).toContainText('offered in the study wizard again');
  expect(await wizardOffers(page, `${set} [2]`)).toBe(true);
});

test('delete: refused while a study uses the set, done for an unused one', async ({ page, baseURL }, info) => {
  const researcher = uniqueName('lib', info);
  addResearcher(researcher);
  const used = await makeSet(baseURL!, researcher, 'used');
  const free = await makeSet(baseURL!, researcher, 'free');
  const study = await spawnStudy(await apiAs(baseURL!, researcher), { entity_sets: entitySets(2, used) });
  await signedIn(page, researcher);

  await page.goto(`/sets/${used}`);
  await expect(page.getByText(`Used by ${study}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete set' })).toBeDisabled();
  await expect(page.getByText('A set used by a study cannot be deleted')).toBeVisible();

  await page.goto(`/sets/${free}`);
  await expect(page.getByText('No study uses this set yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete set' }).click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stimulus library' })).toBeVisible();
  await expect(page.getByRole('link', { name: used })).toBeVisible();
  await expect(page.getByRole('link', { name: free })).toHaveCount(0);
});

test('files dropped onto the page are matched to the rows', async ({ page }, info) => {
  await openHosted(page, info);
  await fillSet(page, ident('drop'), tsv([['one.png', 'One'], ['two.png', 'Two']]));
  const png = [...uniquePNG()];
  const dt = await page.evaluateHandle((bytes) => {
    const d = new DataTransfer();
    for (const name of ['one.png', 'two.png', 'stray.gif']) d.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
    return d;
  }, png);
  await page.getByRole('group', { name: 'Media files: choose them or drop them here' }).dispatchEvent('drop', { dataTransfer: dt });
  await expect(page.getByText('3 files, 1.5 KB')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rows and files that do not match' })).toContainText('No covariate info: stray.gif');
  await page.getByRole('button', { name: 'Leave out the 1 file no row names' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Every row has its file' })).toContainText('2 files for 2 rows');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
