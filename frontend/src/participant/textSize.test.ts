import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStore, memoryBackend } from '../lib/storage';
import { chooseTextSize, readsLarge, recordTextSize, textSizeOf } from './textSize';

const params = (size?: string) => [{ param: 'condition', value: '1' }, ...(size ? [{ param: 'text-size', value: size }] : [])];

describe('text size', () => {
  it('reads the condition: normal without the parameter, large always large, offer as the participant chose', () => {
    const store = createStore(memoryBackend());
    assert.equal(textSizeOf(params()), 'normal');
    assert.equal(textSizeOf(params('huge')), 'normal');
    assert.equal(readsLarge(params('large'), store), true);
    assert.equal(readsLarge(params('offer'), store), false);
    chooseTextSize(store, true);
    assert.equal(readsLarge(params('offer'), store), true);
    assert.equal(readsLarge(params(), store), false, 'a choice left from an offer study does not make a normal condition large');
  });

  it('records the choice once, and again only after the participant changes it', () => {
    const backend = memoryBackend();
    const sent: Array<[string, string]> = [];
    const log = (c: string, v: string) => sent.push([c, v]);
    let store = createStore(backend);
    recordTextSize(store, log); // agreed without touching the switch
    recordTextSize(store, log);
    assert.deepEqual(sent, [['text-size', 'normal']]);
    chooseTextSize(store, true);
    store = createStore(backend); // a reload keeps the choice and what was sent
    assert.equal(readsLarge(params('offer'), store), true);
    recordTextSize(store, log);
    recordTextSize(createStore(backend), log);
    assert.deepEqual(sent, [['text-size', 'normal'], ['text-size', 'large']]);
  });
});
