import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunk } from './chunk';

describe('chunk', () => {
  it('loads once, and a load that failed is tried again on the next call', async () => {
    let calls = 0;
    const mod = { name: 'end' };
    const c = chunk(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return mod;
    });
    assert.equal(c.now(), null);
    await assert.rejects(c.get(), /offline/);
    assert.equal(c.now(), null);
    assert.equal(await c.get(), mod);
    assert.equal(await c.get(), mod);
    assert.equal(c.now(), mod);
    assert.equal(calls, 2);
  });

  it('prefetch ignores a failure and leaves the next load to try again', async () => {
    let calls = 0;
    const c = chunk(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return 'module';
    });
    c.prefetch();
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(c.now(), null);
    assert.equal(await c.get(), 'module');
    assert.equal(calls, 2);
  });
});
