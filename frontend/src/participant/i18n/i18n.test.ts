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
import { formatCount, formatNumber } from './format';
import { BUILT_IN, builtInFor, isRtl, language, languageParams, resetLanguageForTests, setLanguage, t } from './index';

const catalogues: Record<string, Record<string, string>> = { es, de, fr, 'pt-BR': ptBR, ar, 'zh-Hans': zhHans };

/** placeholders are the {name} variables a text uses, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

describe('catalogues', () => {
  it('every built-in language has a catalogue and each has exactly the English keys', () => {
    assert.deepEqual(Object.keys(catalogues).sort(), BUILT_IN.filter((l) => l !== 'en').sort());
    const keys = Object.keys(en);
    for (const [lang, cat] of Object.entries(catalogues)) {
      const missing = keys.filter((k) => !(k in cat));
      const extra = Object.keys(cat).filter((k) => !(k in en));
      assert.deepEqual(missing, [], `${lang}.json lacks ${missing.join(', ')} (add them, translated)`);
      assert.deepEqual(extra, [], `${lang}.json has keys English does not: ${extra.join(', ')}`);
    }
  });
  it('each translation uses the same {placeholders} as English and is not empty', () => {
    for (const [lang, cat] of Object.entries(catalogues)) {
      for (const [key, text] of Object.entries(en)) {
        assert.notEqual(cat[key]?.trim(), '', `${lang} ${key} is empty`);
        assert.deepEqual(placeholders(cat[key] ?? ''), placeholders(text), `${lang} ${key}: placeholders differ from English`);
      }
    }
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
