import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arrange, shuffle } from './arrange';
import { builtinPage } from './builtins.testing';
import { fieldsOf, type ChoiceField } from './types';

// A deterministic stand-in for Math.random.
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('arrange', () => {
  it('reverses every option list on the importance page, keeping the values', () => {
    const imp = builtinPage('imp')!;
    for (const block of arrange(imp, seeded(1))) {
      for (const f of block.fields as ChoiceField[]) {
        assert.equal(f.options[0].value.startsWith('6_very-high-'), true, f.labelName);
        assert.equal(f.options[5].value.startsWith('1_no-'), true, f.labelName);
      }
    }
    // The definition itself is not changed.
    assert.ok((fieldsOf(imp)[0] as ChoiceField).options[0].value.startsWith('1_no-'));
  });

  it('keeps option order on the other pages', () => {
    for (const name of ['def', 'exp', 'ac', 'aot']) {
      const q = builtinPage(name)!;
      for (const block of arrange(q, seeded(3))) {
        for (const f of block.fields as ChoiceField[]) {
          const original = fieldsOf(q).find((x) => x.labelName === f.labelName) as ChoiceField;
          assert.deepEqual(f.options, original.options, f.labelName);
        }
      }
    }
  });

  it('shuffles the four topic blocks of imp, def and exp, differently across visits', () => {
    for (const name of ['imp', 'def', 'exp']) {
      const q = builtinPage(name)!;
      const orders = new Set<string>();
      const random = seeded(7);
      for (let i = 0; i < 40; i++) {
        const ids = arrange(q, random).map((b) => b.heading ?? '');
        assert.deepEqual([...ids].sort(), ['COVID', 'Elections', 'Johnny trial', 'Monkeypox']);
        orders.add(ids.join(','));
      }
      assert.ok(orders.size > 5, `${name}: ${orders.size} orders in 40 visits`);
    }
  });

  it('never shuffles pages without topic blocks', () => {
    const crt = builtinPage('crt')!;
    assert.deepEqual(arrange(crt, () => 0.99), crt.blocks);
  });

  it('shuffle is a permutation and can produce every order', () => {
    const seen = new Set<string>();
    const random = seeded(11);
    for (let i = 0; i < 500; i++) {
      const out = shuffle([1, 2, 3], random);
      assert.deepEqual([...out].sort(), [1, 2, 3]);
      seen.add(out.join(''));
    }
    assert.equal(seen.size, 6);
  });
});
