// What the server offers (the wizard lists these instead of hard-coding them), and the
// markdown preview of participant texts.
import { call } from './client';

/** NamedOption is a value the server offers with its human title. */
export interface NamedOption {
  name: string;
  title: string;
}

/** Capabilities is what the server has: the wizard lists these instead of hard-coding them. */
export interface Capabilities {
  /** algorithms: summary is a one-line explanation shown under the choice (absent on older servers). */
  algorithms: Array<NamedOption & { settings?: AlgorithmSetting[]; summary?: string }>;
  intervention_types: NamedOption[];
  custom_msg_types: NamedOption[];
  questionnaires: NamedOption[];
  platforms: Array<NamedOption & { example_url: string }>;
  /** recruitment: the assignment rules and the attention-check exits (absent on older servers). */
  recruitment?: { assignment_rules: NamedOption[]; default_active_minutes: number; attention_fail_exits: NamedOption[] };
  feed_types: NamedOption[];
  buttons: string[];
  button_values: NamedOption[];
  categories: string[];
  max_conditions: number;
  /** participant_urls are the addresses serve listens on: local first, then LAN addresses. */
  participant_urls: string[];
}

/** MarkdownFieldName names the participant texts the server renders as markdown. */
export type MarkdownFieldName = 'consent' | 'instruct' | 'custom-msg';

/** capabilities lists the algorithms, questionnaires, platforms… the server offers. */
export function capabilities(): Promise<Capabilities> {
  return call<Capabilities>('/v1/capabilities');
}

/** renderMarkdown renders a participant text exactly as a participant will see it (sanitized HTML). */
export async function renderMarkdown(field: MarkdownFieldName, text: string): Promise<string> {
  return (await call<{ html: string }>('/v1/render_markdown', { body: { field, text } })).html ?? '';
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
