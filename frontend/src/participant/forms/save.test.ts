import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeFormFields } from '../../lib/events';
import { builtinPage } from './builtins.testing';
import { answersToSave } from './save';
import { initialValues } from './schema';

describe('answersToSave', () => {
  it('keeps only the attention check on the ac page', () => {
    const ac = builtinPage('ac')!;
    const saved = answersToSave(ac, {
      murder: '1_strongly-agree',
      attentioncheck1: '3_neither-agree-nor-disagree',
      'gays-lesbians': '2_agree',
      taxes: '5_strongly-disagree',
    });
    assert.deepEqual(saved, { attentioncheck1: '3_neither-agree-nor-disagree' });
  });

  it('saves every field of other pages, checkboxes in option order, sliders as text', () => {
    const form = builtinPage('form')!;
    const saved = answersToSave(form, {
      ...initialValues(form),
      age: ' 34 ',
      gender: 'female',
      ethnicity: ['other', 'asian'],
      covidvaccine: '6_vaccinated',
    });
    assert.deepEqual(saved, { age: '34', gender: 'female', ethnicity: ['asian', 'other'], attentioncheck2: [], covidvaccine: '6_vaccinated' });
    assert.deepEqual(encodeFormFields(saved), {
      age: '34',
      gender: 'female',
      ethnicity: 'asian%3Bother',
      attentioncheck2: '',
      covidvaccine: '6_vaccinated',
    });
    const smu = builtinPage('socialmediause')!;
    assert.equal(answersToSave(smu, initialValues(smu))['monkeypox-cards-perc'], '50');
  });

  it('encodes free text as a URL component', () => {
    const fin = builtinPage('final')!;
    const saved = answersToSave(fin, { random: 'no', 'study-duration': '12', comments: 'Great & short; thanks!' });
    assert.equal(encodeFormFields(saved).comments, 'Great%20%26%20short%3B%20thanks!');
  });
});
