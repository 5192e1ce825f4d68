// The participant interface's words (docs/languages.md). en.json is the source of the
// keys; every other language is one JSON file with exactly its keys (i18n.test.ts names any
// that are missing or extra), fetched as its own chunk only when a study asks for it, so
// the participant's first load carries English alone (build.mjs's budget).
//
// To add a string: add its key to en.json (keys are grouped by screen: feed.*, end.*,
// form.*, ...), then to every other catalogue, and call t('group.name') where it shows.
import en from './en.json';

/** MessageKey is one key of the English catalogue. */
export type MessageKey = keyof typeof en;

/** Catalogue is one language's texts by key; a missing key falls back to English. */
export type Catalogue = Partial<Record<MessageKey, string>>;

type Loader = () => Promise<{ default: Catalogue }>;

// One dynamic import per language: esbuild makes each its own chunk.
const LOADERS: Record<string, Loader> = {
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  fr: () => import('./fr.json'),
  'pt-BR': () => import('./pt-BR.json'),
  ar: () => import('./ar.json'),
  'zh-Hans': () => import('./zh-Hans.json'),
};

/** BUILT_IN lists the languages feedlab ships a catalogue for (LOADERS' keys and English;
 * a literal, so that code importing this module for t() alone does not keep LOADERS). */
export const BUILT_IN = ['en', 'es', 'de', 'fr', 'pt-BR', 'ar', 'zh-Hans'];

/** RTL_LANGUAGES are written right to left: Arabic, Hebrew (and its old code iw), Persian, Urdu. */
const RTL_LANGUAGES = ['ar', 'he', 'iw', 'fa', 'ur'];

/** baseOf is a tag's language subtag in lower case ("pt-BR" → "pt"). */
function baseOf(tag: string): string {
  return tag.split('-')[0].toLowerCase();
}

/** isRtl: the language (with any region or script) is written right to left. */
export function isRtl(tag: string): boolean {
  return RTL_LANGUAGES.includes(baseOf(tag));
}

/**
 * builtInFor is the built-in catalogue a tag uses, or 'en' when there is none: the exact
 * tag, else its language (es-MX → es, pt or pt-PT → pt-BR); Chinese uses the Simplified
 * catalogue unless the tag asks for Traditional script or a region that writes it. The Go
 * side applies the same rule for Verify (params/languages.go).
 */
export function builtInFor(tag: string): string {
  const lower = tag.toLowerCase();
  const exact = BUILT_IN.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = baseOf(tag);
  if (base === 'zh') return /-(hant|tw|hk|mo)(-|$)/.test(lower) ? 'en' : 'zh-Hans';
  if (base === 'pt') return 'pt-BR';
  return BUILT_IN.includes(base) ? base : 'en';
}

interface State {
  /** lang is the study's language tag as given (for <html lang> and Intl). */
  lang: string;
  catalogue: Catalogue;
  /** own are the study's translations for this language (the translations parameter). */
  own: Record<string, string>;
}

let state: State = { lang: 'en', catalogue: {}, own: {} };

/** t is the text of key in the current language: the study's own, the built-in, else English. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = state.own[key] ?? state.catalogue[key] ?? en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** language is the current language tag. */
export function language(): string {
  return state.lang;
}

/** loaded keeps each catalogue fetched, so switching back needs no second fetch. */
const loaded = new Map<string, Catalogue>([['en', {}]]);

/**
 * builtInTexts is the built-in catalogue a language uses (its own texts only; {} for a
 * language that falls back to English), fetched on first use. The wizard shows them.
 */
export async function builtInTexts(tag: string): Promise<Catalogue> {
  const builtIn = builtInFor(tag.trim() || 'en');
  const cached = loaded.get(builtIn);
  if (cached) return cached;
  const catalogue = (await LOADERS[builtIn]()).default;
  loaded.set(builtIn, catalogue);
  return catalogue;
}

/**
 * setLanguage switches the interface to tag, loading its catalogue first, with the
 * study's own texts for it (own: key → text) over the built-in ones. <html lang> and dir
 * follow. An unknown language is allowed: its strings fall back to English one by one.
 */
export async function setLanguage(tag: string, own: Record<string, string> = {}): Promise<void> {
  if (setLanguageNow(tag, own)) return;
  const builtIn = builtInFor(tag.trim() || 'en');
  let catalogue: Catalogue = {};
  try {
    catalogue = (await LOADERS[builtIn]()).default;
    loaded.set(builtIn, catalogue);
  } catch (err) {
    // A chunk that cannot load (a network cut) leaves English rather than no page.
    console.error(`i18n: the ${builtIn} catalogue did not load`, err);
  }
  apply(tag, catalogue, own);
}

/**
 * setLanguageNow switches at once when the language's catalogue needs no fetch (English,
 * or one loaded before) and reports whether it did; otherwise call setLanguage.
 */
export function setLanguageNow(tag: string, own: Record<string, string> = {}): boolean {
  const catalogue = loaded.get(builtInFor(tag.trim() || 'en'));
  if (!catalogue) return false;
  apply(tag, catalogue, own);
  return true;
}

function apply(tag: string, catalogue: Catalogue, own: Record<string, string>): void {
  const lang = tag.trim() || 'en';
  state = { lang, catalogue, own };
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  }
}

/** languageParams reads the language and the study's own texts from a condition's parameters. */
export function languageParams(params: ReadonlyArray<{ param: string; value: string }> | undefined): { tag: string; own: Record<string, string> } {
  const tag = params?.find((p) => p.param === 'language')?.value ?? '';
  const raw = params?.find((p) => p.param === 'translations')?.value ?? '';
  let own: Record<string, string> = {};
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        own = Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
      }
    } catch {
      // The server validated it; a damaged copy in storage shows the built-in texts.
    }
  }
  return { tag: tag || 'en', own };
}

/** sameLanguage: switching to these parameters would change nothing. */
export function isCurrent(tag: string, own: Record<string, string>): boolean {
  return tag === state.lang && JSON.stringify(own) === JSON.stringify(state.own);
}

/** testing resets the module to English (unit tests only). */
export function resetLanguageForTests(): void {
  state = { lang: 'en', catalogue: {}, own: {} };
}
