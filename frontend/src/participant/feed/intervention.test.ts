import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Outbox, type OutboxPath } from '../../lib/outbox';
import { createStore, memoryBackend } from '../../lib/storage';
import { interventionSpec, recordShown, addVisit, sendDwell, triggeredBy } from './intervention';

function sink() {
  const store = createStore(memoryBackend());
  store.set('user_id', 'u1');
  store.set('experiment_id', 'fl-1');
  const sent: Array<{ path: OutboxPath; fields: Record<string, string> }> = [];
  const box = new Outbox({
    load: () => [],
    save: () => undefined,
    send: async (path, body) => {
      sent.push({ path, fields: (body as { form_fields: Record<string, string> }).form_fields });
      return 'ack';
    },
    beacon: () => true,
    now: () => 0,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { store, sink: { box, store }, sent };
}

const p = (pairs: Record<string, string>) => Object.entries(pairs).map(([param, value]) => ({ param, value }));

describe('interventionSpec', () => {
  it('reads the spec names, maps accprompt-modal, and keeps press triggers to pop-ups', () => {
    assert.deepEqual(interventionSpec(p({ 'intervention-type': 'accprompt-modal' })), { type: 'accprompt', param: 'accprompt-modal', style: 'modal', trigger: 'position', hash: '' });
    const card = interventionSpec(p({ 'intervention-type': 'socialnorm', 'intervention-style': 'infeed', 'intervention-trigger': 'first-share', 'intervention-text-sha256': 'ab' }));
    assert.equal(card.style, 'infeed');
    assert.equal(card.trigger, 'position', 'a card has a place, not a moment');
    assert.equal(card.hash, 'ab');
    assert.equal(interventionSpec(p({ 'intervention-type': 'default-modal', 'intervention-style': 'infeed' })).style, 'modal');
    assert.equal(interventionSpec(p({ 'intervention-type': 'banner' })).type, '');
  });

  it('opens at the press its trigger names', () => {
    const share = interventionSpec(p({ 'intervention-type': 'importance', 'intervention-trigger': 'first-share' }));
    assert.ok(triggeredBy(share, 'shares'));
    assert.ok(!triggeredBy(share, 'likes'));
    const any = interventionSpec(p({ 'intervention-type': 'importance', 'intervention-trigger': 'first-engagement' }));
    assert.ok(triggeredBy(any, 'likes'));
  });
});

describe('recording', () => {
  it('records the intervention once, and its dwell only when a visit was added', async () => {
    const { store, sink: s, sent } = sink();
    const spec = interventionSpec(p({ 'intervention-type': 'literacytip', 'intervention-style': 'infeed', 'intervention-text-sha256': 'f00' }));
    recordShown(spec, { store, sink: s });
    recordShown(spec, { store, sink: s }); // seen again: not recorded again
    sendDwell({ store, sink: s }); // nothing to send yet
    addVisit(1200.4, store);
    addVisit(300, store);
    sendDwell({ store, sink: s });
    sendDwell({ store, sink: s }); // nothing new
    // Each flush sends what was queued before it began; the fake server acknowledges all.
    for (let i = 0; i < 5 && s.box.pending > 0; i++) await s.box.flush();
    assert.equal(s.box.pending, 0);
    assert.equal(sent.length, 2);
    assert.deepEqual({ ...sent[0].fields, intervention_shown_at: 'x' }, {
      intervention_type: 'literacytip',
      intervention_style: 'infeed',
      intervention_trigger: 'position',
      intervention_text_sha256: 'f00',
      intervention_shown_at: 'x',
    });
    assert.deepEqual(sent[1].fields, { intervention_dwell_ms: '1500', intervention_dwell_visits_ms: '1200%3B300' });
  });
});
