// The Yup schema built from each definition: required answers, number rules and the
// spec's hints word for word (questionnaires spec §5).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtinPage } from './builtins.testing';
import { initialValues, isValidNumber, requiredMessage, validationErrors, type FormValues } from './schema';
import { fieldsOf, type ChoiceField, type NumberField, type Questionnaire } from './types';

const def = (name: string): Questionnaire => builtinPage(name)!;

/** validAnswers fills every field of a page with a valid answer. */
function validAnswers(q: Questionnaire): FormValues {
  const v = initialValues(q);
  for (const f of fieldsOf(q)) {
    if (f.kind === 'radio') v[f.labelName] = f.options[0].value;
    if (f.kind === 'checkbox') v[f.labelName] = [f.options[0].value];
    if (f.kind === 'number') v[f.labelName] = '12';
    if (f.kind === 'text') v[f.labelName] = 'Emily';
  }
  return v;
}

async function errorFor(page: string, field: string, value: string | string[]): Promise<string | undefined> {
  const q = def(page);
  return (await validationErrors(q, { ...validAnswers(q), [field]: value }))[field];
}

describe('form schema', () => {
  it('accepts a fully answered page of every questionnaire', async () => {
    for (const name of ['form', 'crt', 'ses', 'socialmediause', 'lean', 'imp', 'ac', 'aot', 'ccn', 'def', 'exp', 'ftg', 'final']) {
      assert.deepEqual(await validationErrors(def(name), validAnswers(def(name))), {}, name);
    }
  });

  it("says 'Required' for every unanswered required question, and nothing for optional ones", async () => {
    const errors = await validationErrors(def('form'), initialValues(def('form')));
    assert.deepEqual(errors, { age: requiredMessage(), gender: requiredMessage(), covidvaccine: requiredMessage() });
    const ses = await validationErrors(def('ses'), initialValues(def('ses')));
    assert.deepEqual(ses, { ses_ladder: requiredMessage(), 'ses_education-level': requiredMessage(), 'ses_education-years': requiredMessage() });
    const fin = await validationErrors(def('final'), initialValues(def('final')));
    assert.deepEqual(fin, { random: requiredMessage(), 'study-duration': requiredMessage() });
    assert.equal(await errorFor('crt', 'crt_emily-april-may', '   '), requiredMessage());
  });

  it("age: a whole number above 0 and at most 99, hint 'Enter a valid number'", async () => {
    for (const bad of ['0', '100', 'abc', '-3', '2.5', '30 years']) assert.equal(await errorFor('form', 'age', bad), 'Enter a valid number', bad);
    for (const good of ['1', '34', '99', ' 42 ']) assert.equal(await errorFor('form', 'age', good), undefined, good);
  });

  it("word problems: the first five are numbers ('Enter just a number' shown, 'Enter a number instead of text' on error)", async () => {
    const numbers = fieldsOf(def('crt')).filter((f): f is NumberField => f.kind === 'number');
    assert.equal(numbers.length, 5);
    for (const f of numbers) {
      assert.equal(f.help, 'Enter just a number');
      assert.equal(await errorFor('crt', f.labelName, 'four'), 'Enter a number instead of text');
      assert.equal(await errorFor('crt', f.labelName, '4'), undefined);
      assert.equal(await errorFor('crt', f.labelName, '0.05'), undefined);
    }
    assert.equal(await errorFor('crt', 'crt_emily-april-may', 'Emily'), undefined);
  });

  it("education years: 0 to 99, hint about twelve years", async () => {
    const hint = "Enter only a valid number. If it's twelve years, enter just 12.";
    for (const bad of ['twelve', '100', '-1', '12 years']) assert.equal(await errorFor('ses', 'ses_education-years', bad), hint, bad);
    for (const good of ['0', '12', '16.5', '99']) assert.equal(await errorFor('ses', 'ses_education-years', good), undefined, good);
  });

  it('followers and following: whole numbers from 0, with the 9,000 hint', async () => {
    const hints = {
      'social-media_followers': 'Enter a valid number. If 9,000 or 9.000 followers, enter just 9000.',
      'social-media_following': 'Enter a valid number. If 9,000 or 9.000 following, enter just 9000.',
    };
    for (const [field, hint] of Object.entries(hints)) {
      for (const bad of ['9,000', '9.000', 'many', '-5', '1e3']) assert.equal(await errorFor('socialmediause', field, bad), hint, `${field} ${bad}`);
      for (const good of ['0', '9000', '250']) assert.equal(await errorFor('socialmediause', field, good), undefined, `${field} ${good}`);
      assert.equal(await errorFor('socialmediause', field, ''), requiredMessage());
    }
  });

  it("study duration: a number of minutes from 0, hint 'Enter a valid number'", async () => {
    assert.equal(await errorFor('final', 'study-duration', 'ten'), 'Enter a valid number');
    assert.equal(await errorFor('final', 'study-duration', '12.5'), undefined);
    assert.equal(await errorFor('final', 'comments', ''), undefined);
  });

  it('refuses a radio value that is not one of the options', async () => {
    assert.equal(await errorFor('ac', 'attentioncheck1', '3_neither'), requiredMessage());
    assert.ok(await errorFor('form', 'ethnicity', ['martian']));
    const gender = fieldsOf(def('form')).find((f) => f.labelName === 'gender') as ChoiceField;
    assert.equal(await errorFor('form', 'gender', gender.options[2].value), undefined);
  });

  it('isValidNumber applies format, sign and bounds', () => {
    const f: NumberField = { kind: 'number', labelName: 'x', label: 'x', required: true, format: 'decimal', signed: true, invalid: 'bad' };
    assert.equal(isValidNumber(f, '-4.5'), true);
    assert.equal(isValidNumber({ ...f, signed: false }, '-4.5'), false);
    assert.equal(isValidNumber({ ...f, format: 'integer' }, '4.5'), false);
    assert.equal(isValidNumber({ ...f, min: 0, minExclusive: true }, '0'), false);
    assert.equal(isValidNumber({ ...f, min: 0 }, '0'), true);
    assert.equal(isValidNumber(f, '1234567890123456'), false);
  });

  it('starts the slider at 50 and checkboxes empty', () => {
    assert.equal(initialValues(def('socialmediause'))['monkeypox-cards-perc'], 50);
    assert.deepEqual(initialValues(def('form')).ethnicity, []);
  });
});
