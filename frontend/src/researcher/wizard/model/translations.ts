// The study's own interface texts (the study-wide parameter translations: language → key →
// text; docs/languages.md) as the wizard edits them: a table per language, and the
// spreadsheet form key,language,text for import and export. Pure, unit-tested.
import en from '../../../participant/i18n/en.json';
import { csvField, csvRecords } from './csv';
import type { Translations } from './types';

/** MESSAGE_KEYS are the participant interface's text keys, in the catalogue's order (by screen). */
export const MESSAGE_KEYS: readonly string[] = Object.keys(en);

/** PLURAL_FORMS are CLDR's plural categories in CLDR's order. */
export const PLURAL_FORMS: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** PLURAL_FAMILIES are the texts with a form per count: en.json's `family.one` and
 * `family.other` pairs (the participant's tn/pluralText, i18n/index.ts). */
export const PLURAL_FAMILIES: readonly string[] = MESSAGE_KEYS.filter((k) => k.endsWith('.other') && MESSAGE_KEYS.includes(k.replace(/\.other$/, '.one'))).map((k) =>
  k.replace(/\.other$/, ''),
);

/** pluralForms are the plural categories a language's counts select (CLDR, through
 * Intl.PluralRules), in CLDR's order: Arabic zero, one, two, few, many, other; Chinese other
 * alone. A tag Intl cannot read counts as English. */
export function pluralForms(lang: string): Intl.LDMLPluralRule[] {
  let used: string[];
  try {
    used = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  } catch {
    used = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
  }
  return PLURAL_FORMS.filter((f) => used.includes(f));
}

/** pluralFamilyOf is the family and form of a key written family.form, null for any other key. */
function pluralFamilyOf(key: string): { family: string; form: string } | null {
  const dot = key.lastIndexOf('.');
  const family = key.slice(0, dot);
  const form = key.slice(dot + 1);
  return dot > 0 && PLURAL_FAMILIES.includes(family) && (PLURAL_FORMS as readonly string[]).includes(form) ? { family, form } : null;
}

/**
 * keysFor are the interface texts a study writes for lang, in the catalogue's order: every
 * plain key, and each plural family in the forms lang uses (Arabic's six, Chinese's other
 * alone) where English has its one and other.
 */
export function keysFor(lang: string): string[] {
  const forms = pluralForms(lang);
  const out: string[] = [];
  for (const key of MESSAGE_KEYS) {
    const plural = pluralFamilyOf(key);
    if (!plural) out.push(key);
    else if (plural.form === 'one') out.push(...forms.map((f) => `${plural.family}.${f}`)); // the family's place
  }
  return out;
}

/** englishText is a key's English text; a plural form English lacks (few) shows English's other. */
export function englishText(key: string): string {
  const texts = en as Record<string, string>;
  const plural = pluralFamilyOf(key);
  return texts[key] ?? (plural ? texts[`${plural.family}.other`] : '') ?? '';
}

/** languageValue is a condition's language as sent: trimmed, English when empty. */
export function languageValue(typed: string | undefined): string {
  const t = (typed ?? '').trim();
  return t === '' ? 'en' : t;
}

/** cleanTranslations drops blank texts and languages left with none (the server refuses empty texts). */
export function cleanTranslations(t: Translations | undefined): Translations {
  const out: Translations = {};
  for (const [lang, texts] of Object.entries(t ?? {})) {
    const kept = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
    if (lang.trim() !== '' && Object.keys(kept).length > 0) out[lang.trim()] = kept;
  }
  return out;
}

/** translationsFrom reads the parameter's JSON; anything else is no translations. */
export function translationsFrom(text: string): Translations {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Translations = {};
    for (const [lang, texts] of Object.entries(parsed as Record<string, unknown>)) {
      if (!texts || typeof texts !== 'object' || Array.isArray(texts)) continue;
      out[lang] = Object.fromEntries(Object.entries(texts as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
    return cleanTranslations(out);
  } catch {
    return {};
  }
}

/** TRANSLATIONS_HEADER is the spreadsheet's header row. */
export const TRANSLATIONS_HEADER = 'key,language,text';

/** translationsCSV writes the texts one per row (key,language,text), CRLF, as Excel and Go write CSV. */
export function translationsCSV(t: Translations): string {
  const lines = [TRANSLATIONS_HEADER];
  for (const [lang, texts] of Object.entries(cleanTranslations(t))) {
    for (const [key, text] of Object.entries(texts)) lines.push([csvField(key), csvField(lang), csvField(text)].join(','));
  }
  return lines.join('\r\n') + '\r\n';
}


/**
 * parseTranslationsCSV reads a key,language,text spreadsheet into translations. Each line
 * that cannot be used is named (its line number and why): an unknown key, a missing
 * language or text, a key given twice for one language. Lines after a problem still count.
 */
export function parseTranslationsCSV(text: string): { translations: Translations; problems: string[] } {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  const problems: string[] = [];
  const translations: Translations = {};
  if (records.length === 0) return { translations, problems: ['The file is empty; it needs the header key,language,text and one row per text.'] };
  const header = records[0].map((h) => h.trim().toLowerCase());
  const col = { key: header.indexOf('key'), language: header.indexOf('language'), text: header.indexOf('text') };
  if (col.key < 0 || col.language < 0 || col.text < 0) {
    return { translations, problems: [`The first line must be the header ${TRANSLATIONS_HEADER}; it is ${records[0].join(',')}.`] };
  }
  records.slice(1).forEach((r, i) => {
    const line = i + 2;
    const key = (r[col.key] ?? '').trim();
    const lang = (r[col.language] ?? '').trim();
    const value = r[col.text] ?? '';
    const plural = pluralFamilyOf(key);
    if (!MESSAGE_KEYS.includes(key) && !plural) problems.push(`Line ${line}: unknown key "${key}".`);
    else if (lang === '') problems.push(`Line ${line}: no language for ${key}.`);
    else if (plural && !keysFor(lang).includes(key))
      problems.push(`Line ${line}: ${lang} counts have no ${plural.form} form (they use ${pluralForms(lang).join(', ')}), so ${key} would never show.`);
    else if (value.trim() === '') problems.push(`Line ${line}: no text for ${key} (${lang}); leave the line out to use the built-in text.`);
    else if (translations[lang]?.[key] !== undefined) problems.push(`Line ${line}: ${key} (${lang}) is given twice.`);
    else translations[lang] = { ...(translations[lang] ?? {}), [key]: value };
  });
  return { translations, problems };
}
