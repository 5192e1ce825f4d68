// Issue 22, item 5: every word the console and the home page say is true (a researcher-*
// spec: the phone project skips it; the tests that are about 360 px set that width).
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/appliance';
import { cards } from './support/feed';
import { entitySets } from './support/studies';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';

const binary = process.env.FEEDLAB_BIN ?? '../feedlab';

test('a sign-up left on the home page is read on the Sign-ups page and exported as CSV', async ({ page }, info) => {
  const email = `${uniqueName('alpha', info)}@example.org`;
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name (optional)').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks! We will be in touch.');

  const me = uniqueName('signups', info);
  addResearcher(me);
  await signIn(page, me);
  await page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'Sign-ups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-ups' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Sign-ups' }).getByRole('listitem').filter({ hasText: email });
  await expect(row.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(row).toContainText('Grace Hopper');
  await expect(page.getByText('feedlab export --type signups')).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/tmp/words-signups-${width}.png`, fullPage: true });
  }

  const csv = execFileSync(binary, ['export', '--type', 'signups', '--data', process.env.FEEDLAB_E2E_DATA!], { encoding: 'utf8' });
  expect(csv.split('\n')[0]).toBe('email,name,created_at_ms,created_at_iso');
  expect(csv).toContain(`${email},Grace Hopper,`);
});

test('sharing with every researcher says who that is, not that the study is public', async ({ page, baseURL }, info) => {
  const owner = uniqueName('sharer', info);
  addResearcher(owner);
  addResearcher(uniqueName('friend', info));
  const ctx = await apiAs(baseURL!, owner);
  const id = await spawnStudy(ctx, { title: 'Shared with all' });
  // Every other account of this appliance (other specs of this worker made some).
  const others = ((await (await ctx.get('/v1/researchers')).json()).data.researchers as Array<{ name: string }>)
    .map((r) => r.name)
    .filter((n) => n !== owner);
  expect(others.length).toBeGreaterThan(0);
  for (const name of others) {
    expect((await ctx.post(`/v1/studies/${id}/shares`, { data: { name } })).ok()).toBe(true);
  }
  await signIn(page, owner);
  await page.getByRole('article').filter({ hasText: id }).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share study' });
  const who =
    others.length === 1
      ? `The only other researcher account on this appliance, ${others[0]}, already sees this study.`
      : `All ${others.length} other researcher accounts on this appliance (`;
  await expect(dialog).toContainText(who);
  await expect(dialog).toContainText('No one else does: participants and visitors never see');
  await expect(dialog).not.toContainText('Every other researcher already sees this study');
});

test('a file that is not an image is named, with what to do, and Resume upload is not offered for it', async ({ page }, info) => {
  const me = uniqueName('hosted', info);
  addResearcher(me);
  await signIn(page, me);
  await page.goto('/upload-hosted');
  const id = `txt${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e3)}`.slice(0, 15);
  await page.getByLabel('Set name').fill(id);
  await page.getByRole('radio', { name: 'news' }).check();
  await page.getByLabel('Stimuli (tab-separated)').fill(
    ['source_url\tfilename\tretrieve_date\tentity_type\theadline', 'https://example.org/a\tphoto.txt\t2026-01-01\timage\tA note, not a photo'].join('\n'),
  );
  await page.getByLabel('Choose files').setInputFiles({ name: 'photo.txt', mimeType: 'text/plain', buffer: Buffer.from(`just some words ${id}\n`) });
  await page.getByRole('button', { name: 'Submit' }).click();
  const outcome = page.getByText('No set was made.');
  await expect(outcome).toContainText('photo.txt is not an image (PNG, JPEG, GIF or WebP) or a video (MP4, WebM or Ogg)');
  await expect(outcome).toContainText('choose the files again');
  await expect(outcome).not.toContainText('Resume upload');
  await expect(page.getByRole('button', { name: 'Resume upload' })).toHaveCount(0);
});

test('paste upload: the preview flags every row problem at once, and the server refusal lists every row in the same numbering', async ({ page }, info) => {
  const me = uniqueName('paste', info);
  addResearcher(me);
  await signIn(page, me);
  await page.goto('/upload');
  const set = `rows${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1e3)}`.slice(0, 15);
  await page.getByLabel('Set name').fill(set);
  await page.getByRole('radio', { name: 'news' }).check();
  const stimuli = page.getByLabel('Stimuli (tab-separated)');
  await stimuli.fill(
    [
      'source_url\tfilename\tretrieve_date\tentity_type',
      'https://example.org/1\t1.jpg\t2026-01-01\timage',
      'not a link\t2.jpg\t2026-01-01\timage',
      '',
      'https://example.org/3\t\t2026-01-01\timage',
      'https://example.org/4\t1.jpg\t2026-01-01\timage',
    ].join('\n'),
  );
  await expect(page.getByRole('list', { name: 'Problems in the rows' }).getByRole('listitem')).toHaveText([
    'Row 3 (card 2): source_url must be an http:// or https:// link or a path of this appliance (/media/, /img/, /video/), not "not a link".',
    'Row 5 (card 3): filename is empty.',
  ]);
  await expect(page.getByRole('list', { name: 'Warnings about the rows' })).toHaveText(
    'Row 6 (card 4): filename 1.jpg is also on row 2 (card 1); both cards name the same file.',
  );
  await expect(page.getByText('2 problems in the rows, each listed under the preview.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  // The preview's Row column counts the same way.
  await expect(page.getByRole('region', { name: 'Preview of the first rows' }).getByRole('rowheader')).toHaveText(['2', '3', '5', '6']);

  // What only the server checks (a value's length) comes back for every row at once.
  const long = 'x'.repeat(10_001);
  await stimuli.fill(
    [
      'source_url\tfilename\tretrieve_date\tentity_type\theadline',
      `https://example.org/1\t1.jpg\t2026-01-01\timage\t${long}`,
      'https://example.org/2\t2.jpg\t2026-01-01\timage\tfine',
      '',
      `https://example.org/3\t3.jpg\t2026-01-01\timage\t${long}`,
    ].join('\n'),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const status = page.getByRole('status').filter({ hasText: 'The server refused' });
  await expect(status).toContainText('The server refused 2 rows:');
  await expect(status.getByRole('listitem')).toHaveText([
    'Row 2 (card 1): column headline is 10001 bytes long; the limit is 10000',
    'Row 5 (card 3): column headline is 10001 bytes long; the limit is 10000',
  ]);
});

test('classroom labels: a repeated label is reported, and a QR code of a loopback link warns', async ({ page, baseURL }, info) => {
  const me = uniqueName('class', info);
  addResearcher(me);
  const id = await spawnStudy(await apiAs(baseURL!, me), { title: 'Classroom' });
  await signIn(page, me);
  await page.goto(`/studies/${id}`);
  const labels = page.getByLabel('Participant labels');
  await labels.fill('Ana\nBen\nAna');
  await page.getByRole('button', { name: 'Add labels' }).click();
  await expect(page.getByText('2 labels added; each has its own link below. Not added again: "Ana" was given 2 times and has one link.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Personal links' }).getByRole('listitem')).toHaveCount(2);
  await labels.fill('Ben\nCleo');
  await page.getByRole('button', { name: 'Add labels' }).click();
  await expect(page.getByText('1 label added; each has its own link below. Not added again: "Ben" already has a link.')).toBeVisible();

  // The appliance of the tests listens on 127.0.0.1: every QR code says phones cannot open it.
  const card = page.getByRole('listitem', { name: 'Link for Cleo' });
  await expect(card.getByRole('img', { name: /QR code of the link http:\/\/127\.0\.0\.1/ })).toBeVisible();
  await expect(card.getByRole('note')).toHaveText(/^Phones cannot reach 127\.0\.0\.1: open the console from the appliance's LAN address .*--addr 0\.0\.0\.0:8080/);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/words-qr-${width}.png` });
  }
});

test("a preview participant sees that the run is not recorded as a participant's; a participant does not", async ({ page, baseURL }, info) => {
  const me = uniqueName('preview', info);
  addResearcher(me);
  const ctx = await apiAs(baseURL!, me);
  const id = await spawnStudy(ctx, { forms: '["form"]' });
  const res = await ctx.post(`/v1/studies/${id}/preview`, { data: { condition: 1 } });
  const url = (await res.json()).data.url as string;
  expect(url).toContain('preview=');

  await page.goto(url);
  const banner = page.getByRole('complementary', { name: 'Preview' });
  await expect(cards(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(banner).toHaveText(/^Preview: not recorded as a participant\./);
  // Every page of the flow says it, the questionnaires too.
  await page.goto('/form/form');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: '/tmp/words-preview-360.png' });

  const participant = await page.context().browser()!.newPage();
  await participant.goto(`${baseURL}/?experiment_id=${id}&PROLIFIC_PID=p1`);
  await expect(cards(participant).first()).toBeVisible({ timeout: 15_000 });
  await expect(participant.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
  await participant.close();
});

test('at 360 px the funnel and participant tables show stage, condition first and say that they scroll', async ({ page, baseURL }, info) => {
  const me = uniqueName('narrow', info);
  addResearcher(me);
  const ctx = await apiAs(baseURL!, me);
  const rows = [1, 2, 3].flatMap((condition) =>
    Object.entries({ title: 'Narrow tables', entity_sets: entitySets(5), forms: '[]' }).map(([param, value]) => ({ condition, param, value })),
  );
  const spawned = await (await ctx.post('/v1/spawn_experiment', { data: { condition_settings: rows } })).json();
  const id = spawned.data.experiment_id as string;
  // A new study is a draft: launch it so participants may arrive.
  expect((await ctx.post(`/v1/studies/${id}/launch`)).ok()).toBe(true);
  for (const who of ['a', 'b', 'c']) {
    const load = await ctx.post('/v1/load_experiment', { data: { user_id: `${id}-${who}`, experiment_id: id, query_params: { PROLIFIC_PID: `pid-${id}-${who}-long-platform-id` } } });
    expect(load.ok()).toBe(true);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, me);
  await page.goto(`/studies/${id}`);

  const funnel = page.getByRole('region', { name: 'Funnel, scrollable' });
  await expect(funnel).toHaveAttribute('tabindex', '0');
  const people = page.getByRole('region', { name: 'Participants, scrollable' });
  await expect(people.getByRole('row')).toHaveCount(4);
  await expect(page.getByText('The table is wider than the screen: scroll it sideways for more columns.').first()).toBeVisible();

  // The participant table's condition and stage are on screen without scrolling.
  for (const name of ['Condition', 'Stage']) {
    const box = (await people.getByRole('columnheader', { name, exact: true }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
  }
  // The keyboard scrolls the funnel; its stage column stays in view.
  await funnel.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => funnel.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const stage = (await funnel.getByRole('rowheader').first().boundingBox())!;
  const region = (await funnel.boundingBox())!;
  expect(stage.x).toBeGreaterThanOrEqual(region.x - 1);
  await page.locator('section').filter({ has: funnel }).screenshot({ path: '/tmp/words-funnel-360.png' });
  await people.scrollIntoViewIfNeeded();
  await page.locator('section').filter({ has: people }).screenshot({ path: '/tmp/words-participants-360.png' });
});
