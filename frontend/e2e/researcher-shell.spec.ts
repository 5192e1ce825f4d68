import { expect, test } from './support/appliance';

// Researcher routes get researcher.html, whose bundle a participant never loads.
test('the sign-in page comes from the researcher bundle', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(scripts.some((s) => s.startsWith('/assets/researcher-'))).toBe(true);
  expect(scripts.some((s) => s.startsWith('/assets/participant-'))).toBe(false);
});

test('the home page never loads researcher code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();
  expect(scripts.some((s) => s.startsWith('/assets/participant-'))).toBe(true);
  expect(scripts.some((s) => s.startsWith('/assets/researcher-'))).toBe(false);
});

test('a researcher path with a segment the list names gets the researcher bundle', async ({ page }) => {
  await page.goto('/studies/some-study');
  await expect(page).toHaveURL(/\/login\?next=%2Fstudies%2Fsome-study$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
});
