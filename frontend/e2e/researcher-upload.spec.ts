// Upload stimuli (/upload; issue 9 item 1) in a real browser against the real server,
// driven by accessible names: paste → counts and preview → Submit → the set in the
// wizard's Cards section; a missing column; the server's own messages.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, signIn, uniqueName } from './support/researchers';
import { exportCSV } from './support/studies';

const HEADER = 'source_url\tfilename\tretrieve_date\tentity_type\theadline\tlean';

function tsv(n: number, header = HEADER): string {
  const rows = Array.from({ length: n }, (_, i) => `https://img.example/${i + 1}.jpg\t${i + 1}.jpg\t2024-05-0${(i % 9) + 1}\timage\tHeadline ${i + 1} & more\t${i % 2 ? 'left' : 'right'}`);
  return [header, ...rows].join('\n');
}

/** ident is a set identifier no other test (or project, or run) uses: 15 characters at most. */
function ident(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.slice(0, 15);
}

function today(): string {
  return new Date().toISOString().slice(0, 10).replace(/-/g, '');
}

async function open(page: Page, testInfo: Parameters<typeof uniqueName>[1]) {
  const name = uniqueName('up', testInfo);
  addResearcher(name);
  await signIn(page, name);
  await page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'Upload stimuli' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload stimuli' })).toBeVisible();
}

async function fill(page: Page, setname: string, category: string, text: string) {
  await page.getByLabel('Set name').fill(setname);
  await page.getByRole('radio', { name: category }).check();
  await page.getByLabel('Stimuli (tab-separated)').fill(text);
}

test('paste, preview, submit: the set is stored and offered in the wizard as name [count]', async ({ page, baseURL }, testInfo) => {
  await open(page, testInfo);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const id = ident('Up Load-');
  const stored = `${today()}_${id.toLowerCase().replace(/[^a-z0-9_]/g, '')}`;
  await fill(page, id, 'opinion', tsv(7));
  await expect(page.getByText('Detected 6 columns and 7 rows')).toBeVisible();
  await expect(page.getByText(`Will be stored as ${stored}`)).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row')).toHaveCount(6); // header + the first 5 rows
  await expect(preview.getByRole('columnheader', { name: 'source_url required' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'entity_type required' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'lean', exact: true })).toBeVisible();
  await expect(preview.getByText('The first 5 of 7 rows; required columns are marked.')).toBeVisible();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('status')).toContainText(`Success! The set is stored as ${stored} with 7 cards.`);

  // What was stored: the server's rows, the headline decoded, the covariate kept.
  const rows = await exportCSV(baseURL!, 'stimulus_set', stored);
  expect(rows).toHaveLength(7);
  expect(rows[0]).toMatchObject({ source_url: 'https://img.example/1.jpg', headline: 'Headline 1 & more', lean: 'right', entity_url: 'https://img.example/1.jpg' });

  await page.getByRole('link', { name: `Create a study with ${stored}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Specify study parameters' })).toBeVisible();
  await page.getByLabel('How many conditions?').fill('1');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  const cards = page.getByRole('group', { name: 'Cards', exact: true });
  await expect(cards.getByRole('checkbox', { name: `${stored} [7]` })).toBeVisible();
});

test('a missing required column is named, Submit stays disabled and nothing is stored', async ({ page }, testInfo) => {
  await open(page, testInfo);
  const id = ident('miss');
  await fill(page, id, 'news', tsv(3, 'source_url\tfilename\tretrieve_date\theadline\tlean').replace(/\timage/g, ''));
  await expect(page.getByText('Detected 5 columns and 3 rows')).toBeVisible();
  await expect(page.getByText('Missing required column: entity_type.')).toBeVisible();
  await expect(page.getByLabel('Stimuli (tab-separated)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  const sets = await (await page.request.get('/v1/pull_entity_sets')).json();
  expect(String(sets.data.entity_sets)).not.toContain(id);

  // Fixing the header enables Submit.
  await page.getByLabel('Stimuli (tab-separated)').fill(tsv(3));
  await expect(page.getByText('Missing required column')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test("the server's own messages: a name already taken; a bad row named by its row", async ({ page }, testInfo) => {
  await open(page, testInfo);
  const id = ident('taken');
  await fill(page, id, 'sensational', tsv(2));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toContainText('Success!');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(`A stimulus set named "${today()}_${id}" already exists; choose another name.`);

  // An empty entity_type on the third card (row 5: a blank line sits above it) is named
  // before anything is sent, in the preview's numbering.
  const text = tsv(3).split('\n');
  text.splice(2, 0, '');
  text[4] = text[4].replace('\timage\t', '\t\t');
  await fill(page, ident('bad'), 'ads', text.join('\n'));
  await expect(page.getByRole('list', { name: 'Problems in the rows' })).toHaveText('Row 5 (card 3): entity_type is empty.');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
});

test('keyboard only: fill and submit without a mouse', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'keyboard on the desktop');
  await open(page, testInfo);
  const id = ident('kb');
  await page.getByLabel('Set name').focus();
  await page.keyboard.type(id);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // the first category: news
  await expect(page.getByRole('radio', { name: 'news' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'opinion' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Stimuli (tab-separated)')).toBeFocused();
  await page.keyboard.insertText(tsv(2));
  await expect(page.getByText('Detected 6 columns and 2 rows')).toBeVisible();
  await page.keyboard.press('Tab'); // the preview table (scrollable region)
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Comments (tab-separated)')).toBeFocused(); // optional, left empty
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Success!');
});
