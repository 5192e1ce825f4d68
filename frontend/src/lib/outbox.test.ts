import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classify, Outbox, type OutboxDeps, type OutboxItem, type OutboxPath, type SendResult } from './outbox';

// A controllable world: a persisted list, a scripted server and a manual clock.
function world(answers: SendResult[] = []) {
  let persisted: OutboxItem[] = [];
  const sent: Array<{ path: OutboxPath; body: any }> = [];
  const beacons: string[] = [];
  const timers: Array<{ fn: () => void; at: number; id: number }> = [];
  let now = 0;
  let nextId = 1;
  const deps: OutboxDeps = {
    load: () => JSON.parse(JSON.stringify(persisted)),
    save: (items) => void (persisted = JSON.parse(JSON.stringify(items))),
    send: async (path, body) => {
      sent.push({ path, body });
      return answers.length > 0 ? answers.shift()! : 'ack';
    },
    beacon: (_path, body) => {
      beacons.push(body);
      return true;
    },
    now: () => now,
    setTimer: (fn, ms) => {
      const t = { fn, at: now + ms, id: nextId++ };
      timers.push(t);
      return t.id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  // advance moves the clock, firing due timers in time order and letting the promises
  // they start settle before looking for the next one.
  async function advance(ms: number) {
    await settle();
    const target = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      now = due.at;
      due.fn();
      await settle();
    }
    now = target;
  }
  return { deps, sent, beacons, advance, persisted: () => persisted, answers };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('outbox', () => {
  it('sends a body queued again under the same event_id while the first is in flight', async () => {
    const w = world(['ack', 'ack']);
    const box = new Outbox(w.deps);
    box.enqueue('/v1/write_batch_dwell', { event_id: 'batch-1', dwell_data: [1] });
    // Queued while the first send is still waiting for its answer.
    box.enqueue('/v1/write_batch_dwell', { event_id: 'batch-1', dwell_data: [1, 2] });
    await w.advance(60_000);
    assert.equal(box.pending, 0);
    assert.deepEqual(
      w.sent.map((s) => s.body.dwell_data),
      [[1], [1, 2]],
      'the later, larger batch is sent too, not dropped with the first',
    );
  });

  it('persists before sending and forgets an event once acknowledged', async () => {
    const w = world(['ack']);
    const box = new Outbox(w.deps);
    const id = box.enqueue('/v1/write_user_engagement', { user_id: 'u' });
    assert.equal(w.persisted().length, 1, 'stored before the network call');
    assert.equal(w.persisted()[0].body.event_id, id);
    await box.flush();
    await settle();
    assert.equal(box.pending, 0);
    assert.equal(w.persisted().length, 0);
    assert.equal(w.sent[0].body.event_id, id);
  });

  it('retries with the same event_id until acknowledged, in order', async () => {
    const w = world(['retry', 'retry', 'ack', 'ack']);
    const box = new Outbox(w.deps);
    const a = box.enqueue('/v1/write_user_engagement', { n: 1 });
    const b = box.enqueue('/v1/write_user_engagement', { n: 2 });
    await settle();
    assert.equal(box.pending, 2);
    await w.advance(1000);
    await w.advance(2000);
    assert.equal(box.pending, 0);
    assert.deepEqual(w.sent.map((s) => s.body.event_id), [a, a, a, b]);
  });

  it('sends an event queued first ahead of the pending ones, and reports each change', async () => {
    const w = world(['retry', 'ack', 'ack', 'ack']);
    const box = new Outbox(w.deps);
    const seen: number[] = [];
    const stop = box.subscribe((n) => seen.push(n));
    const a = box.enqueue('/v1/write_user_engagement', { n: 1 });
    await settle();
    const end = box.enqueue('/v1/write_checkpoint', { checkpoint: 'end-redirect' }, { first: true });
    await w.advance(1000);
    assert.equal(box.pending, 0);
    assert.deepEqual(w.sent.map((s) => s.body.event_id), [a, end, a]);
    assert.equal(seen.at(-1), 0, 'the last change reported is the empty outbox');
    stop();
    box.enqueue('/v1/write_user_engagement', { n: 2 });
    assert.equal(seen.at(-1), 0, 'no report after unsubscribing');
  });

  it('survives a reload: a new outbox over the same storage sends what was left', async () => {
    const w = world(['retry']);
    const first = new Outbox(w.deps);
    const id = first.enqueue('/v1/write_form', { form_fields: { age: '30' } });
    await settle();
    assert.equal(w.persisted().length, 1);
    const second = new Outbox(w.deps);
    assert.equal(second.pending, 1);
    await second.flush();
    assert.equal(second.pending, 0);
    assert.equal(w.sent.at(-1)!.body.event_id, id);
  });

  it('drops an event the server refuses for good, and goes on', async () => {
    const w = world(['reject', 'ack']);
    const box = new Outbox(w.deps);
    box.enqueue('/v1/write_user_engagement', { bad: true });
    box.enqueue('/v1/write_user_engagement', { good: true });
    const original = console.error;
    console.error = () => {};
    await box.flush();
    await box.flush();
    console.error = original;
    assert.equal(box.pending, 0);
    assert.equal(w.sent.length, 2);
  });

  it('drain resolves true when empty, false after the bounded wait', async () => {
    const w = world(['retry', 'retry', 'retry']);
    const box = new Outbox(w.deps);
    assert.equal(await box.drain(100), true);
    box.enqueue('/v1/write_checkpoint', { checkpoint: 'x' });
    const result = box.drain(500);
    await w.advance(500);
    assert.equal(await result, false);
    assert.equal(box.pending, 1, 'kept for later');
    const again = box.drain(10000);
    await w.advance(4000);
    await w.advance(4000);
    assert.equal(await again, true);
  });

  it('beacons pending events within the 64 KiB budget and keeps them queued', async () => {
    const w = world(Array(10).fill('retry'));
    const box = new Outbox(w.deps);
    box.enqueue('/v1/write_user_engagement', { small: 1 });
    box.enqueue('/v1/write_batch_dwell', { big: 'x'.repeat(70 * 1024) });
    box.enqueue('/v1/write_user_engagement', { small: 2 });
    await settle();
    box.beaconAll();
    assert.equal(w.beacons.length, 1, 'stops at the body over budget, keeping order');
    assert.equal(box.pending, 3);
  });

  it('classifies statuses', () => {
    assert.equal(classify(200), 'ack');
    for (const s of [0, 408, 429, 500, 503]) assert.equal(classify(s), 'retry', String(s));
    for (const s of [400, 404, 413, 415]) assert.equal(classify(s), 'reject', String(s));
  });
});
