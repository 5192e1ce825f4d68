import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { swipeStep } from './swipeKeys';

describe('swipe feed arrow keys', () => {
  it('follow the reading direction: Right is the next post left to right, Left right to left', () => {
    assert.equal(swipeStep({ key: 'ArrowRight' }, 'ltr'), 1);
    assert.equal(swipeStep({ key: 'ArrowLeft' }, 'ltr'), -1);
    assert.equal(swipeStep({ key: 'ArrowLeft' }, 'rtl'), 1);
    assert.equal(swipeStep({ key: 'ArrowRight' }, 'rtl'), -1);
  });
  it('leave the browser its keys: Up and Down, modifiers (Alt+Left is Back) and fields', () => {
    assert.equal(swipeStep({ key: 'ArrowDown' }, 'rtl'), 0);
    assert.equal(swipeStep({ key: 'ArrowLeft', altKey: true }, 'ltr'), 0);
    assert.equal(swipeStep({ key: 'ArrowRight', metaKey: true }, 'ltr'), 0);
    assert.equal(swipeStep({ key: 'ArrowRight' }, 'ltr', true), 0);
  });
});
