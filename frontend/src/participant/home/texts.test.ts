import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueProblems } from '../i18n/catalogueChecks';
import { BUILT_IN } from '../i18n';
import ar from './i18n/ar.json';
import de from './i18n/de.json';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import ptBR from './i18n/pt-BR.json';
import zhHans from './i18n/zh-Hans.json';
import { siteText, visitorLanguage } from './texts';

const texts: Record<string, Record<string, string>> = { es, de, fr, 'pt-BR': ptBR, ar, 'zh-Hans': zhHans };

describe('the home and about pages in every language', () => {
  it('each built-in language has the English keys, placeholders and its own plural forms', () => {
    assert.deepEqual(Object.keys(texts).sort(), BUILT_IN.filter((l) => l !== 'en').sort());
    assert.deepEqual(catalogueProblems(en, texts), []);
  });
  it('speaks the first of the browser languages it has texts for, else English', () => {
    assert.equal(visitorLanguage(['es-MX', 'en']), 'es-MX');
    assert.equal(visitorLanguage(['ru', 'de-AT', 'en']), 'de-AT');
    assert.equal(visitorLanguage(['ru', 'en-GB', 'fr']), 'en-GB');
    assert.equal(visitorLanguage(['ru']), 'en');
    assert.equal(visitorLanguage([]), 'en');
  });
  it('picks a count text by the language plural rules and falls back to English key by key', () => {
    const s = siteText('ar', ar);
    assert.equal(s.form('home.studies', 5), '{n} دراسات أُنشئت هنا'); // few
    assert.equal(s.form('home.studies', 100), '{n} دراسة أُنشئت هنا'); // other
    assert.equal(siteText('en', {}).form('home.studies', 1), '{n} study created here');
    assert.equal(siteText('zh-Hans', zhHans).form('home.participants', 1), '目前共有 {n} 名参与者（不含预览）');
    const partial = siteText('es', { 'home.team': 'Equipo' });
    assert.equal(partial('home.team'), 'Equipo');
    assert.equal(partial('home.papers'), 'Research papers');
    assert.equal(partial('about.researchersText', { signIn: 'x' }), 'You can create studies with several conditions, upload your own stimulus sets, and download the data once you x.');
  });
});
