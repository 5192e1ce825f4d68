import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtinDefinition } from '../../../participant/forms/builtins.testing';
import { QUESTIONNAIRE_NAMES } from '../../../participant/forms/names';
import {
  cleanItem,
  cleanQuestionnaire,
  duplicateItem,
  exportDefinition,
  freeName,
  ITEM_TYPES,
  itemIds,
  move,
  nameProblem,
  newItem,
  newQuestionnaire,
  parseDefinition,
  problemsOf,
  renameInForms,
} from './questionnaires';

describe('the questionnaire builder', () => {
  it('offers every type of the format, each new item complete', () => {
    assert.deepEqual(ITEM_TYPES.map((t) => t.type), ['single', 'multi', 'likert', 'matrix', 'slider', 'number', 'text', 'textarea', 'attention', 'cards']);
    const att = newItem('attention', 'a1');
    assert.ok(att.options!.some((o) => o.value === att.expect), 'expect is among the options');
    const cards = newItem('cards', 'c1');
    assert.equal(cards.items?.[0].type, 'likert');
    assert.deepEqual(newItem('slider', 's1'), { id: 's1', type: 'slider', text: 'Question', min: 0, max: 100, step: 1 });
  });

  it('checks and finds names: not a built-in, not taken, the format\'s letters', () => {
    assert.match(nameProblem('crt', ['crt'], []), /built-in/);
    assert.match(nameProblem('Mine', [], []), /lower-case/);
    assert.match(nameProblem('mine', [], ['mine']), /Another/);
    assert.equal(nameProblem('mine_2', ['crt'], ['mine']), '');
    assert.equal(freeName('crt', ['crt', 'crt_2']), 'crt_3');
    assert.equal(freeName('About You!', []), 'about_you');
  });

  it('moves, duplicates with a fresh id, and follows renames in the condition lists', () => {
    assert.deepEqual(move(['a', 'b', 'c'], 0, 2), ['b', 'c', 'a']);
    assert.deepEqual(move(['a', 'b'], 1, 2), ['a', 'b'], 'off the end: unchanged');
    const q = newQuestionnaire('mine');
    const items = duplicateItem(q.pages[0].items, 0, itemIds(q));
    assert.deepEqual(items.map((i) => i.id), ['q1', 'q_1']);
    items[1].options![0].label = 'changed';
    assert.equal(items[0].options![0].label, 'Option 1', 'a copy, not the same options');
    assert.deepEqual(renameInForms([['mine', 'final'], []], 'mine', 'ours'), [['ours', 'final'], []]);
    assert.deepEqual(renameInForms([['mine', 'final']], 'mine', ''), [['final']]);
  });

  it('cleans what the form leaves: empty numbers, blank help, keys of a former type, required by default', () => {
    const it1 = cleanItem({
      id: 'x', type: 'number', text: 'N', required: true, help: ' ', min: '' as never, max: '7' as never,
      options: [{ value: 'a', label: 'A' }], show_if: { item: '', equals: '' }, labels: ['', ''],
    });
    assert.deepEqual(it1, { id: 'x', type: 'number', text: 'N', max: 7 });
    assert.deepEqual(cleanItem({ id: 'y', type: 'text', text: 'T', required: false, show_if: { item: 'x', equals: '3' } }),
      { id: 'y', type: 'text', text: 'T', required: false, show_if: { item: 'x', equals: '3' } });
    const q = cleanQuestionnaire({ name: 'm', title: 'M', pages: [{ intro: '  ', randomize_items: false, items: [newItem('cards', 'c')] }] });
    assert.deepEqual(q.pages[0], { items: [{ id: 'c', type: 'cards', text: 'About this post', from: 'feed', order: 'feed', items: [newItem('likert', 'q1')] }] });
  });

  it('exports one questionnaire\'s JSON and imports it back; refuses what is not one', () => {
    const q = newQuestionnaire('mine');
    assert.deepEqual(parseDefinition(exportDefinition(q)), q);
    assert.deepEqual(parseDefinition(JSON.stringify([q])), q, 'a list of one, as in the questionnaires parameter');
    assert.throws(() => parseDefinition('{nope'), /not JSON/);
    assert.throws(() => parseDefinition('{"name":"x"}'), /not a questionnaire/);
  });

  it('picks the server\'s problems about one questionnaire', () => {
    const problems = [
      { param: 'questionnaires', message: 'questionnaire "mine", page 1, item "q2": show_if names "q7"' },
      { param: 'questionnaires', message: 'questionnaire "other", page 1: no items' },
      { param: 'questionnaires', message: 'questionnaire "mine_2": no pages' },
      { param: 'questionnaires', message: 'questionnaire #3: the name "Bad" may use only lower-case letters' },
    ];
    assert.deepEqual(problemsOf(problems, 'mine', 0), [problems[0]]);
    assert.deepEqual(problemsOf(problems, 'Bad', 2), [problems[3]], 'by place when the name is refused');
  });
});

describe('starting from a built-in', () => {
  it('keeps every key of every built-in when the rows are built (heading, group, save, unmarked, reverse_options, min_exclusive, invalid, unit)', () => {
    for (const name of QUESTIONNAIRE_NAMES) {
      const q = builtinDefinition(name);
      assert.deepEqual(cleanQuestionnaire(q), q, name);
    }
  });
});
