// Studies in the participant's language (issue 24; docs/languages.md): a Spanish study taken
// end to end by its Spanish labels, with a study's own text overriding a built-in one; an
// Arabic study laid out right to left, its built-in consent in Arabic; Verify naming the
// texts a language reads in English.
import { expect, test } from './support/appliance';
import { cards, scrollToEnd } from './support/feed';
import { readFileSync } from 'node:fs';
import { createStudy, exportCSV } from './support/studies';
import ar from '../src/participant/i18n/ar.json' with { type: 'json' };
import { condition, openWizard, section, setConditions } from './support/wizard';

test('a Spanish study, taken end to end by its Spanish labels, shows the study its own text where it overrides one', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the words do not depend on the width; the Arabic story runs on the phone');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const id = await createStudy(baseURL!, [
    {
      language: 'es',
      consent: 'Este estudio es anónimo. ¿Aceptas participar?',
      'feed-button-like': 'yes',
      'feed-button-share': 'lognormal',
      'feed-button-comment': 'yes',
      forms: JSON.stringify(['final']),
      translations: JSON.stringify({ es: { 'feed.submit': 'Ir a las preguntas finales' } }),
    },
  ]);
  await page.goto(`/?experiment_id=${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('dialog')).toContainText('¿Aceptas participar?');
  await page.getByRole('button', { name: 'Acepto y continúo' }).click();

  const like = cards(page).first().getByRole('button', { name: 'Me gusta' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first().getByRole('group', { name: 'Reacciones' })).toBeVisible();
  // The comment thread, loaded on demand, speaks Spanish too.
  const thread = cards(page).first().getByRole('region', { name: 'Comentarios de la publicación 1' });
  await expect(thread.getByRole('textbox', { name: 'Escribe un comentario' })).toHaveAttribute('placeholder', 'Escribe un comentario…');
  await scrollToEnd(page, 500, 'Ir a las preguntas finales');
  await expect(page.getByText('No hay más publicaciones :)')).toBeVisible();
  // The study's own text, not the built-in "Haz clic para continuar".
  await expect(page.getByRole('button', { name: 'Haz clic para continuar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ir a las preguntas finales' }).click();

  // The built-in final questionnaire speaks Spanish, its chrome and its questions alike
  // (feedlab's translation, questionnaire/builtins/es/final.json).
  await expect(page).toHaveURL(/\/form\/final/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Preguntas finales' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
  await expect(page.getByText(/preguntas necesitan respuesta antes de que puedas continuar/)).toBeVisible();
  await expect(page.getByText('Obligatorio').first()).toBeVisible();
  await page.getByRole('group', { name: /¿Respondiste al azar alguna de las preguntas/ }).getByLabel('No', { exact: true }).check();
  await page.getByLabel(/¿Aproximadamente cuántos minutos te llevó este estudio\?/).fill('3');
  await page.getByLabel(/¿Tienes algún comentario sobre el estudio\?/).fill('Muy interesante');
  await page.getByRole('button', { name: 'Finalizar', exact: true }).click();

  const end = page.getByRole('dialog');
  await expect(end.getByRole('heading', { name: '¡Gracias!' })).toBeVisible();
  await expect(end.getByRole('button', { name: 'Volver al inicio' })).toBeVisible();
  // Stored under the English questionnaire's fields and values: the export's shape does
  // not depend on the language.
  const finalAnswers = async () =>
    Object.fromEntries((await exportCSV(baseURL!, 'user_form', id)).filter((r) => ['random', 'study-duration', 'comments'].includes(r.field)).map((r) => [r.field, r.response]));
  await expect.poll(finalAnswers, { timeout: 15_000 }).toEqual({ random: 'no', 'study-duration': '3', comments: 'Muy interesante' });
  expect(errors).toEqual([]);
});

test('an Arabic study is laid out right to left: buttons, side columns and toasts mirrored', async ({ page, baseURL }, testInfo) => {
  const id = await createStudy(baseURL!, [{ language: 'ar', consent: 'default', 'feed-button-like': 'yes', 'feed-button-share': 'yes', 'feed-button-bookmark': 'yes', forms: '[]' }]);
  await page.goto(`/?experiment_id=${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The built-in consent ("default") in Arabic, naming the Arabic button it asks for.
  const consent = page.getByRole('dialog');
  await expect(consent.getByRole('heading', { name: 'الموافقة على المشاركة' })).toBeVisible();
  await expect(consent).toContainText('انقر على «أوافق وأتابع»');
  await consent.getByRole('button', { name: 'أوافق وأتابع' }).click();

  const first = cards(page).first();
  const like = first.getByRole('button', { name: 'إعجاب' });
  const share = first.getByRole('button', { name: 'مشاركة' });
  const later = first.getByRole('button', { name: 'القراءة لاحقًا' });
  await expect(like).toBeVisible();
  // Read right to left: Like (first) is the rightmost button, Read later (last) the leftmost.
  const [l, s, r] = [await like.boundingBox(), await share.boundingBox(), await later.boundingBox()];
  expect(l!.x).toBeGreaterThan(s!.x);
  expect(s!.x).toBeGreaterThan(r!.x);

  const viewport = page.viewportSize()!;
  if (testInfo.project.name !== 'phone') {
    // The menu column (the left one in English) stands right of the feed; the toasts, beside
    // the feed column after its centre in reading order, stand left of the middle.
    const menu = await page.locator('.feed-side--left').boundingBox();
    const feed = await page.locator('main.feed-main').boundingBox();
    expect(menu!.x).toBeGreaterThan(feed!.x + feed!.width - 1);
    const toasts = await page.locator('.toasts').boundingBox();
    expect(toasts!.x + toasts!.width).toBeLessThan(viewport.width / 2);
  }

  await scrollToEnd(page, 500, 'انقر للمتابعة');
  await expect(page.getByText('لا توجد منشورات أخرى :)')).toBeVisible();
  await page.getByRole('button', { name: 'انقر للمتابعة' }).click();
  const end = page.getByRole('dialog');
  await expect(end.getByRole('heading', { name: 'شكرًا لك!' })).toBeVisible();
  // The end dialog's button starts at the right edge of its text column, as Arabic reads.
  const button = await end.getByRole('button', { name: 'العودة إلى الصفحة الرئيسية' }).boundingBox();
  const box = await end.boundingBox();
  expect(button!.x + button!.width / 2).toBeGreaterThan(box!.x + box!.width / 2);
});

test('in the wizard: a language per condition, its texts as a table imported from a CSV, and Verify naming those still in English', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a researcher page; the participant stories run on the phone');
  await openWizard(page, 'languages-wizard', 'languages wizard password');
  await setConditions(page, 1);
  await condition(page, 'Cards', 1).getByRole('checkbox', { name: /solarflare_demo/ }).check();
  await condition(page, 'Feed type', 1).getByLabel('Participant interface language (optional)').fill('it');
  const texts = section(page, 'Feed type');
  // Every interface text but two, from a spreadsheet; then one typed in the table.
  const csv = ['key,language,text', 'button.like,it,Mi piace', 'button.share,it,"Condividi, ora"', 'nope,it,x'].join('\n');
  await texts.getByLabel('Import texts (CSV: key,language,text)').setInputFiles({ name: 'testi.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(texts.getByText('2 texts imported from testi.csv.')).toBeVisible();
  await expect(texts.getByText('Line 4: unknown key "nope".')).toBeVisible();
  await texts.getByText(/^Texts in it/).click();
  await expect(texts.getByRole('textbox', { name: 'button.like in it' })).toHaveValue('Mi piace');
  await texts.getByRole('textbox', { name: 'feed.submit in it' }).fill('Continua');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  const rows = readFileSync((await (await download).path())!, 'utf8');
  expect(rows).toContain('1,language,it');
  expect(rows).toContain('"{""it"":{""button.like"":""Mi piace"",""button.share"":""Condividi, ora"",""feed.submit"":""Continua""}}"');
  // The warning names texts still in English, not the three written.
  const warning = page.getByText(/interface texts show in English to it participants/);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('button.downvote');
  await expect(warning).not.toContainText('button.like,');
  // A language with built-in texts shows them in its empty cells.
  await condition(page, 'Feed type', 1).getByLabel('Participant interface language (optional)').fill('es');
  await texts.getByText(/^Texts in es/).click();
  await expect(texts.getByRole('textbox', { name: 'button.like in es' })).toHaveAttribute('placeholder', 'Me gusta');
  // A count's texts in the plural forms of the language: Arabic's six, Chinese's other alone.
  await condition(page, 'Feed type', 1).getByLabel('Participant interface language (optional)').fill('ar');
  await texts.getByText(/^Texts in ar/).click();
  await expect(texts.getByRole('textbox', { name: 'comments.view.two in ar' })).toHaveAttribute('placeholder', ar['comments.view.two']);
  await expect(texts.getByRole('textbox', { name: 'comments.view.few in ar' })).toBeVisible();
  await condition(page, 'Feed type', 1).getByLabel('Participant interface language (optional)').fill('zh-Hans');
  await texts.getByText(/^Texts in zh-Hans/).click();
  await expect(texts.getByRole('textbox', { name: 'comments.view.other in zh-Hans' })).toBeVisible();
  await expect(texts.getByRole('textbox', { name: /\.one in zh-Hans$/ })).toHaveCount(0);
  // The built-in consent previews in the condition's language, as its participants read it.
  await condition(page, 'Feed type', 1).getByLabel('Participant interface language (optional)').fill('es');
  const consent = condition(page, 'Informed consent', 1);
  await consent.getByRole('radio', { name: 'Default text' }).check();
  await consent.getByRole('button', { name: 'Preview the default text' }).click();
  const heading = readFileSync(new URL('../../params/defaulttexts/es/consent.md', import.meta.url), 'utf8').split('\n')[0].replace(/^#+\s*/, '');
  await expect(consent.getByRole('heading', { name: heading })).toBeVisible();
});
