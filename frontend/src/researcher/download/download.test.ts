import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codebookFilename, downloadSchema, dumpFilename, dumpRequest, emptyValues, MAX_TRIM } from './model';

const v = (over: Partial<typeof emptyValues>) => ({ ...emptyValues, ...over });

describe('download model', () => {
  it('needs a type and an id', async () => {
    assert.equal(await downloadSchema.isValid(v({ data_type: 'engagement', id: 'fl-abc' })), true);
    assert.equal(await downloadSchema.isValid(v({ data_type: '', id: 'fl-abc' })), false);
    assert.equal(await downloadSchema.isValid(v({ data_type: 'engagement', id: '  ' })), false);
    assert.equal(await downloadSchema.isValid(v({ data_type: 'everything', id: 'fl-abc' })), false);
  });
  it('checks the exposure options as the server does', async () => {
    const ok = v({ data_type: 'exposures', id: 'fl-abc', dwell_cap_ms: 30000, dwell_floor_ms: 250, trim: 3 });
    assert.equal(await downloadSchema.isValid(ok), true);
    assert.equal(await downloadSchema.isValid({ ...ok, dwell_cap_ms: 200 }), false);
    assert.equal(await downloadSchema.isValid({ ...ok, trim: -1 }), false);
    assert.equal(await downloadSchema.isValid({ ...ok, trim: MAX_TRIM }), true);
    assert.equal(await downloadSchema.isValid({ ...ok, trim: MAX_TRIM + 1 }), false);
    assert.equal(await downloadSchema.isValid({ ...ok, trim: 2.5 }), false);
    assert.equal(await downloadSchema.isValid({ ...ok, dwell_cap_ms: '', dwell_floor_ms: '', trim: '' }), true);
  });
  it('sends the id as idName and as experiment_id or stimulus_set, and only the options asked for', () => {
    assert.deepEqual(dumpRequest(v({ data_type: 'inventory', id: ' fl-abc ' })), { idName: 'fl-abc', data_type: 'inventory', experiment_id: 'fl-abc' });
    assert.deepEqual(dumpRequest(v({ data_type: 'stimulus_set', id: 'solarflare_demo', include_test: true })), {
      idName: 'solarflare_demo',
      data_type: 'stimulus_set',
      stimulus_set: 'solarflare_demo',
    });
    assert.deepEqual(
      dumpRequest(v({ data_type: 'exposures', id: 'fl-a', include_test: true, raw: true, dwell_cap_ms: 30000, dwell_floor_ms: 250, trim: 3, saw_every_card: true, drop_excluded: true }), true),
      {
        idName: 'fl-a',
        data_type: 'exposures',
        experiment_id: 'fl-a',
        include_test: true,
        raw: true,
        dwell_cap_ms: 30000,
        dwell_floor_ms: 250,
        trim: 3,
        saw_every_card: true,
        drop_excluded: true,
        codebook: true,
      },
    );
    // Cleaning values left in the form are not sent for another type.
    assert.deepEqual(dumpRequest(v({ data_type: 'engagement', id: 'fl-a', trim: 3 })), { idName: 'fl-a', data_type: 'engagement', experiment_id: 'fl-a' });
  });
  it('names the files {id}_{type}.csv and {id}_{type}_codebook.md', () => {
    assert.equal(dumpFilename({ data_type: 'engagement', id: 'fl-7kq2m9xa' }), 'fl-7kq2m9xa_engagement.csv');
    assert.equal(dumpFilename({ data_type: 'user_form', id: 'a b/c' }), 'a_b_c_user_form.csv');
    assert.equal(codebookFilename({ data_type: 'exposures', id: 'fl-7kq2m9xa' }), 'fl-7kq2m9xa_exposures_codebook.md');
  });
});
