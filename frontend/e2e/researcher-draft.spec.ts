// A study's life in the browser (issue 22, item 1): a new study is a draft that turns
// participants away without registering them; the owner launches it (a dialog says what
// locks), archives it (hidden from My studies unless Show archived), restores it and deletes
// it by typing its id. Create pressed twice makes one study; a bundle opens as a draft.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards } from './support/feed';
import { addResearcher, apiAs, signIn, uniqueName } from './support/researchers';
import { entitySets } from './support/studies';

const SHOTS = '/tmp/shots-lifecycle';

/** shoot saves what is in view (or the whole page) at 1280 and at 360 px wide, then gives
 * the page its size back. */
async function shoot(page: Page, name: string, fullPage = false) {
  const size = page.viewportSize()!;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(size);
}

test.skip(({ isMobile }) => isMobile, 'the screenshots take both widths from the desktop project');

test('draft → not started for participants → launch → participant in → archive → restore → delete by its id', async ({ page, browser, baseURL }, info) => {
  test.setTimeout(120_000);
  const name = uniqueName('life', info);
  addResearcher(name);
  const api = await apiAs(baseURL!, name);
  const title = `Draft study ${Date.now().toString(36)}`;
  const spawned = await (
    await api.post('/v1/spawn_experiment', {
      data: { condition_settings: [{ condition: 1, param: 'entity_sets', value: entitySets(5) }, { condition: 1, param: 'title', value: title }, { condition: 1, param: 'forms', value: '[]' }] },
    })
  ).json();
  const id = spawned.data.experiment_id as string;
  expect(spawned.data.status).toBe('draft');

  await signIn(page, name);
  const card = page.getByRole('article', { name: new RegExp(title) });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  // The participant links and the classroom QR code are on the study page too.
  const links = page.getByRole('region', { name: 'Participant links' });
  await expect(links.getByText(/until you launch it/)).toBeVisible();
  await expect(links.getByRole('button', { name: new RegExp(`Copy http.*experiment_id=${id}`) }).first()).toBeVisible();
  await expect(links.getByRole('img', { name: /QR code of the link http.*experiment_id=/ })).toBeVisible();
  await shoot(page, 'study-page-draft');

  // A participant at the draft is told it has not started; no one is registered.
  const early = await browser.newPage();
  await early.goto(`/?experiment_id=${id}`);
  await expect(early.getByRole('alert')).toContainText('This study has not started yet');
  await early.screenshot({ path: `${SHOTS}/participant-not-started.png`, fullPage: true });
  await early.close();
  expect((await (await api.get(`/v1/studies/${id}/dashboard`)).json()).data.total.funnel.arrived).toBe(0);

  // The researcher's preview of the draft works.
  const preview = (await (await api.post(`/v1/studies/${id}/preview`, { data: { condition: 1 } })).json()).data.url as string;
  const pilot = await browser.newPage();
  await pilot.goto(preview);
  await expect(cards(pilot).first()).toBeVisible();
  await pilot.close();

  // Launch asks first and says what locks.
  await page.getByRole('button', { name: 'Launch', exact: true }).click();
  const launch = page.getByRole('dialog', { name: 'Launch this study?' });
  await expect(launch).toContainText('After launch, participants can join and the design is locked: only texts can still be edited');
  await shoot(page, 'launch-dialog');
  await launch.getByRole('button', { name: 'Launch study' }).click();
  await expect(page.getByText('The study is launched: participants can join.')).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();

  const joined = await browser.newPage();
  await joined.goto(`/?experiment_id=${id}`);
  await expect(cards(joined).first()).toBeVisible();
  await joined.close();

  // Pause asks first too; Paused and Closed are explained beside the buttons.
  await expect(page.getByText(/^Pause: a short stop/)).toBeVisible();
  await expect(page.getByText(/^Close: the study is finished/)).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('dialog', { name: 'Pause this study?' }).getByRole('button', { name: 'Pause study' }).click();
  await expect(page.getByText('The study is now paused.')).toBeVisible();

  // Archive: hidden from My studies unless Show archived.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText(/The study is archived/)).toBeVisible();
  const late = await browser.newPage();
  await late.goto(`/?experiment_id=${id}`);
  await expect(late.getByRole('alert')).toContainText('This study is closed');
  await late.close();
  await page.getByRole('link', { name: 'My studies' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show archived' }).check();
  await expect(card.getByText('Archived', { exact: true })).toBeVisible();
  await shoot(page, 'my-studies-statuses', true);

  // Restore gives it back its status (paused).
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('The study is restored: paused again.')).toBeVisible();

  // Delete of a launched study: only once its id is typed.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const del = page.getByRole('dialog', { name: 'Delete this study and all its data?' });
  const confirm = del.getByRole('button', { name: 'Delete study' });
  await expect(confirm).toBeDisabled();
  await del.getByLabel(/Type the study's id/).fill('fl-wrong');
  await expect(confirm).toBeDisabled();
  await del.getByLabel(/Type the study's id/).fill(id);
  await shoot(page, 'delete-dialog');
  await confirm.click();
  await expect(page.getByText(`Study ${id} was deleted with its data`)).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect((await api.get(`/v1/studies/${id}`)).status()).toBe(404);
});

test('Create Study twice makes one study: the button becomes Open study page; the same key twice answers the same id', async ({ page, baseURL }, info) => {
  test.setTimeout(90_000);
  const name = uniqueName('once', info);
  addResearcher(name);
  await signIn(page, name);
  await page.goto('/create-study');
  await expect(page.getByRole('heading', { level: 1, name: 'Specify study parameters' })).toBeVisible();
  await page.getByLabel('How many conditions?').fill('1');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  const cardsSection = page.getByRole('group', { name: 'Cards', exact: true }).getByRole('group', { name: 'Condition 1', exact: true });
  await cardsSection.getByRole('checkbox', { name: 'solarflare_demo [24]' }).check();
  const title = `Once ${Date.now().toString(36)}`;
  await page.getByLabel('Study title (optional)').fill(title);
  await page.getByRole('button', { name: 'Create Study' }).click();
  const created = page.getByText(/^Study created:/);
  await expect(created).toBeVisible();
  await expect(created).toBeInViewport();
  const id = (await created.locator('strong').textContent())!.trim();
  await expect(page.getByRole('button', { name: 'Create Study' })).toHaveCount(0);
  const open = page.getByRole('link', { name: 'Open study page' });
  await expect(open).toHaveAttribute('href', `/studies/${id}`);
  await shoot(page, 'wizard-created');

  // The API with the same key twice: one study.
  const api = await apiAs(baseURL!, name);
  const form = { idempotency_key: `e2e-${id}`, condition_settings: [{ condition: 1, param: 'entity_sets', value: entitySets(5) }] };
  const a = (await (await api.post('/v1/spawn_experiment', { data: form })).json()).data;
  const b = (await (await api.post('/v1/spawn_experiment', { data: form })).json()).data;
  expect(b.experiment_id).toBe(a.experiment_id);
  expect(b.existing).toBe(true);

  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const mine = (await (await api.get('/v1/studies')).json()).data.studies as Array<{ title: string; status: string }>;
  expect(mine.filter((s) => s.title === title)).toHaveLength(1);
  expect(mine.find((s) => s.title === title)!.status).toBe('draft');
});

test('a study bundle chosen in Start from a file opens as a draft for review', async ({ page, baseURL }, info) => {
  const name = uniqueName('bundle', info);
  addResearcher(name);
  const api = await apiAs(baseURL!, name);
  const made = (
    await (await api.post('/v1/spawn_experiment', { data: { condition_settings: [{ condition: 1, param: 'entity_sets', value: entitySets(5) }] } })).json()
  ).data.experiment_id as string;
  const zip = await (await api.get(`/v1/studies/${made}/bundle.zip`)).body();
  await signIn(page, name);
  await page.goto('/create-study');
  await page.getByLabel('Parameters file (CSV) or study bundle (.zip)').setInputFiles({ name: 'study.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Specify study parameters');
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch', exact: true })).toBeVisible();
  const imported = new URL(page.url()).pathname.split('/').pop()!;
  expect(imported).not.toBe(made);
  const anyone = await loadCode(baseURL!, imported);
  expect(anyone).toBe('study_not_started');
});

/** loadCode asks load_experiment for a new participant and answers the refusal's code ('' when admitted). */
async function loadCode(baseURL: string, id: string): Promise<string> {
  const res = await fetch(`${baseURL}/v1/load_experiment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: `b-${Date.now()}`, experiment_id: id, query_params: {} }),
  });
  const body = await res.json();
  return body.success === 'true' ? '' : body.error.code;
}

test('a draft is edited in the same wizard form; once launched the wizard refuses to edit it', async ({ page, baseURL }, info) => {
  test.setTimeout(90_000);
  const name = uniqueName('edit', info);
  addResearcher(name);
  const api = await apiAs(baseURL!, name);
  const title = `Editable ${Date.now().toString(36)}`;
  const id = (
    await (
      await api.post('/v1/spawn_experiment', {
        data: { condition_settings: [{ condition: 1, param: 'entity_sets', value: entitySets(5) }, { condition: 1, param: 'title', value: title }] },
      })
    ).json()
  ).data.experiment_id as string;
  await signIn(page, name);
  // A new study's form half typed in this browser: editing a draft must leave it as it is.
  await page.goto('/create-study');
  await page.getByLabel('How many conditions?').fill('3');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Cards', exact: true }).getByRole('group', { name: 'Condition 3', exact: true })).toBeVisible();
  await page.goto(`/studies/${id}`);
  await page.getByRole('link', { name: 'Edit in the wizard' }).click();
  await expect(page.getByText(`You are editing draft ${id}`)).toBeVisible();
  await expect(page.getByLabel('Study title (optional)')).toHaveValue(title);
  await expect(page.getByRole('button', { name: 'Create Study' })).toHaveCount(0);
  await page.getByLabel('How many conditions?').fill('2');
  await page.getByRole('button', { name: 'Enter', exact: true }).click();
  const cards2 = page.getByRole('group', { name: 'Cards', exact: true }).getByRole('group', { name: 'Condition 2', exact: true });
  await cards2.getByRole('checkbox', { name: 'solarflare_demo [24]' }).check();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText("The draft's parameters are saved.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect((await (await api.get(`/v1/studies/${id}`)).json()).data.n_conditions).toBe(2);
  await page.goto('/create-study');
  await expect(page.getByLabel('How many conditions?')).toHaveValue('3');
  await expect(page.getByRole('group', { name: 'Cards', exact: true }).getByRole('group', { name: 'Condition 3', exact: true })).toBeVisible();

  expect((await api.post(`/v1/studies/${id}/launch`, { data: {} })).ok()).toBe(true);
  await page.goto(`/create-study?edit=${id}`);
  await expect(page.getByText(`Study ${id} has been launched: its design is locked.`)).toBeVisible();
});
