import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MESSAGE_KEYS, parseTranslationsCSV, translationsCSV, translationsFrom } from './translations';

describe('translations as a spreadsheet', () => {
  it('writes key,language,text and reads the same texts back, quotes and commas included', () => {
    const t = { es: { 'feed.submit': 'Ir, por fin, al "cuestionario"', 'button.like': 'Me encanta' }, sw: { 'button.like': 'Penda' } };
    const csv = translationsCSV(t);
    assert.ok(csv.startsWith('key,language,text\r\nfeed.submit,es,"Ir, por fin, al ""cuestionario"""\r\n'), csv);
    assert.deepEqual(parseTranslationsCSV(csv), { translations: t, problems: [] });
  });
  it('names each line it cannot use and keeps the others', () => {
    const csv = '\uFEFFkey,language,text\nfeed.submitt,es,x\nbutton.like,,Me gusta\nbutton.share,es,\nbutton.like,es,Me gusta\nbutton.like,es,Otra vez\n';
    const { translations, problems } = parseTranslationsCSV(csv);
    assert.deepEqual(translations, { es: { 'button.like': 'Me gusta' } });
    assert.deepEqual(problems, [
      'Line 2: unknown key "feed.submitt".',
      'Line 3: no language for button.like.',
      'Line 4: no text for button.share (es); leave the line out to use the built-in text.',
      'Line 6: button.like (es) is given twice.',
    ]);
    assert.match(parseTranslationsCSV('key,text\nx,y\n').problems[0], /header key,language,text/);
  });
  it('reads the parameter leniently and knows every interface key', () => {
    assert.deepEqual(translationsFrom('{"es":{"feed.submit":"Ir","bad":3},"x":"y"}'), { es: { 'feed.submit': 'Ir' } });
    assert.deepEqual(translationsFrom('not json'), {});
    assert.ok(MESSAGE_KEYS.includes('feed.submit') && MESSAGE_KEYS.length > 100);
  });
});
