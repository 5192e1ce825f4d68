// Screenshots of the wizard at laptop, tablet and phone widths, for a person to look at
// (WIZARD_SHOTS=/some/dir to take them; skipped otherwise). Each also checks that the page
// does not scroll sideways.
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/appliance';

const dir = process.env.WIZARD_SHOTS;
test.skip(!dir, 'set WIZARD_SHOTS to a directory to take screenshots');
test.skip(({ isMobile }) => isMobile, 'widths are set below');

const NAME = 'wizard-shots';
const PASSWORD = 'wizard shots password';

for (const [width, n] of [[1280, 3], [1280, 1], [768, 3], [360, 2]] as const) {
  test(`wizard at ${width}px with ${n} condition(s)`, async ({ page }) => {
    try {
      execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['researcher', 'add', NAME, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
        input: PASSWORD + '\n',
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } catch {
      // already there
    }
    await page.request.post('/v1/auth/login', { data: { name: NAME, password: PASSWORD } });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/create-study');
    await page.screenshot({ path: `${dir}/${width}-${n}-start.png` });
    await page.getByLabel('How many conditions?').fill(String(n));
    await page.getByRole('button', { name: 'Enter', exact: true }).click();
    await page.getByRole('group', { name: 'Cards', exact: true }).getByRole('group', { name: 'Condition 1' }).getByRole('checkbox', { name: 'solarflare_demo [24]' }).check();
    await page.getByRole('group', { name: 'Intervention type', exact: true }).getByRole('group', { name: 'Condition 1' }).getByLabel('Intervention').selectOption('default-modal');
    await page.getByRole('group', { name: 'Post-experiment questionnaires', exact: true }).getByRole('group', { name: 'Condition 1' }).getByRole('checkbox', { name: 'Word problems' }).check();
    await page.getByRole('group', { name: 'Post-experiment questionnaires', exact: true }).getByRole('group', { name: 'Condition 1' }).getByRole('checkbox', { name: 'Final questions' }).check();
    if (n > 1) await page.getByRole('group', { name: 'Recruitment platform', exact: true }).getByLabel('Platform', { exact: true }).selectOption('prolific');
    await page.getByLabel('How many conditions?').fill(String(n + 1));
    await page.screenshot({ path: `${dir}/${width}-${n}-full.png`, fullPage: true });
    await page.screenshot({ path: `${dir}/${width}-${n}-top.png` });
    for (const name of ['Cards', 'Buttons', 'Intervention type', 'News feed algorithm', 'Post-experiment questionnaires', 'Study instructions', 'Recruitment platform']) {
      await page.getByRole('group', { name, exact: true }).screenshot({ path: `${dir}/${width}-${n}-${name.split(' ')[0].toLowerCase()}.png` });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByLabel('How many conditions?').fill(String(n));
    await page.getByRole('button', { name: 'Create Study' }).click();
    await expect(page.getByText(/^Study created:|You need to select|Some fields need attention/).first()).toBeVisible();
    await page.getByRole('group', { name: 'Verify and create', exact: true }).screenshot({ path: `${dir}/${width}-${n}-final.png` });
  });
}

for (const width of [1280, 360] as const) {
  test(`algorithm settings at ${width}px`, async ({ page }) => {
    try {
      execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['researcher', 'add', NAME, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
        input: PASSWORD + '\n',
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } catch {
      // already there
    }
    await page.request.post('/v1/auth/login', { data: { name: NAME, password: PASSWORD } });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/create-study');
    await page.getByLabel('How many conditions?').fill('2');
    await page.getByRole('button', { name: 'Enter', exact: true }).click();
    const algo = page.getByRole('group', { name: 'News feed algorithm', exact: true });
    const c1 = algo.getByRole('group', { name: 'Condition 1' });
    const c2 = algo.getByRole('group', { name: 'Condition 2' });
    await c1.getByRole('radio', { name: 'Custom script' }).check();
    await c1.getByLabel('Ranking script').fill('def rank(cards, participant):\n    # science first, newest first within\n    return sorted(cards, key = lambda c: (c["covariates"]["topic"] != "science", c["retrieve_date"]))\n');
    await c2.getByRole('radio', { name: 'Attitude filter feed' }).check();
    await c2.getByLabel('Lean covariate').fill('partisanship');
    await c2.getByLabel('Attitude mode (optional)').selectOption('balanced');
    await algo.screenshot({ path: `${dir}/${width}-algorithm-settings.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
