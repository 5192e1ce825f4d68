// The home and about pages' words. These pages belong to no study, so they speak the
// visitor's language (the browser's preferred languages), or the study's when a participant
// in the middle of one opens them. Their texts are kept apart from the participant
// interface's catalogues (../i18n): a participant's first load never carries them, and a
// study's translations table does not list texts no study shows. Same rules as there: en.json
// is the source of the keys, every other file has exactly its keys (texts.test.ts), a
// language's file is fetched on demand, and a count is a plural family (`home.studies.one`).
import { useEffect, useState } from 'react';
import { storage } from '../../lib/storage';
import { builtInFor, fill, languageParams, pluralCategory, setLanguage } from '../i18n';
import en from './i18n/en.json';

/** SiteKey is one key of the home and about pages' English texts. */
export type SiteKey = keyof typeof en;

/** SiteTexts are one language's texts; a missing key falls back to English. */
export type SiteTexts = Partial<Record<string, string>>;

const LOADERS: Record<string, () => Promise<{ default: SiteTexts }>> = {
  es: () => import('./i18n/es.json'),
  de: () => import('./i18n/de.json'),
  fr: () => import('./i18n/fr.json'),
  'pt-BR': () => import('./i18n/pt-BR.json'),
  ar: () => import('./i18n/ar.json'),
  'zh-Hans': () => import('./i18n/zh-Hans.json'),
};

/**
 * visitorLanguage is the language the home and about pages speak: the study's, for a
 * participant who has one in storage; else the first of the browser's languages feedlab has
 * texts for (English among them); else English.
 */
export function visitorLanguage(browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  const study = storage.get('experiment_parameters');
  if (study?.length) return languageParams(study).tag;
  for (const tag of browser) {
    if (builtInFor(tag) !== 'en' || tag.toLowerCase().split('-')[0] === 'en') return tag;
  }
  return 'en';
}

/** SiteText reads a key in the page's language; form picks a plural family's form. */
export interface SiteText {
  (key: SiteKey, vars?: Record<string, string | number>): string;
  /** form is family's text for the count n (`home.studies` → `home.studies.other`), its {n} unfilled. */
  form(family: string, n: number): string;
  /** lang is the page's language tag (for Intl). */
  lang: string;
}

/** siteText is the reader over one language's texts, falling back to English key by key. */
export function siteText(lang: string, texts: SiteTexts): SiteText {
  const all = en as Record<string, string>;
  const read = (key: string) => texts[key] ?? all[key] ?? key;
  const s = ((key: SiteKey, vars?: Record<string, string | number>) => (vars ? fill(read(key), vars) : read(key))) as SiteText;
  s.form = (family, n) => {
    const form = `${family}.${pluralCategory(n, lang)}`;
    return texts[form] ?? texts[`${family}.other`] ?? all[form] ?? all[`${family}.other`] ?? family;
  };
  s.lang = lang;
  return s;
}

/**
 * useSiteText is the home and about pages' reader, undefined until a language other than
 * English has loaded (the page shows nothing for that moment rather than English first).
 * It also switches the interface's language, so <html lang>, dir and the header follow.
 */
export function useSiteText(): SiteText | undefined {
  const [lang] = useState(visitorLanguage);
  const builtIn = builtInFor(lang);
  const [texts, setTexts] = useState<SiteTexts | undefined>(builtIn === 'en' ? {} : undefined);
  useEffect(() => {
    let live = true;
    const load = builtIn === 'en' ? Promise.resolve({ default: {} }) : LOADERS[builtIn]().catch(() => ({ default: {} }));
    void Promise.all([load, setLanguage(lang)]).then(([mod]) => {
      if (live) setTexts(mod.default);
    });
    return () => {
      live = false;
    };
  }, [lang, builtIn]);
  return texts && siteText(lang, texts);
}
