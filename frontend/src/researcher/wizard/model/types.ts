// The study wizard's form state: the spec's saved keys (spec §3 "Saved study-form state")
// with one entry per condition in every per-condition list. Pure data, no React, so the
// rules (defaults, resizing, rows in and out, the client checks) are unit-tested.
import type { CommentsChoice } from './comments';
import { BUTTONS, PLATFORMS, URL_ENCODED_PARAMS } from '../../../generated/registry';
import type { CustomQuestionnaire } from '../../../participant/forms/custom';

/** Questionnaire is a researcher's own questionnaire definition (docs/questionnaires.md),
 * the same shape the participant's form engine reads. */
export type Questionnaire = CustomQuestionnaire;

/** ParamRow is one study parameter, as the wizard sends it and params.csv holds it. */
export interface ParamRow {
  condition: number;
  param: string;
  value: string;
}

/** EntitySetInfo is one stimulus set as pull_entity_sets lists it. */
export interface EntitySetInfo {
  entity_set: string;
  entity_category: string;
  num_entities: number;
  /** hidden: hidden from the wizard in the library (the spec's blocked list, kept on the server). */
  hidden?: boolean;
}

export type ButtonValue = 'no' | 'yes' | 'lognormal';

/** BUTTONS are the feed buttons, each the parameter feed-button-<name> (params.ButtonKinds, generated). */
export { BUTTONS };
export type ButtonName = (typeof BUTTONS)[number];

/** TextMode is how a condition's instructions or consent is set: the built-in text
 * (value `default`), the researcher's own markdown, or none (empty value: no modal). */
export type TextMode = 'default' | 'custom' | 'off';

export interface StudyText {
  mode: TextMode;
  /** text is the custom markdown; kept while another mode is chosen so a toggle back restores it. */
  text: string;
}

export interface Intervention {
  /** type is '' (None), accprompt, literacytip, socialnorm, importance, default-modal or accprompt-modal. */
  type: string;
  /** perc is 1 to 100; 50 whenever type is None. */
  perc: number;
  /** video is an optional /media/ path for default-modal; '' is the built-in demo video. */
  video: string;
  /** style is infeed (a card in the feed); absent or modal is the pop-up. Only with a type. */
  style?: string;
  /** trigger is first-share or first-engagement; absent or position opens at perc. Only with a type. */
  trigger?: string;
  /** text is the intervention's own markdown; absent or '' is the type's default. Only with a type. */
  text?: string;
  /** skin is distract (a busier page around the feed); absent or default is calm. Kept without a type. */
  skin?: string;
}

export interface CustomEndMsg {
  /** type is '' (None), onpage or modal. */
  type: string;
  /** msg is markdown; always '' when type is None. */
  msg: string;
}

export interface Platform {
  /** platform is '' (None), mturk, prolific, lucid or custom. */
  platform: string;
  /** redirectUrl is used for prolific, lucid and custom. */
  redirectUrl: string;
  /** completionCode is used for mturk ('' means one generated per participant). */
  completionCode: string;
  /** The recruitment parameters of this condition (issue 11), absent when not set: quota
   * and the platforms' other exits. */
  quota?: string;
  overquotaUrl?: string;
  terminateUrl?: string;
  qualityUrl?: string;
  screenoutUrl?: string;
  attentionFail?: string;
}

/** RECRUITMENT_FIELDS maps Platform's recruitment fields to their parameters. */
export const RECRUITMENT_FIELDS = {
  quota: 'quota',
  overquotaUrl: 'redirect-url-overquota',
  terminateUrl: 'redirect-url-terminate',
  qualityUrl: 'redirect-url-quality',
  screenoutUrl: 'redirect-url-screenout',
  attentionFail: 'attention-fail-exit',
} as const;

/** SharedGroup names a group of per-condition settings a researcher usually sets once for
 * the whole study: the platform with its redirect URL and completion code, and the quota
 * and exits. */
export type SharedGroup = 'platform' | 'exits';

/** SHARED_FIELDS are each group's fields of Platform. With the group's "in every condition"
 * switch on, condition 1's values are copied to every condition: the rows sent still give
 * each condition its values, so the server and the exports see no difference. */
export const SHARED_FIELDS: Record<SharedGroup, Array<keyof Platform>> = {
  platform: ['platform', 'redirectUrl', 'completionCode'],
  exits: ['quota', 'overquotaUrl', 'terminateUrl', 'qualityUrl', 'screenoutUrl', 'attentionFail'],
};

/** Recruitment is the study-wide recruitment settings ('' is the server's default). */
export interface Recruitment {
  assignment?: string;
  activeMinutes?: string;
  quotaTotal?: string;
}

/** STUDY_RECRUITMENT maps Recruitment's fields to their (study-wide) parameters. */
export const STUDY_RECRUITMENT = { assignment: 'assignment', activeMinutes: 'assignment-active-minutes', quotaTotal: 'quota-total' } as const;

/** SetChoice is how one selected stimulus set is used in a condition. */
export interface SetChoice {
  /** number_to_show is 1 to the set's size (its size means all cards). */
  number_to_show: number;
  randomize_between_subjects: 'yes' | 'no';
}

/** EntitySetEntry is one element of the entity_sets parameter. */
export interface EntitySetEntry extends SetChoice {
  entity_set: string;
}

/** AlgorithmSettings are one condition's algorithm settings: algorithm → parameter → value. */
export type AlgorithmSettings = Record<string, Record<string, string>>;

/** StudyParams is the value of the createStudyParams key: each list has one entry per condition. */
export interface StudyParams {
  feedTypeParams: string[];
  buttonParams: Array<Record<ButtonName, ButtonValue>>;
  interventionParams: Intervention[];
  algorithmParams: string[];
  /** algorithmSettings holds, per condition, each algorithm's settings (algorithm-* parameters)
   * by algorithm name, so switching algorithms back and forth keeps what was typed; only the
   * chosen algorithm's settings are sent. */
  algorithmSettings: AlgorithmSettings[];
  customEndMsgParams: CustomEndMsg[];
  /** formsSelected holds the questionnaire names of each condition, in the order shown. */
  formsSelected: string[][];
  /** formsBefore holds the questionnaire names each condition shows after consent and before the feed. */
  formsBefore: string[][];
  /** questionnaires are the study's own questionnaire definitions (the study-wide parameter
   * questionnaires); absent in a form saved before they existed. */
  questionnaires?: Questionnaire[];
  studyInstructions: StudyText[];
  studyConsent: StudyText[];
  platformParams: Platform[];
  /** selectionSets holds, per condition, how each selected set is used, by set name. */
  selectionSets: Array<Record<string, SetChoice>>;
  /** selectedSets holds, per condition, the selected set names in the order chosen. */
  selectedSets: string[][];
  /** selectedSetsParsed is the entity_sets value of each condition, derived from the two above. */
  selectedSetsParsed: EntitySetEntry[][];
  /** sourceParams is each condition's source line above the posts (source-line, source-time). */
  sourceParams: SourceLine[];
  /** commentParams is each condition's seeded comments (comments, comments-tags) and what its
   * participants may say (feed-button-comment, comment-like, feed-compose). */
  commentParams: CommentsChoice[];
  /** reactions is the study-wide simulated others' rules as typed (JSON text; docs/social.md);
   * absent when none. */
  reactions?: string;
  /** languageParams is each condition's participant interface language (language; '' is
   * English); absent in a form saved before it existed. */
  languageParams: string[];
  /** textSizeParams is each condition's text-size (normal, large or offer; docs/accessibility.md);
   * absent in a form saved before it existed. */
  textSizeParams: string[];
  /** translations are the study's own interface texts, language → key → text (the
   * study-wide parameter translations; docs/languages.md). */
  translations?: Translations;
  /** title is the optional study title (the parameter `title`, the same on every condition). */
  title: string;
  /** recruitment is the study-wide assignment rule and quota (absent: the defaults). */
  recruitment?: Recruitment;
  /** sameInEvery holds each group's "in every condition" switch (on: one set of fields,
   * condition 1's, copied to every condition). */
  sameInEvery: Record<SharedGroup, boolean>;
}

/** Translations are a study's own interface texts: language → key → text. */
export type Translations = Record<string, Record<string, string>>;

/** SourceLine is a condition's source-line and source-time values as typed ('' is none). */
export interface SourceLine {
  line: string;
  time: string;
}

/** WizardState is everything the wizard keeps. */
export interface WizardState {
  /** conditions is the applied condition count (createStudyConditions). */
  conditions: number;
  /** shown is true once Enter was pressed (createStudyParamsSelected): the sections are visible. */
  shown: boolean;
  params: StudyParams;
}

/** DEFAULT_ALGORITHM is the spec's default ranking. */
export const DEFAULT_ALGORITHM = 'random';
export const DEFAULT_FEED = 'scroll';
export const DEFAULT_PERC = 50;
/** MAX_TITLE is the longest study title the server accepts. */
export const MAX_TITLE = 200;

/** ENCODED are the parameters whose values are URL-encoded in wizard rows (spec §5;
 * params.URLEncoded, generated). */
export const ENCODED: readonly string[] = URL_ENCODED_PARAMS;

/** ENTITY_SETS_ERROR is the spec's message when a condition has no stimulus set. */
export const ENTITY_SETS_ERROR = 'You need to select at least one set per condition under the Cards section.';
/** LOAD_SETS_ERROR is the spec's message when no sets are cached and the pull failed. */
export const LOAD_SETS_ERROR = 'There was an error loading the entity sets';
/** CREATE_ERROR is the spec's message when creating the study failed. */
export const CREATE_ERROR = 'Whoops, failed to create study.';

/** platformsWithUrl are the platforms that send a participant to a redirect URL at the end
 * (params.Platform.NeedsRedirect, generated). */
export const platformsWithUrl: readonly string[] = PLATFORMS.filter((p) => p.needsRedirect).map((p) => p.name);

/** platformsWithCode are the platforms whose participants get a completion code to paste
 * back instead (params.Platform.CompletionCode, generated). */
export const platformsWithCode: readonly string[] = PLATFORMS.filter((p) => p.completionCode).map((p) => p.name);
