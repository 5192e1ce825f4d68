import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, apiAs, exportParameters, signIn, spawnStudy, uniqueName } from './support/researchers';

/** studyCard is the card of one study in My studies. */
const studyCard = (page: Page, id: string) => page.getByRole('article').filter({ hasText: id });

test('My studies lists my studies and not another researcher\'s, newest first', async ({ page, baseURL }, info) => {
  const me = uniqueName('mine', info);
  const other = uniqueName('other', info);
  addResearcher(me);
  addResearcher(other);
  const meApi = await apiAs(baseURL!, me);
  const otherApi = await apiAs(baseURL!, other);
  const older = await spawnStudy(meApi, { title: 'Older study' });
  const newer = await spawnStudy(meApi, { title: 'Accuracy nudges, pilot' });
  const theirs = await spawnStudy(otherApi, { title: 'Not mine' });

  await signIn(page, me);
  const mine = studyCard(page, newer);
  await expect(mine.getByRole('heading', { name: /Accuracy nudges, pilot/ })).toBeVisible();
  await expect(mine).toContainText('Yours');
  await expect(mine.getByRole('definition').nth(0)).toHaveText('Open'); // status (spawnStudy launches)
  await expect(mine.getByRole('definition').nth(2)).toHaveText('1'); // conditions
  await expect(studyCard(page, older)).toBeVisible();
  await expect(studyCard(page, theirs)).toHaveCount(0);
  // The built-in demo has no owner: every researcher sees it.
  await expect(studyCard(page, 'solarflare')).toContainText('every researcher');

  // Newest first.
  const ids = await page.getByRole('article').locator('code').allTextContents();
  expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));

  // Duplicate opens the wizard from this study.
  await expect(mine.getByRole('link', { name: 'Duplicate' })).toHaveAttribute('href', `/create-study?from=${newer}`);
});

test('Copy participant link adds the platform\'s parameters', async ({ page, context, baseURL }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const me = uniqueName('link', info);
  addResearcher(me);
  const api = await apiAs(baseURL!, me);
  const prolific = await spawnStudy(api, { platform: 'prolific', 'redirect-url': 'https://app.prolific.com/submissions/complete?cc=C0DE1234' });
  await signIn(page, me);

  await studyCard(page, prolific).getByRole('button', { name: 'Copy participant link' }).click();
  const status = studyCard(page, prolific).getByRole('status');
  await expect(status).toContainText('Participant link copied:');
  await expect(status).toContainText(
    `?experiment_id=${prolific}&PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^http://[^/]+/\\?experiment_id=${prolific}&PROLIFIC_PID=`));
});

test('sharing makes a study visible to another researcher, removing hides it again', async ({ page, browser, baseURL }, info) => {
  const owner = uniqueName('owner', info);
  const friend = uniqueName('friend', info);
  addResearcher(owner);
  addResearcher(friend);
  const id = await spawnStudy(await apiAs(baseURL!, owner), { title: 'Shared study' });

  const friendContext = await browser.newContext({ baseURL });
  const friendPage = await friendContext.newPage();
  await signIn(friendPage, friend);
  await expect(studyCard(friendPage, id)).toHaveCount(0);

  await signIn(page, owner);
  await studyCard(page, id).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share study' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Shared study ${id}`);
  await expect(dialog).toContainText('Nobody yet.');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Pick a researcher.')).toBeVisible();
  await dialog.getByLabel('Researcher').selectOption(friend);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${friend} now sees this study.`);
  await expect(dialog.getByRole('list', { name: 'Shared with' })).toContainText(friend);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(studyCard(page, id)).toContainText(`Yours, shared with ${friend}`);

  await friendPage.reload();
  await expect(studyCard(friendPage, id)).toContainText(`Shared with you by ${owner}`);
  await expect(studyCard(friendPage, id).getByRole('button', { name: 'Share' })).toHaveCount(0);

  await studyCard(page, id).getByRole('button', { name: 'Share' }).click();
  // The dialog's own status line is the one read below; wait until the list of researchers
  // (announced as a status of its own while it loads) has arrived.
  await expect(dialog.getByText('Loading researchers…')).toHaveCount(0);
  await dialog.getByRole('button', { name: `Remove ${friend}` }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${friend} no longer sees this study.`);
  await expect(dialog).toContainText('Nobody yet.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await friendPage.reload();
  await expect(friendPage.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
  await expect(studyCard(friendPage, id)).toHaveCount(0);
  await friendContext.close();
});

test('Download parameters saves the same file as feedlab export', async ({ page, baseURL }, info) => {
  // Test the Blob URL path, which Playwright sees as a download (the File System Access
  // picker would open a native dialog).
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const me = uniqueName('params', info);
  addResearcher(me);
  const id = await spawnStudy(await apiAs(baseURL!, me), { title: 'Params, with "quotes"', consent: 'Do you agree?\n\nYes.' });
  await signIn(page, me);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    studyCard(page, id).getByRole('button', { name: 'Download parameters' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${id}_experiment_parameters.csv`);
  const saved = readFileSync((await download.path())!, 'utf8');
  const exported = exportParameters(id);
  expect(saved.replace(/\r\n/g, '\n'), 'same rows').toBe(exported.replace(/\r\n/g, '\n'));
  expect(saved, 'byte for byte, line endings included (one params.csv writer)').toBe(exported);
  expect(saved).toContain('title');
  await expect(studyCard(page, id).getByRole('status')).toHaveText(`Parameters saved as ${id}_experiment_parameters.csv.`);
});

test('the menu, skip link and study actions work with the keyboard alone', async ({ page, baseURL }, info) => {
  const me = uniqueName('keys', info);
  addResearcher(me);
  await spawnStudy(await apiAs(baseURL!, me), { title: 'Keyboard study' });
  await signIn(page, me);
  await page.reload();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The first control inside <main>: the Create study button of the page title.
  await expect(page.getByRole('main').getByRole('link', { name: 'Create study' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'Sign-ups' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('navigation', { name: 'Researcher' }).getByRole('link', { name: 'Download data' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Download data' })).toBeVisible();
  // Focus starts on the new page, as after a page load.
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('radio', { name: 'Feed engagement data' })).toBeFocused();
  // Back to the menu: Shift+Tab leaves <main> at the menu's last item, then up to My studies.
  const nav = page.getByRole('navigation', { name: 'Researcher' });
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'Sign-ups' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'Download data' })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'My studies' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
  // The study's actions are reachable in reading order.
  const card = page.getByRole('article').filter({ hasText: 'Keyboard study' });
  await card.getByRole('button', { name: 'Copy participant link' }).focus();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Download parameters' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: 'Duplicate' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: 'Download data' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Share' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share study' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Share' })).toBeFocused();
});

test('an empty list explains how to create the first study', async ({ page }, info) => {
  const me = uniqueName('empty', info);
  addResearcher(me);
  await signIn(page, me);
  // Only studies without an owner (the demo) are listed; hide them to see the empty state.
  await page.route('**/v1/studies', (route) => route.fulfill({ json: { success: 'true', data: { studies: [] } } }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No studies yet' })).toBeVisible();
  await expect(page.getByText('feedlab study create --from params.csv')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Create study' })).toHaveCount(2);
});
