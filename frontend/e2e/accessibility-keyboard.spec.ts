// A participant with a keyboard alone (issue 24): the whole flow (consent, instructions,
// every engagement button, the intervention, the feed's submit, a questionnaire of every
// item type, the end) is completed with Tab, Space, Enter, arrows and PageDown, and what
// they did arrives in the exports. At every stop the focused control shows a focus ring.
// The swipe feed moves post by post with the arrow keys. Desktop only: keyboards.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, inViewSince, readFor, rowsFor, storedUser } from './support/feed';
import { EVERY_ITEM } from './support/everyItem';
import { createStudy, entitySets, exportCSV } from './support/studies';
import en from '../src/participant/i18n/en.json' with { type: 'json' };
import es from '../src/participant/i18n/es.json' with { type: 'json' };
import ar from '../src/participant/i18n/ar.json' with { type: 'json' };

/** Language is a run's participant language: English, Spanish, Arabic (right to left). */
type Language = 'en' | 'es' | 'ar';
const CATALOGUES: Record<Language, Record<string, string>> = { en, es, ar };

/** words is a language's text of key, as t() finds it (the language's, else English's). */
const words = (language: Language) => (key: keyof typeof en) => CATALOGUES[language][key] ?? en[key];

/** along are the keys that move along a line laid out in the language's direction: forward
 * is ArrowRight left to right and ArrowLeft right to left (a scale's next point, a slider's
 * larger value, the swipe feed's next post). */
const along = (language: Language) => (language === 'ar' ? { forward: 'ArrowLeft', back: 'ArrowRight' } : { forward: 'ArrowRight', back: 'ArrowLeft' });

/** languageParam is a study's language parameter: none for English, as researchers leave it. */
const languageParam = (language: Language): Record<string, string> => (language === 'en' ? {} : { language });

/** focusRing says how the focused element shows its focus ('' when it does not). */
function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const s = getComputedStyle(el);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return `outline ${s.outlineWidth} ${s.outlineStyle}`;
    if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
    return '';
  });
}

/** tabTo presses Tab until `target` has the focus, checking each stop on the way shows it. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => (document.activeElement === document.body ? '' : (document.activeElement?.outerHTML.slice(0, 120) ?? '')));
    if (where === '') continue; // Tab left the page for the browser's own controls, and comes back
    expect(await focusRing(page), `no visible focus on ${where}`).not.toBe('');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

for (const language of ['en', 'ar', 'es'] as const) {
  test(`the whole flow with a keyboard alone (${language}); engagements and answers reach the exports`, async ({ page, baseURL }, info) => {
    test.skip(info.project.name === 'phone', 'a keyboard flow: the desktop');
    test.setTimeout(120_000);
    const m = words(language);
    const { forward } = along(language);
    const id = await createStudy(baseURL!, [
      {
        ...languageParam(language),
        feed: 'scroll',
        consent: 'default',
        instruct: 'default',
        'feed-button-like': 'yes',
        'feed-button-share': 'yes',
        'feed-button-bookmark': 'yes',
        'feed-button-upvote': 'yes',
        'feed-button-downvote': 'yes',
        'intervention-type': 'accprompt-modal',
        'intervention-perc': '50',
        entity_sets: entitySets(6),
        questionnaires: JSON.stringify([EVERY_ITEM]),
        forms: `["${EVERY_ITEM.name}"]`,
      },
    ]);
    await page.goto(`/?experiment_id=${id}`);

    // Consent and instructions: the dialog's button by Tab, Enter.
    for (const name of [m('start.consent'), m('start.instructions')]) {
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await tabTo(page, dialog.getByRole('button', { name: m('start.agree') }));
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // Every engagement button of the first card, in Tab order; Enter and Space both press.
    const first = cards(page).first();
    const headline = (await first.getByRole('heading').innerText()).trim();
    await expect(page.getByRole('article', { name: headline })).toHaveAttribute('data-idx', '0');
    const entityId = (await first.getAttribute('data-entity-id'))!;
    const pressed: string[] = [];
    for (const [label, key] of [['button.like', 'Enter'], ['button.share', 'Space'], ['button.readLater', 'Enter'], ['button.upvote', 'Space']] as const) {
      const name = m(label);
      const button = first.getByRole('button', { name });
      await tabTo(page, button);
      await page.keyboard.press(key);
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      // The count as the language writes one (١ in Arabic digits where Intl says so).
      await expect(button).toHaveAccessibleName(`${name}, ${new Intl.NumberFormat(language).format(1)}`);
      pressed.push(name);
    }

    // PageDown until the intervention opens at the third card; answer it by keyboard.
    const dialog = page.getByRole('dialog');
    await expect(async () => {
      await page.keyboard.press('PageDown');
      await expect(dialog).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await tabTo(page, dialog.getByRole('radio').first());
    await page.keyboard.press('ArrowDown'); // the second option: Probably false
    await expect(dialog.getByRole('radio', { name: m('accuracy.probablyFalse') })).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: m('common.continue') }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // On to the end of the feed with End and PageDown; the submit by Tab.
    const submit = page.getByRole('button', { name: m('feed.submit') });
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(submit).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    const user = await storedUser(page);
    await submit.focus(); // the Tab order from the intervention's last place is long; focus is checked below
    expect(await focusRing(page)).not.toBe('');
    await page.keyboard.press('Enter');

    // The questionnaire: one item of every type, by keyboard.
    await expect(page.getByRole('heading', { level: 1, name: /Your habits/ })).toBeVisible();
    const group = (name: RegExp) => page.getByRole('group', { name });
    await tabTo(page, group(/Do you use social media/).getByRole('radio').first());
    await page.keyboard.press('Space'); // Yes
    await tabTo(page, group(/Which apps/).getByRole('checkbox', { name: 'Facebook' }));
    await page.keyboard.press('Space');
    // Scales and the slider run in the reading direction: their next point is `forward`.
    await tabTo(page, group(/How much do you trust/).getByRole('radio').first());
    await page.keyboard.press(forward);
    await page.keyboard.press(forward);
    await page.keyboard.press(forward); // 4
    await tabTo(page, group(/The media are fair/).getByRole('radio').first());
    await page.keyboard.press('Space'); // 1
    await tabTo(page, group(/Social media are useful/).getByRole('radio').first());
    await page.keyboard.press(forward);
    await page.keyboard.press(forward); // 3
    await tabTo(page, page.getByLabel(/Hours a day online/));
    await page.keyboard.press('Home'); // 0: the slider starts unset, in the middle
    for (let i = 0; i < 5; i++) await page.keyboard.press(forward);
    await tabTo(page, page.getByLabel(/Your age/));
    await page.keyboard.type('34');
    await tabTo(page, page.getByLabel(/Your city/));
    await page.keyboard.type('Lyon');
    await tabTo(page, page.getByLabel(/Why do you use social media/));
    await page.keyboard.type('News');
    await tabTo(page, group(/choose Blue/).getByRole('radio').first());
    await page.keyboard.press('ArrowDown'); // Blue
    await tabTo(page, page.getByRole('button', { name: m('form.finish') }));
    await page.keyboard.press('Enter');

    // The end: Return home by keyboard.
    const end = page.getByRole('dialog');
    await expect(end.getByRole('heading', { name: m('end.thanks') })).toBeVisible();
    await tabTo(page, end.getByRole('button', { name: m('end.returnHome') }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();

    const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.filter((r) => r.entity_id === entityId && r.engagement_type !== 'dwell').length >= 4);
    const kinds = rows.filter((r) => r.entity_id === entityId && r.engagement_type !== 'dwell').map((r) => r.engagement_type);
    expect(kinds.sort()).toEqual(['likes', 'read_later', 'shares', 'upvote']);
    const answers = await rowsFor(baseURL!, 'user_form', id, user, (rs) => rs.some((r) => r.field === 'check'));
    const got = Object.fromEntries(answers.map((r) => [r.field, r.response]));
    expect(got).toMatchObject({
      'intervention_accuracy-prompt': '2_probably_false',
      uses: 'yes',
      apps: 'fb',
      trust: '4',
      'views.fair': '1',
      'views.useful': '3',
      hours: '5',
      age: '34',
      city: 'Lyon',
      why: 'News',
      check: 'blue',
    });
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`the swipe feed moves post by post with the arrow keys (${language}: ${along(language).forward} is the next post), to the submit and the end`, async ({ page, baseURL }, info) => {
    test.skip(info.project.name === 'phone', 'a keyboard flow: the desktop');
    const m = words(language);
    const { forward, back } = along(language);
    const id = await createStudy(baseURL!, [{ ...languageParam(language), feed: 'swipe', 'feed-button-like': 'yes', forms: '[]' }]);
    await page.goto(`/?experiment_id=${id}`);
    await expect(cards(page)).toHaveCount(10);
    const swiper = page.getByRole('region', { name: m('feed.swipeRegion') });
    await tabTo(page, swiper);
    const submit = page.getByRole('button', { name: m('feed.submit') });
    // Each ArrowDown brings the next post into the view, whole: the swiper comes to rest at the
    // post's slide before the next key (a key pressed mid-scroll would be taken into it).
    const at = async (i: number) => {
      await expect
        .poll(() =>
          cards(page)
            .nth(i)
            .evaluate((card) => Math.abs(card.closest('.swipe__slide')!.getBoundingClientRect().top - card.closest('.swipe')!.getBoundingClientRect().top)),
        )
        .toBeLessThanOrEqual(1);
      await expect(cards(page).nth(i)).toBeInViewport({ ratio: 0.99 });
    };
    // Down and the reading direction's forward key both bring the next post; back and Up the
    // one before.
    for (let i = 1; i < 9; i++) {
      await page.keyboard.press(i % 2 ? 'ArrowDown' : forward);
      await at(i);
    }
    await expect(submit).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await at(7);
    await page.keyboard.press('ArrowDown');
    await at(8);
    await page.keyboard.press(back);
    await at(7);
    await page.keyboard.press(forward);
    await at(8);
    const user = await storedUser(page);
    const like = cards(page).nth(8).getByRole('button', { name: m('button.like') });
    await tabTo(page, like);
    await page.keyboard.press('Space');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByRole('heading', { name: m('end.thanks') })).toBeVisible();
    const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'likes') && rs.filter((r) => r.engagement_type === 'dwell').length >= 10);
    expect(rows.filter((r) => r.engagement_type === 'likes')).toHaveLength(1);
  });
}

test('reduced motion stops every animation; 320 px and 200 % zoom reflow with nothing cut off', async ({ page, baseURL }, info) => {
  test.skip(info.project.name === 'phone', 'the test sets its widths itself');
  const id = await createStudy(baseURL!, [{ skin: 'distract', 'feed-button-like': 'yes', 'feed-button-share': 'yes', 'feed-button-bookmark': 'yes', 'feed-button-upvote': 'yes', 'feed-button-downvote': 'yes', 'feed-button-accuracy': 'yes', forms: '[]' }]);
  // Motion first, at a laptop's width (the distract skin's ticker and badges move).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBeGreaterThan(0);

  // 320 CSS px, and 1280 px at 200 % zoom (640 CSS px): no sideways scroll, and the card's
  // headline, buttons and the submit lie whole inside the window's width.
  for (const width of [320, 640]) {
    await page.setViewportSize({ width, height: 640 });
    await page.goto(`/?experiment_id=${id}`);
    const first = cards(page).first();
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    const inside = async (what: string, el: Locator) => {
      const box = (await el.boundingBox())!;
      expect(box.x, `${what} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} at ${width} px`).toBeLessThanOrEqual(width);
    };
    await inside('headline', first.getByRole('heading'));
    for (const b of await first.getByRole('button').all()) await inside(`button ${await b.getAttribute('title')}`, b);
    await first.getByRole('button', { name: 'Like' }).focus();
    await page.screenshot({ path: `/tmp/a11y-shots/feed-focus-${width}.png` });
    await page.keyboard.press('End');
    const submit = page.getByRole('button', { name: 'Click to continue' });
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(submit).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await inside('submit', submit);
  }
});

test('dwell stays exact when the participant scrolls by keyboard (PageDown, Tab, arrows)', async ({ page, baseURL }, info) => {
  test.skip(info.project.name === 'phone', 'a keyboard flow: the desktop');
  test.setTimeout(90_000);
  const id = await createStudy(baseURL!, [{ 'feed-button-like': 'yes', forms: '[]' }]);
  // The page's clock is Playwright's (as in feed-dwell.spec.ts): each pause of reading passes
  // at once and the clock stands still while the keys move the card out of view.
  await page.clock.install();
  await page.goto(`/?experiment_id=${id}`);
  await expect(cards(page).first()).toBeVisible();
  const user = await storedUser(page);
  await page.locator('body').focus();

  /** settle waits until the page stops moving (a key's smooth scroll has landed) and the
   * images shown so far have loaded (one arriving later would move the cards). */
  const settle = async () => {
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('article[data-idx] img'))
        .filter((i) => i.getBoundingClientRect().top < window.innerHeight)
        .every((i) => i.complete),
      undefined,
      { polling: 50 },
    );
    let y = -1;
    await expect.poll(async () => {
      // Read between polls, not by animation frames: the page's frames stand still with its clock.
      const now = await page.evaluate(() => window.scrollY);
      const still = now === y;
      y = now;
      return still;
    }).toBe(true);
  };
  /** inView is the card's latest intersection event's state. */
  const inView = (entityId: string) =>
    page.evaluate((eid) => {
      const events = JSON.parse(localStorage.getItem('intersect_events') ?? '[]') as Array<{ entity_id: string; inview: boolean }>;
      return events.filter((e) => e.entity_id === eid).at(-1)?.inview ?? false;
    }, entityId);
  /** pressUntil presses key until the card's in-view state is `want`. */
  const pressUntil = async (key: string, entityId: string, want: boolean) => {
    for (let i = 0; i < 80; i++) {
      if ((await inView(entityId)) === want) return;
      await page.keyboard.press(key);
      await settle();
    }
    throw new Error(`${key} did not bring card ${entityId} ${want ? 'into' : 'out of'} view`);
  };

  const measured: Array<{ key: string; entityId: string; expected: number }> = [];
  for (const [idx, key, pause] of [[2, 'PageDown', 1200], [4, 'Tab', 900], [6, 'ArrowDown', 1500]] as const) {
    const card = cards(page).nth(idx);
    await expect(card).toBeAttached({ timeout: 10_000 });
    const entityId = (await card.getAttribute('data-entity-id'))!;
    await pressUntil(key, entityId, true);
    const since = await inViewSince(page, entityId);
    await readFor(page, pause);
    await pressUntil(key, entityId, false);
    const leftAt = await page.evaluate(() => Date.now());
    await page.clock.resume();
    expect(leftAt - since).toBeGreaterThanOrEqual(pause);
    measured.push({ key, entityId, expected: leftAt - since });
  }

  // The participant leaves (the tab hidden): the feed sends its dwells.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  // Each measured visit is exported as a dwell within 20 ms of the time the card was in
  // view. The visit is found by its length, not by its place among the card's rows: a key
  // that moves a page can show a card briefly before its measured visit, and that short
  // visit's row may or may not be among them, depending on how fast the machine scrolled.
  for (const m of measured) {
    let seen: number[] = [];
    await expect
      .poll(
        async () => {
          const rows = (await exportCSV(baseURL!, 'engagement', id)).filter((r) => r.user_id === user && r.engagement_type === 'dwell' && r.entity_id === m.entityId);
          seen = rows.map((r) => Number(r.response));
          return seen.some((dwell) => Math.abs(dwell - m.expected) < 20);
        },
        { timeout: 10_000 },
      )
      .toBe(true)
      .catch((err: Error) => {
        throw new Error(`${m.key}: no exported dwell of card ${m.entityId} within 20 ms of ${m.expected} ms (its dwells: ${seen.join(', ') || 'none'})\n${err.message}`);
      });
  }
});
