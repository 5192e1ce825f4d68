import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore } from '../../lib/storage';
import { builtinPage } from './builtins.testing';
import { clearDraft, restoreDraft, saveDraft } from './draft';
import { initialValues } from './schema';

describe('form drafts', () => {
  const form = builtinPage('form')!;

  it("restores this participant's answers to this page only", () => {
    const store = createStore(null);
    saveDraft(store, 'u1', '/form/form', { ...initialValues(form), age: '3', gender: 'male', ethnicity: ['asian'] });
    const back = restoreDraft(store, 'u1', '/form/form', form);
    assert.equal(back.age, '3');
    assert.equal(back.gender, 'male');
    assert.deepEqual(back.ethnicity, ['asian']);
    assert.deepEqual(restoreDraft(store, 'u2', '/form/form', form), initialValues(form));
    assert.deepEqual(restoreDraft(store, 'u1', '/form/crt', builtinPage('crt')!), initialValues(builtinPage('crt')!));
    clearDraft(store);
    assert.deepEqual(restoreDraft(store, 'u1', '/form/form', form), initialValues(form));
  });

  it('ignores values that do not fit the definition', () => {
    const store = createStore(null);
    store.set('form_draft', { user_id: 'u1', path: '/form/form', values: { gender: 'martian', ethnicity: ['asian', 'x', 3], covidvaccine: 5, extra: 'y' } });
    const back = restoreDraft(store, 'u1', '/form/form', form);
    assert.equal(back.gender, '');
    assert.deepEqual(back.ethnicity, ['asian']);
    assert.equal(back.covidvaccine, '');
    assert.equal('extra' in back, false);
  });
});
