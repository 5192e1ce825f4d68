// Form state → parameter rows (what Create Study sends, spec §5) and plain rows → form
// state (a params.csv checked by the server, or a study to duplicate).
import { commentsDiffer, commentsFrom, commentsRows, normalComments, speakDiffers, speakRows } from './comments';
import { cleanTranslations, languageValue, translationsFrom } from './translations';
import { cleanQuestionnaire } from './questionnaires';
import { TEXT_SIZES, type TextSize } from '../../../generated/registry';
import { derive, resizeParams, initialState, defaultCondition, conditionAt, ranksAllCards, sameInEveryFrom, withCondition } from './state';
import {
  BUTTONS,
  DEFAULT_ALGORITHM,
  DEFAULT_FEED,
  DEFAULT_PERC,
  ENCODED,
  platformsWithCode,
  platformsWithUrl,
  RECRUITMENT_FIELDS,
  STUDY_RECRUITMENT,
  type AlgorithmSettings,
  type Intervention,
  type Platform,
  type Recruitment,
  type ButtonValue,
  type EntitySetInfo,
  type ParamRow,
  type SetChoice,
  type StudyText,
  type Questionnaire,
  type WizardState,
} from './types';

/** blank applies the spec's rule: blank, 'null' and 'undefined' become empty. */
export function blank(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const t = s.trim();
  return t === '' || t === 'null' || t === 'undefined' ? '' : s;
}

function textValue(t: StudyText): string {
  switch (t.mode) {
    case 'default':
      return 'default';
    case 'custom':
      return blank(t.text);
    default:
      return '';
  }
}

/** parseText is the inverse of textValue: '' is off, the word `default` the built-in text. */
function parseText(value: string): StudyText {
  const v = blank(value);
  if (v === '') return { mode: 'off', text: '' };
  if (v.trim().toLowerCase() === 'default') return { mode: 'default', text: '' };
  return { mode: 'custom', text: v };
}

/**
 * plainRows builds the study's rows with plain values, condition by condition, in the
 * server's canonical order (n-conditions once, on condition 1). sets gives each set's size:
 * for any algorithm but random, number_to_show becomes the set's full size (spec §4).
 */
export function plainRows(state: WizardState, sets: EntitySetInfo[] = []): ParamRow[] {
  const p = derive(resizeParams(state.params, state.conditions));
  const sizes = new Map(sets.map((s) => [s.entity_set, s.num_entities]));
  const rows: ParamRow[] = [{ condition: 1, param: 'n-conditions', value: String(state.conditions) }];
  // The study's own questionnaires once, on condition 1, only when there are any: the
  // server's rows place them so, and a study without them sends what it always did.
  if (p.questionnaires?.length) rows.push({ condition: 1, param: 'questionnaires', value: JSON.stringify(p.questionnaires.map(cleanQuestionnaire)) });
  // The simulated others' rules likewise, as typed (the server checks and rewrites them).
  if (blank(p.reactions).trim() !== '') rows.push({ condition: 1, param: 'reactions', value: blank(p.reactions).trim() });
  // The study's own interface texts likewise, once, only when there are any.
  const own = cleanTranslations(p.translations);
  if (Object.keys(own).length > 0) rows.push({ condition: 1, param: 'translations', value: JSON.stringify(own) });
  // The language on every condition of a study where some condition sets one, as the server writes it.
  const languages = (p.languageParams ?? []).slice(0, state.conditions).some((l) => languageValue(l) !== 'en');
  // The text size likewise: on every condition once some condition is not normal.
  const sized = (p.textSizeParams ?? []).slice(0, state.conditions).some((s) => textSizeValue(s) !== 'normal');
  // The intervention family (style, trigger, text, skin) on every condition of a study that
  // uses it, on none of one that does not: the server writes its rows the same way.
  const family = p.interventionParams.slice(0, state.conditions).some((iv) => familyDiffers(iv));
  // Comments likewise: on every condition once any condition shows them.
  const social = (p.commentParams ?? []).slice(0, state.conditions).some(commentsDiffer);
  const speak = (p.commentParams ?? []).slice(0, state.conditions).some(speakDiffers);
  for (let i = 0; i < state.conditions; i++) {
    const c = i + 1;
    const add = (param: string, value: unknown) => rows.push({ condition: c, param, value: blank(value) });
    const algorithm = blank(p.algorithmParams[i]) || DEFAULT_ALGORITHM;
    const entitySets = p.selectedSetsParsed[i].map((e) =>
      ranksAllCards(algorithm) && sizes.has(e.entity_set) ? { ...e, number_to_show: sizes.get(e.entity_set)! } : e,
    );
    const iv = p.interventionParams[i];
    const msg = p.customEndMsgParams[i];
    const pf = p.platformParams[i];
    add('title', p.title);
    add('feed', blank(p.feedTypeParams[i]) || DEFAULT_FEED);
    add('entity_sets', entitySets.length ? JSON.stringify(entitySets) : '');
    for (const b of BUTTONS) add(`feed-button-${b}`, blank(p.buttonParams[i]?.[b]) || 'no');
    add('intervention-type', iv.type);
    add('intervention-perc', iv.type ? iv.perc : '');
    add('intervention-video', iv.type === 'default-modal' ? iv.video : '');
    if (family) {
      const f = familyOf(iv);
      add('intervention-style', iv.type ? f.style || 'modal' : '');
      add('intervention-trigger', iv.type ? f.trigger || 'position' : '');
      add('intervention-text', iv.type ? f.text : '');
      add('skin', f.skin || 'default');
    }
    if (social) {
      const [mode, tags] = commentsRows(p.commentParams[i]);
      add('comments', mode);
      add('comments-tags', tags);
    }
    if (speak) for (const [param, value] of speakRows(p.commentParams[i])) add(param, value);
    if (languages) add('language', languageValue(p.languageParams[i]));
    if (sized) add('text-size', textSizeValue(p.textSizeParams?.[i]));
    add('algorithm', algorithm);
    for (const [param, value] of chosenSettings(p.algorithmSettings[i], algorithm)) add(param, value);
    add('custom-msg-type', msg.type);
    add('custom-msg', msg.type ? msg.msg : '');
    add('forms', JSON.stringify(p.formsSelected[i]));
    if (p.formsBefore[i]?.length) add('forms-before', JSON.stringify(p.formsBefore[i]));
    add('instruct', textValue(p.studyInstructions[i]));
    add('consent', textValue(p.studyConsent[i]));
    add('platform', pf.platform);
    add('redirect-url', platformsWithUrl.includes(pf.platform) ? pf.redirectUrl.trim() : '');
    add('completion-code', platformsWithCode.includes(pf.platform) ? pf.completionCode.trim() : '');
    const src = p.sourceParams[i] ?? { line: '', time: '' };
    add('source-line', sourceValue(src.line));
    add('source-time', sourceValue(src.time));
    // Recruitment settings only when set, study-wide ones on every condition.
    for (const [key, param] of Object.entries(STUDY_RECRUITMENT)) {
      const v = blank(p.recruitment?.[key as keyof Recruitment]).trim();
      if (v !== '') add(param, v);
    }
    for (const [key, param] of Object.entries(RECRUITMENT_FIELDS)) {
      const v = blank(pf[key as keyof Platform]).trim();
      if (v !== '') add(param, v);
    }
  }
  return rows;
}

/** wizardRows is plainRows with platform, redirect-url, completion-code, consent, custom-msg
 * and instruct URL-encoded (encodeURIComponent), as spawn_experiment and check_parameters
 * take them; entity_sets and forms are JSON text. */
export function wizardRows(state: WizardState, sets: EntitySetInfo[] = []): ParamRow[] {
  return plainRows(state, sets).map((r) => (ENCODED.includes(r.param) ? { ...r, value: encodeURIComponent(r.value) } : r));
}

/** decodeWizardRows undoes wizardRows' encoding, giving plain rows. */
export function decodeWizardRows(rows: ParamRow[]): ParamRow[] {
  return rows.map((r) => (ENCODED.includes(r.param) ? { ...r, value: decodeURIComponent(r.value) } : r));
}

/** chosenSettings are the non-empty settings of the chosen algorithm, as [param, value];
 * settings typed for other algorithms stay in the form but are not sent. A script keeps
 * its text as typed; other settings are trimmed. */
export function chosenSettings(all: AlgorithmSettings | undefined, algorithm: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [param, value] of Object.entries(all?.[algorithm] ?? {})) {
    const v = param === 'algorithm-script' ? blank(value) : blank(value).trim();
    if (v.trim() !== '') out.push([param, v]);
  }
  return out;
}

function settingsOf(all: AlgorithmSettings | undefined, algorithm: string): AlgorithmSettings {
  const chosen = chosenSettings(all, algorithm);
  return chosen.length ? { [algorithm]: Object.fromEntries(chosen) } : {};
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function buttonValue(v: string): ButtonValue {
  const w = v.trim().toLowerCase();
  return w === 'yes' || w === 'lognormal' ? w : 'no';
}

/** textSizeValue is a condition's text-size as sent: normal when unset or unknown (the server refuses other words). */
function textSizeValue(v: string | undefined): TextSize {
  const w = (v ?? '').trim().toLowerCase();
  return (TEXT_SIZES as readonly string[]).includes(w) ? (w as TextSize) : 'normal';
}

/** sourceValue is a typed source-line or source-time: trimmed, 'none' is empty. */
function sourceValue(v: string): string {
  const t = (v ?? '').trim();
  return t.toLowerCase() === 'none' ? '' : t;
}

function orNone(v: string): string {
  const w = v.trim().toLowerCase();
  return w === 'none' ? '' : w;
}

/**
 * stateFromRows fills the wizard from plain rows (a checked params.csv, or getStudy's rows
 * for Duplicate): the condition count is applied and the sections shown. Unknown
 * parameters are ignored (the server has already checked the rows).
 */
export function stateFromRows(rows: ParamRow[]): WizardState {
  let n = 0;
  for (const r of rows) n = Math.max(n, Number(r.condition) || 0);
  for (const r of rows) if (r.param === 'n-conditions') n = Math.max(n, Number.parseInt(r.value, 10) || 0);
  n = Math.max(1, n);
  let params = resizeParams(initialState().params, n);
  params = { ...params, title: '' };
  const byCond: Array<Map<string, string>> = Array.from({ length: n }, () => new Map());
  for (const r of rows) {
    const c = Number(r.condition);
    if (c >= 1 && c <= n) byCond[c - 1].set(r.param, r.value ?? '');
  }
  for (let i = 0; i < n; i++) {
    const get = (param: string) => blank(byCond[i].get(param));
    const cond = defaultCondition();
    if (i === 0 || !params.title) params = { ...params, title: get('title') || params.title };
    cond.feedTypeParams = get('feed').toLowerCase() || DEFAULT_FEED;
    const sets = parseJSON(get('entity_sets'));
    if (Array.isArray(sets)) {
      for (const e of sets) {
        if (!e || typeof e !== 'object' || typeof e.entity_set !== 'string') continue;
        const name = e.entity_set.trim();
        const choice: SetChoice = {
          number_to_show: Number(e.number_to_show) || 0,
          randomize_between_subjects: String(e.randomize_between_subjects ?? 'yes').toLowerCase() === 'no' ? 'no' : 'yes',
        };
        cond.selectedSets.push(name);
        cond.selectionSets[name] = choice;
      }
    }
    for (const b of BUTTONS) cond.buttonParams[b] = buttonValue(get(`feed-button-${b}`));
    const ivType = orNone(get('intervention-type'));
    cond.interventionParams = {
      type: ivType,
      perc: ivType ? Number.parseInt(get('intervention-perc'), 10) || DEFAULT_PERC : DEFAULT_PERC,
      video: ivType === 'default-modal' ? get('intervention-video') : '',
      ...familyOf({
        type: ivType,
        perc: 0,
        video: '',
        style: get('intervention-style').toLowerCase(),
        trigger: get('intervention-trigger').toLowerCase(),
        text: get('intervention-text'),
        skin: get('skin').toLowerCase(),
      }),
    };
    cond.algorithmParams = get('algorithm').toLowerCase() || DEFAULT_ALGORITHM;
    const settings: Record<string, string> = {};
    for (const [param, value] of byCond[i]) if (param.startsWith('algorithm-') && blank(value) !== '') settings[param] = value;
    cond.algorithmSettings = Object.keys(settings).length ? { [cond.algorithmParams]: settings } : {};
    const msgType = orNone(get('custom-msg-type'));
    cond.customEndMsgParams = { type: msgType, msg: msgType ? get('custom-msg') : '' };
    const forms = parseJSON(get('forms'));
    cond.formsSelected = nameList(forms);
    cond.formsBefore = nameList(parseJSON(get('forms-before')));
    cond.studyInstructions = parseText(get('instruct'));
    cond.studyConsent = parseText(get('consent'));
    const platform = orNone(get('platform'));
    cond.platformParams = {
      platform,
      redirectUrl: platformsWithUrl.includes(platform) ? get('redirect-url') : '',
      completionCode: platformsWithCode.includes(platform) ? get('completion-code') : '',
      ...recruitmentFields(get),
    };
    if (i === 0) {
      const rec: Recruitment = {};
      for (const [key, param] of Object.entries(STUDY_RECRUITMENT)) {
        const v = get(param).trim();
        if (v !== '') rec[key as keyof Recruitment] = v;
      }
      params = { ...params, recruitment: rec };
    }
    cond.sourceParams = { line: sourceValue(get('source-line')), time: sourceValue(get('source-time')) };
    cond.commentParams = commentsFrom(get('comments'), get('comments-tags'), { box: get('feed-button-comment'), like: get('comment-like'), compose: get('feed-compose') });
    cond.languageParams = languageValue(get('language')) === 'en' ? '' : get('language').trim();
    cond.textSizeParams = textSizeValue(get('text-size'));
    params = withCondition(params, i, cond);
  }
  // Study-wide: read from the first condition that gives it (the server writes it on condition 1).
  const given = byCond.find((m) => blank(m.get('questionnaires')) !== '');
  params = { ...params, questionnaires: questionnaireList(given?.get('questionnaires') ?? '') };
  const rules = byCond.find((m) => blank(m.get('reactions')) !== '');
  if (rules) params = { ...params, reactions: blank(rules.get('reactions')).trim() };
  const texts = byCond.find((m) => blank(m.get('translations')) !== '');
  params = { ...params, translations: translationsFrom(texts?.get('translations') ?? '') };
  params = derive(params);
  return { conditions: n, shown: true, params: { ...params, sameInEvery: sameInEveryFrom(params, n) } };
}

/**
 * normalize drops what the wizard keeps only for the researcher's convenience and never
 * sends: custom text while the default or no text is chosen, the URL or code of a platform
 * not chosen, and set choices of unselected sets. stateFromRows(plainRows(s)) equals
 * normalize(s).
 */
export function normalize(state: WizardState): WizardState {
  let params = resizeParams(state.params, state.conditions);
  for (let i = 0; i < state.conditions; i++) {
    const c = conditionAt(params, i);
    // What the server would read back: custom text that is blank or the word default is not custom.
    const text = (t: StudyText): StudyText => (t.mode === 'custom' ? parseText(textValue(t)) : { mode: t.mode, text: '' });
    const pf = c.platformParams;
    const choices: Record<string, SetChoice> = {};
    for (const name of c.selectedSets) choices[name] = c.selectionSets[name];
    params = withCondition(params, i, {
      ...c,
      studyInstructions: text(c.studyInstructions),
      studyConsent: text(c.studyConsent),
      platformParams: {
        platform: pf.platform,
        redirectUrl: platformsWithUrl.includes(pf.platform) ? pf.redirectUrl.trim() : '',
        completionCode: platformsWithCode.includes(pf.platform) ? pf.completionCode.trim() : '',
        ...recruitmentFields((param) => {
          const key = Object.entries(RECRUITMENT_FIELDS).find(([, v]) => v === param)?.[0] as keyof Platform;
          return blank(pf[key]);
        }),
      },
      interventionParams: {
        type: c.interventionParams.type,
        perc: c.interventionParams.perc,
        video: c.interventionParams.type === 'default-modal' ? c.interventionParams.video : '',
        ...familyOf(c.interventionParams),
      },
      selectionSets: choices,
      algorithmSettings: settingsOf(c.algorithmSettings, c.algorithmParams || DEFAULT_ALGORITHM),
      sourceParams: { line: sourceValue(c.sourceParams?.line ?? ''), time: sourceValue(c.sourceParams?.time ?? '') },
      commentParams: normalComments(c.commentParams),
      languageParams: languageValue(c.languageParams) === 'en' ? '' : c.languageParams.trim(),
      textSizeParams: textSizeValue(c.textSizeParams),
    });
  }
  const rec: Recruitment = {};
  for (const key of Object.keys(STUDY_RECRUITMENT) as Array<keyof Recruitment>) {
    const v = blank(state.params.recruitment?.[key]).trim();
    if (v !== '') rec[key] = v;
  }
  // The definitions as the server reads them back: plain JSON (no undefined keys).
  const questionnaires = questionnaireList(JSON.stringify((state.params.questionnaires ?? []).map(cleanQuestionnaire)));
  const reactions = blank(state.params.reactions).trim();
  return {
    conditions: state.conditions,
    shown: true,
    params: {
      ...params,
      questionnaires,
      translations: cleanTranslations(state.params.translations),
      ...(reactions !== '' ? { reactions } : {}),
      recruitment: rec,
      sameInEvery: sameInEveryFrom(params, state.conditions),
    },
  };
}

/** nameList keeps the strings of a parsed forms or forms-before list. */
function nameList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
}

/** questionnaireList reads the questionnaires parameter: a JSON list of definitions
 * (checked by the server), [] when absent or unreadable. */
export function questionnaireList(value: string): Questionnaire[] {
  const v = parseJSON(blank(value));
  return Array.isArray(v) ? v.filter((q): q is Questionnaire => !!q && typeof q === 'object' && typeof q.name === 'string' && Array.isArray(q.pages)) : [];
}

/** recruitmentFields reads a condition's recruitment parameters, keeping only those set. */
function recruitmentFields(get: (param: string) => string): Partial<Platform> {
  const out: Partial<Platform> = {};
  for (const [key, param] of Object.entries(RECRUITMENT_FIELDS)) {
    const v = get(param).trim();
    if (v !== '') out[key as keyof typeof RECRUITMENT_FIELDS] = v;
  }
  return out;
}

/**
 * familyOf is an intervention's family fields as the server keeps them: defaults (modal,
 * position, the type's own text, the default skin) absent, and style, trigger and text only
 * with a type (params.interventionFamily clears them otherwise).
 */
export function familyOf(iv: Intervention): Pick<Intervention, 'style' | 'trigger' | 'text' | 'skin'> {
  const out: Pick<Intervention, 'style' | 'trigger' | 'text' | 'skin'> = {};
  const style = orNone(blank(iv.style).trim().toLowerCase());
  const trigger = blank(iv.trigger).trim().toLowerCase();
  const text = blank(iv.text).replace(/\r\n?/g, '\n');
  const skin = blank(iv.skin).trim().toLowerCase();
  if (iv.type) {
    if (style !== '' && style !== 'modal') out.style = style;
    if (trigger !== '' && trigger !== 'position') out.trigger = trigger;
    if (text.trim() !== '') out.text = text;
  }
  if (skin !== '' && skin !== 'default') out.skin = skin;
  return out;
}

/** familyDiffers: the intervention uses the family (a value away from its default). */
export function familyDiffers(iv: Intervention | undefined): boolean {
  return iv !== undefined && Object.keys(familyOf(iv)).length > 0;
}
