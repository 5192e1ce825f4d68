// Numbers in the study's language (feedlab itself shows no dates to participants: a card's
// time is the researcher's covariate, shown as written). English keeps feedlab's own count format
// (1,234, 12.3K, 2.5M, rounded down) without Intl: the feed's first render writes a count
// on every button of 25 cards, and building an Intl formatter cost a slow phone about
// 0.15 s. Other languages use Intl, one formatter per language and kind, built once.
import { language, pluralCategory, pluralText, type PluralFamily } from './index';

const plain = new Map<string, Intl.NumberFormat>();
const compact = new Map<string, Intl.NumberFormat>();

/** cached returns the formatter of lang from cache, building it on first use. */
function cached<F>(cache: Map<string, F>, lang: string, make: (lang: string) => F): F {
  let f = cache.get(lang);
  if (!f) {
    try {
      f = make(lang);
    } catch {
      f = make('en'); // a tag Intl rejects formats as English
    }
    cache.set(lang, f);
  }
  return f;
}

// roundingMode 'trunc' keeps counts rounded down, as in English (999,999 is not a million).
const PLAIN: Intl.NumberFormatOptions = { maximumFractionDigits: 0, roundingMode: 'trunc' } as Intl.NumberFormatOptions;
const COMPACT: Intl.NumberFormatOptions = { notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' } as Intl.NumberFormatOptions;

/** groupThousands writes a whole number with commas (1234 -> "1,234"), English only. */
function groupThousands(whole: number): string {
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

function isEnglish(lang: string): boolean {
  return lang === 'en' || lang.toLowerCase().startsWith('en-');
}

/** SHORT_FROM: formatCount writes counts from here on in the short form (12.3K). */
const SHORT_FROM = 10_000;

/**
 * countText is a count's text (a plural family of the catalogue, "View {n} comments") with n
 * written by formatCount. A count in the short form takes the `.other` form: its noun then
 * follows the short word, not n (Arabic's 12,345 is "many", yet "12.3 ألف" reads "إعجاب").
 */
export function countText(family: PluralFamily, n: number, vars?: Record<string, string | number>): string {
  const lang = language();
  return pluralText(family, n < SHORT_FROM ? pluralCategory(n, lang) : 'other', formatCount(n, lang), vars);
}

/**
 * formatCount is a displayed count: below 10,000 in full with the language's grouping, above
 * in the language's short form (12.3K, 12,3 mil, 1.2万), always rounded down.
 */
export function formatCount(n: number, lang: string = language()): string {
  if (isEnglish(lang)) {
    if (n < SHORT_FROM) return groupThousands(Math.trunc(n));
    if (n < 1_000_000) return `${(Math.floor(n / 100) / 10).toFixed(1)}K`;
    return `${(Math.floor(n / 100_000) / 10).toFixed(1)}M`;
  }
  if (n < SHORT_FROM) return cached(plain, lang, (l) => new Intl.NumberFormat(l, PLAIN)).format(Math.trunc(n));
  return cached(compact, lang, (l) => new Intl.NumberFormat(l, COMPACT)).format(n);
}

/** formatNumber writes a whole number with the language's digit grouping. */
export function formatNumber(n: number, lang: string = language()): string {
  if (isEnglish(lang)) return groupThousands(Math.trunc(n));
  return cached(plain, lang, (l) => new Intl.NumberFormat(l, PLAIN)).format(Math.trunc(n));
}
