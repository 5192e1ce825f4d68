// A researcher's questionnaire rendered by the one engine: every item type becomes
// questions with the contract's answer names, show_if hides and un-requires, a slider
// without default must be moved, an attention item fails on another answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FeedEntity } from '../../lib/feedTypes';
import { attentionFailed, carryAnswers, chooseCards, enginePages, likertOptions, type CustomItem, type CustomQuestionnaire } from './custom';
import { answersToSave } from './save';
import { initialValues, moveSliderMessage, requiredMessage, validationErrors, type FormValues } from './schema';
import { fieldsOf } from './types';

const q: CustomQuestionnaire = {
  name: 'mine',
  title: 'About you',
  pages: [
    {
      intro: 'First',
      items: [
        { id: 'uses', type: 'single', text: 'Use social media?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }], other: true },
        { id: 'apps', type: 'multi', text: 'Which?', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }], max: 2, show_if: { item: 'uses', equals: 'yes' } },
        { id: 'trust', type: 'likert', text: 'Trust?', points: 5, labels: ['None', 'Full'] },
        { id: 'views', type: 'matrix', text: 'Agree?', points: 3, statements: [{ id: 's1', text: 'One' }, { id: 's2', text: 'Two' }] },
      ],
    },
    {
      items: [
        { id: 'hours', type: 'slider', text: 'Hours', min: 0, max: 10 },
        { id: 'age', type: 'number', text: 'Age', min: 18, max: 99, integer: true },
        { id: 'city', type: 'text', text: 'City', required: false },
        { id: 'why', type: 'textarea', text: 'Why?', max_length: 300 },
        { id: 'check', type: 'attention', text: 'Pick B', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], expect: 'b' },
      ],
    },
  ],
};

describe('custom questionnaires', () => {
  const [p1, p2] = enginePages(q);

  it('gives one engine page per page, every item its questions', () => {
    assert.equal(enginePages(q).length, 2);
    assert.equal(p1.heading, 'About you (page 1 of 2)');
    assert.deepEqual(
      fieldsOf(p1).map((f) => [f.labelName, f.kind]),
      [['uses', 'radio'], ['uses~other', 'text'], ['apps', 'checkbox'], ['trust', 'radio'], ['views~s1', 'radio'], ['views~s2', 'radio']],
    );
    assert.deepEqual(likertOptions(5, ['None', 'Full']).map((o) => o.option), ['1 – None', '2', '3', '4', '5 – Full']);
    assert.deepEqual(fieldsOf(p2).map((f) => f.kind), ['slider', 'number', 'text', 'text', 'radio']);
  });

  it('checks only what is shown, and saves under the contract names', async () => {
    const v = initialValues(p1);
    v.uses = 'no';
    v.trust = '4';
    v['views~s1'] = '1';
    v['views~s2'] = '3';
    assert.deepEqual(await validationErrors(p1, v), {}, 'apps is hidden: not required');
    assert.deepEqual(answersToSave(p1, v), { uses: 'no', trust: '4', 'views.s1': '1', 'views.s2': '3' });

    v.uses = 'other';
    assert.equal((await validationErrors(p1, v))['uses~other'], requiredMessage());
    v['uses~other'] = 'Mastodon';
    assert.equal(answersToSave(p1, v)['uses.other'], 'Mastodon');

    v.uses = 'yes';
    assert.equal((await validationErrors(p1, v)).apps, requiredMessage());
    v.apps = ['a', 'b', 'c'];
    assert.equal((await validationErrors(p1, v)).apps, 'Choose at most 2.');
  });

  it('asks for a slider without default to be moved, and fails a wrong attention answer', async () => {
    const v = initialValues(p2);
    assert.equal(v.hours, '');
    assert.equal((await validationErrors(p2, v)).hours, moveSliderMessage());
    v.hours = 3;
    v.age = '17';
    v.why = 'Because';
    v.check = 'a';
    const errors = await validationErrors(p2, v);
    assert.equal(errors.hours, undefined);
    assert.equal(errors.age, 'Enter a whole number from 18 to 99.');
    assert.equal(attentionFailed(p2, answersToSave(p2, v)), true);
    v.check = 'b';
    assert.equal(attentionFailed(p2, answersToSave(p2, v)), false);
  });
});

describe('cards items', () => {
  const card = (id: string, idx: number): FeedEntity => ({ entity_id: id, entity_url: `/media/${id}.png`, idx, headline: `Post ${id}` });
  const feed = [card('a', 0), card('b', 1), card('c', 2), card('d', 3)];
  const lures = [card('x', 0), card('y', 1), card('z', 2)];
  const item: CustomItem = {
    id: 'posts',
    type: 'cards',
    text: 'About this post',
    lures: 2,
    items: [
      { id: 'seen', type: 'single', text: 'Seen?', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
      { id: 'sure', type: 'likert', text: 'Sure?', points: 5, show_if: { item: 'seen', equals: 'yes' } },
    ],
  };

  it('asks about the feed in feed order with lures mixed in, or a shuffled sample', () => {
    const inOrder = chooseCards(item, feed, lures, () => 0.5);
    assert.deepEqual(inOrder.filter((c) => !c.lure).map((c) => c.entity.entity_id), ['a', 'b', 'c', 'd']);
    assert.deepEqual(inOrder.filter((c) => c.lure).map((c) => c.entity.entity_id), ['x', 'y']);
    const sampled = chooseCards({ ...item, sample: 2, lures: 0, order: 'shuffled' }, feed, lures);
    assert.equal(sampled.length, 2);
    assert.ok(sampled.every((c) => !c.lure && feed.includes(c.entity)));
  });

  it('gives one page per card, its answers named <cards>.<question>, show_if within the card', async () => {
    const q: CustomQuestionnaire = { name: 'r', title: 'Recall', pages: [{ items: [{ id: 'first', type: 'text', text: 'Name' }, item] }] };
    const pages = enginePages(q, (it) => chooseCards(it, feed.slice(0, 1), lures));
    assert.equal(pages.length, 4, 'the text item, one feed card, two lures');
    const p = pages[1];
    assert.equal(p.card?.position, 1);
    assert.deepEqual(fieldsOf(p).map((f) => f.saveAs), ['posts.seen', 'posts.sure']);
    const v = initialValues(p);
    v['posts~seen'] = 'no';
    assert.deepEqual(await validationErrors(p, v), {}, 'sure is hidden when not seen');
    assert.deepEqual(answersToSave(p, v), { 'posts.seen': 'no' });
    assert.deepEqual(pages.slice(1).map((pg) => pg.card?.position), [1, 2, 3]);
  });
  it('shows the server-rendered markdown of option labels and matrix statements', () => {
    const [page] = enginePages({
      name: 'md',
      title: 'Markdown',
      pages: [
        {
          items: [
            { id: 'pick', type: 'single', text: 'Pick', options: [{ value: 'y', label: '**Yes**', label_html: '<strong>Yes</strong>' }, { value: 'n', label: 'No' }] },
            { id: 'grid', type: 'matrix', text: 'Rate', points: 3, statements: [{ id: 'a', text: '*One*', text_html: '<em>One</em>' }, { id: 'b', text: 'Two' }] },
          ],
        },
      ],
    });
    const [pick, a, b] = fieldsOf(page);
    assert.ok(pick.kind === 'radio');
    assert.deepEqual(pick.options.map((o) => [o.option, o.optionHtml]), [['**Yes**', '<strong>Yes</strong>'], ['No', undefined]]);
    assert.deepEqual([a.label, a.labelHtml, b.label, b.labelHtml], ['*One*', '<em>One</em>', 'Two', undefined]);
  });

  it('groups, heading, save false, unmarked, reverse_options, min_exclusive, invalid and unit reach the engine', async () => {
    const pages = enginePages({
      name: 'ext',
      title: 'Title',
      heading: 'A heading',
      pages: [
        {
          randomize_items: true,
          items: [
            { id: 'a1', type: 'single', text: 'A1', group: 'Topic A', save: false, options: [{ value: '1', label: 'One' }, { value: '2', label: 'Two' }], reverse_options: true },
            { id: 'a2', type: 'multi', text: 'A2', group: 'Topic A', required: false, unmarked: true, options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
            { id: 'n', type: 'number', text: 'N', min: 0, min_exclusive: true, integer: true, invalid: 'Enter a valid number' },
            { id: 's', type: 'slider', text: 'S', min: 0, max: 100, default: 50, unit: '%' },
          ],
        },
      ],
    });
    assert.equal(pages.length, 1);
    const [page] = pages;
    assert.equal(page.heading, 'A heading');
    assert.deepEqual(page.blocks.map((bl) => [bl.heading, bl.fields.map((f) => f.labelName)]), [['Topic A', ['a1', 'a2']], [undefined, ['n']], [undefined, ['s']]]);
    assert.deepEqual(page.discard, ['a1']);
    const [a1, a2, n, s] = fieldsOf(page);
    assert.ok(a1.kind === 'radio' && a1.reverseOptions && a2.unmarked && !a2.required);
    assert.ok(n.kind === 'number' && n.minExclusive && n.min === 0 && n.invalid === 'Enter a valid number');
    assert.ok(s.kind === 'slider' && s.unit === '%');
    const v = initialValues(page);
    v.a1 = '1';
    v.n = '0';
    assert.deepEqual(await validationErrors(page, v), { n: 'Enter a valid number' });
    v.n = '1';
    assert.deepEqual(answersToSave(page, v), { a2: [], n: '1', s: '50' });
  });
  it('asks a later page\'s show_if item by the answer given on an earlier page', async () => {
    const [first, second] = enginePages({
      name: 'two',
      title: 'Two',
      pages: [
        { items: [{ id: 'uses', type: 'multi', text: 'Which?', options: [{ value: 'fb', label: 'FB' }, { value: 'x', label: 'X' }] }, { id: 'age', type: 'number', text: 'Age' }] },
        { items: [{ id: 'fb_hours', type: 'number', text: 'Hours on FB?', show_if: { item: 'uses', in: ['fb'] } }] },
      ],
    });
    const v1 = initialValues(first);
    v1.uses = ['fb'];
    v1.age = '30';
    const earlier = carryAnswers({}, answersToSave(first, v1));
    assert.deepEqual(earlier, { uses: ['fb'], age: '30' });
    // With the earlier answers the question is asked (and required); without, never.
    const withEarlier: FormValues = { ...earlier, ...initialValues(second) };
    assert.deepEqual(await validationErrors(second, withEarlier), { fb_hours: requiredMessage() });
    withEarlier.fb_hours = '2';
    assert.deepEqual(answersToSave(second, withEarlier), { fb_hours: '2' }, 'earlier answers are not saved again');
    const other = { ...carryAnswers({}, { uses: ['x'] }), ...initialValues(second) };
    assert.deepEqual(await validationErrors(second, other), {});
    assert.deepEqual(answersToSave(second, other), {});
  });
});
