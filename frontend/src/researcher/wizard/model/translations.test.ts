import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { englishText, keysFor, MESSAGE_KEYS, parseTranslationsCSV, PLURAL_FAMILIES, pluralForms, translationsCSV, translationsFrom } from './translations';

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

describe('plural forms per language', () => {
  it('shows each count family in the forms the language uses, where English has one and other', () => {
    const families = (lang: string) => keysFor(lang).filter((k) => k.startsWith('comments.view.'));
    assert.deepEqual(families('en'), ['comments.view.one', 'comments.view.other']);
    assert.deepEqual(families('ar'), ['comments.view.zero', 'comments.view.one', 'comments.view.two', 'comments.view.few', 'comments.view.many', 'comments.view.other']);
    assert.deepEqual(families('zh-Hans'), ['comments.view.other']);
    assert.ok(!keysFor('zh-Hans').some((k) => k.endsWith('.one')), 'a Chinese table has no .one rows');
    assert.deepEqual(pluralForms('ru'), ['one', 'few', 'many', 'other']);
    assert.deepEqual(pluralForms('not a tag!'), ['one', 'other']);
    // Every plain text stays, in the catalogue's order, each family where its forms were.
    assert.equal(keysFor('zh-Hans').length, MESSAGE_KEYS.length - PLURAL_FAMILIES.length);
    assert.equal(keysFor('ar').indexOf('comments.view.zero'), MESSAGE_KEYS.indexOf('comments.view.one'));
    assert.equal(englishText('comments.view.few'), englishText('comments.view.other'));
  });
  it('imports the forms a language uses and names those it never shows', () => {
    const csv = [
      'key,language,text',
      'comments.view.two,ar,عرض تعليقين',
      'comments.view.few,ar,عرض {n} تعليقات',
      'comments.view.other,zh-Hans,查看 {n} 条评论',
      'comments.view.one,zh-Hans,查看 1 条评论',
      'comments.view.many,ru,Показать {n} комментариев',
      'comments.view.zero,es,Ningún comentario',
      'feed.submit.few,ar,x',
    ].join('\n');
    const { translations, problems } = parseTranslationsCSV(csv);
    assert.deepEqual(translations, {
      ar: { 'comments.view.two': 'عرض تعليقين', 'comments.view.few': 'عرض {n} تعليقات' },
      'zh-Hans': { 'comments.view.other': '查看 {n} 条评论' },
      ru: { 'comments.view.many': 'Показать {n} комментариев' },
    });
    assert.deepEqual(problems, [
      'Line 5: zh-Hans counts have no one form (they use other), so comments.view.one would never show.',
      'Line 7: es counts have no zero form (they use one, many, other), so comments.view.zero would never show.',
      'Line 8: unknown key "feed.submit.few".',
    ]);
  });
});
