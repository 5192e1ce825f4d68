// /form/custom-msg, the custom end message, in both of its types.
import { expect, test } from '@playwright/test';
import { createStudy } from './support/studies';
import { answersOf, choose, expectFlowFinished, joinStudy, submit } from './forms-helpers';

test("'modal': the message in a dialog with Continue, then the end modal", async ({ page, baseURL }) => {
  const id = await createStudy(baseURL!, [
    {
      forms: JSON.stringify(['ftg', 'custom-msg']),
      'custom-msg-type': 'modal',
      'custom-msg': 'Thanks for **helping** us.\n\nYou can close this tab after the next step.',
      platform: 'prolific',
      'redirect-url': 'https://app.prolific.com/submissions/complete?cc=MSG1',
    },
  ]);
  const p = await joinStudy(page, id);
  await page.goto('/form/ftg');
  await choose(page, 'covid-tired', '6_strongly-agree');
  await choose(page, 'covid-sickhearing', '6_strongly-agree');
  await choose(page, 'covid-changesubject', '6_strongly-agree');
  await submit(page, 'Next');

  await expect(page).toHaveURL(/\/form\/custom-msg\?/);
  const message = page.getByRole('dialog');
  // The server-rendered, sanitized markdown.
  await expect(message.locator('strong')).toHaveText('helping');
  await expect(message).toContainText('You can close this tab');
  await page.keyboard.press('Escape');
  await expect(message.getByRole('button', { name: 'Continue' })).toBeVisible();
  await message.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('dialog').getByRole('link', { name: 'Complete the study' })).toHaveAttribute(
    'href',
    'https://app.prolific.com/submissions/complete?cc=MSG1',
  );
  await expectFlowFinished(page);
  const answers = await answersOf(baseURL!, p);
  expect(answers.get('end-redirect')).toHaveLength(1);
  expect(answers.get('covid-tired')).toEqual(['6_strongly-agree']);
});

test("'onpage': the message on the page, sanitized; the flow ends there", async ({ page, baseURL }) => {
  let alerted = false;
  page.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  const id = await createStudy(baseURL!, [
    {
      forms: JSON.stringify(['custom-msg']),
      'custom-msg-type': 'onpage',
      'custom-msg': '## All done\n\nThank you! <img src=x onerror="alert(1)"> <script>alert(2)</script>',
    },
  ]);
  const p = await joinStudy(page, id);
  await page.goto((await page.evaluate(() => JSON.parse(localStorage.getItem('nextRoute') ?? '""'))) as string);
  await expect(page).toHaveURL(/\/form\/custom-msg\?/);
  await expect(page.getByRole('heading', { name: 'All done' })).toBeVisible();
  await expect(page.locator('.custom-msg script')).toHaveCount(0);
  await expect(page.locator('.custom-msg [onerror]')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Return home' })).toBeVisible();
  await expectFlowFinished(page);
  expect(alerted).toBe(false);
  const answers = await answersOf(baseURL!, p);
  expect(answers.get('end-redirect')).toHaveLength(1);

  await page.getByRole('button', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('opened by its URL, the message is rendered as sanitized markdown by the server', async ({ page }) => {
  let alerted = false;
  page.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  const message = '## Debrief\n\nThe posts were **fabricated**.\n\n<b>raw html</b> <img src=x onerror="alert(1)"> <script>alert(2)</script>';
  await page.goto(
    '/form/custom-msg?preview=1&custom-msg-type=onpage&custom-msg=' + encodeURIComponent(message) + '&platform=prolific&redirect-url=' +
      encodeURIComponent('javascript:alert(1)'),
  );
  // Markdown, as the participant's own flow shows it: a heading and emphasis.
  await expect(page.getByRole('heading', { name: 'Debrief' })).toBeVisible();
  await expect(page.locator('.custom-msg strong')).toHaveText('fabricated');
  // Raw HTML never becomes markup, and nothing runs.
  await expect(page.locator('.custom-msg b')).toHaveCount(0);
  await expect(page.locator('.custom-msg script')).toHaveCount(0);
  await expect(page.locator('.custom-msg [onerror]')).toHaveCount(0);
  await expect(page.locator('.custom-msg')).not.toContainText('**');
  await page.getByRole('button', { name: 'Continue' }).click();
  // An unsafe redirect URL never becomes a link.
  await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Return home' })).toBeVisible();
  expect(alerted).toBe(false);
});
