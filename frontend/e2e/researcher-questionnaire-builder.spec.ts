// The wizard's questionnaire builder (issue 23) in the real binary: a researcher builds a
// two-page questionnaire with every item type (a cards item with a lure, a show_if) by
// the fields' labels, previews a page, verifies and creates the study; it is launched and
// a participant at 360 px answers it; every answer is in the user_form export, the answers
// about feed cards in the exposures export, and every item in the codebook.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { addResearcher, signedIn, uniqueName } from './support/researchers';
import { parseCSV } from './support/studies';
import { expectNoSidewaysScroll, joinStudy, submit } from './forms-helpers';

test.skip(({ isMobile }) => isMobile, 'the builder is a console page; the participant part runs at 360 px below');

const section = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
/** dump is an export of the study as the researcher who built it downloads it. */
async function dump(page: Page, dataType: string, id: string, codebook = false): Promise<string> {
  const res = await page.request.post('/v1/dump_data', { data: { data_type: dataType, experiment_id: id, codebook } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.text();
}

/** dragOnto drags an item by its grip and drops it on the lower edge of another (the part in
 * view when the other is just above), as a researcher's mouse does. */
async function dragOnto(page: Page, from: Locator, to: Locator): Promise<void> {
  const grip = from.getByTitle('Drag to move');
  await grip.scrollIntoViewIfNeeded();
  const a = (await grip.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y + 20, { steps: 3 });
  await page.mouse.move(b.x + 60, b.y + b.height - 20, { steps: 5 });
  await page.mouse.up();
}

const item = (q: Locator, id: string) => q.getByRole('group', { name: new RegExp(`^Item ${id} `) });

test('a questionnaire built in the wizard is taken by a participant and exported', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const name = uniqueName('qbuilder', testInfo);
  addResearcher(name);
  await signedIn(page, name);
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.goto('/create-study');
  await page.getByLabel('How many conditions?').fill('1');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await section(page, 'Cards').getByRole('checkbox', { name: 'solarflare_demo [24]' }).check();
  // Fewer cards than the set holds, so there are cards not shown to mix in as lures.
  await section(page, 'Cards').getByLabel('Cards to show').fill('4');

  // Build: a questionnaire of two pages, every type of item.
  const qs = section(page, 'Questionnaires');
  await qs.getByRole('button', { name: 'Add questionnaire' }).click();
  const q = qs.getByRole('group', { name: 'Questionnaire questionnaire' });
  await q.getByLabel('Name', { exact: true }).fill('habits');
  const built = qs.getByRole('group', { name: 'Questionnaire habits' });
  await built.getByLabel('Title').fill('Your habits');
  const page1 = built.getByRole('group', { name: 'Page 1' });
  await page1.getByLabel('Page 1 introduction (markdown, optional)').fill('A few questions first.');
  for (const type of ['Several choices (checkboxes)', 'Likert scale', 'Matrix (statements on one scale)', 'Slider', 'Number']) {
    await page1.getByLabel('Type of the new item on page 1').selectOption({ label: type });
    await page1.getByRole('button', { name: 'Add item to page 1' }).click();
  }
  const texts: Record<string, string> = { q1: 'Do you use social media?', q2: 'Which apps?', q3: 'Trust in news', q4: 'Agree or not', q5: 'Hours online', q6: 'Your age' };
  for (const [id, text] of Object.entries(texts)) await item(page1, id).getByLabel('Question (markdown)').fill(text);
  // show_if: the apps are asked only of those who chose Option 1.
  await item(page1, 'q2').getByLabel('Show only if').selectOption('q1');
  await item(page1, 'q2').getByLabel('is this value').fill('1');
  await item(page1, 'q1').getByLabel('Option 1 label').fill('Yes');
  // Reorder by keyboard: the number item up and back down.
  await item(page1, 'q6').getByRole('button', { name: 'Move up' }).click();
  await expect(page1.getByRole('group', { name: /^Item / }).nth(4)).toHaveAccessibleName(/^Item q6 /);
  await item(page1, 'q6').getByRole('button', { name: 'Move down' }).click();
  await expect(page1.getByRole('group', { name: /^Item / }).nth(5)).toHaveAccessibleName(/^Item q6 /);
  // And by drag: q6 dropped on q5 takes its place; dropped back, it is last again.
  await dragOnto(page, item(page1, 'q6'), item(page1, 'q5'));
  await expect(page1.getByRole('group', { name: /^Item / }).nth(4)).toHaveAccessibleName(/^Item q6 /);
  await dragOnto(page, item(page1, 'q5'), item(page1, 'q6'));
  await expect(page1.getByRole('group', { name: /^Item / }).nth(5)).toHaveAccessibleName(/^Item q6 /);
  // Duplicate: a copy with an id of its own, right below; deleted again.
  await item(page1, 'q6').getByRole('button', { name: 'Duplicate' }).click();
  await expect(page1.getByRole('group', { name: /^Item / }).nth(6)).toHaveAccessibleName(/^Item q_1 /);
  await item(page1, 'q_1').getByRole('button', { name: 'Delete' }).click();

  await built.getByRole('button', { name: 'Add page' }).click();
  const page2 = built.getByRole('group', { name: 'Page 2' });
  await item(page2, 'q7').getByRole('button', { name: 'Delete' }).click();
  await qs.getByRole('button', { name: 'Undo' }).click();
  await expect(item(page2, 'q7')).toBeVisible();
  await item(page2, 'q7').getByRole('button', { name: 'Delete' }).click();
  for (const type of ['One line of text', 'Several lines of text', 'Attention check', 'Questions about feed cards']) {
    await page2.getByLabel('Type of the new item on page 2').selectOption({ label: type });
    await page2.getByRole('button', { name: 'Add item to page 2' }).click();
  }
  await item(page2, 'q7').getByLabel('Question (markdown)').fill('Your city');
  await item(page2, 'q8').getByLabel('Question (markdown)').fill('Why do you use it?');
  const cards = item(page2, 'q10');
  await cards.getByLabel('How many cards (empty: all shown)').fill('2');
  await cards.getByLabel('Lures: cards not shown, mixed in').fill('1');
  await item(cards, 'q1').getByLabel('Question (markdown)').fill('How accurate is it?');

  // Preview page 1 as a participant sees it, at phone width too.
  await page1.getByRole('button', { name: 'Preview page 1' }).click();
  const preview = built.getByRole('region', { name: 'Preview of page 1 of habits' });
  await expect(preview.getByRole('group', { name: /Do you use social media/ })).toBeVisible();
  await preview.getByLabel('Phone width (360 px)').check();
  await built.screenshot({ path: '/tmp/qbuilder-section-1280.png' });
  await preview.getByRole('button', { name: 'Close preview' }).click();

  // Export the JSON, import it back (a copy under a free name), start one from a built-in;
  // both go again, and leave the condition's list with them.
  const download = page.waitForEvent('download');
  await built.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  await qs.getByLabel('Import a questionnaire (JSON file)').setInputFiles(file);
  await expect(qs.getByRole('group', { name: 'Questionnaire habits_2' })).toBeVisible();
  await qs.getByLabel('Built-in questionnaire').selectOption({ label: 'Final questions' });
  await qs.getByRole('button', { name: 'Start from this built-in' }).click();
  await expect(qs.getByRole('group', { name: 'Questionnaire final_2' })).toBeVisible();
  await section(page, 'Post-experiment questionnaires').getByRole('checkbox', { name: /yours: final_2/ }).check();
  // Before the feed no card has been shown: a questionnaire with a cards item is not offered there.
  await expect(section(page, 'Questionnaires before the feed').getByRole('checkbox', { name: /yours: final_2/ })).toBeVisible();
  await expect(section(page, 'Questionnaires before the feed').getByRole('checkbox', { name: /yours: habits/ })).toHaveCount(0);
  await section(page, 'Questionnaires before the feed').screenshot({ path: '/tmp/qbuilder-before-1280.png' });
  await qs.getByRole('button', { name: 'Add questionnaire' }).locator('..').screenshot({ path: '/tmp/qbuilder-start-1280.png' });
  await qs.getByRole('group', { name: 'Questionnaire final_2' }).getByRole('button', { name: 'Delete questionnaire' }).click();
  await qs.getByRole('group', { name: 'Questionnaire habits_2' }).getByRole('button', { name: 'Delete questionnaire' }).click();
  await expect(section(page, 'Post-experiment questionnaires').getByRole('checkbox', { name: /yours: final_2/ })).toHaveCount(0);

  // Shown after the feed in condition 1. Verify's problems are listed beside the
  // questionnaire they name: a duplicate id, then fixed.
  await section(page, 'Post-experiment questionnaires').getByRole('checkbox', { name: 'Your habits (yours: habits)' }).check();
  await item(page2, 'q8').getByLabel('ID').fill('q7');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  await expect(built.getByRole('list', { name: 'Problems with habits' })).toContainText('q7');
  await page2.getByRole('group', { name: /^Item q7 · Several lines/ }).getByLabel('ID').fill('q8');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  await expect(page.getByText(/^The parameters are valid/)).toBeVisible();
  await expect(built.getByRole('list', { name: 'Problems with habits' })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 800 });
  await built.screenshot({ path: '/tmp/qbuilder-section-360.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Create Study' }).click();
  const created = page.getByText(/^Study created:/);
  await expect(created).toBeVisible();
  const id = (await created.locator('strong').textContent())!.trim();
  expect((await page.request.post(`/v1/studies/${id}/launch`, { data: {} })).ok()).toBe(true);
  // Another study can copy it: the form (kept across the reload) gets it under a free name.
  await page.reload();
  await qs.getByLabel('Copy from another study').selectOption(id);
  await expect(qs.getByLabel('Its questionnaire')).toHaveValue('habits');
  await qs.getByRole('button', { name: 'Copy this questionnaire' }).click();
  await expect(qs.getByRole('group', { name: 'Questionnaire habits_2' }).getByLabel('Title')).toHaveValue('Your habits');

  // The participant, at 360 px, with the feed and the lures the feed page keeps.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, baseURL });
  const pp = await phone.newPage();
  pp.on('pageerror', (e) => errors.push(e.message));
  const p = await joinStudy(pp, id);
  const again = await (await pp.request.post('/v1/load_experiment', { data: { user_id: p.userId, experiment_id: id } })).json();
  const asCards = (list: Array<Record<string, unknown>>) => list.map((e, i) => ({ ...e, entity_id: String(e.entity_id), idx: i }));
  const [feed, lures] = [asCards(again.data.order_data), asCards(again.data.lure_data ?? [])];
  expect(lures).toHaveLength(1);
  await pp.evaluate(([f, l]) => {
    localStorage.setItem('entities', JSON.stringify(f));
    localStorage.setItem('lures', JSON.stringify(l));
  }, [feed, lures]);
  await pp.goto('/form/habits');
  await expect(pp.getByRole('heading', { level: 1, name: 'Your habits (page 1 of 5)' })).toBeVisible();
  await expect(pp.getByRole('group', { name: /Which apps/ })).toHaveCount(0);
  await pp.getByRole('group', { name: /Do you use social media/ }).getByLabel('Yes').check();
  await pp.getByRole('group', { name: /Which apps/ }).getByLabel('Option 2').check();
  await pp.getByRole('group', { name: /Trust in news/ }).getByLabel('4', { exact: true }).check();
  await pp.getByRole('group', { name: /Statement 1/ }).getByLabel('2', { exact: true }).check();
  await pp.getByLabel(/Hours online/).fill('40');
  await pp.getByLabel(/Your age/).fill('34');
  await expectNoSidewaysScroll(pp);
  await submit(pp, 'Next');
  await expect(pp.getByRole('heading', { level: 1, name: 'Your habits (page 2 of 5)' })).toBeVisible();
  await pp.getByLabel(/Your city/).fill('Lyon');
  await pp.getByLabel(/Why do you use it/).fill('News');
  await pp.getByRole('group', { name: /choose Option 2/ }).getByLabel('Option 2').check();
  await submit(pp, 'Next');
  for (let n = 3; n <= 5; n++) {
    await expect(pp.getByRole('heading', { level: 1, name: `Your habits (page ${n} of 5)` })).toBeVisible();
    await pp.getByRole('group', { name: /How accurate is it/ }).getByLabel('3', { exact: true }).check();
    await submit(pp, n === 5 ? 'Finish' : 'Next');
  }
  const mine = async () => parseCSV(await dump(page, 'user_form', id)).filter((r) => r.user_id === p.userId);
  await expect.poll(async () => (await mine()).filter((r) => r.field === 'q10.q1').length, { timeout: 15_000 }).toBe(3);
  const rows = await mine();
  const answers = new Map(rows.map((r) => [r.field, [r.response]]));
  const want: Record<string, string> = { q1: '1', q2: '2', q3: '4', 'q4.s1': '2', q5: '40', q6: '34', q7: 'Lyon', q8: 'News', q9: '2' };
  for (const [field, value] of Object.entries(want)) expect(answers.get(field), field).toEqual([value]);
  const cardRows = rows.filter((r) => r.field === 'q10.q1');
  expect(cardRows.map((r) => r.lure).sort()).toEqual(['0', '0', '1']);
  // The answers about feed cards are on those cards' rows of the exposures export (a lure
  // was never in the feed, so it has no row there).
  const asked = cardRows.filter((r) => r.lure === '0').map((r) => r.entity_id).sort();
  const exposures = parseCSV(await dump(page, 'exposures', id)).filter((r) => r.user_id === p.userId);
  expect(exposures.filter((r) => r['q10.q1'] === '3').map((r) => r.entity_id).sort()).toEqual(asked);
  expect(exposures.filter((r) => r['q10.q1'] === '').length).toBe(exposures.length - asked.length);

  // Every item in the codebook.
  const codebook = await dump(page, 'user_form', id, true);
  for (const field of [...Object.keys(want), 'q10.q1']) expect(codebook, field).toContain(`| ${field} | `);
  expect(codebook).toContain('with 1 lures');
  await phone.close();
  expect(errors).toEqual([]);
});
