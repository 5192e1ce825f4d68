// Defaults, resizing and the per-condition rules of spec §4 ("Study creation" and
// "Per-condition rules"), as pure functions over WizardState.
import { DEFAULT_COMMENTS, type CommentsChoice } from './comments';
import {
  BUTTONS,
  DEFAULT_ALGORITHM,
  DEFAULT_FEED,
  DEFAULT_PERC,
  type AlgorithmSettings,
  type ButtonName,
  type ButtonValue,
  type CustomEndMsg,
  type EntitySetEntry,
  type Intervention,
  type Platform,
  type SetChoice,
  type SharedGroup,
  SHARED_FIELDS,
  type SourceLine,
  type StudyParams,
  type StudyText,
  type WizardState,
} from './types';

/** ConditionParams is one condition's slice of StudyParams. */
export interface ConditionParams {
  feedTypeParams: string;
  buttonParams: Record<ButtonName, ButtonValue>;
  interventionParams: Intervention;
  algorithmParams: string;
  algorithmSettings: AlgorithmSettings;
  customEndMsgParams: CustomEndMsg;
  formsSelected: string[];
  formsBefore: string[];
  studyInstructions: StudyText;
  studyConsent: StudyText;
  platformParams: Platform;
  selectionSets: Record<string, SetChoice>;
  selectedSets: string[];
  sourceParams: SourceLine;
  commentParams: CommentsChoice;
  languageParams: string;
  textSizeParams: string;
}

/** PER_CONDITION lists the per-condition keys of StudyParams (selectedSetsParsed is derived). */
export const PER_CONDITION: Array<keyof ConditionParams> = [
  'feedTypeParams',
  'buttonParams',
  'interventionParams',
  'algorithmParams',
  'algorithmSettings',
  'customEndMsgParams',
  'formsSelected',
  'formsBefore',
  'studyInstructions',
  'studyConsent',
  'platformParams',
  'selectionSets',
  'selectedSets',
  'sourceParams',
  'commentParams',
  'languageParams',
  'textSizeParams',
];

/**
 * defaultCondition is a new condition: scroll feed, no buttons, no intervention (50%),
 * random ranking, no custom end message, no questionnaires, the built-in instructions
 * and consent, platform None, no stimulus set.
 */
export function defaultCondition(): ConditionParams {
  const buttons = {} as Record<ButtonName, ButtonValue>;
  for (const b of BUTTONS) buttons[b] = 'no';
  return {
    feedTypeParams: DEFAULT_FEED,
    buttonParams: buttons,
    interventionParams: { type: '', perc: DEFAULT_PERC, video: '' },
    algorithmParams: DEFAULT_ALGORITHM,
    algorithmSettings: {},
    customEndMsgParams: { type: '', msg: '' },
    formsSelected: [],
    formsBefore: [],
    studyInstructions: { mode: 'default', text: '' },
    studyConsent: { mode: 'default', text: '' },
    platformParams: { platform: '', redirectUrl: '', completionCode: '' },
    selectionSets: {},
    selectedSets: [],
    sourceParams: { line: '', time: '' },
    commentParams: { ...DEFAULT_COMMENTS },
    languageParams: '',
    textSizeParams: 'normal',
  };
}

/** emptyParams is StudyParams with no conditions. */
function emptyParams(): StudyParams {
  return {
    feedTypeParams: [],
    buttonParams: [],
    interventionParams: [],
    algorithmParams: [],
    algorithmSettings: [],
    customEndMsgParams: [],
    formsSelected: [],
    formsBefore: [],
    questionnaires: [],
    studyInstructions: [],
    studyConsent: [],
    platformParams: [],
    selectionSets: [],
    selectedSets: [],
    selectedSetsParsed: [],
    sourceParams: [],
    commentParams: [],
    languageParams: [],
    textSizeParams: [],
    translations: {},
    title: '',
    sameInEvery: { platform: true, exits: true },
  };
}

/** initialState is the wizard of a first visit (or after Reset): 1 condition, sections hidden. */
export function initialState(): WizardState {
  return { conditions: 1, shown: false, params: resizeParams(emptyParams(), 1) };
}

/** ranksAllCards says whether an algorithm ranks every card of the chosen sets (all but
 * random do): then a set's cards-to-show is not the researcher's to choose, and the set's
 * size is what is sent (spec §4). An empty choice is random. */
export function ranksAllCards(algorithm: string | undefined): boolean {
  return (algorithm || DEFAULT_ALGORITHM) !== DEFAULT_ALGORITHM;
}

/** conditionAt returns condition i's (0-based) parameters. */
export function conditionAt(params: StudyParams, i: number): ConditionParams {
  const out = {} as Record<string, unknown>;
  for (const key of PER_CONDITION) out[key] = params[key][i];
  return out as unknown as ConditionParams;
}

/** withCondition returns params with condition i (0-based) replaced. */
export function withCondition(params: StudyParams, i: number, cond: ConditionParams): StudyParams {
  const next = { ...params } as Record<string, unknown>;
  for (const key of PER_CONDITION) {
    const list = (params[key] as unknown[]).slice();
    list[i] = cond[key];
    next[key] = list;
  }
  return derive(next as unknown as StudyParams);
}

/**
 * resizeParams gives every per-condition list exactly n entries: existing conditions are
 * kept, new ones get defaults, conditions beyond n are dropped (spec §4).
 */
export function resizeParams(params: StudyParams, n: number): StudyParams {
  const next = { ...params } as Record<string, unknown>;
  for (const key of PER_CONDITION) {
    const list = ((params[key] as unknown[] | undefined) ?? []).slice(0, n);
    while (list.length < n) list.push(defaultCondition()[key]);
    next[key] = list;
  }
  return derive(next as unknown as StudyParams);
}

/** clampCount turns what was typed into a condition count: not a number, 0 or below
 * becomes 1 (spec §4); above max becomes max. */
export function clampCount(typed: string | number, max: number): number {
  const n = typeof typed === 'number' ? typed : Number.parseInt(String(typed).trim(), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), Math.max(1, max));
}

/** countProblem is why a typed condition count cannot be applied ('' when it can): above
 * the server's maximum it is refused, never silently lowered to the maximum. */
export function countProblem(typed: string | number, max: number): string {
  const n = typeof typed === 'number' ? typed : Number.parseInt(String(typed).trim(), 10);
  return Number.isFinite(n) && n > max ? `At most ${max} conditions: this server does not create larger studies.` : '';
}

/** applyCount is Enter: apply the typed count, resize and show the sections. */
export function applyCount(state: WizardState, typed: string | number, max: number): WizardState {
  const n = clampCount(typed, max);
  return { conditions: n, shown: true, params: resizeParams(state.params, n) };
}

/** derive recomputes selectedSetsParsed (the entity_sets value of each condition). */
export function derive(params: StudyParams): StudyParams {
  return {
    ...params,
    selectedSetsParsed: params.selectedSets.map((names, i) => entitySetsOf(names, params.selectionSets[i] ?? {})),
  };
}

function entitySetsOf(names: string[], choices: Record<string, SetChoice>): EntitySetEntry[] {
  return names.map((name) => ({
    entity_set: name,
    number_to_show: choices[name]?.number_to_show ?? 0,
    randomize_between_subjects: choices[name]?.randomize_between_subjects ?? 'yes',
  }));
}

// --- The per-condition rules -------------------------------------------------------------

/** setInterventionType applies spec §4: None resets the percentage to 50 (and drops the video). */
export function setInterventionType(cond: ConditionParams, type: string): ConditionParams {
  const prev = cond.interventionParams;
  const next: Intervention =
    type === ''
      ? { type: '', perc: DEFAULT_PERC, video: '' }
      : { ...prev, type, perc: prev.perc, video: type === 'default-modal' ? prev.video : '' };
  // The skin is the page around the feed, not part of the intervention: it stays.
  if (prev.skin) next.skin = prev.skin;
  return { ...cond, interventionParams: next };
}

/** setCustomMsgType applies spec §4: None clears the message. */
export function setCustomMsgType(cond: ConditionParams, type: string): ConditionParams {
  return { ...cond, customEndMsgParams: { type, msg: type === '' ? '' : cond.customEndMsgParams.msg } };
}

/** toggleSet selects or deselects a stimulus set; a newly selected set shows all its
 * cards, randomized between subjects (the spec's defaults). */
export function toggleSet(cond: ConditionParams, name: string, size: number, on: boolean): ConditionParams {
  const selected = cond.selectedSets.filter((s) => s !== name);
  const choices = { ...cond.selectionSets };
  if (on) {
    selected.push(name);
    choices[name] = choices[name] ?? { number_to_show: Math.max(1, size), randomize_between_subjects: 'yes' };
  } else {
    delete choices[name];
  }
  return { ...cond, selectedSets: selected, selectionSets: choices };
}

/** FormList names a condition's two questionnaire lists: after the feed (forms) and before it (forms-before). */
export type FormList = 'formsSelected' | 'formsBefore';

/** toggleForm adds a questionnaire at the end of one of the condition's lists, or removes
 * it. A participant answers a questionnaire once, so adding it to one list takes it out of
 * the other (the server refuses a name in both). */
export function toggleForm(cond: ConditionParams, name: string, on: boolean, list: FormList = 'formsSelected'): ConditionParams {
  const other: FormList = list === 'formsSelected' ? 'formsBefore' : 'formsSelected';
  const forms = cond[list].filter((f) => f !== name);
  if (on) forms.push(name);
  const rest = on ? cond[other].filter((f) => f !== name) : cond[other];
  return { ...cond, [list]: forms, [other]: rest };
}

/** moveForm moves questionnaire index i of a list by delta (-1 earlier, +1 later). */
export function moveForm(cond: ConditionParams, i: number, delta: number, list: FormList = 'formsSelected'): ConditionParams {
  const j = i + delta;
  const forms = cond[list].slice();
  if (i < 0 || j < 0 || i >= forms.length || j >= forms.length) return cond;
  [forms[i], forms[j]] = [forms[j], forms[i]];
  return { ...cond, [list]: forms };
}

/** setPlatform changes the platform and keeps the URL and code typed so far (only the
 * ones the platform uses are sent). */
export function setPlatform(cond: ConditionParams, platform: string): ConditionParams {
  return { ...cond, platformParams: { ...cond.platformParams, platform } };
}

/** allTextMode is the toggle that applies to every condition at once (spec §4: the
 * toggle with no index): 'default' or 'off' when every condition agrees, else null. */
export function allTextMode(texts: StudyText[]): 'default' | 'off' | null {
  if (texts.length > 0 && texts.every((t) => t.mode === 'default')) return 'default';
  if (texts.length > 0 && texts.every((t) => t.mode === 'off')) return 'off';
  return null;
}

/** setAllTextMode sets every condition's instructions (or consent) to the default text or off,
 * keeping any custom text typed for a later switch back. */
export function setAllTextMode(texts: StudyText[], mode: 'default' | 'off'): StudyText[] {
  return texts.map((t) => ({ ...t, mode }));
}

/** conditionsAgree says whether every condition has condition 1's values for a group's fields. */
export function conditionsAgree(params: StudyParams, group: SharedGroup, n: number): boolean {
  const first = params.platformParams[0];
  return params.platformParams.slice(0, n).every((pf) => SHARED_FIELDS[group].every((k) => (pf?.[k] ?? '') === (first?.[k] ?? '')));
}

/** sameInEveryFrom is the switches for a study read from rows or saved by an older wizard:
 * on where the conditions agree, so nothing typed per condition is overwritten. */
export function sameInEveryFrom(params: StudyParams, n: number): Record<SharedGroup, boolean> {
  return { platform: conditionsAgree(params, 'platform', n), exits: conditionsAgree(params, 'exits', n) };
}

/** copyShared gives every condition condition 1's values for a group's fields. */
function copyShared(params: StudyParams, group: SharedGroup): StudyParams {
  const first = params.platformParams[0] ?? defaultCondition().platformParams;
  const platformParams = params.platformParams.map((pf, i) => {
    if (i === 0) return pf;
    const next: Platform = { ...pf };
    for (const k of SHARED_FIELDS[group]) {
      if (first[k] === undefined) delete next[k];
      else (next as unknown as Record<string, string>)[k] = first[k] as string;
    }
    return next;
  });
  return { ...params, platformParams };
}

/** setSameInEvery turns a group's "in every condition" switch on (condition 1's values
 * go to every condition) or off (each condition keeps the values it has, to edit apart). */
export function setSameInEvery(state: WizardState, group: SharedGroup, on: boolean): WizardState {
  let params: StudyParams = { ...state.params, sameInEvery: { ...state.params.sameInEvery, [group]: on } };
  if (on) params = copyShared(params, group);
  return { ...state, params };
}

/**
 * enforceRules returns the state with the rules that follow from a choice applied
 * (spec §4): intervention None resets the percentage to 50; custom message None clears
 * the message; a newly selected set gets its defaults (all its cards, randomized between
 * subjects; sizes gives each set's size) and a deselected one loses its settings. It
 * returns the same object when nothing changes, so a page can apply it after every edit.
 */
export function enforceRules(state: WizardState, sizes: ReadonlyMap<string, number>): WizardState {
  let params = state.params;
  let changed = false;
  for (let i = 0; i < Math.min(state.conditions, params.selectedSets.length); i++) {
    const c = conditionAt(params, i);
    let next = c;
    const iv = c.interventionParams;
    if (iv && iv.type === '' && (iv.perc !== DEFAULT_PERC || iv.video !== '')) next = setInterventionType(next, '');
    const msg = c.customEndMsgParams;
    if (msg && msg.type === '' && msg.msg !== '') next = setCustomMsgType(next, '');
    const selected = c.selectedSets ?? [];
    const choices = c.selectionSets ?? {};
    const missing = selected.filter((name) => !choices[name]);
    const extra = Object.keys(choices).filter((name) => !selected.includes(name));
    if (missing.length || extra.length) {
      const fixed: Record<string, SetChoice> = {};
      for (const name of selected) {
        fixed[name] = choices[name] ?? { number_to_show: Math.max(1, sizes.get(name) ?? 1), randomize_between_subjects: 'yes' };
      }
      next = { ...next, selectionSets: fixed };
    }
    if (next !== c) {
      params = withCondition(params, i, next);
      changed = true;
    }
  }
  // A switched-on group follows condition 1, where its one set of fields writes.
  for (const group of Object.keys(SHARED_FIELDS) as SharedGroup[]) {
    if (params.sameInEvery?.[group] && !conditionsAgree(params, group, state.conditions)) {
      params = copyShared(params, group);
      changed = true;
    }
  }
  return changed ? { ...state, params } : state;
}
