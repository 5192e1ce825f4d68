// A researcher's own questionnaire (issue 23) as a participant takes it, in the real
// binary: a study created through the API with a two-page custom questionnaire of every
// item type (a cards item with a lure and a show_if among them), answered page by page;
// each answer is found in the user_form export under the contract's names, each card
// answer with its card, lure flag and position, and every item in the codebook.
import { expect, test } from './support/appliance';
import { createStudy, entitySets, exportCSV, signedIn } from './support/studies';
import { answersOf, choose, expectNoSidewaysScroll, joinStudy, submit } from './forms-helpers';
import { cards, rowsFor, storedUser } from './support/feed';

const QUESTIONNAIRE = {
  name: 'media_habits',
  title: 'Your media habits',
  pages: [
    {
      intro: 'A few questions about **how** you use social media. <script>window.injected = 1</script>',
      items: [
        { id: 'uses', type: 'single', text: 'Do you use social media?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }], other: true },
        {
          id: 'apps',
          type: 'multi',
          text: 'Which apps do you use?',
          options: [{ value: 'fb', label: 'Facebook' }, { value: 'x', label: 'X' }, { value: 'tt', label: 'TikTok' }],
          max: 2,
          show_if: { item: 'uses', equals: 'yes' },
        },
        { id: 'trust', type: 'likert', text: 'How much do you trust the news you see there?', points: 5, labels: ['Not at all', 'Completely'] },
        {
          id: 'views',
          type: 'matrix',
          text: 'How much do you agree?',
          points: 3,
          labels: ['Disagree', 'Neutral', 'Agree'],
          statements: [{ id: 'fair', text: 'The media are fair.' }, { id: 'useful', text: 'Social media are useful.' }],
        },
      ],
    },
    {
      items: [
        { id: 'hours', type: 'slider', text: 'Hours a day online', min: 0, max: 12, step: 1, labels: ['none', '12 hours'] },
        { id: 'age', type: 'number', text: 'Your age', min: 18, max: 99, integer: true },
        { id: 'city', type: 'text', text: 'Your city', required: false, max_length: 80 },
        { id: 'why', type: 'textarea', text: 'Why do you use social media?' },
        { id: 'check', type: 'attention', text: 'To show you read this, choose Blue.', options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }], expect: 'blue' },
        {
          id: 'posts',
          type: 'cards',
          text: 'Did you see this post in the feed?',
          lures: 1,
          items: [
            { id: 'seen', type: 'single', text: 'Did you see it?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
            { id: 'sure', type: 'likert', text: 'How sure are you?', points: 5, labels: ['Guessing', 'Certain'], show_if: { item: 'seen', equals: 'yes' } },
          ],
        },
      ],
    },
  ],
};

test('a two-page custom questionnaire is answered and every answer is exported', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const id = await createStudy(baseURL!, [
    { questionnaires: JSON.stringify([QUESTIONNAIRE]), forms: '["media_habits"]', entity_sets: entitySets(2) },
  ]);
  const p = await joinStudy(page, id);
  // The feed and the lures as the feed page keeps them (the same participant loads again).
  const again = await (await page.request.post('/v1/load_experiment', { data: { user_id: p.userId, experiment_id: id } })).json();
  const asCards = (list: Array<Record<string, unknown>>) => list.map((e, i) => ({ ...e, entity_id: String(e.entity_id), idx: i }));
  const feed = asCards(again.data.order_data);
  const lures = asCards(again.data.lure_data);
  expect(feed).toHaveLength(2);
  expect(lures).toHaveLength(1);
  await page.evaluate(
    ([f, l]) => {
      localStorage.setItem('entities', JSON.stringify(f));
      localStorage.setItem('lures', JSON.stringify(l));
    },
    [feed, lures],
  );
  const shot = (name: string) => page.screenshot({ path: `/tmp/forms-custom-${testInfo.project.name}-${name}.png`, fullPage: true });

  await page.goto('/form/media_habits');
  await expect(page.getByRole('heading', { level: 1, name: 'Your media habits (page 1 of 5)' })).toBeVisible();
  // The intro's markdown is rendered by the server; its raw HTML never runs.
  await expect(page.getByRole('strong')).toHaveText('how');
  expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
  // show_if: the apps question appears only once "Yes" is chosen.
  await expect(page.getByRole('group', { name: /Which apps do you use/ })).toHaveCount(0);
  await choose(page, 'uses', 'other');
  await expect(page.getByLabel('Please say what else:')).toBeVisible();
  await choose(page, 'uses', 'yes');
  await expect(page.getByLabel('Please say what else:')).toHaveCount(0);
  const apps = page.getByRole('group', { name: /Which apps do you use/ });
  await expect(apps).toBeVisible();
  await apps.getByLabel('TikTok').check();
  await apps.getByLabel('Facebook').check();
  await page.getByRole('group', { name: /How much do you trust/ }).getByLabel('4', { exact: true }).check();
  await page.getByRole('group', { name: /The media are fair/ }).getByLabel('1 – Disagree').check();
  await page.getByRole('group', { name: /Social media are useful/ }).getByLabel('3 – Agree').check();
  await expectNoSidewaysScroll(page);
  await shot('page1');
  await submit(page, 'Next');

  await expect(page.getByRole('heading', { level: 1, name: 'Your media habits (page 2 of 5)' })).toBeVisible();
  // A slider without a default position must be moved before the page can be sent.
  await submit(page, 'Next');
  await expect(page.getByText('Move the slider to your answer.')).toBeVisible();
  await shot('slider-unset');
  await page.getByLabel(/Hours a day online/).fill('5');
  await expect(page.getByText('5', { exact: true })).toBeVisible();
  await page.getByLabel(/Your age/).fill('34');
  await page.getByLabel(/Your city/).fill('Lyon');
  await page.getByLabel(/Why do you use social media/).fill('News & friends; mostly "news"');
  await page.getByRole('group', { name: /choose Blue/ }).getByLabel('Blue').check();
  await expectNoSidewaysScroll(page);
  await shot('page2');
  await submit(page, 'Next');

  // One page per card: the two feed cards and the lure, each shown as in the feed; "How
  // sure" is asked only after "Yes" (show_if within the card).
  const lureId = lures[0].entity_id;
  const asked: string[] = [];
  for (let n = 3; n <= 5; n++) {
    await expect(page.getByRole('heading', { level: 1, name: `Your media habits (page ${n} of 5)` })).toBeVisible();
    const card = page.locator('article.questionnaire__card');
    await expect(card.locator('img')).toBeVisible();
    const entity = (await card.getAttribute('data-entity-id'))!;
    if (n === 4) {
      // A reload (a phone discarding the tab) resumes at this page with the same card; the
      // pages already sent are not asked again.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Your media habits (page 4 of 5)' })).toBeVisible();
      await expect(card).toHaveAttribute('data-entity-id', entity);
    }
    asked.push(entity);
    if (entity === lureId) {
      await page.getByRole('group', { name: /Did you see it/ }).getByLabel('No').check();
      await expect(page.getByRole('group', { name: /How sure are you/ })).toHaveCount(0);
    } else {
      await page.getByRole('group', { name: /Did you see it/ }).getByLabel('Yes').check();
      await page.getByRole('group', { name: /How sure are you/ }).getByLabel('4', { exact: true }).check();
    }
    await expectNoSidewaysScroll(page);
    if (n === 3) await shot('card');
    await submit(page, n === 5 ? 'Finish' : 'Next');
  }
  expect([...asked].sort()).toEqual([...feed.map((e) => e.entity_id), lureId].sort());
  await expect(page.getByRole('dialog')).toBeVisible();

  await expect
    .poll(async () => (await answersOf(baseURL!, p)).get('check')?.[0], { timeout: 15_000 })
    .toBe('blue');
  const answers = await answersOf(baseURL!, p);
  const want: Record<string, string> = {
    uses: 'yes',
    apps: 'fb;tt',
    trust: '4',
    'views.fair': '1',
    'views.useful': '3',
    hours: '5',
    age: '34',
    city: 'Lyon',
    why: 'News & friends; mostly "news"',
    check: 'blue',
  };
  for (const [field, value] of Object.entries(want)) expect(answers.get(field), field).toEqual([value]);
  expect(answers.has('uses.other'), 'a hidden question is not saved').toBe(false);

  // The card answers: one row per card, each with its card, lure flag and position. (The
  // last card's page is sent after the check's: wait for all three.)
  const cardRows = async () => (await exportCSV(baseURL!, 'user_form', id)).filter((r) => r.user_id === p.userId && r.field.startsWith('posts.'));
  await expect.poll(async () => (await cardRows()).filter((r) => r.field === 'posts.seen').length, { timeout: 15_000 }).toBe(3);
  const rows = await cardRows();
  const byCard = (field: string) => Object.fromEntries(rows.filter((r) => r.field === field).map((r) => [r.entity_id, `${r.response}/${r.lure}/${r.position}`]));
  const seen: Record<string, string> = {};
  const sure: Record<string, string> = {};
  asked.forEach((entity, i) => {
    seen[entity] = entity === lureId ? `no/1/${i + 1}` : `yes/0/${i + 1}`;
    if (entity !== lureId) sure[entity] = `4/0/${i + 1}`;
  });
  expect(byCard('posts.seen')).toEqual(seen);
  expect(byCard('posts.sure')).toEqual(sure);
  // The exposures export: each feed card's row carries the answers about it.
  const exposures = (await exportCSV(baseURL!, 'exposures', id)).filter((r) => r.user_id === p.userId);
  expect(exposures.map((r) => [r.entity_id, r['posts.seen'], r['posts.sure']]).sort()).toEqual(feed.map((e) => [e.entity_id, 'yes', '4']).sort());

  // The user_form codebook lists every item of the questionnaire, show_if included.
  const ctx = await signedIn(baseURL!);
  const res = await ctx.post('/v1/dump_data', { data: { data_type: 'user_form', experiment_id: id, codebook: true } });
  expect(res.ok()).toBe(true);
  const codebook = await res.text();
  expect(codebook).toContain("### Your media habits (/form/media_habits, the study's own questionnaire)");
  for (const field of [...Object.keys(want), 'uses.other', 'posts.seen', 'posts.sure']) expect(codebook, field).toContain(`| ${field} | `);
  expect(codebook).toContain('with 1 lures');
  expect(codebook).toContain('shown when uses is yes');
  expect(errors).toEqual([]);
});

test('a forms-before questionnaire comes after consent and before the feed', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the flow between pages is the same at every width; the pages are shot above');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const about = {
    name: 'about_you',
    title: 'Before the feed',
    pages: [{ items: [{ id: 'trust', type: 'likert', text: 'How much do you trust the news?', points: 5, labels: ['Not at all', 'Completely'] }] }],
  };
  const id = await createStudy(baseURL!, [{ questionnaires: JSON.stringify([about]), 'forms-before': '["about_you"]', forms: '[]', consent: 'You agree to take part.' }]);
  await page.goto(`/?experiment_id=${id}`);
  await page.getByRole('button', { name: /agree/i }).click();
  await expect(page).toHaveURL(/\/form\/about_you$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Before the feed' })).toBeVisible();
  await page.getByRole('group', { name: /trust the news/ }).getByLabel('2', { exact: true }).check();
  await submit(page, 'Next');
  // Back at the feed, without the consent again.
  await expect(page.locator('article.card').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Consent' })).toHaveCount(0);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user_id') ?? '""') as string);
  const rowsOf = async () => (await exportCSV(baseURL!, 'user_form', id)).filter((r) => r.user_id === user);
  await expect.poll(async () => (await rowsOf()).some((r) => r.field === 'feed-landed'), { timeout: 15_000 }).toBe(true);
  const rows = await rowsOf();
  const at = (field: string) => rows.findIndex((r) => r.field === field);
  expect(rows[at('trust')]?.response).toBe('2');
  expect(at('form-done:about_you')).toBeGreaterThanOrEqual(0);
  // In the order stored: consent, the questionnaire, then the feed.
  expect(at('consent-agree')).toBeLessThan(at('trust'));
  expect(at('trust')).toBeLessThan(at('feed-landed'));
  expect(errors).toEqual([]);
});

test('a forms-before answer ranks the feed (attitude_filter_feed from answer:)', async ({ browser, page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'ranking is the same at every width');
  test.setTimeout(60_000);
  // Eight cards, lean -1 and 1 in turn: a congruent feed shows one side's four.
  const ctx = await signedIn(baseURL!);
  const covariates = Array.from({ length: 8 }, (_, i) => ({
    source_url: `/img/accprompt-${(i % 2) + 1}.svg`,
    filename: `lean${i}`,
    retrieve_date: '2026-01-01',
    entity_type: 'image',
    headline: `Leaning post ${i + 1}`,
    lean: i % 2 === 0 ? '-1' : '1',
  }));
  const res = await ctx.post('/v1/ingest_entity_set', { data: { entity_set_settings: { setname: `lean${Date.now() % 100000}`, category: 'news', covariates } } });
  const ingested = await res.json();
  expect(ingested.success, JSON.stringify(ingested)).toBe('true');
  const setname: string = ingested.data?.entity_set ?? ingested.entity_set;
  const views = {
    name: 'views',
    title: 'Your views',
    pages: [{ items: [{ id: 'side', type: 'likert', text: 'Where do you stand?', points: 5, labels: ['Left', 'Right'] }] }],
  };
  const id = await createStudy(baseURL!, [
    {
      entity_sets: entitySets(8, setname),
      questionnaires: JSON.stringify([views]),
      'forms-before': '["views"]',
      forms: '[]',
      algorithm: 'attitude_filter_feed',
      'algorithm-covariate': 'lean',
      'algorithm-mode': 'congruent',
      'algorithm-attitude-param': 'answer:views.side',
    },
  ]);
  const other = await browser.newContext({ baseURL });
  const feeds: Record<string, string[]> = {};
  for (const [p, point] of [
    [page, '2'],
    [await other.newPage(), '4'],
  ] as const) {
    await p.goto(`/?experiment_id=${id}`);
    await expect(p).toHaveURL(/\/form\/views$/);
    await p.getByRole('group', { name: /Where do you stand/ }).getByLabel(point, { exact: true }).check();
    await submit(p, 'Next');
    // The feed is composed from the answer once the server has it: one side's four cards.
    await expect(cards(p)).toHaveCount(4);
    const shown = await cards(p).evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-id') ?? ''));
    const user = await storedUser(p);
    const rows = await rowsFor(baseURL!, 'inventory', id, user, (r) => r.length === 4);
    rows.sort((a, b) => Number(a.item_order) - Number(b.item_order));
    expect(rows.map((r) => r.entity_id)).toEqual(shown);
    for (const r of rows) expect(r.reason).toContain(`the participant's side (answer views.side=${point})`);
    feeds[point] = shown;
  }
  await other.close();
  // Left (2, below the middle point 3) and right (4) participants see the other four cards each.
  expect(feeds['2'].filter((e) => feeds['4'].includes(e))).toEqual([]);
});

test('a show_if naming an item of an earlier page asks by that answer, after a reload too', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the pages are the same at every width');
  const q = {
    name: 'two_pages',
    title: 'Two pages',
    pages: [
      { items: [{ id: 'uses', type: 'single', text: 'Do you use Facebook?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] }] },
      { items: [{ id: 'hours', type: 'number', text: 'Hours on Facebook a day?', show_if: { item: 'uses', equals: 'yes' } }, { id: 'city', type: 'text', text: 'Your city?' }] },
    ],
  };
  const id = await createStudy(baseURL!, [{ questionnaires: JSON.stringify([q]), forms: '["two_pages"]', entity_sets: entitySets(2) }]);
  const p = await joinStudy(page, id);
  await page.goto('/form/two_pages');
  await choose(page, 'uses', 'yes');
  await submit(page, 'Next');
  await expect(page.getByText('Hours on Facebook a day?')).toBeVisible();
  // The earlier page's answer is kept with the page reached (a phone discarding the tab).
  await page.reload();
  await expect(page.getByText('Hours on Facebook a day?')).toBeVisible();
  await page.locator('[name="hours"]').fill('3');
  await page.locator('[name="city"]').fill('Oslo');
  await submit(page, 'Finish');
  await expect.poll(async () => (await answersOf(baseURL!, p)).get('hours')).toEqual(['3']);
  expect((await answersOf(baseURL!, p)).get('uses')).toEqual(['yes']);
});
