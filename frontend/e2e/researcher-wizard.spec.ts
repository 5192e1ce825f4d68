// The study wizard in a real browser against the real server (issue 8 item 3): driven by
// accessible names only (section groups, "Condition N" groups, option labels).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { parseCSV } from './support/studies';

const NAME = 'wizard-researcher';
const PASSWORD = 'wizard password long enough';
const SET = 'solarflare_demo [24]';
const ENTITY_SETS_ERROR = 'You need to select at least one set per condition under the Cards section.';

test.describe.configure({ mode: 'serial' });
// The wizard is a laptop and tablet page; the phone project runs the layout check only.
test.skip(({ isMobile }) => isMobile, 'desktop only');

let accountMade = false;

/** signIn makes the researcher account (once, with the CLI) and signs the page's context in. */
async function signIn(page: Page) {
  if (!accountMade) {
    try {
      execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['researcher', 'add', NAME, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
        input: PASSWORD + '\n',
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } catch (err) {
      if (!String((err as { stderr?: Buffer }).stderr ?? '').includes('already exists')) throw err;
    }
    accountMade = true;
  }
  const res = await page.request.post('/v1/auth/login', { data: { name: NAME, password: PASSWORD } });
  expect(res.ok()).toBe(true);
}

/** open signs in, opens the wizard with an empty saved form and waits for the title. */
async function open(page: Page, path = '/create-study') {
  await signIn(page);
  // Chromium's save dialog cannot be answered in a headless test: take the Blob URL path.
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Specify study parameters' })).toBeVisible();
}

async function clearSaved(page: Page) {
  await page.evaluate(() => {
    for (const k of ['createStudyConditions', 'createStudyParams', 'createStudyParamsSelected', 'createStudyConditionSettings']) localStorage.removeItem(k);
  });
}

function section(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title, exact: true });
}

function condition(page: Page, title: string, n: number): Locator {
  return section(page, title).getByRole('group', { name: `Condition ${n}`, exact: true });
}

async function setConditions(page: Page, n: number) {
  await page.getByLabel('How many conditions?').fill(String(n));
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(section(page, 'Feed type')).toBeVisible();
}

/** fillTwoConditions: the demo set in both; condition 2 swipe, likes, 10 cards, two questionnaires. */
async function fillTwoConditions(page: Page) {
  await setConditions(page, 2);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: SET }).check();
  await condition(page, 'Cards', 2).getByRole('checkbox', { name: SET }).check();
  await condition(page, 'Cards', 2).getByLabel('Cards to show').fill('10');
  await condition(page, 'Feed type', 2).getByRole('radio', { name: /^Swipe/ }).check();
  await condition(page, 'Buttons', 2).getByLabel('Like').selectOption('yes');
  await condition(page, 'Post-experiment questionnaires', 2).getByRole('checkbox', { name: 'Final questions' }).check();
  await condition(page, 'Post-experiment questionnaires', 2).getByRole('checkbox', { name: 'Word problems' }).check();
  await page.getByLabel('Study title (optional)').fill('Wizard, "two" conditions');
}

async function verify(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('experiment_parameters.csv');
  return (await file.path())!;
}

async function create(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create Study' }).click();
  const created = page.getByText(/^Study created:/);
  await expect(created).toBeVisible();
  return (await created.locator('strong').textContent())!.trim();
}

test('two conditions through Verify and Create; the study loads for participants with the chosen settings', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await fillTwoConditions(page);

  const path = await verify(page);
  const text = readFileSync(path, 'utf8');
  const rows = parseCSV(text);
  const get = (c: string, p: string) => rows.find((r) => r.condition === c && r.param === p)?.value;
  expect(text.startsWith('condition,param,value\r\n')).toBe(true);
  expect(get('1', 'n-conditions')).toBe('2');
  expect(get('1', 'title')).toBe('Wizard, "two" conditions');
  expect(get('2', 'feed')).toBe('swipe');
  expect(get('1', 'feed')).toBe('scroll');
  expect(get('2', 'feed-button-like')).toBe('yes');
  expect(get('1', 'feed-button-like')).toBe('no');
  expect(JSON.parse(get('2', 'entity_sets')!)).toEqual([{ entity_set: 'solarflare_demo', number_to_show: 10, randomize_between_subjects: 'yes' }]);
  expect(JSON.parse(get('1', 'entity_sets')!)[0].number_to_show).toBe(24);
  expect(get('2', 'forms')).toBe('["final","crt"]');
  expect(get('1', 'instruct')).toBe('default');
  await expect(page.getByText(/The parameters are valid/)).toBeVisible();

  const id = await create(page);
  // The study keeps the parameters Verify showed, byte for byte.
  expect(await (await page.request.get(`/v1/studies/${id}/parameters.csv`)).text()).toBe(text);
  await expect(page.getByRole('button', { name: 'Download parameters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My studies' })).toHaveAttribute('href', '/studies');
  await expect(page.getByRole('img', { name: /QR code of the link http.*experiment_id=/ })).toBeVisible();

  // The parameters download is {experiment_id}_experiment_parameters.csv, the same file as Verify's.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download parameters' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${id}_experiment_parameters.csv`);
  expect(readFileSync((await saved.path())!, 'utf8')).toBe(text);

  // The wizard makes a draft: launched, two participants fill the two conditions (the
  // fewest-participants rule).
  expect((await page.request.post(`/v1/studies/${id}/launch`, { data: {} })).ok()).toBe(true);
  const seen: Record<string, Record<string, string>> = {};
  for (const user of ['wiz-p1', 'wiz-p2']) {
    const res = await page.request.get(`/v1/load_experiment?experiment_id=${id}&user_id=${user}`);
    const body = await res.json();
    expect(body.success).toBe('true');
    const params = Object.fromEntries((JSON.parse(body.data.experiment_parameters) as Array<{ param: string; value: string }>).map((p) => [p.param, p.value]));
    seen[String(body.data.condition)] = params;
  }
  expect(Object.keys(seen).sort()).toEqual(['1', '2']);
  expect(seen['2'].feed).toBe('swipe');
  expect(seen['2']['feed-button-like']).toBe('yes');
  expect(seen['1'].feed).toBe('scroll');
  expect(seen['1']['feed-button-like']).toBe('no');
  expect(seen['2'].title).toBeUndefined();
});

test('reload restores the form; Reset clears it and hides the sections', async ({ page }) => {
  await open(page);
  await fillTwoConditions(page);
  await page.reload();
  await expect(section(page, 'Cards')).toBeVisible();
  await expect(page.getByLabel('How many conditions?')).toHaveValue('2');
  await expect(condition(page, 'Feed type', 2).getByRole('radio', { name: /^Swipe/ })).toBeChecked();
  await condition(page, 'Buttons', 1).getByLabel('Share').selectOption('lognormal');
  await page.reload();
  await expect(condition(page, 'Buttons', 1).getByLabel('Share')).toHaveValue('lognormal');
  await expect(condition(page, 'Cards', 2).getByLabel('Cards to show')).toHaveValue('10');
  await expect(page.getByLabel('Study title (optional)')).toHaveValue('Wizard, "two" conditions');

  // The Enter button says when the typed number is not applied yet.
  await page.getByLabel('How many conditions?').fill('3');
  await expect(page.getByText('Not applied yet: press Enter to change from 2 to 3 conditions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter', exact: true })).toHaveAccessibleDescription(/Not applied yet/);
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(condition(page, 'Cards', 3)).toBeVisible();
  await expect(condition(page, 'Feed type', 3).getByRole('radio', { name: /^Scroll/ })).toBeChecked();

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(section(page, 'Feed type')).toBeHidden();
  await expect(page.getByLabel('How many conditions?')).toHaveValue('1');
  await page.reload();
  await expect(section(page, 'Feed type')).toBeHidden();
  await setConditions(page, 1);
  await expect(condition(page, 'Cards', 1).getByRole('checkbox', { name: SET })).not.toBeChecked();
  await expect(page.getByLabel('Study title (optional)')).toHaveValue('');
});

test('per-condition rules and what the server offers', async ({ page }) => {
  await open(page);
  await setConditions(page, 2);
  const algo = condition(page, 'News feed algorithm', 1);
  await expect(algo.getByRole('radio', { name: 'Random' })).toBeChecked();
  await expect(algo.getByRole('radio', { name: 'Thompson sampling' })).toBeEnabled();
  // The chosen algorithm's settings come from the server and show under it.
  await algo.getByRole('radio', { name: 'Priority (will_smith_priority_treatment)' }).check();
  await expect(algo.getByLabel('Priority covariate')).toBeVisible();
  await expect(algo.getByLabel('Positions (optional)')).toBeVisible();
  await algo.getByRole('radio', { name: 'Engagement' }).check();
  await expect(algo.getByLabel('Priority covariate')).toHaveCount(0);
  await expect(algo.getByLabel('Popularity signal (optional)')).toBeVisible();
  await algo.getByRole('radio', { name: 'Random' }).check();
  await expect(algo.getByLabel('Popularity signal (optional)')).toHaveCount(0);

  const iv = condition(page, 'Intervention type', 1);
  const perc = iv.getByLabel('Opens after this percentage of the feed');
  await expect(perc).toBeDisabled();
  await iv.getByLabel('Intervention').selectOption('accprompt-modal');
  await perc.fill('20');
  await iv.getByLabel('Intervention').selectOption('');
  await expect(perc).toBeDisabled();
  await expect(perc).toHaveValue('50');

  const msg = condition(page, 'Custom end message', 1);
  await expect(msg.getByLabel('Message', { exact: true })).toBeDisabled();
  await msg.getByLabel('Message type').selectOption('onpage');
  await msg.getByLabel('Message', { exact: true }).fill('Thank you!');
  await msg.getByLabel('Message type').selectOption('');
  await expect(msg.getByLabel('Message', { exact: true })).toBeDisabled();
  await expect(msg.getByLabel('Message', { exact: true })).toHaveValue('');

  // Instructions: the toggle for all conditions, a custom text with a server Preview.
  const instr = section(page, 'Study instructions');
  await expect(instr.getByRole('checkbox', { name: 'Default instructions in every condition' })).toBeChecked();
  await instr.getByRole('checkbox', { name: 'Default instructions in every condition' }).uncheck();
  await expect(condition(page, 'Study instructions', 1).getByRole('radio', { name: 'Off (no instructions)' })).toBeChecked();
  await expect(condition(page, 'Study instructions', 2).getByRole('radio', { name: 'Off (no instructions)' })).toBeChecked();
  await condition(page, 'Study instructions', 1).getByRole('radio', { name: 'Custom text' }).check();
  await condition(page, 'Study instructions', 1).getByLabel('Instructions text').fill('Read **carefully**');
  await condition(page, 'Study instructions', 1).getByRole('button', { name: 'Preview' }).click();
  await expect(condition(page, 'Study instructions', 1).locator('.markdown-preview strong')).toHaveText('carefully');

  // Platform (one for the study, the default): the example URL; for mturk a completion code replaces the URL.
  const pf = section(page, 'Recruitment platform');
  await pf.getByLabel('Platform', { exact: true }).selectOption('prolific');
  await expect(pf.getByLabel('Redirect URL')).toBeVisible();
  await expect(pf.getByText('https://app.prolific.com/submissions/complete?cc=XXXXXXX')).toBeVisible();
  await pf.getByLabel('Platform', { exact: true }).selectOption('mturk');
  await expect(pf.getByLabel('Redirect URL')).toBeHidden();
  await expect(pf.getByLabel('Completion code')).toBeVisible();
  await pf.getByLabel('Platform', { exact: true }).selectOption('');
  await expect(pf.getByText('Participants return to the home page when they finish.')).toBeVisible();
});

test('error messages: no set selected, a failed create with the server\'s message, entity sets that cannot load', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await setConditions(page, 2);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: SET }).check();
  await page.getByRole('button', { name: 'Create Study' }).click();
  await expect(section(page, 'Cards').getByRole('alert')).toHaveText(ENTITY_SETS_ERROR);
  await expect(section(page, 'Verify and create').getByRole('status')).toHaveText(ENTITY_SETS_ERROR);
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  await expect(section(page, 'Verify and create').getByRole('status')).toHaveText(ENTITY_SETS_ERROR);

  // A value only the server refuses: the failure names the row and parameter.
  await condition(page, 'Cards', 2).getByRole('checkbox', { name: SET }).check();
  await expect(section(page, 'Cards').getByRole('alert')).toBeHidden();
  await section(page, 'Recruitment platform').getByRole('checkbox', { name: 'Same platform in every condition' }).uncheck();
  await condition(page, 'Recruitment platform', 2).getByLabel('Platform', { exact: true }).selectOption('custom');
  await condition(page, 'Recruitment platform', 2).getByLabel('Redirect URL').fill('https://example.org/%zz');
  await page.getByRole('button', { name: 'Create Study' }).click();
  const status = section(page, 'Verify and create').getByRole('status');
  await expect(status).toContainText('Whoops, failed to create study.');
  const problems = page.getByRole('list', { name: 'Problems with the parameters' });
  await expect(problems).toContainText('condition 2 · redirect-url');
  await expect(problems).toContainText('is not an absolute http or https URL');

  // No cached sets and a failed pull.
  await page.evaluate(() => localStorage.removeItem('createStudyPulledEntitySets'));
  await page.route('**/v1/pull_entity_sets', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":"false","error":{"code":"internal","message":"boom"}}' }));
  await page.reload();
  await expect(section(page, 'Cards').getByText('There was an error loading the entity sets')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('createStudyPulledEntitySets'))).toBeNull();
  await page.unroute('**/v1/pull_entity_sets');
  await section(page, 'Cards').getByRole('button', { name: 'Try again' }).click();
  await expect(condition(page, 'Cards', 1).getByRole('checkbox', { name: SET })).toBeChecked();
});

test('start from a file: Verify → load that file → Create gives identical parameters', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await fillTwoConditions(page);
  const path = await verify(page);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(section(page, 'Feed type')).toBeHidden();

  // A file with problems is refused, listed by line.
  await page.getByLabel('Parameters file (CSV)').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('condition,param,value\n1,feed,sideways\n1,skinn,x\n'),
  });
  const fileProblems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(fileProblems).toContainText('Line 2 · condition 1 · feed');
  await expect(fileProblems).toContainText('Line 3 · condition 1');
  await expect(section(page, 'Feed type')).toBeHidden();

  await page.getByLabel('Parameters file (CSV)').setInputFiles({ name: 'experiment_parameters.csv', mimeType: 'text/csv', buffer: readFileSync(path) });
  await expect(page.getByText(/Loaded experiment_parameters\.csv: 2 conditions/)).toBeVisible();
  await expect(page.getByLabel('How many conditions?')).toHaveValue('2');
  await expect(condition(page, 'Feed type', 2).getByRole('radio', { name: /^Swipe/ })).toBeChecked();
  const id = await create(page);

  const csv = async (study: string) => (await page.request.get(`/v1/studies/${study}/parameters.csv`)).text();
  const original = readFileSync(path, 'utf8');
  expect(await csv(id)).toBe(original);
});

test('Duplicate fills the form from a study', async ({ page }) => {
  // A study of its own, so this test runs (and fails) alone too.
  await open(page);
  await clearSaved(page);
  await page.reload();
  await fillTwoConditions(page);
  const id = await create(page);
  await open(page, `/create-study?from=${id}`);
  await expect(page.getByText(`The form is filled from study ${id} (2 conditions)`)).toBeVisible();
  await expect(page).toHaveURL(/\/create-study$/);
  await expect(page.getByLabel('Study title (optional)')).toHaveValue('Copy of Wizard, "two" conditions');
  await expect(condition(page, 'Feed type', 2).getByRole('radio', { name: /^Swipe/ })).toBeChecked();
  await expect(condition(page, 'Buttons', 2).getByLabel('Like')).toHaveValue('yes');
  await expect(condition(page, 'Cards', 2).getByLabel('Cards to show')).toHaveValue('10');
});

test('/create-study-old opens the same wizard', async ({ page }) => {
  await open(page, '/create-study-old');
  await expect(page.getByLabel('How many conditions?')).toBeVisible();
});

test('a signed-out Create shows the sign-in prompt and keeps the form', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await fillTwoConditions(page);
  await page.request.post('/v1/auth/logout');
  await page.getByRole('button', { name: 'Create Study' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await expect(section(page, 'Verify and create').getByRole('status')).toContainText('Whoops, failed to create study.');
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await expect(condition(page, 'Feed type', 2).getByRole('radio', { name: /^Swipe/ })).toBeChecked();
  await expect(page.getByLabel('Study title (optional)')).toHaveValue('Wizard, "two" conditions');
  await create(page);
});

test('keyboard only: count, Enter, a set and Create', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await page.getByLabel('How many conditions?').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(section(page, 'Cards')).toBeVisible();
  const box = condition(page, 'Cards', 1).getByRole('checkbox', { name: SET });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.getByRole('button', { name: 'Create Study' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Study created:/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your study is ready' })).toBeFocused();
});

test('a custom ranking script is checked on the study\'s sets, its error named by line', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await setConditions(page, 1);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: SET }).check();
  const algo = condition(page, 'News feed algorithm', 1);
  await algo.getByRole('radio', { name: 'Custom script' }).check();
  const script = algo.getByLabel('Ranking script');
  await script.fill('def rank(cards, participant):\n    return cards[1:]\n');
  await page.getByRole('button', { name: 'Create Study' }).click();
  const problems = page.getByRole('list', { name: 'Problems with the parameters' });
  await expect(problems).toContainText('condition 1 · algorithm-script');
  await expect(problems).toContainText('rank returned 23 cards for a feed of 24');
  await script.fill('def rank(cards, participant):\n    return sorted(cards, key = lambda c: c[nope])\n');
  await page.getByRole('button', { name: 'Create Study' }).click();
  await expect(problems).toContainText("fails at line 2, column 44: undefined name 'nope'");
  await script.fill('def rank(cards, participant):\n    return sorted(cards, key = lambda c: c["covariates"]["topic"])\n');
  expect(readFileSync(await verify(page), 'utf8')).toContain('1,algorithm-script,"def rank(cards, participant):');
  const id = await create(page);
  expect(id).toMatch(/^fl-/);
});

test('settings that can have no effect are named before and after Create; the source line round-trips', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  const sets = JSON.stringify([{ entity_set: 'solarflare_demo', number_to_show: 5 }]).replaceAll('"', '""');
  await page.getByLabel('Parameters file (CSV)').setInputFiles({
    name: 'study.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `condition,param,value\n1,entity_sets,"${sets}"\n1,redirect-url,https://example.org/done\n1,custom-msg,You were deceived.\n1,source-line,covariate:topic\n`,
    ),
  });
  await expect(page.getByText(/Loaded study\.csv: 1 condition/)).toBeVisible();
  const warnings = page.getByRole('list', { name: 'Settings that can have no effect' });
  await expect(warnings).toContainText('Line 3 · condition 1 · redirect-url: has no effect: the platform is none');
  await expect(warnings).toContainText('Line 4 · condition 1 · custom-msg: has no effect: custom-msg-type is none');
  await expect(page.getByLabel('Source line above each post (optional)')).toHaveValue('covariate:topic');
  if (process.env.SHOTS_DIR) await page.locator(".wizard-warnings").first().screenshot({ path: `${process.env.SHOTS_DIR}/wizard-warnings.png` });

  // The wizard itself sends no URL for platform None, so Create warns of nothing; with a
  // completion code-free platform the study is created as written, source line included.
  const id = await create(page);
  await expect(section(page, 'Verify and create').getByRole('list', { name: 'Settings that can have no effect' })).toHaveCount(0);
  const csv = await (await page.request.get(`/v1/studies/${id}/parameters.csv`)).text();
  expect(csv).toContain('1,source-line,covariate:topic');
});

test('assignment, quotas and exits: set in the wizard, carried by Verify', async ({ page }) => {
  await open(page);
  await clearSaved(page);
  await page.reload();
  await setConditions(page, 2);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: SET }).check();
  await condition(page, 'Cards', 2).getByRole('checkbox', { name: SET }).check();
  const rec = section(page, 'Assignment, quotas and exits');
  await rec.getByLabel('Assignment').selectOption('balanced-arrivals');
  await rec.getByLabel('Active window (minutes)').fill('45');
  await rec.getByLabel('Study quota (completed participants)').fill('many');
  await rec.getByLabel('Study quota (completed participants)').blur();
  await expect(rec.getByText('The study quota is a whole number of completed participants (empty for none).')).toBeVisible();
  await rec.getByLabel('Study quota (completed participants)').fill('80');
  await rec.getByRole('checkbox', { name: 'Same quota and exits in every condition' }).uncheck();
  await condition(page, 'Assignment, quotas and exits', 1).getByLabel('Quota (completed participants)').fill('40');
  await condition(page, 'Assignment, quotas and exits', 2).getByLabel('Over-quota URL').fill('https://lucid.example.org/cb?RIS=40&RID=[%RID%]');
  await page.screenshot({ path: '/tmp/shots-recruit/wizard-recruitment.png', fullPage: true });

  const rows = parseCSV(readFileSync(await verify(page), 'utf8'));
  const get = (c: string, p: string) => rows.find((r) => r.condition === c && r.param === p)?.value;
  expect(get('1', 'assignment')).toBe('balanced-arrivals');
  expect(get('2', 'assignment')).toBe('balanced-arrivals');
  expect(get('2', 'assignment-active-minutes')).toBe('45');
  expect(get('1', 'quota-total')).toBe('80');
  expect(get('1', 'quota')).toBe('40');
  expect(get('2', 'quota')).toBeUndefined();
  expect(get('2', 'redirect-url-overquota')).toBe('https://lucid.example.org/cb?RIS=40&RID=[%RID%]');
  await expect(page.getByText(/The parameters are valid/)).toBeVisible();
});
