// The participant interface's words (docs/languages.md). en.json is the source of the
// keys; every other language is one JSON file with exactly its keys (i18n.test.ts names any
// that are missing or extra), fetched as its own chunk only when a study asks for it, so
// the participant's first load carries English alone (build.mjs's budget), and of English
// only the texts its own code shows (build.mjs, laterEnglish; addEnglish below).
//
// To add a string: add its key to en.json (keys are grouped by screen: feed.*, end.*,
// form.*, ...), then to every other catalogue, and call t('group.name') where it shows.
// The groups only lazy parts show (build.mjs LATER_ENGLISH: form.*, comments.*, ...) reach
// the page with the first lazy part; the build fails, naming the key, when the first load's
// code uses one of them (then list it in FIRST_LOAD_ENGLISH).
import en from './en.json';

/**
 * addEnglish adds English texts to the catalogue above. The participant build leaves the
 * texts only lazy parts show (questionnaires, comments, interventions) out of the first
 * load and adds them with the first lazy part, before its code runs (build.mjs,
 * laterEnglish); everywhere else en.json is imported whole and this adds nothing new.
 */
export function addEnglish(texts: Record<string, string>): void {
  Object.assign(en, texts);
}

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
  return vars ? fill(text, vars) : text;
}

/** fill puts vars into a text's {name} placeholders; an unknown one stays as written. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** PluralFamily is a text with a form per count: en.json has `family.one` and `family.other`
 * (and other catalogues the forms their language uses: Arabic's `family.few`, ...). */
export type PluralFamily = { [K in MessageKey]: K extends `${infer F}.other` ? (`${F}.one` extends MessageKey ? F : never) : never }[MessageKey];

/** pluralRules keeps one Intl.PluralRules per language (building one is the slow part). */
const pluralRules = new Map<string, Intl.PluralRules>();

/** pluralCategory is the CLDR plural category of n in lang: one, other, and in Arabic also
 * zero, two, few and many. A tag Intl rejects counts as English. */
export function pluralCategory(n: number, lang: string = state.lang): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/**
 * tn is the text of a count: the form of family for n's plural category in the current
 * language (`family.few`); count is n as shown, filling {n}. Counts on the page are written
 * by formatCount: use countText (format.ts), which also picks the form of a short count.
 */
export function tn(family: PluralFamily, n: number, count: string, vars: Record<string, string | number> = {}): string {
  return pluralText(family, pluralCategory(n), count, vars);
}

/**
 * pluralText is family's form for a plural category, else its `.other` form, looked up as t
 * does (the study's own, the built-in, then English), with count in {n}.
 */
export function pluralText(family: PluralFamily, category: Intl.LDMLPluralRule, count: string, vars: Record<string, string | number> = {}): string {
  const form = `${family}.${category}`;
  const other = `${family}.other` as MessageKey;
  // The language's own forms come before English's: a Spanish `.other` beats English `.one`.
  const text =
    state.own[form] ?? state.catalogue[form as MessageKey] ?? state.own[other] ?? state.catalogue[other] ?? (en as Record<string, string>)[form] ?? en[other];
  return fill(text, { ...vars, n: count });
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
