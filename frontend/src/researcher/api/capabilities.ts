// What the server offers (the wizard lists these instead of hard-coding them), and the
// markdown preview of participant texts.
import { call } from './client';
import type { CustomQuestionnaire } from '../../participant/forms/custom';

/** NamedOption is a value the server offers with its human title. */
export interface NamedOption {
  name: string;
  title: string;
}

/** Capabilities is what the server has: the wizard lists these instead of hard-coding them. */
export interface Capabilities {
  /** algorithms: summary is one line in plain words of what the feed looks like under it. */
  algorithms: Array<NamedOption & { summary?: string; settings?: AlgorithmSetting[] }>;
  intervention_types: NamedOption[];
  /** The intervention family's choices (absent on older servers). */
  intervention_styles?: NamedOption[];
  intervention_triggers?: NamedOption[];
  skins?: NamedOption[];
  custom_msg_types: NamedOption[];
  questionnaires: NamedOption[];
  /** questionnaire_definitions are the built-ins in the custom format, for the builder's
   * "Start from a built-in" (absent on older servers). */
  questionnaire_definitions?: CustomQuestionnaire[];
  /** platforms: params.Platforms (needs_redirect: redirect-url is required; completion_code:
   * a code is shown instead). */
  platforms: Array<NamedOption & { example_url: string; needs_redirect?: boolean; completion_code?: boolean; link_params?: string }>;
  /** export_types are the download types in the download page's order (absent on older servers). */
  export_types?: NamedOption[];
  /** recruitment: the assignment rules and the attention-check exits (absent on older servers). */
  recruitment?: { assignment_rules: NamedOption[]; default_active_minutes: number; attention_fail_exits: NamedOption[] };
  feed_types: NamedOption[];
  /** text_sizes are the values of text-size, normal first (absent on older servers). */
  text_sizes?: NamedOption[];
  buttons: string[];
  button_values: NamedOption[];
  categories: string[];
  max_conditions: number;
  /** participant_urls are the addresses serve listens on: local first, then LAN addresses. */
  participant_urls: string[];
}

/** MarkdownFieldName names the participant texts the server renders as markdown. */
export type MarkdownFieldName = 'consent' | 'instruct' | 'custom-msg' | 'intervention-text';

/** capabilities lists the algorithms, questionnaires, platforms… the server offers. */
export function capabilities(): Promise<Capabilities> {
  return call<Capabilities>('/v1/capabilities');
}

/** renderMarkdown renders a participant text exactly as a participant will see it (sanitized
 * HTML); language is the condition's, in which the built-in texts are shown. */
export async function renderMarkdown(field: MarkdownFieldName, text: string, type?: string, language?: string): Promise<string> {
  // type: for intervention-text, the intervention-type whose default an empty text shows.
  const body: Record<string, string> = { field, text };
  if (type !== undefined) body.type = type;
  if (language) body.language = language;
  return (await call<{ html: string }>('/v1/render_markdown', { body })).html ?? '';
}

/** AlgorithmSetting is one setting (an algorithm-* parameter) an algorithm reads; the wizard
 * renders a field per setting of the chosen algorithm. */
export interface AlgorithmSetting {
  param: string;
  label: string;
  help: string;
  /** kind: text (one line), choice (one of choices), script (a multi-line program). */
  kind: 'text' | 'choice' | 'script';
  choices?: string[];
  default?: string;
  required: boolean;
}
