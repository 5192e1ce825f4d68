import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, freePort, test } from './support/appliance';
import { addResearcher, PASSWORD, signIn, signInOnPage, uniqueName } from './support/researchers';

const binary = process.env.FEEDLAB_BIN ?? '../feedlab';

/** freshServer starts feedlab on an empty data directory and returns the setup link it prints. */
async function freshServer(): Promise<{ setupLink: string; stop: () => void }> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'feedlab-setup-'));
  const proc: ChildProcess = spawn(binary, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    proc.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  };
  const setupLink = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${out}`)), 15_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/https?:\/\/\S+\/setup\?token=\S+/);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', read);
    proc.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${out}`)));
  }).catch((err) => {
    stop();
    throw err;
  });
  return { setupLink, stop };
}

test('the setup link creates the first account, signs it in and opens My studies', async ({ page }) => {
  const server = await freshServer();
  try {
    await page.goto(server.setupLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Create the first researcher account' })).toBeVisible();

    // The form's own checks, before anything is sent.
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Repeat password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('The password must be at least 10 characters.')).toBeVisible();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/studies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Signed in as Ada');

    // The link worked once: the page now says an account exists and points to sign-in.
    await page.goto(server.setupLink);
    await expect(page.getByText('A researcher account already exists on this feedlab')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  } finally {
    server.stop();
  }
});

test('sign in, sign out, and a wrong password', async ({ page }, info) => {
  const name = uniqueName('auth', info);
  addResearcher(name);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
  await signInOnPage(page, name, 'not the password');
  await expect(page.getByRole('status').filter({ hasText: 'Wrong name or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Emptied fields get their own errors; the old answer does not stay beside them.
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Password').fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wrong name or password.' })).toHaveCount(0);
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  // An unknown name gets the same words.
  await signInOnPage(page, `${name}-nobody`, PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: 'Wrong name or password.' })).toBeVisible();

  await signInOnPage(page, name, PASSWORD);
  await expect(page).toHaveURL(/\/studies$/);
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${name}`);
  await expect(page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'My studies' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  // Signed out for real: a researcher page sends back to sign-in.
  await page.goto('/studies');
  await expect(page).toHaveURL(/\/login\?next=%2Fstudies$/);
});

test('a throttled sign-in says how long to wait', async ({ page }, info) => {
  const name = uniqueName('throttle', info);
  addResearcher(name);
  // Five failures for a name cost nothing; after that a browser that never signed in to
  // the account waits 1 s, then twice as long after each further failure (api/auth_guard.go).
  // The doubling is checked through the real router on the server's clock
  // (api/auth_backoff_clock_test.go); here one real pause shows the real server lets the
  // name try again once the first second is over, and the page says how long to wait.
  await page.goto('/login');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  const fail = async () => (await page.request.post('/v1/auth/login', { data: { name, password: 'wrong password' } })).status();
  for (let i = 0; i < 5; i++) expect(await fail()).toBe(401);
  await page.waitForTimeout(1150); // the server's clock, which Playwright's cannot move
  expect(await fail()).toBe(401);
  // The next attempt must wait 2 seconds after that failure; the form is filled already.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Too many failed sign-ins\. Wait (1 second|2 seconds), then try again\./ })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a researcher page opened signed out goes to sign-in and comes back', async ({ page }, info) => {
  const name = uniqueName('next', info);
  addResearcher(name);
  await page.goto('/sets/solarflare_demo?view=cards');
  await expect(page).toHaveURL(/\/login\?next=%2Fsets%2Fsolarflare_demo%3Fview%3Dcards$/);
  await signInOnPage(page, name);
  await expect(page).toHaveURL(/\/sets\/solarflare_demo\?view=cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'solarflare_demo' })).toBeVisible();
});

test('sign-in never redirects to another site', async ({ page }, info) => {
  const name = uniqueName('open', info);
  addResearcher(name);
  await page.goto('/login?next=%2F%2Fevil.example%2Fx');
  await signInOnPage(page, name);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/studies$/);
});

// Issue 20 item 5: dot segments resolved by the browser turned these into "//evil.example".
for (const next of ['/..//evil.example/phish', '/%2e%2e//evil.example', '/%252e%252e//evil.example']) {
  test(`sign-in with next=${next} stays on the appliance`, async ({ page }, info) => {
    const name = uniqueName('dots', info);
    addResearcher(name);
    await page.goto(`/login?next=${next}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
    await signInOnPage(page, name);
    await expect(page.getByRole('banner')).toContainText(`Signed in as ${name}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/studies$/);
  });
}

test('a session that ends mid-work asks to sign in again over the page', async ({ page, context }, info) => {
  const name = uniqueName('lost', info);
  addResearcher(name);
  await signIn(page, name);
  const menu = page.getByRole('navigation', { name: 'Researcher' });
  await menu.getByRole('link', { name: 'Stimulus library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stimulus library' })).toBeVisible();
  await menu.getByRole('link', { name: 'My studies' }).click();
  // The built-in demo is visible to every researcher: downloading its parameters needs a session.
  // Wait for the list before the session ends, or the list's own load meets the lost session.
  const demo = page.getByRole('article').filter({ hasText: 'solarflare' });
  await expect(demo).toBeVisible();

  await context.clearCookies();
  await demo.getByRole('button', { name: 'Download parameters' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/studies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
});
