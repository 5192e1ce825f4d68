// The study's own interface texts (the study-wide parameter translations; docs/languages.md):
// for each language a condition sets other than English, a table of every interface text
// (key, English, this study's text), and the same texts as a key,language,text spreadsheet
// to export and import. Empty cells use the built-in text (English where feedlab has none).
import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { builtInTexts, type Catalogue } from '../../participant/i18n';
import { saveText } from '../api';
import { FileField } from '../fields';
import { englishText, keysFor, languageValue, parseTranslationsCSV, translationsCSV } from './model/translations';
import type { Translations, WizardState } from './model/types';

/** TRANSLATIONS_FILENAME is the exported spreadsheet's name. */
export const TRANSLATIONS_FILENAME = 'interface_texts.csv';

export function TranslationsTable() {
  const { values, setFieldValue } = useFormikContext<WizardState>();
  const [problems, setProblems] = useState<string[]>([]);
  const [imported, setImported] = useState('');
  // Each language's built-in texts, shown in its empty cells (what participants read then).
  const [builtIn, setBuiltIn] = useState<Record<string, Catalogue>>({});
  const translations: Translations = values.params.translations ?? {};
  const languages = [
    ...new Set([
      ...(values.params.languageParams ?? []).slice(0, values.conditions).map(languageValue).filter((l) => l !== 'en'),
      ...Object.keys(translations),
    ]),
  ];
  const wanted = languages.join(' ');
  useEffect(() => {
    let stopped = false;
    for (const lang of languages) {
      if (builtIn[lang]) continue;
      builtInTexts(lang).then(
        (cat) => {
          if (!stopped) setBuiltIn((prev) => ({ ...prev, [lang]: cat }));
        },
        () => undefined, // no placeholder: the English column says what shows
      );
    }
    return () => {
      stopped = true;
    };
  }, [wanted]);
  // The whole object is set at once: the keys hold dots, which a Formik path would split.
  const setText = (lang: string, key: string, text: string) =>
    void setFieldValue('params.translations', { ...translations, [lang]: { ...(translations[lang] ?? {}), [key]: text } });

  const onImport = async (files: File[]) => {
    if (files.length === 0) return;
    const { translations: read, problems: found } = parseTranslationsCSV(await files[0].text());
    const merged: Translations = { ...translations };
    let n = 0;
    for (const [lang, texts] of Object.entries(read)) {
      merged[lang] = { ...(merged[lang] ?? {}), ...texts };
      n += Object.keys(texts).length;
    }
    void setFieldValue('params.translations', merged);
    setProblems(found);
    setImported(`${n} text${n === 1 ? '' : 's'} imported from ${files[0].name}.`);
  };

  return (
    <div className="wizard-translations">
      <h3>The participant interface's texts</h3>
      <p className="muted">
        Buttons, messages and the questionnaires' buttons in each condition's language. Leave a cell empty for the built-in text (shown
        in grey in the cell); a language feedlab has no texts for shows English there (Verify names them). As a spreadsheet: the
        columns key, language, text.
      </p>
      <div className="wizard-translations__actions">
        <button type="button" className="button button--secondary" onClick={() => saveText(TRANSLATIONS_FILENAME, translationsCSV(translations))}>
          Export the texts (CSV)
        </button>
        <FileField label="Import texts (CSV: key,language,text)" accept=".csv,text/csv" onFiles={(f) => void onImport(f)} />
      </div>
      <div role="status">
        {imported ? <p>{imported}</p> : null}
        {problems.length > 0 ? (
          <ul className="field__error">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {languages.map((lang) => {
        // A count's text in the plural forms this language uses (Arabic's six, Chinese's one).
        const keys = keysFor(lang);
        return (
          <details key={lang} className="wizard-translations__language">
            <summary>
              Texts in {lang} ({keys.filter((k) => (translations[lang]?.[k] ?? '').trim() !== '').length} of {keys.length} written for this study)
            </summary>
            <table className="data-table">
              <caption className="visually-hidden">The interface texts in {lang}</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">English</th>
                  <th scope="col">This study's text ({lang})</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key}>
                    <th scope="row">
                      <code>{key}</code>
                    </th>
                    <td>{englishText(key)}</td>
                    <td>
                      <input
                        type="text"
                        aria-label={`${key} in ${lang}`}
                        dir="auto"
                        placeholder={(builtIn[lang] as Record<string, string> | undefined)?.[key] ?? ''}
                        value={translations[lang]?.[key] ?? ''}
                        onChange={(e) => setText(lang, key, e.currentTarget.value)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        );
      })}
    </div>
  );
}
