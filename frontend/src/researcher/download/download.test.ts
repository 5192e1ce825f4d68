import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DATA_TYPES, downloadSchema, dumpFilename, dumpRequest } from './model';

describe('download model', () => {
  it("offers the spec's six types in its order", () => {
    assert.deepEqual(
      DATA_TYPES.map((t) => t.value),
      ['engagement', 'user_form', 'entity_info', 'experiment_parameters', 'inventory', 'stimulus_set'],
    );
  });
  it('needs a type and an id', async () => {
    assert.equal(await downloadSchema.isValid({ data_type: 'engagement', id: 'fl-abc' }), true);
    assert.equal(await downloadSchema.isValid({ data_type: '', id: 'fl-abc' }), false);
    assert.equal(await downloadSchema.isValid({ data_type: 'engagement', id: '  ' }), false);
    assert.equal(await downloadSchema.isValid({ data_type: 'everything', id: 'fl-abc' }), false);
  });
  it('sends the id as idName and as experiment_id or stimulus_set', () => {
    assert.deepEqual(dumpRequest({ data_type: 'inventory', id: ' fl-abc ' }), { idName: 'fl-abc', data_type: 'inventory', experiment_id: 'fl-abc' });
    assert.deepEqual(dumpRequest({ data_type: 'stimulus_set', id: 'solarflare_demo' }), {
      idName: 'solarflare_demo',
      data_type: 'stimulus_set',
      stimulus_set: 'solarflare_demo',
    });
  });
  it('names the file {id}_{type}.csv', () => {
    assert.equal(dumpFilename({ data_type: 'engagement', id: 'fl-7kq2m9xa' }), 'fl-7kq2m9xa_engagement.csv');
    assert.equal(dumpFilename({ data_type: 'user_form', id: 'a b/c' }), 'a_b_c_user_form.csv');
  });
});
