// Validation hints and the disabled Next, keyboard use, the forms list and the
// not-found page. Pages opened with ?preview=1 save nothing, so no study is needed.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { expectNoSidewaysScroll } from './forms-helpers';

async function hint(page: Page, name: string, text: string, expected: string) {
  const input = page.locator(`[name="${name}"]`);
  await input.fill(text);
  await input.blur();
  const question = page.locator(`#q-${name}`);
  await expect(question.locator('.questionnaire__error')).toHaveText(expected);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
}

test('demographics: Required and the age hint; Next disabled while invalid once touched', async ({ page }) => {
  await page.goto('/form/form?preview=1');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await next.click();
  // Submitted empty: every required question says Required, Next is disabled.
  for (const name of ['age', 'gender', 'covidvaccine']) await expect(page.locator(`#q-${name} .questionnaire__error`)).toHaveText('Required');
  for (const name of ['ethnicity', 'attentioncheck2']) await expect(page.locator(`#q-${name} .questionnaire__error`)).toHaveCount(0);
  await expect(next).toBeDisabled();
  await expect(page.getByText('3 questions need an answer')).toBeVisible();

  for (const bad of ['abc', '0', '100', '2.5']) await hint(page, 'age', bad, 'Enter a valid number');
  await page.locator('[name="age"]').fill('30');
  await page.locator('input[name="gender"][value="female"]').check();
  await expect(next).toBeDisabled();
  // Keyboard: Tab into the vaccine group, arrows choose, Space confirms.
  await page.locator('input[name="covidvaccine"]').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('input[name="covidvaccine"][value="2_probably-not-get-it"]')).toBeChecked();
  await expect(next).toBeEnabled();
  // Labels are tied to their inputs.
  await page.getByLabel('Prefer not to say').check();
  await expect(page.locator('input[name="ethnicity"][value="prefer-not-to-say"]')).toBeChecked();
  await next.click();
  await expect(page.getByText('Preview: these answers are valid. Nothing was saved.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('word problems, education years, followers and following: the hints word for word', async ({ page }) => {
  await page.goto('/form/crt?preview=1');
  await expect(page.getByText('Enter just a number')).toHaveCount(5);
  for (const name of ['crt_mark-adam-28', 'crt_10-50-printer', 'crt_mold-bread-40', 'crt_pass-second-place', 'crt_sheep-15-8-died']) {
    await hint(page, name, 'four', 'Enter a number instead of text');
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectNoSidewaysScroll(page);

  await page.goto('/form/ses?preview=1');
  await hint(page, 'ses_education-years', 'twelve', "Enter only a valid number. If it's twelve years, enter just 12.");
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.goto('/form/socialmediause?preview=1');
  await expect(page.locator('input[name="monkeypox-cards-perc"]')).toHaveValue('50');
  await hint(page, 'social-media_followers', '9,000', 'Enter a valid number. If 9,000 or 9.000 followers, enter just 9000.');
  await hint(page, 'social-media_following', '9.000', 'Enter a valid number. If 9,000 or 9.000 following, enter just 9000.');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.locator('[name="social-media_followers"]').fill('9000');
  await expect(page.locator('#q-social-media_followers .questionnaire__error')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('every questionnaire page renders with its heading and a labelled input per field', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const headings: Record<string, string> = {
    aot: 'How much do you agree or disagree with the following statements?',
    ac: 'How much do you agree or disagree with the following statements?',
    def: 'Desired exposure frequency',
    exp: 'Exposure frequency',
    ccn: 'Monkeypox attribution and concern',
    ftg: 'COVID-19 fatigue',
    imp: 'News importance',
  };
  for (const [name, heading] of Object.entries(headings)) {
    await page.goto(`/form/${name}?preview=1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const unlabelled = await page.evaluate(
      () => Array.from(document.querySelectorAll('main input, main textarea')).filter((el) => (el as HTMLInputElement).labels?.length === 0).length,
    );
    expect(unlabelled, name).toBe(0);
    await expectNoSidewaysScroll(page);
  }
  expect(errors).toEqual([]);
});

test('/viewforms lists every questionnaire, each opening in a new tab', async ({ page, context }) => {
  await page.goto('/viewforms');
  await expect(page.getByRole('heading', { level: 1, name: 'Available forms and questionnaires' })).toBeVisible();
  const links = page.locator('main ul a');
  await expect(links).toHaveCount(14);
  for (const name of ['form', 'crt', 'ses', 'socialmediause', 'lean', 'imp', 'ac', 'aot', 'ccn', 'def', 'exp', 'ftg', 'final', 'custom-msg']) {
    const link = page.locator(`main ul a[href^="/form/${name}?"]`);
    await expect(link, name).toHaveAttribute('target', '_blank');
  }
  const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('main ul a[href^="/form/crt?"]').click()]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Word problems' })).toBeVisible();
  await tab.close();
});

test('an unknown questionnaire is the not-found page, linking home', async ({ page }) => {
  await page.goto('/form/no-such-form');
  await expect(page.getByRole('link', { name: 'Whoops not found!' })).toHaveAttribute('href', '/');
});

test('the attention check is not labelled (optional); other optional questions are', async ({ page }) => {
  await page.goto('/form/form?preview=1');
  const check = page.locator('fieldset', { has: page.locator('[name="attentioncheck2"]') });
  await expect(check.locator('legend')).toContainText('How interested are you in gardening?');
  await expect(check.locator('legend')).not.toContainText('(optional)');
  const ethnicity = page.locator('fieldset', { has: page.locator('[name="ethnicity"]') });
  await expect(ethnicity.locator('legend')).toContainText('(optional)');
});
