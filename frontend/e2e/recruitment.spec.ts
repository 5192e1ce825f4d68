// Recruitment (issue 11): an over-quota arrival is sent to the platform's over-quota exit,
// a failed attention check ends at Lucid's quality-terminate link with the RID, and an
// MTurk preview shows the HIT's preview page and registers nobody.
import { type Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { choose, joinStudy, submit } from './forms-helpers';
import { createStudy, exportCSV, signedIn } from './support/studies';

const LUCID = 'https://lucid.example.org/cb';

/** lucidLanding answers every navigation to the Lucid callback with a small page. */
async function lucidLanding(page: Page): Promise<void> {
  await page.route(`${LUCID}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Back at the panel</h1>' }));
}

test('an over-quota arrival is sent to the over-quota exit with their RID, and nobody is registered', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the redirect happens before any page is drawn, the same at every width');
  const id = await createStudy(baseURL!, [{ forms: '[]', quota: '1', 'redirect-url-overquota': `${LUCID}?RIS=40&RID=[%RID%]` }]);
  // The only place is held by a participant in progress.
  const first = await page.request.post('/v1/load_experiment', { data: { user_id: 'holder', experiment_id: id, query_params: { RID: 'r-holder' } } });
  expect((await first.json()).success).toBe('true');

  await lucidLanding(page);
  await page.goto(`/?experiment_id=${id}&RID=r-over`);
  await expect(page).toHaveURL(`${LUCID}?RIS=40&RID=r-over`);
  await expect(page.getByRole('heading', { name: 'Back at the panel' })).toBeVisible();
  const users = new Set((await exportCSV(baseURL!, 'user_form', id)).map((r) => r.user_id));
  expect([...users]).toEqual(['holder']);
});

test('a failed attention check ends at the quality-terminate link with the RID and records the exit state', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the exit and its stored state are the same at every width; the consent page at 360 px is shot below');
  const id = await createStudy(baseURL!, [
    {
      platform: 'lucid',
      'redirect-url': `${LUCID}?RIS=10`,
      forms: '["ac"]',
      'redirect-url-quality': `${LUCID}?RIS=30&RID=[%RID%]`,
      'attention-fail-exit': 'quality-terminate',
    },
  ]);
  const p = await joinStudy(page, id, { RID: 'r-careless' });
  await lucidLanding(page);
  await page.goto('/form/ac');
  await choose(page, 'murder', '1_strongly-agree');
  await choose(page, 'attentioncheck1', '1_strongly-agree');
  await choose(page, 'gays-lesbians', '2_agree');
  await choose(page, 'taxes', '4_disagree');
  await submit(page, 'Finish');
  await expect(page).toHaveURL(`${LUCID}?RIS=30&RID=r-careless`);

  const rows = await exportCSV(baseURL!, 'participants', id);
  const row = rows.find((r) => r.user_id === p.userId);
  expect(row?.exit_state).toBe('quality_terminate');
  expect(row?.completed).toBe('0');
});

test('Lucid: declining consent takes the terminate exit with the RID', async ({ page, baseURL }, testInfo) => {
  const id = await createStudy(baseURL!, [
    { platform: 'lucid', 'redirect-url': `${LUCID}?RIS=10`, forms: '[]', consent: 'Do you agree to take part?', 'redirect-url-terminate': `${LUCID}?RIS=20&RID=[%RID%]` },
  ]);
  await lucidLanding(page);
  await page.goto(`/?experiment_id=${id}&RID=r-declines`);
  await expect(page.getByRole('button', { name: 'I do not agree' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-recruit/consent-decline-${testInfo.project.name}.png` });
  await page.getByRole('button', { name: 'I do not agree' }).click();
  await expect(page).toHaveURL(`${LUCID}?RIS=20&RID=r-declines`);
  const rows = await exportCSV(baseURL!, 'participants', id);
  expect(rows.map((r) => r.exit_state)).toEqual(['terminate']);
});

test('an MTurk preview shows the preview page and registers nobody', async ({ page, baseURL }, testInfo) => {
  const id = await createStudy(baseURL!, [{ forms: '[]', platform: 'mturk' }]);
  const loads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/load_experiment')) loads.push(r.url());
  });
  await page.goto(`/?experiment_id=${id}&assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE&hitId=H1&turkSubmitTo=https%3A%2F%2Fworkersandbox.mturk.com`);
  await expect(page.getByText('Accept the HIT to begin')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loads).toEqual([]);
  await page.screenshot({ path: `/tmp/shots-recruit/mturk-preview-${testInfo.project.name}.png`, fullPage: true });
  const researcher = await signedIn(baseURL!);
  const dash = await (await researcher.get(`/v1/studies/${id}/dashboard`)).json();
  expect(dash.data.total.funnel.arrived).toBe(0);
  expect(await exportCSV(baseURL!, 'user_form', id)).toHaveLength(0);
});
