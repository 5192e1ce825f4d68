// Every built-in questionnaire (questionnaire/builtins/NAME.json, as the engine renders
// it) against the spec's answer fields and enumerations (questionnaires spec §3,
// "Participant answer fields by page" and "Enumerations"). The tables are copied from the
// spec, not from the definitions: a typo in a definition fails.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_PAGES, builtinPage } from './builtins.testing';
import { FORM_PATHS, QUESTIONNAIRE_NAMES } from './names';
import { fieldsOf, type ChoiceField, type Field } from './types';

const FIELDS: Record<string, string[]> = {
  form: ['age', 'gender', 'ethnicity', 'attentioncheck2', 'covidvaccine'],
  crt: ['crt_mark-adam-28', 'crt_10-50-printer', 'crt_mold-bread-40', 'crt_pass-second-place', 'crt_sheep-15-8-died', 'crt_emily-april-may'],
  ses: ['ses_ladder', 'ses_income', 'ses_education-level', 'ses_education-years'],
  socialmediause: [
    'monkeypox-cards-perc',
    'social-media_share-politics',
    'social-media_use-freq',
    'social-media_accuracy-importance',
    'social-media_followers',
    'social-media_following',
  ],
  lean: ['politicalposition', 'politicalpref', 'socialissuespref', 'economicissuespref'],
  final: ['random', 'study-duration', 'comments'],
  imp: [
    'monkeypox-importance', 'monkeypox-newsworthiness', 'johnny-importance', 'johnny-newsworthiness',
    'election-importance', 'election-newsworthiness', 'covid-importance', 'covid-newsworthiness',
  ],
  aot: ['aot_loyal-beliefs', 'aot_true-important', 'aot_evidence-conflicts', 'aot_change-beliefs', 'aot_maintain-beliefs', 'aot_regardless-topic'],
  ac: ['murder', 'attentioncheck1', 'gays-lesbians', 'taxes'],
  def: ['monkeypox-desired-frequency', 'johnny-desired-frequency', 'election-desired-frequency', 'covid-desired-frequency'],
  exp: ['monkeypox-exposure-frequency', 'johnny-exposure-frequency', 'election-exposure-frequency', 'covid-exposure-frequency'],
  ccn: ['monkeypox-worry', 'monkeypox-concern', 'monkeypox-vax', 'monkeypox-problem'],
  ftg: ['covid-tired', 'covid-sickhearing', 'covid-changesubject'],
};

const IMPORTANCE = ['1_no-importance', '2_very-low-importance', '3_low-importance', '4_some-importance', '5_high-importance', '6_very-high-importance'];
const NEWSWORTHINESS = IMPORTANCE.map((v) => v.replace('importance', 'newsworthiness'));
const AGREE_A = ['1_strongly-disagree', '2_disagree', '3_somewhat-disagree', '4_somewhat-agree', '5_agree', '6_strongly-agree'];
const AGREE_B = ['1_strongly-agree', '2_agree', '3_neither-agree-nor-disagree', '4_disagree', '5_strongly-disagree'];
const SERIOUS = ['6_strongly-agree', '5_agree', '4_slightly-agree', '3_slightly-disagree', '2_disagree', '1_strongly-disagree'];
const EXPOSURE = ['7_multiple-times-daily', '6_daily', '5_few-times-week', '4_one-per-week', '3_one-every-other-week', '2_once-twice-month', '1_none-this-month'];
const desired = (x: string) => [`3_more-${x}`, `2_same-${x}`, `1_less-${x}`];
const intensity = (a: string) => [`6_extremely-${a}`, `5_very-${a}`, `4_moderately-${a}`, `3_somewhat-${a}`, `2_slighly-${a}`, `1_not-at-all-${a}`];

// Option values in display order (before any reversal), per field.
const VALUES: Record<string, string[]> = {
  gender: ['female', 'male', 'trans-female', 'trans-male', 'trans-non-binary', 'other'],
  ethnicity: ['white-caucasian', 'black-african-american', 'asian', 'american-indian-alaska-native', 'native-hawaiian-pacific-islander', 'other', 'prefer-not-to-say'],
  attentioncheck2: ['not-at-all', 'slightly', 'moderately', 'very', 'extremely'],
  covidvaccine: ['1_definitely-not-get-it', '2_probably-not-get-it', '3_unsure', '4_probably-get-it', '5_definitely-get-it', '6_vaccinated'],
  ses_ladder: ['9', '8', '7', '6', '5', '4', '3', '2', '1'],
  ses_income: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'],
  'ses_education-level': ['0', '1', '2', '3', '4', '5', '6'],
  'social-media_share-politics': ['2_yes', '1_no', '0_dont-use-social-media'],
  'social-media_use-freq': ['5_daily', '4_2to6times-per-week', '3_once-a-week', '2_once-a-month', '1_never'],
  'social-media_accuracy-importance': ['5_extremely-important', '4_very-important', '3_moderately-important', '2_slightly-important', '1_not-at-all-important'],
  politicalposition: ['1_democrat', '2_republican', '3_independent', '4_other'],
  politicalpref: ['1_strongly-democratic', '2_democratic', '3_lean-democratic', '4_lean-republican', '5_republican', '6_strongly-republican'],
  socialissuespref: ['1_strongly-liberal', '2_somewhat-liberal', '3_moderate', '4_somewhat-conservative', '5_strongly-conservative'],
  economicissuespref: ['1_strongly-liberal', '2_somewhat-liberal', '3_moderate', '4_somewhat-conservative', '5_strongly-conservative'],
  random: ['no', 'yes'],
  'monkeypox-importance': IMPORTANCE,
  'johnny-importance': IMPORTANCE,
  'election-importance': IMPORTANCE,
  'covid-importance': IMPORTANCE,
  'monkeypox-newsworthiness': NEWSWORTHINESS,
  'johnny-newsworthiness': NEWSWORTHINESS,
  'election-newsworthiness': NEWSWORTHINESS,
  'covid-newsworthiness': NEWSWORTHINESS,
  ...Object.fromEntries(FIELDS.aot.map((f) => [f, AGREE_A])),
  ...Object.fromEntries(FIELDS.ac.map((f) => [f, AGREE_B])),
  'monkeypox-desired-frequency': desired('monkeypox'),
  'johnny-desired-frequency': desired('johnny'),
  'election-desired-frequency': desired('election'),
  // The spec: "for covid the values reuse the suffix election".
  'covid-desired-frequency': desired('election'),
  ...Object.fromEntries(FIELDS.exp.map((f) => [f, EXPOSURE])),
  'monkeypox-worry': intensity('worried'),
  'monkeypox-concern': intensity('concerned'),
  'monkeypox-vax': ['5_absolutely-likely', '4_very-likely', '3_somewhat-likely', '2_not-likely', '1_never'],
  'monkeypox-problem': SERIOUS,
  ...Object.fromEntries(FIELDS.ftg.map((f) => [f, SERIOUS])),
};

const CHECKBOXES = ['ethnicity', 'attentioncheck2'];
const NUMBERS = ['age', ...FIELDS.crt.slice(0, 5), 'ses_education-years', 'social-media_followers', 'social-media_following', 'study-duration'];
const TEXTS = ['crt_emily-april-may', 'comments'];
const SLIDERS = ['monkeypox-cards-perc'];
// Spec §5: which answers are optional (every other field is required).
const OPTIONAL = ['ethnicity', 'attentioncheck2', 'ses_income', 'comments'];

const HEADINGS: Record<string, string> = {
  aot: 'How much do you agree or disagree with the following statements?',
  ac: 'How much do you agree or disagree with the following statements?',
  def: 'Desired exposure frequency',
  exp: 'Exposure frequency',
  ccn: 'Monkeypox attribution and concern',
  ftg: 'COVID-19 fatigue',
  lean: 'Where you stand on various issues',
  final: 'Final questions',
  crt: 'Word problems',
  ses: 'Questionnaire',
  socialmediause: 'Social media use',
};

const QUESTIONNAIRES = BUILTIN_PAGES();
const questionnaire = (name: string) => (QUESTIONNAIRE_NAMES.includes(name) ? builtinPage(name) : undefined);
const all = (): Field[] => QUESTIONNAIRES.flatMap(fieldsOf);
const byName = (name: string): Field => {
  const f = all().find((x) => x.labelName === name);
  assert.ok(f, `no field ${name}`);
  return f;
};

describe('built-in questionnaires', () => {
  it('are the thirteen spec routes, in order, and the router knows each', () => {
    assert.deepEqual(
      QUESTIONNAIRES.map((q) => q.name),
      ['form', 'crt', 'ses', 'socialmediause', 'lean', 'imp', 'ac', 'aot', 'ccn', 'def', 'exp', 'ftg', 'final'],
    );
    assert.deepEqual([...QUESTIONNAIRE_NAMES], QUESTIONNAIRES.map((q) => q.name));
    for (const q of QUESTIONNAIRES) assert.ok(FORM_PATHS.includes(`/form/${q.name}`));
    assert.ok(FORM_PATHS.includes('/form/custom-msg') && FORM_PATHS.includes('/viewforms'));
    assert.equal(questionnaire('nope'), undefined);
  });

  it('ask exactly the spec answer fields on each page', () => {
    for (const [name, fields] of Object.entries(FIELDS)) {
      const q = questionnaire(name);
      assert.ok(q, `questionnaire ${name}`);
      assert.deepEqual(fieldsOf(q).map((f) => f.labelName).sort(), [...fields].sort(), name);
    }
  });

  it('use each answer field name once across all pages', () => {
    const names = all().map((f) => f.labelName);
    assert.equal(new Set(names).size, names.length);
  });

  it('give every choice question the spec values in the spec order', () => {
    const choices = all().filter((f): f is ChoiceField => f.kind === 'radio' || f.kind === 'checkbox');
    assert.deepEqual(choices.map((f) => f.labelName).sort(), Object.keys(VALUES).sort());
    for (const f of choices) {
      assert.deepEqual(f.options.map((o) => o.value), VALUES[f.labelName], f.labelName);
      for (const o of f.options) {
        assert.equal(o.type, f.kind, `${f.labelName} ${o.value}`);
        assert.ok(o.option.trim() !== '', `${f.labelName} ${o.value} has display text`);
      }
    }
  });

  it('keep the spelling "slighly" in the worry and concern values', () => {
    for (const name of ['monkeypox-worry', 'monkeypox-concern']) {
      const f = byName(name) as ChoiceField;
      assert.ok(f.options.some((o) => /^2_slighly-/.test(o.value)), name);
      assert.ok(!f.options.some((o) => /slightly/.test(o.value)), name);
    }
  });

  it('use the right kind of input for each field', () => {
    for (const name of CHECKBOXES) assert.equal(byName(name).kind, 'checkbox', name);
    for (const name of NUMBERS) assert.equal(byName(name).kind, 'number', name);
    for (const name of TEXTS) assert.equal(byName(name).kind, 'text', name);
    for (const name of SLIDERS) assert.equal(byName(name).kind, 'slider', name);
    const slider = byName('monkeypox-cards-perc');
    assert.ok(slider.kind === 'slider' && slider.min === 0 && slider.max === 100 && slider.initial === 50);
    const radios = all().filter((f) => f.kind === 'radio').map((f) => f.labelName);
    assert.deepEqual(radios.sort(), Object.keys(VALUES).filter((n) => !CHECKBOXES.includes(n)).sort());
  });

  it('do not label an attention check (optional)', () => {
    for (const f of all()) if (f.labelName.startsWith('attentioncheck')) assert.ok(f.required || f.unmarked, f.labelName);
  });

  it('require every answer except the optional ones of the spec', () => {
    for (const f of all()) assert.equal(f.required, !OPTIONAL.includes(f.labelName), f.labelName);
  });

  it('have the spec headings', () => {
    for (const [name, heading] of Object.entries(HEADINGS)) assert.equal(questionnaire(name)?.heading, heading, name);
  });

  it('shuffle topic blocks on imp, def and exp only; reverse options on imp only', () => {
    for (const q of QUESTIONNAIRES) {
      assert.equal(Boolean(q.shuffleBlocks), ['imp', 'def', 'exp'].includes(q.name), q.name);
      for (const f of fieldsOf(q)) assert.equal(f.kind === 'radio' && Boolean(f.reverseOptions), q.name === 'imp', f.labelName);
    }
    for (const name of ['imp', 'def', 'exp']) {
      assert.deepEqual(questionnaire(name)!.blocks.map((b) => b.heading), ['Monkeypox', 'Johnny trial', 'Elections', 'COVID']);
    }
  });

  it('discard the opinion answers on the ac page only', () => {
    for (const q of QUESTIONNAIRES) {
      assert.deepEqual(q.discard ?? [], q.name === 'ac' ? ['murder', 'gays-lesbians', 'taxes'] : [], q.name);
    }
  });
});
