import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ptBR from './pt-BR.json';
import zhHans from './zh-Hans.json';
import languageCases from '../../../../params/testdata/language_cases.json';
import { catalogueProblems, pluralFamilies } from './catalogueChecks';
import { countText, formatCount, formatNumber } from './format';
import { BUILT_IN, builtInFor, isRtl, language, languageParams, pluralCategory, resetLanguageForTests, setLanguage, t, tn } from './index';

const catalogues: Record<string, Record<string, string>> = { es, de, fr, 'pt-BR': ptBR, ar, 'zh-Hans': zhHans };

const families = pluralFamilies(en);

describe('catalogues', () => {
  it('every built-in language has a catalogue, each with exactly the English keys, the same placeholders and its own plural forms', () => {
    assert.deepEqual(Object.keys(catalogues).sort(), BUILT_IN.filter((l) => l !== 'en').sort());
    assert.ok(families.length > 0, 'en.json has count texts (the comments)');
    assert.deepEqual(catalogueProblems(en, catalogues), []);
  });
  it('the checks find a missing key, an extra one, a changed placeholder and a form the language never uses', () => {
    const broken = { ...es } as Record<string, string>;
    delete broken['feed.submit'];
    broken['feed.nonsense'] = 'x';
    broken['feed.post'] = 'Publicación {m}';
    const zh = { ...zhHans, 'comments.view.one': '一条' } as Record<string, string>;
    assert.deepEqual(catalogueProblems(en, { es: broken, 'zh-Hans': zh }), [
      'es lacks feed.submit (add them, translated)',
      'es has keys English does not: feed.nonsense',
      'es feed.post: placeholders differ from English',
      'zh-Hans has plural forms zh-Hans never uses: comments.view.one',
    ]);
  });
});

describe('t', () => {
  it('speaks English by default and fills in variables', async () => {
    resetLanguageForTests();
    assert.equal(t('button.like'), 'Like');
    assert.equal(t('form.missingMany', { n: 3 }), '3 questions need an answer before you can continue:');
  });
  it('uses the built-in catalogue of the language, with a region falling back to its language', async () => {
    await setLanguage('es-MX');
    assert.equal(language(), 'es-MX');
    assert.equal(t('button.like'), 'Me gusta');
    await setLanguage('pt');
    assert.equal(t('button.share'), 'Compartilhar');
    resetLanguageForTests();
  });
  it('falls back to English string by string for a language without a catalogue, and takes the study own texts first', async () => {
    await setLanguage('it', { 'button.like': 'Mi piace' });
    assert.equal(t('button.like'), 'Mi piace');
    assert.equal(t('button.share'), 'Share');
    await setLanguage('de', { 'feed.submit': 'Weiter zum Fragebogen' });
    assert.equal(t('feed.submit'), 'Weiter zum Fragebogen');
    assert.equal(t('button.like'), 'Gefällt mir');
    resetLanguageForTests();
  });
  it('reads the language and own texts from a condition parameters', () => {
    assert.deepEqual(languageParams(undefined), { tag: 'en', own: {} });
    assert.deepEqual(
      languageParams([
        { param: 'language', value: 'ar' },
        { param: 'translations', value: '{"button.like":"أحببته","bad":3}' },
      ]),
      { tag: 'ar', own: { 'button.like': 'أحببته' } },
    );
    assert.deepEqual(languageParams([{ param: 'translations', value: 'not json' }]), { tag: 'en', own: {} });
  });
  it('picks catalogues and direction by tag as the Go side does (params/testdata/language_cases.json)', () => {
    for (const c of languageCases.cases) {
      assert.equal(builtInFor(c.tag), c.catalogue, `catalogue of ${c.tag}`);
      assert.equal(isRtl(c.tag), c.rtl, `direction of ${c.tag}`);
    }
  });
});

describe('tn', () => {
  it('picks the form of a count by the language plural rules, falling back to .other', async () => {
    resetLanguageForTests();
    assert.equal(tn('comments.view', 1, '1'), 'View 1 comment');
    assert.equal(tn('comments.view', 0, '0'), 'View 0 comments');
    assert.equal(tn('comments.likes', 12_345, formatCount(12_345)), '12.3K likes');
    await setLanguage('es');
    assert.equal(tn('comments.view', 1, '1'), 'Ver 1 comentario');
    assert.equal(tn('comments.view', 3, '3'), 'Ver 3 comentarios');
    // Spanish says "many" of a million; the catalogue has no such form, so .other.
    assert.equal(pluralCategory(1_000_000), 'many');
    assert.equal(tn('comments.view', 1_000_000, '1\u00a0M'), 'Ver 1\u00a0M comentarios');
    await setLanguage('ar');
    assert.deepEqual([0, 1, 2, 3, 11, 100].map((n) => pluralCategory(n)), ['zero', 'one', 'two', 'few', 'many', 'other']);
    assert.equal(tn('comments.view', 1, '1'), 'عرض تعليق واحد');
    assert.equal(tn('comments.view', 2, '2'), 'عرض تعليقين');
    assert.equal(tn('comments.view', 3, '3'), 'عرض 3 تعليقات');
    assert.equal(tn('comments.view', 11, '11'), 'عرض 11 تعليقًا');
    assert.equal(tn('comments.view', 0, '0'), 'عرض 0 تعليق', 'zero has no form of its own: .other');
    await setLanguage('zh-Hans');
    assert.equal(tn('comments.view', 1, '1'), '查看 1 条评论', 'Chinese has one form for every count');
    resetLanguageForTests();
  });
  it('writes a count in the language format, and a short count with the .other form', async () => {
    resetLanguageForTests();
    assert.equal(countText('comments.view', 1), 'View 1 comment');
    assert.equal(countText('comments.likes', 1234), '1,234 likes');
    assert.equal(countText('comments.likes', 12_345), '12.3K likes');
    await setLanguage('ar');
    assert.equal(countText('comments.likes', 11), '11 إعجابًا');
    // 12,345 is "many" in Arabic, but the noun after "ألف" (thousand) takes the .other form.
    assert.equal(pluralCategory(12_345), 'many');
    assert.match(countText('comments.likes', 12_345), /^12[.٫]3\s?ألف إعجاب$/);
    await setLanguage('de');
    assert.equal(countText('comments.viewMore', 1234), '1.234 weitere Kommentare ansehen');
    resetLanguageForTests();
  });
  it('takes the study own forms first, and its .other before the built-in or English .one', async () => {
    await setLanguage('es', { 'comments.view.other': 'Mostrar {n} comentarios' });
    assert.equal(tn('comments.view', 5, '5'), 'Mostrar 5 comentarios');
    assert.equal(tn('comments.view', 1, '1'), 'Ver 1 comentario', 'the built-in .one still serves one');
    await setLanguage('ru', { 'comments.view.one': 'Показать {n} комментарий', 'comments.view.other': 'Показать {n} комментария' });
    assert.equal(tn('comments.view', 21, '21'), 'Показать 21 комментарий');
    assert.equal(tn('comments.view', 5, '5'), 'Показать 5 комментария', 'Russian many falls back to the study .other, not English');
    await setLanguage('it');
    assert.equal(tn('comments.view', 1, '1'), 'View 1 comment', 'no catalogue: English forms');
    resetLanguageForTests();
  });
});

describe('formatCount in other languages', () => {
  it('uses the language grouping and short forms, rounded down', () => {
    assert.equal(formatCount(1234, 'de'), '1.234');
    assert.equal(formatCount(12_345, 'es'), '12,3\u00a0mil');
    assert.equal(formatCount(999_999, 'fr'), '999,9\u00a0k');
    assert.equal(formatCount(2_560_000, 'pt-BR'), '2,5\u00a0mi');
    assert.equal(formatCount(12_345, 'zh-Hans'), '1.2万');
    assert.equal(formatCount(12_345, 'en'), '12.3K');
    assert.equal(formatCount(12_345, 'en-GB'), '12.3K');
    assert.equal(formatNumber(1237, 'fr'), '1\u202f237');
  });
  it('builds each formatter once per language, however many counts the feed shows', () => {
    // Building an Intl formatter is the slow part (about 0.1 ms each, a whole feed's worth on
    // a slow phone); formatting with a built one is cheap.
    const Real = Intl.NumberFormat;
    let built = 0;
    (Intl as { NumberFormat: unknown }).NumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built++;
      return new Real(...args);
    };
    try {
      for (let i = 0; i < 1000; i++) formatCount(i * 37, 'fr-CA');
    } finally {
      (Intl as { NumberFormat: unknown }).NumberFormat = Real;
    }
    assert.equal(built, 2, 'one plain and one compact formatter for fr-CA');
  });
});
