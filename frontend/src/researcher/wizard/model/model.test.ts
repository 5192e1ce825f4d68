import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoryBackend } from '../../../lib/storage';
import { conditionsWithoutSets, studyErrors, wizardSchema } from './checks';
import { reactionsProblem } from './comments';
import { createdFilename, csvField, toCSV } from './csv';
import { groupSets, setLabel } from './entitySets';
import { decodeWizardRows, normalize, plainRows, stateFromRows, wizardRows } from './rows';
import {
  allTextMode,
  applyCount,
  clampCount,
  conditionAt,
  countProblem,
  defaultCondition,
  enforceRules,
  initialState,
  moveForm,
  resizeParams,
  setAllTextMode,
  setCustomMsgType,
  setInterventionType,
  setSameInEvery,
  toggleForm,
  toggleSet,
  withCondition,
} from './state';
import { createWizardStore, KEYS } from './storage';
import { ENTITY_SETS_ERROR, type EntitySetInfo, type WizardState } from './types';

const SETS: EntitySetInfo[] = [
  { entity_set: 'solarflare_demo', entity_category: 'news', num_entities: 24 },
  { entity_set: 'ads_a', entity_category: 'ads', num_entities: 5 },
  { entity_set: 'zeta', entity_category: 'news', num_entities: 3 },
  { entity_set: 'probe', entity_category: 'test', num_entities: 2 },
];

/** edit applies f to condition i of the state. */
function edit(state: WizardState, i: number, f: (c: ReturnType<typeof conditionAt>) => ReturnType<typeof conditionAt>): WizardState {
  return { ...state, params: withCondition(state.params, i, f(conditionAt(state.params, i))) };
}

/** twoConditions is a study with every kind of value set, the second condition unusual. */
function twoConditions(): WizardState {
  let s = applyCount(initialState(), 2, 50);
  s = { ...s, params: { ...s.params, title: 'Pilot, "spring" 2025' } };
  s = setSameInEvery(s, 'platform', false); // condition 2 has a platform of its own
  s = edit(s, 0, (c) => toggleSet(c, 'solarflare_demo', 24, true));
  s = edit(s, 1, (c) => {
    c = toggleSet(c, 'solarflare_demo', 24, true);
    c = toggleSet(c, 'zeta', 3, true);
    c = { ...c, selectionSets: { ...c.selectionSets, solarflare_demo: { number_to_show: 10, randomize_between_subjects: 'no' } } };
    c = { ...c, feedTypeParams: 'swipe', buttonParams: { ...c.buttonParams, like: 'yes', share: 'lognormal' } };
    c = setInterventionType(c, 'default-modal');
    c = { ...c, interventionParams: { ...c.interventionParams, perc: 30, video: '/media/clip.mp4' } };
    c = setCustomMsgType(c, 'modal');
    c = { ...c, customEndMsgParams: { ...c.customEndMsgParams, msg: 'Thanks & bye,\n**friend** 100%' } };
    c = toggleForm(toggleForm(c, 'final', true), 'crt', true);
    c = { ...c, studyInstructions: { mode: 'custom', text: 'Read: a+b=c?' }, studyConsent: { mode: 'off', text: '' } };
    c = { ...c, platformParams: { platform: 'prolific', redirectUrl: 'https://app.prolific.com/submissions/complete?cc=AB1&x=é', completionCode: '' } };
    return c;
  });
  return s;
}

describe('defaults and resizing', () => {
  it('starts with one condition, sections hidden, and spec defaults', () => {
    const s = initialState();
    assert.equal(s.conditions, 1);
    assert.equal(s.shown, false);
    const c = conditionAt(s.params, 0);
    assert.deepEqual(c, defaultCondition());
    assert.equal(c.feedTypeParams, 'scroll');
    assert.equal(c.algorithmParams, 'random');
    assert.equal(c.interventionParams.perc, 50);
    assert.ok(Object.values(c.buttonParams).every((v) => v === 'no'));
  });

  it('applies the typed count: 0, below or garbage become 1, above the maximum becomes the maximum', () => {
    assert.equal(clampCount('0', 50), 1);
    assert.equal(clampCount('-3', 50), 1);
    assert.equal(clampCount('x', 50), 1);
    assert.equal(clampCount('3', 50), 3);
    assert.equal(clampCount(80, 50), 50);
    const s = applyCount(initialState(), '3', 50);
    assert.equal(s.shown, true);
    assert.equal(s.conditions, 3);
    // Every per-condition list; questionnaires is the one study-wide list.
    for (const [key, list] of Object.entries(s.params)) if (Array.isArray(list) && key !== 'questionnaires') assert.equal(list.length, 3, key);
  });

  it('refuses a count above the maximum with the maximum in words, never lowering it silently', () => {
    assert.equal(countProblem('100', 50), 'At most 50 conditions: this server does not create larger studies.');
    assert.equal(countProblem(51, 50), 'At most 50 conditions: this server does not create larger studies.');
    assert.equal(countProblem('50', 50), '');
    assert.equal(countProblem('', 50), '');
    assert.equal(countProblem('0', 50), '');
  });

  it('keeps existing conditions, gives new ones defaults and drops removed ones', () => {
    let s = twoConditions();
    s = applyCount(s, 3, 50);
    assert.equal(conditionAt(s.params, 1).feedTypeParams, 'swipe');
    assert.deepEqual(conditionAt(s.params, 2), defaultCondition());
    s = applyCount(s, 1, 50);
    assert.equal(s.params.feedTypeParams.length, 1);
    assert.deepEqual(s.params.selectedSets, [['solarflare_demo']]);
    assert.equal(resizeParams(s.params, 2).selectedSetsParsed.length, 2);
  });
});

describe('per-condition rules', () => {
  it('intervention None resets the percentage to 50', () => {
    let c = setInterventionType(defaultCondition(), 'accprompt-modal');
    c = { ...c, interventionParams: { ...c.interventionParams, perc: 10 } };
    assert.equal(setInterventionType(c, 'default-modal').interventionParams.perc, 10);
    assert.deepEqual(setInterventionType(c, '').interventionParams, { type: '', perc: 50, video: '' });
  });

  it('custom message None clears the message', () => {
    let c = setCustomMsgType(defaultCondition(), 'onpage');
    c = { ...c, customEndMsgParams: { type: 'onpage', msg: 'hi' } };
    assert.deepEqual(setCustomMsgType(c, '').customEndMsgParams, { type: '', msg: '' });
    assert.equal(setCustomMsgType(c, 'modal').customEndMsgParams.msg, 'hi');
  });

  it('a selected set shows all its cards by default; forms keep their order and move', () => {
    let c = toggleSet(defaultCondition(), 'zeta', 3, true);
    assert.deepEqual(c.selectionSets.zeta, { number_to_show: 3, randomize_between_subjects: 'yes' });
    c = toggleSet(c, 'zeta', 3, false);
    assert.deepEqual(c.selectedSets, []);
    assert.deepEqual(c.selectionSets, {});
    c = toggleForm(toggleForm(toggleForm(defaultCondition(), 'ses', true), 'crt', true), 'final', true);
    assert.deepEqual(c.formsSelected, ['ses', 'crt', 'final']);
    assert.deepEqual(moveForm(c, 2, -1).formsSelected, ['ses', 'final', 'crt']);
    assert.deepEqual(moveForm(c, 0, -1).formsSelected, ['ses', 'crt', 'final']);
  });

  it('the toggle for all conditions sets every condition and reports agreement', () => {
    const texts = [{ mode: 'default' as const, text: '' }, { mode: 'custom' as const, text: 'x' }];
    assert.equal(allTextMode(texts), null);
    const off = setAllTextMode(texts, 'off');
    assert.equal(allTextMode(off), 'off');
    assert.equal(off[1].text, 'x', 'custom text is kept for a switch back');
    assert.equal(allTextMode(setAllTextMode(off, 'default')), 'default');
  });
});

describe('rows', () => {
  it('builds wizard rows: n-conditions, title on every condition, encoding, JSON, empties', () => {
    const rows = wizardRows(twoConditions(), SETS);
    const get = (c: number, p: string) => rows.filter((r) => r.condition === c && r.param === p).map((r) => r.value);
    assert.deepEqual(get(1, 'n-conditions'), ['2']);
    assert.deepEqual(get(2, 'n-conditions'), []);
    assert.deepEqual(get(1, 'title'), ['Pilot, "spring" 2025']);
    assert.deepEqual(get(2, 'title'), ['Pilot, "spring" 2025']);
    assert.deepEqual(get(1, 'entity_sets'), ['[{"entity_set":"solarflare_demo","number_to_show":24,"randomize_between_subjects":"yes"}]']);
    assert.deepEqual(JSON.parse(get(2, 'entity_sets')[0]), [
      { entity_set: 'solarflare_demo', number_to_show: 10, randomize_between_subjects: 'no' },
      { entity_set: 'zeta', number_to_show: 3, randomize_between_subjects: 'yes' },
    ]);
    assert.deepEqual(get(1, 'forms'), ['[]']);
    assert.deepEqual(get(2, 'forms'), ['["final","crt"]']);
    assert.deepEqual(get(1, 'feed-button-like'), ['no']);
    assert.deepEqual(get(2, 'feed-button-like'), ['yes']);
    assert.deepEqual(get(2, 'feed-button-share'), ['lognormal']);
    assert.deepEqual(get(1, 'intervention-perc'), [''], 'blank when the type is None');
    assert.deepEqual(get(2, 'intervention-perc'), ['30']);
    assert.deepEqual(get(2, 'custom-msg'), [encodeURIComponent('Thanks & bye,\n**friend** 100%')]);
    assert.deepEqual(get(2, 'instruct'), ['Read%3A%20a%2Bb%3Dc%3F']);
    assert.deepEqual(get(1, 'instruct'), ['default']);
    assert.deepEqual(get(2, 'consent'), ['']);
    assert.deepEqual(get(2, 'platform'), ['prolific']);
    assert.deepEqual(get(2, 'redirect-url'), [encodeURIComponent('https://app.prolific.com/submissions/complete?cc=AB1&x=é')]);
    assert.deepEqual(get(1, 'redirect-url'), ['']);
    for (const r of rows) assert.ok(!['null', 'undefined'].includes(r.value));
  });

  it('turns blank, null and undefined into empty and empty buttons into no', () => {
    let s = applyCount(initialState(), 1, 50);
    s = edit(s, 0, (c) => ({
      ...c,
      buttonParams: { ...c.buttonParams, like: '' as never, share: undefined as never, upvote: 'null' as never },
      algorithmParams: 'undefined',
      feedTypeParams: '  ',
      platformParams: { platform: 'null', redirectUrl: '', completionCode: '' },
    }));
    const rows = plainRows(s);
    const get = (p: string) => rows.find((r) => r.param === p)?.value;
    assert.equal(get('feed-button-like'), 'no');
    assert.equal(get('feed-button-share'), 'no');
    assert.equal(get('feed-button-upvote'), 'no');
    assert.equal(get('algorithm'), 'random');
    assert.equal(get('feed'), 'scroll');
    assert.equal(get('platform'), '');
  });

  it('for an algorithm other than random, number_to_show is the set\'s full size', () => {
    let s = twoConditions();
    s = edit(s, 1, (c) => ({ ...c, algorithmParams: 'engagement' }));
    const sets = JSON.parse(plainRows(s, SETS).find((r) => r.condition === 2 && r.param === 'entity_sets')!.value);
    assert.deepEqual(sets.map((e: { number_to_show: number }) => e.number_to_show), [24, 3]);
    const random = JSON.parse(plainRows(twoConditions(), SETS).find((r) => r.condition === 2 && r.param === 'entity_sets')!.value);
    assert.deepEqual(random.map((e: { number_to_show: number }) => e.number_to_show), [10, 3]);
  });

  it('sends only the chosen algorithm\'s settings, and reads them back', () => {
    let s = twoConditions();
    const script = 'def rank(cards, participant):\n    return cards\n';
    s = edit(s, 0, (c) => ({
      ...c,
      algorithmParams: 'custom',
      algorithmSettings: { custom: { 'algorithm-script': script }, chronological: { 'algorithm-covariate': 'published' } },
    }));
    s = edit(s, 1, (c) => ({ ...c, algorithmParams: 'attitude_filter_feed', algorithmSettings: { attitude_filter_feed: { 'algorithm-covariate': ' lean ', 'algorithm-mode': '' } } }));
    const rows = plainRows(s, SETS);
    const settings = rows.filter((r) => r.param.startsWith('algorithm-')).map((r) => [r.condition, r.param, r.value]);
    assert.deepEqual(settings, [[1, 'algorithm-script', script], [2, 'algorithm-covariate', 'lean']]);
    const back = stateFromRows(rows);
    assert.deepEqual(back.params.algorithmSettings[0], { custom: { 'algorithm-script': script } });
    assert.deepEqual(back.params.algorithmSettings, normalize(s).params.algorithmSettings);
  });

  it('mturk sends the completion code and no URL; a platform not chosen sends neither', () => {
    let s = twoConditions();
    s = edit(s, 1, (c) => ({ ...c, platformParams: { platform: 'mturk', redirectUrl: 'https://x.org', completionCode: ' CODE-1 ' } }));
    const rows = plainRows(s);
    assert.equal(rows.find((r) => r.condition === 2 && r.param === 'completion-code')!.value, 'CODE-1');
    assert.equal(rows.find((r) => r.condition === 2 && r.param === 'redirect-url')!.value, '');
  });

  it('round trip: state → wizard rows → plain rows → state is the identity', () => {
    const s = normalize(twoConditions());
    const back = stateFromRows(decodeWizardRows(wizardRows(s, SETS)));
    assert.deepEqual(back, s);
    // and each field separately, so a failure names the field
    for (const key of Object.keys(s.params) as Array<keyof typeof s.params>) assert.deepEqual(back.params[key], s.params[key], key);
    assert.deepEqual(plainRows(back, SETS), plainRows(s, SETS));
  });

  it('normalize drops only what is never sent', () => {
    let s = twoConditions();
    s = edit(s, 0, (c) => ({ ...c, studyConsent: { mode: 'default', text: 'kept while default' } }));
    s = edit(s, 0, (c) => ({ ...c, platformParams: { platform: '', redirectUrl: 'https://typed.org', completionCode: 'x' } }));
    const n = normalize(s);
    assert.deepEqual(conditionAt(n.params, 0).studyConsent, { mode: 'default', text: '' });
    assert.deepEqual(conditionAt(n.params, 0).platformParams, { platform: '', redirectUrl: '', completionCode: '' });
    assert.deepEqual(plainRows(n), plainRows(s));
  });

  it('reads plain rows from a params.csv or a study: None spellings, default text, missing rows', () => {
    const s = stateFromRows([
      { condition: 1, param: 'n-conditions', value: '3' },
      { condition: 1, param: 'entity_sets', value: '[{"entity_set":"zeta","number_to_show":2,"randomize_between_subjects":"NO"}]' },
      { condition: 1, param: 'instruct', value: 'default' },
      { condition: 1, param: 'consent', value: '' },
      { condition: 2, param: 'intervention-type', value: 'none' },
      { condition: 2, param: 'intervention-perc', value: '' },
      { condition: 2, param: 'platform', value: 'NONE' },
      { condition: 2, param: 'title', value: 'T' },
      { condition: 3, param: 'algorithm', value: 'random' },
    ]);
    assert.equal(s.conditions, 3);
    assert.equal(s.shown, true);
    assert.equal(s.params.title, 'T');
    assert.deepEqual(s.params.selectedSets, [['zeta'], [], []]);
    assert.deepEqual(s.params.selectionSets[0].zeta, { number_to_show: 2, randomize_between_subjects: 'no' });
    assert.deepEqual(s.params.studyInstructions[0], { mode: 'default', text: '' });
    assert.deepEqual(s.params.studyConsent[0], { mode: 'off', text: '' });
    assert.deepEqual(s.params.studyInstructions[1], { mode: 'off', text: '' }, 'a missing row is empty: off');
    assert.deepEqual(s.params.interventionParams[1], { type: '', perc: 50, video: '' });
    assert.equal(s.params.platformParams[1].platform, '');
  });
});

describe('client checks', () => {
  it('asks for at least one set per condition', () => {
    const s = applyCount(initialState(), 2, 50);
    assert.deepEqual(studyErrors(s), [ENTITY_SETS_ERROR]);
    assert.deepEqual(conditionsWithoutSets(s), [1, 2]);
    const one = edit(s, 0, (c) => toggleSet(c, 'zeta', 3, true));
    assert.deepEqual(studyErrors(one), [ENTITY_SETS_ERROR]);
    assert.deepEqual(conditionsWithoutSets(one), [2]);
    assert.deepEqual(studyErrors(twoConditions()), []);
    assert.equal(ENTITY_SETS_ERROR, 'You need to select at least one set per condition under the Cards section.');
  });

  it('the schema checks cards per set, the percentage, the redirect URL and the title', async () => {
    const schema = wizardSchema(SETS);
    await schema.validate(twoConditions());
    let bad = edit(twoConditions(), 1, (c) => ({ ...c, selectionSets: { ...c.selectionSets, zeta: { number_to_show: 4, randomize_between_subjects: 'yes' } } }));
    await assert.rejects(schema.validate(bad), /This set has 3 cards; show at most 3\./);
    bad = edit(twoConditions(), 1, (c) => ({ ...c, interventionParams: { ...c.interventionParams, perc: 0 } }));
    await assert.rejects(schema.validate(bad), /1 to 100/);
    bad = edit(twoConditions(), 1, (c) => ({ ...c, platformParams: { ...c.platformParams, redirectUrl: 'example.org' } }));
    await assert.rejects(schema.validate(bad), /absolute http or https URL/);
    bad = { ...twoConditions(), params: { ...twoConditions().params, title: 'x'.repeat(201) } };
    await assert.rejects(schema.validate(bad), /at most 200 characters/);
    // a None intervention's percentage is not checked
    const none = edit(twoConditions(), 0, (c) => ({ ...c, interventionParams: { type: '', perc: 50, video: '' } }));
    await schema.validate(none);
    const positions = (v: string, algorithm = 'will_smith_priority_treatment') =>
      edit(twoConditions(), 0, (c) => ({ ...c, algorithmParams: algorithm, algorithmSettings: { will_smith_priority_treatment: { 'algorithm-positions': v } } }));
    await schema.validate(positions(' 1, 5,10 '));
    await assert.rejects(schema.validate(positions('1,0')), /feed positions from 1/);
    await assert.rejects(schema.validate(positions('first')), /feed positions from 1/);
    // kept for another algorithm, not sent: not checked
    await schema.validate(positions('first', 'random'));
  });

  it('a field the form disables is not checked: cards to show under an algorithm that ranks every card', async () => {
    const schema = wizardSchema(SETS);
    const typed = edit(twoConditions(), 1, (c) => ({ ...c, selectionSets: { ...c.selectionSets, zeta: { number_to_show: 99, randomize_between_subjects: 'yes' } } }));
    await assert.rejects(schema.validate(typed), /This set has 3 cards; show at most 3\./);
    const ranked = edit(typed, 1, (c) => ({ ...c, algorithmParams: 'engagement' }));
    await schema.validate(ranked);
    // what is sent is the set's size, whatever was typed
    const sets = JSON.parse(plainRows(ranked, SETS).find((r) => r.condition === 2 && r.param === 'entity_sets')!.value);
    assert.deepEqual(sets.map((e: { number_to_show: number }) => e.number_to_show), [24, 3]);
    // the other condition, still random, is checked as before
    const other = edit(ranked, 0, (c) => ({ ...c, selectionSets: { solarflare_demo: { number_to_show: 0, randomize_between_subjects: 'yes' } } }));
    await assert.rejects(schema.validate(other), /Show at least 1 card/);
  });
});

describe('entity sets, CSV and storage', () => {
  it('groups sets by sorted category without test sets, labelled name [count]', () => {
    const groups = groupSets(SETS, ['hidden_one']);
    assert.deepEqual(groups.map((g) => g.category), ['ads', 'news']);
    assert.deepEqual(groups[1].sets.map(setLabel), ['solarflare_demo [24]', 'zeta [3]']);
    assert.deepEqual(groupSets(SETS, ['zeta'])[1].sets.map((s) => s.entity_set), ['solarflare_demo']);
    const hid = { entity_set: 'hid', entity_category: 'news', num_entities: 2, hidden: true };
    assert.deepEqual(groupSets([...SETS, hid])[1].sets.map((s) => s.entity_set), ['solarflare_demo', 'zeta']);
  });

  it('writes params.csv as Go\'s csv.Writer does', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\r\nlines"');
    assert.equal(csvField(' lead'), '" lead"');
    assert.equal(csvField(''), '');
    assert.equal(
      toCSV([
        { condition: 1, param: 'n-conditions', value: '1' },
        { condition: 1, param: 'forms', value: '["crt","final"]' },
      ]),
      'condition,param,value\r\n1,n-conditions,1\r\n1,forms,"[""crt"",""final""]"\r\n',
    );
    assert.equal(createdFilename('abc'), 'abc_experiment_parameters.csv');
  });

  it('saves under the spec keys, restores, and Reset clears the form but not the cached sets', () => {
    const backend = memoryBackend();
    const store = createWizardStore(backend);
    assert.deepEqual(store.load(), initialState());
    const s = twoConditions();
    store.save(s);
    store.saveSets(SETS);
    store.saveRows(wizardRows(s));
    assert.deepEqual([...backend.raw.keys()].sort(), Object.values(KEYS).sort());
    assert.equal(backend.raw.get('createStudyConditions'), '2');
    assert.deepEqual(createWizardStore(backend).load(), s);
    store.reset();
    assert.deepEqual(store.load(), initialState());
    assert.deepEqual(store.loadSets(), SETS);
    backend.raw.set('createStudyParams', '{"feedTypeParams":"nope"}');
    backend.raw.set('createStudyConditions', '2');
    assert.deepEqual(store.load(), initialState(), 'a corrupt save gives a new form');
  });
});

describe('enforceRules', () => {
  it('applies the per-condition rules after an edit and leaves a clean state alone', () => {
    const sizes = new Map([['zeta', 3]]);
    const clean = twoConditions();
    assert.equal(enforceRules(clean, sizes), clean);
    let s = edit(clean, 1, (c) => ({
      ...c,
      interventionParams: { type: '', perc: 30, video: '/media/x.mp4' },
      customEndMsgParams: { type: '', msg: 'left over' },
      selectedSets: ['zeta'],
    }));
    s = enforceRules(s, sizes);
    const c = conditionAt(s.params, 1);
    assert.deepEqual(c.interventionParams, { type: '', perc: 50, video: '' });
    assert.deepEqual(c.customEndMsgParams, { type: '', msg: '' });
    assert.deepEqual(c.selectionSets, { zeta: { number_to_show: 3, randomize_between_subjects: 'yes' } });
    assert.deepEqual(s.params.selectedSetsParsed[1], [{ entity_set: 'zeta', number_to_show: 3, randomize_between_subjects: 'yes' }]);
  });
});

describe('settings entered once for every condition', () => {
  const typedOnce = () => {
    let s = applyCount(initialState(), 3, 50);
    s = edit(s, 0, (c) => ({ ...c, platformParams: { ...c.platformParams, platform: 'prolific', redirectUrl: 'https://app.prolific.com/submissions/complete?cc=C1', quota: '30', screenoutUrl: 'https://app.prolific.com/submissions/complete?cc=S1' } }));
    return enforceRules(s, new Map());
  };

  it('are on by default: condition 1\'s values go to every condition and every row', () => {
    assert.deepEqual(initialState().params.sameInEvery, { platform: true, exits: true });
    const s = typedOnce();
    const rows = plainRows(s);
    for (const c of [1, 2, 3]) {
      const get = (p: string) => rows.find((r) => r.condition === c && r.param === p)?.value;
      assert.equal(get('platform'), 'prolific');
      assert.equal(get('redirect-url'), 'https://app.prolific.com/submissions/complete?cc=C1');
      assert.equal(get('quota'), '30');
      assert.equal(get('redirect-url-screenout'), 'https://app.prolific.com/submissions/complete?cc=S1');
    }
    // a condition added later follows too
    const four = enforceRules(applyCount(s, 4, 50), new Map());
    assert.equal(four.params.platformParams[3].redirectUrl, 'https://app.prolific.com/submissions/complete?cc=C1');
    assert.equal(enforceRules(four, new Map()), four, 'an agreeing state is left alone');
  });

  it('off keeps each condition\'s values to edit apart; on again takes condition 1\'s', () => {
    let s = setSameInEvery(typedOnce(), 'platform', false);
    s = edit(s, 2, (c) => ({ ...c, platformParams: { ...c.platformParams, platform: 'mturk', completionCode: 'M3' } }));
    s = enforceRules(s, new Map());
    assert.equal(s.params.platformParams[2].platform, 'mturk');
    assert.equal(s.params.platformParams[1].platform, 'prolific');
    // the exits switch is still on: a quota typed on condition 1 reaches condition 3
    s = enforceRules(edit(s, 0, (c) => ({ ...c, platformParams: { ...c.platformParams, quota: '25' } })), new Map());
    assert.equal(s.params.platformParams[2].quota, '25');
    s = setSameInEvery(s, 'platform', true);
    assert.equal(s.params.platformParams[2].platform, 'prolific');
    assert.equal(s.params.platformParams[2].completionCode, '');
  });

  it('a study read from rows, or a form saved before the switches, has them on only where the conditions agree', () => {
    const back = stateFromRows(plainRows(typedOnce()));
    assert.deepEqual(back.params.sameInEvery, { platform: true, exits: true });
    assert.deepEqual(stateFromRows(plainRows(twoConditions())).params.sameInEvery, { platform: false, exits: true });

    const backend = memoryBackend();
    const store = createWizardStore(backend);
    const old = twoConditions();
    const { sameInEvery: _, ...params } = old.params;
    backend.setItem(KEYS.conditions, '2');
    backend.setItem(KEYS.params, JSON.stringify(params));
    backend.setItem(KEYS.selected, 'true');
    const loaded = store.load();
    assert.deepEqual(loaded.params.sameInEvery, { platform: false, exits: true });
    assert.equal(enforceRules(loaded, new Map()).params.platformParams[1].platform, 'prolific', 'condition 2 keeps its own platform');
  });
});

describe('recruitment settings', () => {
  it('are sent only when set, study-wide ones on every condition, and read back the same', () => {
    let s = twoConditions();
    s = { ...s, params: { ...s.params, recruitment: { assignment: 'balanced-arrivals', activeMinutes: ' 45 ', quotaTotal: '' } } };
    s = edit(s, 0, (c) => ({ ...c, platformParams: { ...c.platformParams, quota: '20', overquotaUrl: 'https://l.example.org/cb?RID=[%RID%]', attentionFail: '' } }));
    const rows = plainRows(s, SETS);
    const get = (c: number, p: string) => rows.filter((r) => r.condition === c && r.param === p).map((r) => r.value);
    assert.deepEqual(get(1, 'assignment'), ['balanced-arrivals']);
    assert.deepEqual(get(2, 'assignment'), ['balanced-arrivals']);
    assert.deepEqual(get(2, 'assignment-active-minutes'), ['45']);
    assert.deepEqual(get(1, 'quota-total'), []);
    assert.deepEqual(get(1, 'quota'), ['20']);
    assert.deepEqual(get(2, 'quota'), []);
    assert.deepEqual(get(1, 'redirect-url-overquota'), ['https://l.example.org/cb?RID=[%RID%]']);
    assert.deepEqual(get(1, 'attention-fail-exit'), []);
    assert.deepEqual(stateFromRows(rows), normalize(s));
  });

  it('checks quotas and exit URLs', async () => {
    let s = twoConditions();
    s = { ...s, params: { ...s.params, recruitment: { quotaTotal: 'many' } } };
    s = edit(s, 0, (c) => ({ ...c, platformParams: { ...c.platformParams, overquotaUrl: 'lucid.example.org', attentionFail: 'quality-terminate' } }));
    const errors = await wizardSchema(SETS)
      .validate(s, { abortEarly: false })
      .then(() => [] as string[])
      .catch((e: { errors: string[] }) => e.errors);
    assert.ok(errors.some((e) => e.includes('The study quota is a whole number')), errors.join('\n'));
    assert.ok(errors.some((e) => e.includes('Enter an absolute http or https URL')), errors.join('\n'));
    assert.ok(errors.some((e) => e.includes('Enter the quality-terminate URL')), errors.join('\n'));
  });
});

describe('the intervention family', () => {
  it('writes style, trigger, text and skin on every condition once one uses them, and reads them back', () => {
    const plain = twoConditions();
    assert.ok(!plainRows(plain).some((r) => ['intervention-style', 'intervention-trigger', 'intervention-text', 'skin'].includes(r.param)), 'a study without the family has its old rows');
    let s = edit(plain, 0, (c) => {
      c = setInterventionType(c, 'literacytip');
      return { ...c, interventionParams: { ...c.interventionParams, style: 'infeed', text: 'Check\r\nthe source', skin: 'distract' } };
    });
    const rows = plainRows(s);
    const value = (cond: number, param: string) => rows.find((r) => r.condition === cond && r.param === param)?.value;
    assert.equal(value(1, 'intervention-style'), 'infeed');
    assert.equal(value(1, 'intervention-text'), 'Check\nthe source');
    assert.equal(value(1, 'skin'), 'distract');
    assert.equal(value(2, 'intervention-style'), 'modal', 'a condition with a type writes the default style');
    assert.equal(value(2, 'skin'), 'default');
    assert.deepEqual(stateFromRows(rows).params, normalize(s).params);
    // None clears style, trigger and text but keeps the skin (the page, not the intervention).
    s = edit(s, 0, (c) => setInterventionType(c, ''));
    assert.deepEqual(conditionAt(s.params, 0).interventionParams, { type: '', perc: 50, video: '', skin: 'distract' });
  });
});

describe('seeded comments', () => {
  it('writes comments and comments-tags on every condition once one shows comments, and reads them back', () => {
    const plain = twoConditions();
    assert.ok(!plainRows(plain).some((r) => r.param.startsWith('comments')), 'a study without comments has its old rows');
    let s = edit(plain, 0, (c) => ({ ...c, commentParams: { mode: 'collapsed', first: '2', tags: ' correction, ,correction ' } }));
    s = edit(s, 1, (c) => ({ ...c, commentParams: { mode: 'first', first: '3', tags: '' } }));
    const rows = plainRows(s);
    const value = (cond: number, param: string) => rows.find((r) => r.condition === cond && r.param === param)?.value;
    assert.equal(value(1, 'comments'), 'collapsed');
    assert.equal(value(1, 'comments-tags'), '["correction"]');
    assert.equal(value(2, 'comments'), 'first-3');
    assert.equal(value(2, 'comments-tags'), '[]');
    assert.deepEqual(stateFromRows(rows).params, normalize(s).params);
    assert.deepEqual(conditionAt(stateFromRows(rows).params, 0).commentParams, { mode: 'collapsed', first: '2', tags: 'correction', box: false, like: false, compose: false });
  });
  it('writes what participants may say on every condition once one lets them, and the reactions once, and reads them back', () => {
    const plain = twoConditions();
    assert.ok(!plainRows(plain).some((r) => ['feed-button-comment', 'reactions'].includes(r.param)), 'a study without them has its old rows');
    let s = edit(plain, 1, (c) => ({ ...c, commentParams: { ...c.commentParams, box: true, compose: true } }));
    const rules = ' [{"when":"post","on":"post","after_ms":0,"do":{"notify":"Lee liked your post"}}] ';
    s = { ...s, params: { ...s.params, reactions: rules } };
    const rows = plainRows(s);
    const of = (param: string) => rows.filter((r) => r.param === param).map((r) => `${r.condition}=${r.value}`);
    assert.deepEqual(of('feed-button-comment'), ['1=no', '2=yes']);
    assert.deepEqual(of('comment-like'), ['1=no', '2=no']);
    assert.deepEqual(of('feed-compose'), ['1=no', '2=yes']);
    assert.deepEqual(of('reactions'), [`1=${rules.trim()}`]);
    assert.deepEqual(stateFromRows(rows).params, normalize(s).params);
    assert.equal(reactionsProblem(rules), '');
    assert.match(reactionsProblem('{"when":"post"}'), /JSON list/);
    assert.match(reactionsProblem('[{"when":'), /not JSON/);
  });
});

describe('languages', () => {
  it('writes language on every condition once one sets one, translations once, and reads both back', () => {
    const plain = twoConditions();
    assert.ok(!plainRows(plain).some((r) => r.param === 'language' || r.param === 'translations'), 'a study without languages has its old rows');
    let s = edit(plain, 1, (c) => ({ ...c, languageParams: ' es ' }));
    s = { ...s, params: { ...s.params, translations: { es: { 'feed.submit': 'Ir al cuestionario', 'button.like': '  ' }, it: {} } } };
    const rows = plainRows(s);
    const value = (cond: number, param: string) => rows.find((r) => r.condition === cond && r.param === param)?.value;
    assert.equal(value(1, 'language'), 'en');
    assert.equal(value(2, 'language'), 'es');
    assert.equal(value(1, 'translations'), '{"es":{"feed.submit":"Ir al cuestionario"}}', 'blank texts and empty languages are not sent');
    assert.equal(rows.filter((r) => r.param === 'translations').length, 1);
    assert.deepEqual(stateFromRows(rows).params, normalize(s).params);
    assert.equal(conditionAt(stateFromRows(rows).params, 1).languageParams, 'es');
  });
});

describe('text size', () => {
  it('writes text-size on every condition once one is not normal, and reads it back', () => {
    const plain = twoConditions();
    assert.ok(!plainRows(plain).some((r) => r.param === 'text-size'), 'a study with normal text has its old rows');
    const s = edit(plain, 1, (c) => ({ ...c, textSizeParams: 'offer' }));
    const rows = plainRows(s);
    assert.deepEqual(
      rows.filter((r) => r.param === 'text-size').map((r) => `${r.condition} ${r.value}`),
      ['1 normal', '2 offer'],
    );
    assert.deepEqual(stateFromRows(rows).params, normalize(s).params);
    assert.equal(conditionAt(stateFromRows(rows).params, 1).textSizeParams, 'offer');
    // A form saved before the parameter existed reads as normal.
    const old = { ...plain, params: { ...plain.params, textSizeParams: undefined as unknown as string[] } };
    assert.ok(!plainRows(old).some((r) => r.param === 'text-size'));
  });
});

describe('the study\'s own questionnaires', () => {
  const aboutYou = {
    name: 'about_you',
    title: 'About you',
    pages: [
      {
        intro: 'A few **questions**, "quoted", first.',
        items: [
          { id: 'age', type: 'number', text: 'Your age?', min: 18, max: 99, integer: true },
          { id: 'gender', type: 'single', text: 'Gender', options: [{ value: 'f', label: 'Woman' }, { value: 'm', label: 'Man' }], other: true },
          { id: 'why', type: 'text', text: 'Why?', required: false, show_if: { item: 'gender', equals: 'f' } },
        ],
      },
    ],
  };
  const ratings = {
    name: 'post_ratings',
    title: 'The posts',
    pages: [{ items: [{ id: 'post', type: 'cards', text: 'This post', lures: 2, sample: 4, items: [{ id: 'acc', type: 'likert', text: 'Accurate?', points: 4 }] }] }],
  };
  const Q = JSON.stringify([aboutYou, ratings]);

  /** cliRows are the rows the server keeps for a study `feedlab study create` made from a
   * params.csv with questionnaires: once on condition 1, forms-before after forms. */
  function cliRows() {
    const cond = (c: number, before: string[]) => [
      { condition: c, param: 'entity_sets', value: '[{"entity_set":"solarflare_demo","number_to_show":24,"randomize_between_subjects":"yes"}]' },
      { condition: c, param: 'forms', value: '["post_ratings","final"]' },
      ...(before.length ? [{ condition: c, param: 'forms-before', value: JSON.stringify(before) }] : []),
    ];
    return [
      { condition: 1, param: 'title', value: '' },
      { condition: 1, param: 'n-conditions', value: '2' },
      { condition: 1, param: 'questionnaires', value: Q },
      ...cond(1, ['about_you']),
      ...cond(2, []),
    ];
  }

  it('a study made by the CLI keeps its questionnaires and forms-before through the wizard', () => {
    const s = stateFromRows(cliRows());
    assert.deepEqual(s.params.questionnaires, JSON.parse(Q));
    assert.deepEqual(s.params.formsBefore, [['about_you'], []]);
    assert.deepEqual(s.params.formsSelected, [['post_ratings', 'final'], ['post_ratings', 'final']]);
    const rows = plainRows(s, SETS);
    assert.deepEqual(rows.filter((r) => r.param === 'questionnaires'), [{ condition: 1, param: 'questionnaires', value: Q }], 'once, on condition 1');
    assert.deepEqual(rows.filter((r) => r.param === 'forms-before'), [{ condition: 1, param: 'forms-before', value: '["about_you"]' }], 'only where set');
    const formsAt = rows.findIndex((r) => r.param === 'forms' && r.condition === 1);
    assert.equal(rows[formsAt + 1].param, 'forms-before', 'forms-before follows forms, as the server writes it');
    // Verify's params.csv, the wizard rows and back: nothing lost.
    const back = stateFromRows(decodeWizardRows(wizardRows(s, SETS)));
    assert.deepEqual(back, normalize(s));
    assert.match(toCSV(rows), /^1,questionnaires,"\[\{""name"":""about_you""/m);
  });

  it('a study without them sends no new rows; Duplicate of one keeps them', () => {
    const plain = plainRows(normalize(twoConditions()), SETS);
    assert.equal(plain.some((r) => r.param === 'questionnaires' || r.param === 'forms-before'), false);
    const s = normalize(stateFromRows(cliRows()));
    assert.deepEqual(stateFromRows(plainRows(s, SETS)), s);
  });

  it('builder edits leave no undefined keys behind once normalized', () => {
    let s = stateFromRows(cliRows());
    const edited = { ...aboutYou, pages: [{ ...aboutYou.pages[0], intro: undefined, randomize_items: undefined }] };
    s = { ...s, params: { ...s.params, questionnaires: [edited as never, ratings] } };
    const n = normalize(s);
    assert.equal('intro' in n.params.questionnaires![0].pages[0], false);
    assert.deepEqual(stateFromRows(plainRows(n, SETS)), n);
  });

  it('the saved form keeps them; a form saved before them loads with none', () => {
    const backend = memoryBackend();
    const store = createWizardStore(backend);
    const s = stateFromRows(cliRows());
    store.save(s);
    assert.deepEqual(createWizardStore(backend).load(), s);
    const old = JSON.parse(backend.raw.get('createStudyParams')!);
    delete old.questionnaires;
    delete old.formsBefore;
    backend.raw.set('createStudyParams', JSON.stringify(old));
    const loaded = createWizardStore(backend).load();
    assert.deepEqual(loaded.params.questionnaires, []);
    assert.deepEqual(loaded.params.formsBefore, [[], []]);
  });

  it('a questionnaire is in one of a condition\'s lists: adding it before the feed takes it from after', () => {
    let c = conditionAt(stateFromRows(cliRows()).params, 1);
    c = toggleForm(c, 'post_ratings', true, 'formsBefore');
    assert.deepEqual(c.formsBefore, ['post_ratings']);
    assert.deepEqual(c.formsSelected, ['final']);
    c = toggleForm(c, 'final', true, 'formsBefore');
    c = moveForm(c, 1, -1, 'formsBefore');
    assert.deepEqual(c.formsBefore, ['final', 'post_ratings']);
    c = toggleForm(c, 'final', false, 'formsBefore');
    assert.deepEqual([c.formsBefore, c.formsSelected], [['post_ratings'], []]);
  });
});
