// Driving the study wizard by its accessible names: a signed-in researcher on an empty
// form, sections (groups named by their headings) and their "Condition N" groups.
import { execFileSync } from 'node:child_process';
import { type Locator, type Page } from '@playwright/test';
import { expect } from './appliance';

const made = new Set<string>();

/** openWizard makes the researcher (once per worker, with the CLI), signs the page in and
 * opens the wizard with no saved form. */
export async function openWizard(page: Page, name: string, password: string) {
  if (!made.has(name)) {
    try {
      execFileSync(process.env.FEEDLAB_BIN ?? '../feedlab', ['researcher', 'add', name, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
        input: password + '\n',
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } catch (err) {
      if (!String((err as { stderr?: Buffer }).stderr ?? '').includes('already exists')) throw err;
    }
    made.add(name);
  }
  const res = await page.request.post('/v1/auth/login', { data: { name, password } });
  expect(res.ok()).toBe(true);
  // Chromium's save dialog cannot be answered in a headless test: take the Blob URL path.
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto('/create-study');
  await page.evaluate(() => {
    for (const k of ['createStudyConditions', 'createStudyParams', 'createStudyParamsSelected', 'createStudyConditionSettings']) localStorage.removeItem(k);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Specify study parameters' })).toBeVisible();
}

/** section is a wizard section, by its heading. */
export function section(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title, exact: true });
}

/** condition is condition n's group inside a section. */
export function condition(page: Page, title: string, n: number): Locator {
  return section(page, title).getByRole('group', { name: `Condition ${n}`, exact: true });
}

/** setConditions types the count and presses Enter. */
export async function setConditions(page: Page, n: number) {
  await page.getByLabel('How many conditions?').fill(String(n));
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(section(page, 'Feed type')).toBeVisible();
}

/** verifyRows presses Verify parameters and returns the downloaded file's path. */
export async function verifyFile(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  return (await (await download).path())!;
}
