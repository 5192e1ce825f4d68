// Accessibility (issue 24): every participant page and every researcher page, at 1280 and
// 360 px, passes axe-core against WCAG 2.0–2.2 A and AA (e2e/support/axe.ts). Axe is slow,
// so each test sets one study up and walks its pages in sequence, checking each as it goes;
// a failure lists every violation of every page (soft assertions), not just the first.
//
// The viewport is set in the test (one run covers both widths), so the phone project skips.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { axeViolations, expectNoAxeViolations } from './support/axe';
import { cards, scrollToEnd } from './support/feed';
import { joinStudy } from './forms-helpers';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';
import { createStudy, DEMO_SET, entitySets, uploadCommentedSet } from './support/studies';
import { EVERY_ITEM as CUSTOM } from './support/everyItem';
import { readFileSync } from 'node:fs';
import en from '../src/participant/i18n/en.json' with { type: 'json' };
import es from '../src/participant/i18n/es.json' with { type: 'json' };
import ar from '../src/participant/i18n/ar.json' with { type: 'json' };

// Long tests, each with its own study and researcher (a participant variant is two: the
// study's flow, its questionnaires): let the workers share them, so this file does not hold
// one worker for minutes and no single axe walk is the last thing the suite waits for.
test.describe.configure({ mode: 'parallel' });

/** Variant is one run over the pages: the page width and the participants' language. */
interface Variant {
  width: number;
  height: number;
  language: 'en' | 'es' | 'ar';
}

// English (the default) and Arabic (right to left) at both widths, as docs/accessibility.md
// promises; Spanish, a second left-to-right language, at 360 px, where WCAG 2.2's target
// sizes are tightest (a third language at a second width would find nothing the others do
// not: the layout is English's, the words are the language's). The pages that belong to no
// study (home, about, not found, the unknown-study error) do not take a study's language,
// so only the English variants check them; the researcher pages are English only (below).
const PARTICIPANT_VARIANTS: Variant[] = [
  { width: 1280, height: 800, language: 'en' },
  { width: 360, height: 740, language: 'en' },
  { width: 360, height: 740, language: 'es' },
  { width: 1280, height: 800, language: 'ar' },
  { width: 360, height: 740, language: 'ar' },
];

/** CATALOGUES give each variant's participant words (names are never retyped here). */
const CATALOGUES: Record<Variant['language'], Record<string, string>> = { en, es, ar };

/** words is a variant's text of key, as t() finds it (the language's, else English's). */
function words(language: Variant['language']): (key: keyof typeof en) => string {
  return (key) => CATALOGUES[language][key] ?? en[key];
}



// The researcher pages are in English only: widths alone.
const RESEARCHER_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/** participantParams is the study the participant pages are checked in: consent,
 * instructions, every feed button, the accuracy-prompt intervention at the third card
 * (6 cards × 50 % − 1). */
function participantParams(language: Variant['language']): Record<string, string> {
  const params: Record<string, string> = {
    feed: 'scroll',
    consent: 'default',
    instruct: 'default',
    'feed-button-like': 'lognormal',
    'feed-button-share': 'yes',
    'feed-button-bookmark': 'yes',
    'feed-button-upvote': 'yes',
    'feed-button-downvote': 'yes',
    'feed-button-accuracy': 'yes',
    'intervention-type': 'accprompt-modal',
    'intervention-perc': '50',
    entity_sets: entitySets(6),
    forms: '[]',
  };
  return { ...params, ...languageParam(language) };
}

/** BUILT_IN are the built-in questionnaires and the other /form pages, opened as previews. */
const BUILT_IN = ['form', 'crt', 'ses', 'socialmediause', 'lean', 'imp', 'ac', 'aot', 'ccn', 'def', 'exp', 'ftg', 'final', 'custom-msg'];

/**
 * builtInsChecked are the previews a variant checks. The built-ins are plain forms: their
 * names, roles and contrast change with the language, not the width; only target sizes and
 * reflow change with the width. So every language checks every built-in once (English at
 * 1280 px, Spanish and Arabic at 360 px, where targets are tightest, left to right and right
 * to left), and the other width of English and Arabic checks the longest (`form`) and
 * `final`: every built-in is checked at both widths and in every language, at a third of
 * the axe runs of all of them everywhere (each run is 1–2.5 s of axe's own work).
 */
function builtInsChecked(v: Variant): string[] {
  const full = v.language === 'en' ? v.width === 1280 : v.width === 360;
  return full ? BUILT_IN : ['form', 'final'];
}

/** openVariant sizes the page for a variant (the phone project skips: these tests set both
 * widths themselves) and gives its axe check, its words and its writing direction. */
async function openVariant(page: Page, v: Variant, project: string) {
  test.skip(project === 'phone', 'the test sets both widths itself');
  test.setTimeout(180_000);
  await page.setViewportSize({ width: v.width, height: v.height });
  return {
    check: (label: string) => expectNoAxeViolations(page, `${label} (${v.language}, ${v.width} px)`),
    m: words(v.language),
    dir: v.language === 'ar' ? 'rtl' : 'ltr',
  };
}

for (const v of PARTICIPANT_VARIANTS) {
  test(`participant pages (${v.language}, ${v.width} px) have no axe violations`, async ({ page, baseURL }, info) => {
    const { check, m, dir } = await openVariant(page, v, info.project.name);

    if (v.language === 'en') {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();
      await check('home');
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check('about');
      await page.goto('/no-such-page');
      await expect(page.getByText('There is nothing at this address.')).toBeVisible();
      await check('not found');
      await page.goto('/?experiment_id=fl-nosuchid&PROLIFIC_PID=p-a11y&STUDY_ID=s1');
      await expect(page.getByRole('alert')).toBeVisible();
      await check('error screen');
    }

    const id = await createStudy(baseURL!, [participantParams(v.language)]);
    await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=p-a11y`);
    await expect(page.getByRole('dialog', { name: m('start.consent') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', v.language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await check('consent');
    await page.getByRole('button', { name: m('start.agree') }).click();
    await expect(page.getByRole('dialog', { name: m('start.instructions') })).toBeVisible();
    await check('instructions');
    await page.getByRole('button', { name: m('start.agree') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    // Each count button's name holds its visible count (label in name) and its state.
    const like = cards(page).first().getByRole('button', { name: m('button.like') });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName(`${m('button.like')}, ${await like.innerText()}`);
    const share = cards(page).first().getByRole('button', { name: m('button.share') });
    await expect(share).toHaveAccessibleName(`${m('button.share')}, ${await share.innerText()}`);
    await expect(share).toHaveAttribute('aria-pressed', 'false');
    await check('feed');
    await cards(page).nth(3).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const prompt = page.getByRole('dialog');
    await expect(prompt.getByRole('radio')).toHaveCount(4);
    await check('intervention (accuracy prompt)');
    await prompt.getByRole('radio').first().check();
    await prompt.getByRole('button', { name: m('common.continue') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await scrollToEnd(page, 500, m('feed.submit'));
    await check('feed end');
    await page.getByRole('button', { name: m('feed.submit') }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: m('end.thanks') })).toBeVisible();
    await check('end');
    // Back again after the end: the already-completed screen.
    await page.goto(`/?experiment_id=${id}&PROLIFIC_PID=p-a11y`);
    await expect(page.getByRole('heading', { level: 1, name: m('end.alreadyCompleted') })).toBeVisible();
    await check('completed');

    // The swipe layout, with the literacy tip shown in the feed as a post.
    const swipe = await createStudy(baseURL!, [
      { ...participantParams(v.language), feed: 'swipe', consent: '', instruct: '', 'intervention-type': 'literacytip', 'intervention-style': 'infeed', 'intervention-perc': '20' },
    ]);
    await page.goto(`/?experiment_id=${swipe}`);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('article[data-intervention="literacytip"]')).toBeAttached();
    await check('swipe feed');
    await page.getByRole('region', { name: m('feed.swipeRegion') }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(page.getByRole('button', { name: m('feed.submit') })).toBeVisible();
    await check('swipe feed end, in-feed intervention passed');

    // Seeded comments under the posts, one shown and the rest opened.
    const commented = await createStudy(baseURL!, [{ ...languageParam(v.language), forms: '[]', entity_sets: await setWithComments(baseURL!), comments: 'first-1', 'feed-button-like': 'yes' }]);
    await page.goto(`/?experiment_id=${commented}`);
    await expect(page.getByText('Is there a source for this?')).toBeVisible();
    await check('feed with comments');
    await page.getByRole('button', { name: viewMore(v.language, 2) }).click();
    await expect(page.getByText('Thanks for checking.')).toBeVisible();
    await check('feed with a comment thread open');

  });

  test(`questionnaire pages (${v.language}, ${v.width} px) have no axe violations`, async ({ page, baseURL, browser }, info) => {
    const { check, m, dir } = await openVariant(page, v, info.project.name);

    // The pages of no study speak the visitor's language (the browser's): Arabic, right to left.
    if (v.language === 'ar') {
      const visitor = await browser.newContext({ locale: 'ar', viewport: { width: v.width, height: v.height }, baseURL });
      try {
        const home = await visitor.newPage();
        for (const path of ['/', '/about']) {
          await home.goto(path);
          await expect(home.locator('html')).toHaveAttribute('dir', 'rtl');
          await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoAxeViolations(home, `${path} (an Arabic visitor, ${v.width} px)`);
        }
      } finally {
        await visitor.close();
      }
    }

    // The questionnaires read the study's language from the session: join one first.
    const custom = await createStudy(baseURL!, [{ ...languageParam(v.language), questionnaires: JSON.stringify([CUSTOM]), forms: `["${CUSTOM.name}"]`, entity_sets: entitySets(2) }]);
    await joinStudy(page, custom);
    for (const name of builtInsChecked(v)) {
      await page.goto(`/form/${name}?preview=1`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A preview in a study's language shows feedlab's translation of the questionnaire.
      if (name === 'final') await expect(page.getByRole('heading', { level: 1 })).toContainText(builtinTitle(v.language, name));
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('status').filter({ hasText: m('common.loading') })).toHaveCount(0);
      await check(`questionnaire ${name}`);
    }
    await page.goto('/viewforms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check('questionnaire list');

    await page.goto(`/form/${CUSTOM.name}`);
    await expect(page.getByRole('heading', { level: 1, name: /Your habits/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', v.language);
    await check('custom questionnaire');
  });
}

/** builtinTitle is a built-in questionnaire's title in a language, read from its file. */
function builtinTitle(language: Variant['language'], name: string): string {
  const file = language === 'en' ? `${name}.json` : `${language}/${name}.json`;
  return JSON.parse(readFileSync(new URL(`../../questionnaire/builtins/${file}`, import.meta.url), 'utf8')).title;
}

/** languageParam is the language parameter of a variant's study: none for English, as a
 * researcher's study leaves it out. */
function languageParam(language: Variant['language']): Record<string, string> {
  return language === 'en' ? {} : { language };
}

/** viewMore is the name of the button that opens n more comments, in the language's
 * plural form for n (its .other form when the catalogue has none for n's category). */
function viewMore(language: Variant['language'], n: number): string {
  const m = CATALOGUES[language];
  const form = m[`comments.viewMore.${new Intl.PluralRules(language).select(n)}`] ?? m['comments.viewMore.other'];
  return form.replace('{n}', new Intl.NumberFormat(language).format(n));
}

/** setWithComments uploads a two-card set whose first card has a thread of three seeded
 * comments (one a reply) and returns the entity_sets value for it. */
async function setWithComments(baseURL: string): Promise<string> {
  const set = await uploadCommentedSet(baseURL, 'a11y', [
    'c1\ttalk\tDana Reyes\tIs there a source for this?\t\t12\t2h\t\t',
    'c2\ttalk\tSam Park\tWow, sharing this with everyone!\t\t3\t1h\t\t',
    'r1\ttalk\tLee Chen\tThanks for checking.\t\t1\t45m\tc1\t',
  ]);
  return JSON.stringify([{ entity_set: set, number_to_show: 2, randomize_between_subjects: 'no' }]);
}

/** takePart sends what a participant's browser sends (consent, a like, a dwell, an answer),
 * so the study page has a dashboard and a participant page to show. */
async function takePart(ctx: APIRequestContext, study: string, user: string): Promise<void> {
  const load = await ctx.post('/v1/load_experiment', { data: { user_id: user, experiment_id: study, query_params: {} } });
  expect(load.ok(), await load.text()).toBe(true);
  const data = (await load.json()).data;
  const first = (data.order_data as Array<{ entity_id: string }>)[0].entity_id;
  const ref = { user_id: user, experiment_id: study, condition: data.condition };
  const now = Date.now();
  for (const [path, body] of [
    ['/v1/write_checkpoint', { event_id: `${user}-consent`, checkpoint: 'consent-agree' }],
    ['/v1/write_checkpoint', { event_id: `${user}-landed`, checkpoint: 'feed-landed' }],
    ['/v1/write_user_engagement', { event_id: `${user}-like`, entity_id: first, engagement_type: 'likes', response: 'true', time_content_viewed: now - 900, time_engagement: now, likes: 1 }],
    ['/v1/write_batch_dwell', { event_id: `${user}-dwell`, dwell_data: [{ idx: 0, entity_id: first, dwells: 1, dwellTimes: [1234], dwellsInviewTime: [now] }] }],
    ['/v1/write_form', { event_id: `${user}-form`, form_fields: { age: '34' } }],
  ] as const) {
    const res = await ctx.post(path, { data: { ...ref, ...body } });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }
}

for (const size of RESEARCHER_WIDTHS) {
  test(`researcher pages (${size.width} px) have no axe violations`, async ({ page, baseURL }, info) => {
    test.skip(info.project.name === 'phone', 'the test sets both widths itself');
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const check = (label: string) => expectNoAxeViolations(page, `${label} (${size.width} px)`);
    const name = uniqueName('a11y', info);
    addResearcher(name);
    const ctx = await apiAs(baseURL!, name);
    const study = await spawnStudy(ctx, { title: 'Accessible study', platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=A11Y' });
    const user = `a11y-${size.width}`;
    await takePart(ctx, study, user);

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
    await check('sign in');
    await signIn(page, name);
    await check('my studies');

    const pages: Array<[string, string, RegExp]> = [
      ['study page', `/studies/${study}`, /Accessible study/],
      ['participant page', `/studies/${study}/participants/${user}`, new RegExp(`Participant ${user}`)],
      ['upload', '/upload', /Upload stimuli/],
      ['hosted upload', '/upload-hosted', /Upload stimuli with media/],
      ['library', '/sets', /Stimulus library/],
      ['stimulus set', `/sets/${DEMO_SET}`, new RegExp(DEMO_SET)],
      ['download', `/download?study=${study}`, /Download data/],
      ['sign-ups', '/signups', /Sign-ups/],
    ];
    for (const [label, path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await check(label);
      if (label === 'study page') {
        // Its dialogs: sharing and the confirmation before a pause.
        await page.getByRole('region', { name: 'Sharing' }).getByRole('button', { name: 'Share' }).click();
        await expect(page.getByRole('dialog', { name: 'Share study' })).toBeVisible();
        await check('share dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.getByRole('button', { name: 'Pause' }).click();
        await expect(page.getByRole('dialog', { name: 'Pause this study?' })).toBeVisible();
        await check('pause dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }

    await page.goto('/create-study');
    await expect(page.getByRole('heading', { level: 1, name: 'Specify study parameters' })).toBeVisible();
    await check('wizard: conditions');
    await page.getByLabel('How many conditions?').fill('2');
    await page.getByRole('button', { name: 'Enter', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Feed type', exact: true })).toBeVisible();
    await check('wizard: every section');
    // The questionnaire builder with items of several types.
    const qs = page.getByRole('group', { name: 'Questionnaires', exact: true });
    await qs.getByRole('button', { name: 'Add questionnaire' }).click();
    await qs.getByRole('group', { name: 'Questionnaire questionnaire' }).getByLabel('Name', { exact: true }).fill('habits');
    const page1 = qs.getByRole('group', { name: 'Questionnaire habits' }).getByRole('group', { name: 'Page 1' });
    for (const type of ['Likert scale', 'Matrix (statements on one scale)', 'Slider']) {
      await page1.getByLabel('Type of the new item on page 1').selectOption({ label: type });
      await page1.getByRole('button', { name: 'Add item to page 1' }).click();
    }
    await expect(page1.getByRole('group', { name: /^Item / })).toHaveCount(4);
    await check('wizard: questionnaire builder');
  });
}

// The check itself can fail: a page with an image without a text alternative (WCAG 2.0 A)
// and grey text too faint on white (AA) is reported for both, by rule and element. Without
// it, a check that silently ran no rules (a wrong option, a mode that skipped the page)
// would pass every page above.
test('the axe check reports an A and an AA violation planted in a page', async ({ page }, info) => {
  test.skip(info.project.name === 'phone', 'no page of ours: one run is enough');
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>planted</title></head><body><main><h1>Planted</h1>' +
      '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<p id="faint" style="color:#bbb;background:#fff">Too faint to read</p></main></body></html>',
  );
  const lines = await axeViolations(page);
  expect(lines.some((l) => l.includes('image-alt') && l.includes('#no-alt')), lines.join('\n')).toBe(true);
  expect(lines.some((l) => l.includes('color-contrast') && l.includes('#faint')), lines.join('\n')).toBe(true);
});
