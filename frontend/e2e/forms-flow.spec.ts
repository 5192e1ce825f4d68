// The questionnaire flow as a participant lives it, in the real binary: every page
// answered, each answer checked in the user_form export, then the end modal for each
// platform and the cleared session.
import { expect, test } from './support/appliance';
import { createStudy, exportCSV } from './support/studies';
import { answersOf, choose, expectFlowFinished, expectNoSidewaysScroll, joinStudy, submit } from './forms-helpers';

const ALL_FORMS = ['form', 'crt', 'ses', 'socialmediause', 'lean', 'imp', 'ac', 'aot', 'ccn', 'def', 'exp', 'ftg', 'final'];
const PROLIFIC_URL = 'https://app.prolific.com/submissions/complete?cc=C0MPL3TE';

test('every questionnaire answered lands in the export; prolific gets the completion link', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the answers reach the export the same at every width; every page at 360 px is checked by forms-pages.spec.ts on the phone project');
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(ALL_FORMS), platform: 'prolific', 'redirect-url': PROLIFIC_URL }]);
  const p = await joinStudy(page, id, { PROLIFIC_PID: 'pp-1' });
  const expected: Record<string, string> = {};
  const pick = async (name: string, value: string) => {
    await choose(page, name, value);
    expected[name] = value;
  };
  const type = async (name: string, text: string) => {
    await page.locator(`[name="${name}"]`).fill(text);
    expected[name] = text;
  };

  await page.goto('/form/form');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await type('age', '34');
  await pick('gender', 'trans-non-binary');
  // Ticked out of order: saved in option order, joined with ';'.
  await choose(page, 'ethnicity', 'other');
  await choose(page, 'ethnicity', 'asian');
  expected.ethnicity = 'asian;other';
  await choose(page, 'attentioncheck2', 'very');
  await choose(page, 'attentioncheck2', 'extremely');
  expected.attentioncheck2 = 'very;extremely';
  await pick('covidvaccine', '6_vaccinated');
  await expectNoSidewaysScroll(page);
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/crt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Word problems' })).toBeVisible();
  await type('crt_mark-adam-28', '4');
  await type('crt_10-50-printer', '10');
  await type('crt_mold-bread-40', '39');
  await type('crt_pass-second-place', '2');
  await type('crt_sheep-15-8-died', '8');
  await type('crt_emily-april-may', 'Emily (100% sure) & "why?"');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/ses$/);
  await pick('ses_ladder', '5');
  await pick('ses_income', '11');
  await pick('ses_education-level', '4');
  await type('ses_education-years', '16');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/socialmediause$/);
  await page.locator('input[name="monkeypox-cards-perc"]').fill('70');
  expected['monkeypox-cards-perc'] = '70';
  await pick('social-media_share-politics', '0_dont-use-social-media');
  await pick('social-media_use-freq', '4_2to6times-per-week');
  await pick('social-media_accuracy-importance', '5_extremely-important');
  await type('social-media_followers', '9000');
  await type('social-media_following', '250');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/lean$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Where you stand on various issues' })).toBeVisible();
  await pick('politicalposition', '3_independent');
  await pick('politicalpref', '3_lean-democratic');
  await pick('socialissuespref', '3_moderate');
  await pick('economicissuespref', '2_somewhat-liberal');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/imp$/);
  // Reversed options: highest first in every question; the four topic blocks all shown.
  for (const topic of ['monkeypox', 'johnny', 'election', 'covid']) {
    await expect(page.locator(`input[name="${topic}-importance"]`).first()).toHaveAttribute('value', '6_very-high-importance');
    await expect(page.locator(`input[name="${topic}-newsworthiness"]`).last()).toHaveAttribute('value', '1_no-newsworthiness');
  }
  const topics = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect([...topics].sort()).toEqual(['COVID', 'Elections', 'Johnny trial', 'Monkeypox']);
  await pick('monkeypox-importance', '2_very-low-importance');
  await pick('monkeypox-newsworthiness', '6_very-high-newsworthiness');
  await pick('johnny-importance', '1_no-importance');
  await pick('johnny-newsworthiness', '3_low-newsworthiness');
  await pick('election-importance', '5_high-importance');
  await pick('election-newsworthiness', '4_some-newsworthiness');
  await pick('covid-importance', '4_some-importance');
  await pick('covid-newsworthiness', '5_high-newsworthiness');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/ac$/);
  await choose(page, 'murder', '1_strongly-agree');
  await pick('attentioncheck1', '3_neither-agree-nor-disagree');
  await choose(page, 'gays-lesbians', '2_agree');
  await choose(page, 'taxes', '4_disagree');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/aot$/);
  await pick('aot_loyal-beliefs', '1_strongly-disagree');
  await pick('aot_true-important', '2_disagree');
  await pick('aot_evidence-conflicts', '3_somewhat-disagree');
  await pick('aot_change-beliefs', '6_strongly-agree');
  await pick('aot_maintain-beliefs', '4_somewhat-agree');
  await pick('aot_regardless-topic', '5_agree');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/ccn$/);
  await pick('monkeypox-worry', '2_slighly-worried');
  await pick('monkeypox-concern', '1_not-at-all-concerned');
  await pick('monkeypox-vax', '3_somewhat-likely');
  await pick('monkeypox-problem', '4_slightly-agree');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/def$/);
  await pick('monkeypox-desired-frequency', '1_less-monkeypox');
  await pick('johnny-desired-frequency', '2_same-johnny');
  await pick('election-desired-frequency', '3_more-election');
  await pick('covid-desired-frequency', '1_less-election');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/exp$/);
  await pick('monkeypox-exposure-frequency', '7_multiple-times-daily');
  await pick('johnny-exposure-frequency', '1_none-this-month');
  await pick('election-exposure-frequency', '3_one-every-other-week');
  await pick('covid-exposure-frequency', '5_few-times-week');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/ftg$/);
  await pick('covid-tired', '6_strongly-agree');
  await pick('covid-sickhearing', '3_slightly-disagree');
  await pick('covid-changesubject', '1_strongly-disagree');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/final$/);
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await pick('random', 'no');
  await type('study-duration', '12');
  await type('comments', 'Thanks; it was fine.\nSecond line;');
  await submit(page, 'Finish');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Complete the study' })).toHaveAttribute('href', PROLIFIC_URL);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expectFlowFinished(page);

  const answers = await answersOf(baseURL!, p);
  for (const [field, value] of Object.entries(expected)) expect(answers.get(field), field).toEqual([value]);
  // The ac page keeps only the attention check.
  for (const dropped of ['murder', 'gays-lesbians', 'taxes']) expect(answers.has(dropped), dropped).toBe(false);
  expect(answers.get('end-redirect')).toHaveLength(1);
  expect(answers.get('URLParams-PROLIFIC_PID')).toEqual(['pp-1']);
  expect(errors).toEqual([]);
});

test('lucid: the completion link carries the participant RID', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the link is built the same at every width; the end modal at 360 px is checked below');
  const id = await createStudy(baseURL!, [
    { forms: JSON.stringify(['final']), platform: 'lucid', 'redirect-url': 'https://notch.example.org/cb?token=t1&RID=[%RID%]' },
  ]);
  await joinStudy(page, id, { RID: 'resp-77' });
  await page.goto('/form/final');
  await choose(page, 'random', 'yes');
  await page.locator('[name="study-duration"]').fill('9');
  await submit(page, 'Finish');
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Complete the study' })).toHaveAttribute(
    'href',
    'https://notch.example.org/cb?token=t1&RID=resp-77',
  );
  await expectFlowFinished(page);
});

test('mturk: the completion code is shown, copied, and is the one stored for the participant', async ({ page, baseURL, context, browserName }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the code is made, copied and stored the same at every width; the end modal at 360 px is checked below');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(['ftg', 'final']), platform: 'mturk' }]);
  const p = await joinStudy(page, id, { workerId: 'W1' });
  await page.goto('/form/ftg');
  await choose(page, 'covid-tired', '5_agree');
  await choose(page, 'covid-sickhearing', '5_agree');
  await choose(page, 'covid-changesubject', '2_disagree');
  await submit(page, 'Next');
  await expect(page).toHaveURL(/\/form\/final$/);
  await choose(page, 'random', 'no');
  await page.locator('[name="study-duration"]').fill('7');
  await submit(page, 'Finish');

  const dialog = page.getByRole('dialog');
  const code = dialog.getByTestId('completion-code');
  await expect(code).toHaveText(/^[A-Z0-9]{10}$/);
  const shown = (await code.textContent())!.trim();
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(browserName).toBe('chromium');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await expectFlowFinished(page);

  const answers = await answersOf(baseURL!, p);
  expect(answers.get('completion_code')).toEqual([shown]);
  expect(answers.get('covid-tired')).toEqual(['5_agree']);

  // A reload of the last page shows the same code again.
  await page.reload();
  await expect(page.getByRole('dialog').getByTestId('completion-code')).toHaveText(shown);
});

test('no platform: Return home closes the modal and goes to the site root; the modal resists Escape and outside clicks', async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(['final']) }]);
  const p = await joinStudy(page, id);
  await page.goto('/form/final');
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
  await choose(page, 'random', 'no');
  await page.locator('[name="study-duration"]').fill('3');
  await submit(page, 'Finish');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Return home' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expectFlowFinished(page);

  await dialog.getByRole('button', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'feedlab' })).toBeVisible();

  const rows = await exportCSV(baseURL!, 'user_form', id);
  const mine = rows.filter((r) => r.user_id === p.userId);
  expect(mine.filter((r) => r.field === 'end-redirect')).toHaveLength(1);
  expect(mine.find((r) => r.field === 'random')?.response).toBe('no');
});

test('solarflare: no completion text, Return home', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the modal\'s words are the same at every width; the end modal at 360 px is checked above');
  await joinStudy(page, 'solarflare');
  await page.goto('/form/final');
  await choose(page, 'random', 'no');
  await page.locator('[name="study-duration"]').fill('2');
  await submit(page, 'Finish');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Return home' })).toBeVisible();
  await expect(dialog).not.toContainText(/code|Prolific|MTurk/i);
  await expectFlowFinished(page);
});

test('answers typed on a page survive a reload (a phone discarding the tab)', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'what survives a reload is kept in the page\'s storage, the same at every width');
  const id = await createStudy(baseURL!, [{ forms: JSON.stringify(['form', 'final']) }]);
  await joinStudy(page, id);
  await page.goto('/form/form');
  await page.locator('[name="age"]').fill('41');
  await choose(page, 'gender', 'male');
  await choose(page, 'ethnicity', 'asian');
  await page.reload();
  await expect(page.locator('[name="age"]')).toHaveValue('41');
  await expect(page.locator('input[name="gender"][value="male"]')).toBeChecked();
  await expect(page.locator('input[name="ethnicity"][value="asian"]')).toBeChecked();
  await choose(page, 'covidvaccine', '3_unsure');
  await submit(page, 'Next');
  await expect(page).toHaveURL(/\/form\/final$/);
  // Submitted: the draft is gone.
  expect(await page.evaluate(() => localStorage.getItem('form_draft'))).toBeNull();
});
