// The rules every set of catalogues keeps (the participant interface's in i18n/, the home
// and about pages' in home/i18n/), checked by their unit tests: English is the source of the
// keys, every other language has exactly them, with the same {placeholders}, and a count's
// plural family has its .other form and only the forms its language uses. Test code only.

/** CATEGORIES are CLDR's plural categories, the suffixes a count's forms may have. */
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** placeholders are the {name} variables a text uses, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

/** pluralFamilies are en's count texts: those with a `family.one` and a `family.other` form
 * (form.other, "Other", is a plain text). */
export function pluralFamilies(en: Record<string, string>): string[] {
  return Object.keys(en)
    .filter((k) => k.endsWith('.other') && `${k.slice(0, -'.other'.length)}.one` in en)
    .map((k) => k.slice(0, -'.other'.length));
}

/**
 * catalogueProblems lists, in words, every way the catalogues (language → key → text) break
 * the rules against English; none is the answer a test wants.
 */
export function catalogueProblems(en: Record<string, string>, catalogues: Record<string, Record<string, string>>): string[] {
  const families = pluralFamilies(en);
  const familyOf = (key: string) => {
    const dot = key.lastIndexOf('.');
    const family = key.slice(0, dot);
    return families.includes(family) && CATEGORIES.includes(key.slice(dot + 1)) ? family : '';
  };
  const problems: string[] = [];
  const keys = Object.keys(en).filter((k) => !familyOf(k));
  for (const [lang, cat] of Object.entries(catalogues)) {
    const missing = keys.filter((k) => !(k in cat));
    const extra = Object.keys(cat).filter((k) => !(k in en) && !familyOf(k));
    if (missing.length) problems.push(`${lang} lacks ${missing.join(', ')} (add them, translated)`);
    if (extra.length) problems.push(`${lang} has keys English does not: ${extra.join(', ')}`);
    // Chinese has only "other"; Arabic has all six; a form the language never selects
    // would be text nobody reads.
    const used = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    for (const family of families) if (!(`${family}.other` in cat)) problems.push(`${lang} lacks ${family}.other`);
    const unused = Object.keys(cat).filter((k) => familyOf(k) && !used.includes(k.slice(k.lastIndexOf('.') + 1)));
    if (unused.length) problems.push(`${lang} has plural forms ${lang} never uses: ${unused.join(', ')}`);
    for (const [key, text] of Object.entries(cat)) {
      if (text.trim() === '') problems.push(`${lang} ${key} is empty`);
      const family = familyOf(key);
      if (!family) {
        if (key in en && placeholders(text).join() !== placeholders(en[key]).join()) problems.push(`${lang} ${key}: placeholders differ from English`);
        continue;
      }
      // A count's form may leave the number out ("un comentario", Arabic's dual): its
      // placeholders are some of English's; the .other form has them all.
      const want = placeholders(en[`${family}.other`]);
      const have = placeholders(text);
      if (key.endsWith('.other') ? have.join() !== want.join() : !have.every((p) => want.includes(p))) {
        problems.push(`${lang} ${key}: placeholders ${have.join(', ')} are not English's`);
      }
    }
  }
  return problems;
}
