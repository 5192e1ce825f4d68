// Issue 22, item 5: every word the console and the home page say is true.
import { execFileSync } from 'node:child_process';
import { expect, test } from './support/appliance';
import { addResearcher, signIn, uniqueName } from './support/researchers';

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
