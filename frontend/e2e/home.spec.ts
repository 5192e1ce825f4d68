import { type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, startAppliance, test } from './support/appliance';

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

test('home page renders from the embedded bundle', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  const analytics = request.post('/v1/analytics').then(async (res) => (res.ok() ? res.json() : null)).catch(() => null);
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();
  await expect(page.locator('script[type="module"]')).toHaveAttribute('src', /^\/assets\/participant-[A-Z0-9]+\.js$/);
  await expect(page.getByText('tracks the dwell time of each post', { exact: false })).toBeVisible();
  await expect(page.getByText('upload their own entity sets, ranking algorithms and interventions', { exact: false })).toBeVisible();

  // The counts are the appliance's own, however small: never the spec's invented figures.
  const body = await analytics;
  expect(body?.success).toBe('true');
  await expect(page.getByTestId('experiments-count')).toHaveText(formatCount(Number(body.total_experiments)));
  await expect(page.getByTestId('users-count')).toHaveText(formatCount(Number(body.total_users)));
  await expect(page.getByText(/studies? created here/)).toBeVisible();
  await expect(page.getByText('15,203')).toHaveCount(0);
  // Started without --contact: no contact link.
  await expect(page.getByText('Questions?')).toHaveCount(0);

  const demo = page.getByRole('link', { name: 'try a randomly generated feed' });
  await expect(demo).toHaveAttribute('href', '/?experiment_id=solarflare');
  for (const path of ['/create-study', '/upload', '/download']) {
    await expect(page.locator(`main a[href="${path}"]`)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Shifting attention to accuracy/ })).toHaveAttribute(
    'href',
    'https://doi.org/10.1038/s41586-021-03344-2',
  );
  // Team avatars load lazily: bring one into view, then check it arrived.
  const avatar = page.locator('.team img').first();
  await avatar.scrollIntoViewIfNeeded();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Nothing overflows sideways, at phone width included.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('sign-up form validates before it sends, then submits', async ({ page }) => {
  const signups: Request[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/v1/signup') signups.push(req);
  });
  await page.goto('/');

  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter a valid email address', { exact: false })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill('');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter your email address.')).toBeVisible();
  expect(signups).toHaveLength(0);

  await email.fill('researcher@example.org');
  await page.getByLabel('Name (optional)').fill('Ada Researcher');
  const sent = page.waitForRequest((req) => new URL(req.url()).pathname === '/v1/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const request = await sent;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toEqual({ email: 'researcher@example.org', name: 'Ada Researcher' });
  await expect(page.getByRole('status')).toHaveText('Thanks! We will be in touch.');
  await expect(email).toHaveValue('');
});

test('the demo link opens the solarflare feed without a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'try a randomly generated feed' }).click();
  await expect(page).toHaveURL(/\/\?experiment_id=solarflare$/);
  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeHidden();
});

test('an unknown path shows the not-found image linking home', async ({ page }) => {
  await page.goto('/no/such/page');
  const image = page.getByRole('img', { name: 'Whoops not found!' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Whoops not found!' })).toHaveAttribute('href', '/');

  await page.getByRole('link', { name: 'Whoops not found!' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();
});

test('the about page is part of the participant bundle', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About feedlab' })).toBeVisible();
  await expect(page.locator('script[type="module"]')).toHaveAttribute('src', /^\/assets\/participant-/);
});

test('a fresh appliance counts nothing, and shows the contact it was started with', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the test shoots both widths itself; the counts do not depend on the width');
  const app = await startAppliance(['--contact', 'https://example.org/lab']);
  try {
    await page.goto(app.baseURL + '/');
    await expect(page.getByTestId('experiments-count')).toHaveText('0');
    await expect(page.getByTestId('users-count')).toHaveText('0');
    await expect(page.getByText('0 studies created here')).toBeVisible();
    await expect(page.getByText('0 participants so far (previews not counted)')).toBeVisible();
    await expect(page.getByRole('link', { name: 'example.org/lab' })).toHaveAttribute('href', 'https://example.org/lab');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `/tmp/words-home-${width}.png`, fullPage: true });
    }
  } finally {
    await app.stop();
  }
});

// The home and about pages belong to no study: they speak the browser's language
// (docs/languages.md), their words read from the same files the page uses.
function siteTexts(lang: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../src/participant/home/i18n/${lang}.json`, import.meta.url), 'utf8'));
}

test.describe('in the visitor\'s language', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser reads the home, sign-up and about pages in Spanish; an Arabic one right to left', async ({ page, browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the words do not depend on the width');
    const es = siteTexts('es');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page.getByRole('heading', { level: 2, name: es['home.researchers'] })).toBeVisible();
    await expect(page.getByText(es['home.lead'])).toBeVisible();
    // A count's text in Spanish, with the number in its place.
    const studies = Number(await page.getByTestId('experiments-count').innerText());
    const form = studies === 1 ? es['home.studies.one'] : es['home.studies.other'];
    await expect(page.getByRole('list', { name: es['home.figures'] }).getByRole('listitem').first()).toHaveText(form.replace('{n}', String(studies)));
    // The sign-up form's labels and its schema's messages.
    await page.getByLabel(es['signup.email']).fill('no-es-un-correo');
    await page.getByRole('button', { name: es['signup.submit'] }).click();
    await expect(page.getByText(es['signup.emailInvalid'])).toBeVisible();
    await page.getByRole('navigation', { name: es['nav.label'] }).getByRole('link', { name: es['nav.about'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: es['about.title'] })).toBeVisible();
    await expect(page.getByRole('link', { name: es['about.signIn'] })).toHaveAttribute('href', '/login');

    const arabic = await browser.newContext({ locale: 'ar-EG', baseURL });
    try {
      const ar = siteTexts('ar');
      const arPage = await arabic.newPage();
      await arPage.goto('/about');
      await expect(arPage.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(arPage.getByRole('heading', { level: 1, name: ar['about.title'] })).toBeVisible();
      await arPage.getByRole('link', { name: ar['about.back'] }).click();
      await expect(arPage.getByRole('link', { name: ar['home.tryDemo'] })).toBeVisible();
      for (const width of [1280, 360]) {
        await arPage.setViewportSize({ width, height: 800 });
        await arPage.screenshot({ path: `/tmp/site-home-ar-${width}.png`, fullPage: true });
      }
    } finally {
      await arabic.close();
    }
  });
});
