// The wizard's edges (issue 22 item 2), in a real browser against the real server: a
// disabled field shows what will be used and never blocks; study-wide settings are typed
// once; a ranking script's errors sit beside the script; the condition maximum is said.
import { readFileSync } from 'node:fs';
import { expect, test } from './support/appliance';
import { parseCSV } from './support/studies';
import { condition, openWizard, section, setConditions, verifyFile } from './support/wizard';

const NAME = 'wizard-edges';
const PASSWORD = 'wizard edges password long';
const SET = 'solarflare_demo [24]';

test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'desktop only');

const shots = process.env.SHOTS_DIR;

test('a disabled Cards to show says all the set\'s cards are used and never blocks Verify', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 1);
  const cards = condition(page, 'Cards', 1);
  await cards.getByRole('checkbox', { name: SET }).check();
  await cards.getByLabel('Cards to show').fill('99');
  await cards.getByLabel('Cards to show').blur();
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toBeVisible();

  // An algorithm that ranks every card: the field is disabled, says what is used, no error.
  await condition(page, 'News feed algorithm', 1).getByRole('radio', { name: 'Engagement' }).check();
  await expect(cards.getByLabel('Cards to show')).toBeDisabled();
  await expect(cards.getByLabel('Cards to show')).toHaveValue('All 24 cards');
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toHaveCount(0);
  if (shots) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await section(page, 'Cards').screenshot({ path: `${shots}/edges-disabled-cards-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  const rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  expect(JSON.parse(rows.find((r) => r.param === 'entity_sets')!.value)[0].number_to_show).toBe(24);
  await expect(page.getByText(/The parameters are valid/)).toBeVisible();

  // Back to random: the typed 99 is the researcher's again, and so is its error.
  await condition(page, 'News feed algorithm', 1).getByRole('radio', { name: 'Random' }).check();
  await expect(cards.getByLabel('Cards to show')).toBeEnabled();
  await expect(cards.getByLabel('Cards to show')).toHaveValue('99');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  await expect(page.getByText('Some fields need attention: see the messages in the sections above.')).toBeVisible();
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toBeVisible();
});

test('platform, redirect URL, quota and exits are typed once for every condition, or per condition with the switch off', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 3);
  for (const n of [1, 2, 3]) await condition(page, 'Cards', n).getByRole('checkbox', { name: SET }).check();
  const platform = section(page, 'Recruitment platform');
  const once = platform.getByRole('checkbox', { name: 'Same platform in every condition' });
  await expect(once).toBeChecked();
  await expect(platform.getByLabel('Platform', { exact: true })).toHaveCount(1);
  await platform.getByLabel('Platform', { exact: true }).selectOption('prolific');
  await platform.getByLabel('Redirect URL').fill('https://app.prolific.com/submissions/complete?cc=DONE1');
  const exits = section(page, 'Assignment, quotas and exits');
  await expect(exits.getByRole('checkbox', { name: 'Same quota and exits in every condition' })).toBeChecked();
  await expect(exits.getByLabel('Quota (completed participants)', { exact: true })).toHaveCount(1);
  await exits.getByLabel('Quota (completed participants)', { exact: true }).fill('30');
  await exits.getByLabel('Screen-out URL (Prolific)').fill('https://app.prolific.com/submissions/complete?cc=OUT1');
  if (shots) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await platform.screenshot({ path: `${shots}/edges-study-wide-${width}.png` });
      await exits.screenshot({ path: `${shots}/edges-exits-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  let rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  let get = (c: string, p: string) => rows.find((r) => r.condition === c && r.param === p)?.value;
  for (const c of ['1', '2', '3']) {
    expect(get(c, 'platform')).toBe('prolific');
    expect(get(c, 'redirect-url')).toBe('https://app.prolific.com/submissions/complete?cc=DONE1');
    expect(get(c, 'quota')).toBe('30');
    expect(get(c, 'redirect-url-screenout')).toBe('https://app.prolific.com/submissions/complete?cc=OUT1');
  }

  // Off: each condition shows the values it has, and one can differ.
  await once.uncheck();
  await expect(condition(page, 'Recruitment platform', 2).getByLabel('Redirect URL')).toHaveValue('https://app.prolific.com/submissions/complete?cc=DONE1');
  await condition(page, 'Recruitment platform', 3).getByLabel('Platform', { exact: true }).selectOption('mturk');
  await condition(page, 'Recruitment platform', 3).getByLabel('Completion code').fill('MT-3');
  rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  get = (c: string, p: string) => rows.find((r) => r.condition === c && r.param === p)?.value;
  expect(get('2', 'platform')).toBe('prolific');
  expect(get('3', 'platform')).toBe('mturk');
  expect(get('3', 'completion-code')).toBe('MT-3');
  expect(get('3', 'quota')).toBe('30');

  // Reload keeps the switch; on again, condition 1's platform is every condition's.
  await page.reload();
  await expect(once).not.toBeChecked();
  await once.check();
  await expect(platform.getByLabel('Platform', { exact: true })).toHaveValue('prolific');
  rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  expect(rows.find((r) => r.condition === '3' && r.param === 'platform')?.value).toBe('prolific');
});

test('a ranking script\'s errors sit beside the box by the script\'s own line and column; a template and the examples are one click away', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 1);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: SET }).check();
  const algo = condition(page, 'News feed algorithm', 1);
  await algo.getByRole('radio', { name: 'Custom script' }).check();
  const script = algo.getByLabel('Ranking script');
  await expect(script).toHaveValue('');

  // An empty box takes the template at once.
  await algo.getByRole('button', { name: 'Use the starting template' }).click();
  await expect(script).toHaveValue(/^# rank\(cards, participant\) returns every card exactly once/);
  await expect(script).toHaveValue(/def rank\(cards, participant\):/);

  await script.fill('# my order\ndef rank(cards, participant):\n    return sorted(card)\n');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  const beside = algo.getByRole('list', { name: 'Problems in the script' });
  await expect(beside).toHaveText("Line 3, column 19: undefined name 'card' (did you mean 'cards'?)");
  await expect(script).toHaveAccessibleDescription(/Line 3, column 19: undefined name 'card'/);
  await expect(script).toHaveAttribute('aria-invalid', 'true');
  if (shots) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await section(page, 'News feed algorithm').screenshot({ path: `${shots}/edges-script-error-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // A box with a script asks first; keeping it changes nothing.
  await algo.getByRole('button', { name: 'Example: science first' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your script?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my script' }).click();
  await expect(dialog).toBeHidden();
  await expect(script).toHaveValue(/return sorted\(card\)/);
  await algo.getByRole('button', { name: 'Example: science first' }).click();
  await dialog.getByRole('button', { name: 'Replace it' }).click();
  await expect(script).toHaveValue(/^# One topic first, newest first within each group\./);

  // The example runs on the study's set: valid, and the problems beside the box are gone.
  const rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  expect(rows.find((r) => r.param === 'algorithm-script')?.value).toContain('science');
  await expect(page.getByText(/The parameters are valid/)).toBeVisible();
  await expect(beside).toHaveCount(0);
});

test('each algorithm\'s one-line explanation shows under the choice when the server gives one', async ({ page }) => {
  await page.route('**/v1/capabilities', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    for (const a of body.data.algorithms) if (a.name === 'engagement') a.summary = 'Most liked and shared first.';
    await route.fulfill({ response: res, json: body });
  });
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 1);
  const algo = condition(page, 'News feed algorithm', 1);
  await expect(algo.getByText('Most liked and shared first.')).toHaveCount(0);
  await algo.getByRole('radio', { name: 'Engagement' }).check();
  await expect(algo.getByText('Most liked and shared first.')).toBeVisible();
});

test('100 conditions are refused with the maximum, in the form and by the server, never lowered to 50', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 2);
  const count = page.getByLabel('How many conditions?');
  await count.fill('100');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(page.getByText('At most 50 conditions: this server does not create larger studies.')).toBeVisible();
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveAccessibleDescription(/At most 50 conditions/);
  await expect(condition(page, 'Feed type', 3)).toHaveCount(0);
  await expect(count).toHaveValue('100');
  await count.fill('3');
  await expect(page.getByText(/At most 50 conditions/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(condition(page, 'Feed type', 3)).toBeVisible();

  // A file asking for 100 conditions: the server says the maximum once.
  const rows = ['condition,param,value', '1,n-conditions,100', ...Array.from({ length: 100 }, (_, i) => `${i + 1},feed,scroll`)].join('\n');
  await page.getByLabel('Parameters file (CSV)').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(rows + '\n') });
  const problems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(problems).toContainText('Line 2 · condition 1 · n-conditions: is 100; a study may have at most 50 conditions');
  await expect(problems).toContainText('Line 53: conditions 51 to 100: a study may have at most 50 conditions');
  await expect(problems.getByRole('listitem').filter({ hasText: 'at most 50 conditions' })).toHaveCount(2);
});

test('each platform\'s help says where its URL comes from: Prolific gives the completion URL, the researcher copies it in', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 1);
  const pf = condition(page, 'Recruitment platform', 1);
  await pf.getByLabel('Platform', { exact: true }).selectOption('prolific');
  await expect(pf.getByLabel('Redirect URL')).toHaveAccessibleDescription(/^Copy the completion URL Prolific gives you .*into Redirect URL: participants go there when they finish\. Example: https:\/\/app\.prolific\.com\//);
  await pf.getByLabel('Platform', { exact: true }).selectOption('lucid');
  await expect(pf.getByLabel('Redirect URL')).toHaveAccessibleDescription(/^Copy the client callback URL Lucid \/ Cint gives you for a complete into Redirect URL/);
  await pf.getByLabel('Platform', { exact: true }).selectOption('custom');
  await expect(pf.getByLabel('Redirect URL')).toHaveAccessibleDescription(/^Enter the address your platform gives you for a finished participant/);
  await pf.getByLabel('Platform', { exact: true }).selectOption('mturk');
  await expect(pf.getByLabel('Completion code')).toHaveAccessibleDescription('Workers paste this code into the HIT. Leave empty to give each participant their own code.');
  const exits = condition(page, 'Assignment, quotas and exits', 1);
  await expect(exits.getByLabel('Screen-out URL (Prolific)')).toHaveAccessibleDescription(/^Copy the completion URL of the screen-out path Prolific gives you/);
});
