// Feed ranking through the real participant feed (issue 12): for each algorithm family the
// order of the cards on the page equals the inventory export, which records why each card
// is where it is; and a preference feed's next block is ranked by the server toward the
// cards the participant liked.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, rowsFor, storedUser } from './support/feed';
import { createStudy, signedIn } from './support/studies';

const TOPICS = ['health', 'sport', 'science', 'art'];

/** uploadSet uploads a set of n image cards with a topic and a numeric lean (−2…2), dated
 * so the newest is the card in the middle of the upload. */
async function uploadSet(baseURL: string, n: number, prefix: string): Promise<string> {
  const ctx = await signedIn(baseURL);
  const covariates = Array.from({ length: n }, (_, i) => ({
    source_url: `/img/accprompt-${(i % 2) + 1}.svg`,
    filename: `r${i}`,
    retrieve_date: `2026-01-${String(((i * 7) % 28) + 1).padStart(2, '0')}`,
    entity_type: 'image',
    headline: `Ranked post ${i + 1} about ${TOPICS[i % TOPICS.length]}`,
    topic: TOPICS[i % TOPICS.length],
    lean: String((i % 5) - 2),
  }));
  const res = await ctx.post('/v1/ingest_entity_set', {
    data: { entity_set_settings: { setname: `${prefix}${test.info().project.name.slice(0, 3)}${Date.now() % 100000}`, category: 'news', covariates } },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe('true');
  return body.data?.entity_set ?? body.entity_set;
}

/** pageOrder loads every block of the feed and returns the entity ids in page order. */
async function pageOrder(page: Page, total: number): Promise<string[]> {
  // Each scroll to the bottom asks for the next block; retried until every block is in.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cards(page)).toHaveCount(total, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  return cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id') ?? ''));
}

/** inventoryOrder is the participant's inventory export rows in item_order. */
async function inventory(baseURL: string, id: string, user: string, n: number) {
  const rows = await rowsFor(baseURL, 'inventory', id, user, (r) => r.length === n);
  return rows.sort((a, b) => Number(a.item_order) - Number(b.item_order));
}

const SCRIPT = `def rank(cards, participant):
    # the art cards first, then newest first
    def key(c):
        return (c["covariates"]["topic"] != "art", c["retrieve_date"])
    art = [c for c in cards if c["covariates"]["topic"] == "art"]
    rest = sorted([c for c in cards if c["covariates"]["topic"] != "art"], key = lambda c: c["retrieve_date"], reverse = True)
    return art + rest
`;

const FAMILIES: Array<{ name: string; params: Record<string, string>; query?: string; check?: (rows: Array<Record<string, string>>) => void }> = [
  {
    name: 'chronological',
    params: { algorithm: 'chronological' },
    check: (rows) => {
      const dates = rows.map((r) => r.reason.replace(/^retrieve_date /, ''));
      expect(dates).toEqual([...dates].sort().reverse());
    },
  },
  { name: 'engagement', params: { algorithm: 'engagement', 'feed-button-like': 'lognormal' } },
  {
    name: 'attitude',
    params: { algorithm: 'attitude_filter_feed', 'algorithm-covariate': 'lean', 'algorithm-mode': 'congruent' },
    query: '&attitude=1',
    check: (rows) => {
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.reason).toContain("the participant's side");
    },
  },
  {
    name: 'priority',
    params: { algorithm: 'priority', 'algorithm-covariate': 'topic', 'algorithm-value': 'science' },
    check: (rows) => {
      const first = rows.slice(0, 3);
      for (const r of first) expect(r.reason).toContain('topic = science: prioritised');
    },
  },
  { name: 'thompson', params: { algorithm: 'thompson_sampling', 'feed-button-like': 'yes' }, check: (rows) => expect(rows[0].inputs).toContain('"alpha":') },
  {
    name: 'custom',
    params: { algorithm: 'custom', 'algorithm-script': SCRIPT },
    check: (rows) => {
      expect(rows[0].inputs).toContain('script_sha256');
      expect(rows.slice(0, 3).every((r) => r.entity_set !== '')).toBe(true);
    },
  },
];

for (const family of FAMILIES) {
  test(`${family.name}: the order on the page is the inventory's`, async ({ page, baseURL }) => {
    const set = await uploadSet(baseURL!, 12, family.name.slice(0, 5));
    const id = await createStudy(baseURL!, [
      { entity_sets: JSON.stringify([{ entity_set: set, number_to_show: 4, randomize_between_subjects: 'yes' }]), forms: '[]', ...family.params },
    ]);
    await page.goto(`/?experiment_id=${id}${family.query ?? ''}`);
    await expect(cards(page).first()).toBeVisible();
    const user = await storedUser(page);
    // Every algorithm but random ranks the whole set (attitude's congruent mode keeps one side).
    const expected = family.name === 'attitude' ? 4 : 12; // leans 1 and 2: posts 4, 5, 9, 10
    const onPage = await pageOrder(page, expected);
    const rows = await inventory(baseURL!, id, user, expected);
    expect(onPage).toEqual(rows.map((r) => r.entity_id));
    for (const r of rows) {
      expect(r.algorithm).not.toBe('');
      expect(r.reason).not.toBe('');
      expect(r.inputs).toContain('"seed"');
    }
    family.check?.(rows);
  });
}

test('preference: the next block is ranked toward the cards the participant liked', async ({ page, baseURL }) => {
  const set = await uploadSet(baseURL!, 40, 'pref');
  const id = await createStudy(baseURL!, [
    {
      entity_sets: JSON.stringify([{ entity_set: set, number_to_show: 40, randomize_between_subjects: 'yes' }]),
      forms: '[]',
      algorithm: 'preference',
      'algorithm-covariate': 'topic',
      'feed-button-like': 'yes',
    },
  ]);
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page)).toHaveCount(25); // the first block
  const user = await storedUser(page);
  // Like every art post of the first block.
  const art = cards(page).filter({ hasText: 'about art' });
  const liked = await art.count();
  expect(liked).toBeGreaterThan(0);
  for (let i = 0; i < liked; i++) {
    const like = art.nth(i).getByRole('button', { name: 'Like' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
  }
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('feedlab_outbox') ?? '[]') as unknown[]).length)).toBe(0);
  const blockAsked = page.waitForResponse((r) => r.url().endsWith('/v1/load_block'));
  const onPage = await pageOrder(page, 40);
  expect((await blockAsked).ok()).toBe(true);
  // The second block starts with the remaining art posts.
  const headlines = await cards(page).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const artLeft = 10 - liked;
  for (const h of headlines.slice(25, 25 + artLeft)) expect(h).toContain('about art');
  // The page's order is the inventory's, and the block's rows say why.
  const rows = await inventory(baseURL!, id, user, 40);
  expect(onPage).toEqual(rows.map((r) => r.entity_id));
  expect(rows[25].reason).toContain('block 2: matches topic=art');
  expect(rows[0].reason).toContain('first block');
});
