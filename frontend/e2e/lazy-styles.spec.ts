// The lazy pages' stylesheets (issue 28, build.mjs lazyStyles): the questionnaires' and the
// comment thread's rules are not in the feed's first-load stylesheet, and each arrives
// before its page paints, so neither shows unstyled even when its sheet is slow.
import type { Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards } from './support/feed';
import { createStudy, uploadCommentedSet } from './support/studies';

/** A sheet of the first load or a lazy page's, by its file name. */
const LAZY_SHEET = /\/assets\/(forms|comments)-[A-Z0-9]+\.css$/;

/** watchFirstStyles records, when an element matching each selector first enters the page,
 * the computed value of one property its lazy sheet sets: what the participant first sees. */
async function watchFirstStyles(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, string> = {};
    (window as unknown as { __firstStyles: Record<string, string> }).__firstStyles = seen;
    const watch: Array<[string, 'borderTopLeftRadius' | 'paddingBottom']> = [
      ['.questionnaire__question', 'borderTopLeftRadius'],
      ['.comments', 'paddingBottom'],
    ];
    new MutationObserver(() => {
      for (const [selector, property] of watch) {
        const el = seen[selector] === undefined ? document.querySelector(selector) : null;
        if (el) seen[selector] = getComputedStyle(el)[property];
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstStyle = (page: Page, selector: string) => page.evaluate((s) => (window as unknown as { __firstStyles: Record<string, string> }).__firstStyles[s], selector);

test('lazy stylesheets: not in the first load, and loaded before the thread and the questionnaire paint', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'which files load, and when, does not depend on the width');
  const set = await uploadCommentedSet(baseURL!, 'ls', ['c1\ttalk\tDana Reyes\tThis claim is false.\t\t2\t1h\t\t']);
  const id = await createStudy(baseURL!, [{ forms: '[]', entity_sets: JSON.stringify([{ entity_set: set, number_to_show: 2, randomize_between_subjects: 'no' }]), comments: 'first-1', 'comments-tags': '[]' }]);
  await watchFirstStyles(page);
  // A slow link for the lazy sheets only: a page that did not wait for its sheet would paint
  // in the meantime, and the watcher would see it unstyled.
  await page.route(LAZY_SHEET, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const sheets: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'stylesheet') sheets.push(new URL(req.url()).pathname);
  });

  await page.goto(`/?experiment_id=${id}&user_id=ls-${Date.now()}`);
  const talk = cards(page).filter({ hasText: 'Miracle cure found in tap water' });
  await expect(talk.getByRole('listitem').filter({ hasText: 'This claim is false.' })).toBeVisible();
  // The first load's stylesheet (written into the page, build.mjs inlineStyle) carries
  // neither page's rules.
  const firstLoadRules = await page.evaluate(() =>
    [...document.styleSheets].filter((s) => s.ownerNode instanceof HTMLStyleElement && s.ownerNode.parentElement === document.head).flatMap((s) => [...s.cssRules].map((r) => r.cssText)),
  );
  expect(firstLoadRules.length).toBeGreaterThan(10);
  // Nor the interventions', the accuracy prompt's or the distract skin's (their chunks bring them).
  expect(firstLoadRules.filter((r) => /\.questionnaire__|\.comments?\b|\.comment-box|\.intervention-card|\.intervention__|\.accprompt__|\.distract-/.test(r))).toEqual([]);
  expect(await firstStyle(page, '.comments')).toBe('12px');
  expect(sheets.filter((s) => /\/forms-/.test(s))).toEqual([]);

  // A questionnaire opened in a fresh page: its chunk and its sheet load on first use.
  await page.goto('/form/form?preview=1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  expect(await firstStyle(page, '.questionnaire__question')).toBe('10px');
  expect(sheets.filter((s) => LAZY_SHEET.test(s)).map((s) => s.replace(/-[A-Z0-9]+\.css$/, ''))).toEqual(['/assets/comments', '/assets/forms']);
});
