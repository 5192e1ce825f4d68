// For the unit tests only: the built-in questionnaires as the server sends them (their
// files questionnaire/builtins/NAME.json, read from disk) and as the participant renders
// them (enginePages). The participant bundle never imports this: it receives definitions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { enginePages, type CustomQuestionnaire } from './custom';
import { QUESTIONNAIRE_NAMES } from './names';
import type { Questionnaire } from './types';

/** builtinDefinition reads questionnaire/builtins/<name>.json (tests run in frontend/). */
export function builtinDefinition(name: string): CustomQuestionnaire {
  return JSON.parse(readFileSync(join('..', 'questionnaire', 'builtins', `${name}.json`), 'utf8')) as CustomQuestionnaire;
}

/** builtinPage is a built-in's one page as the engine renders it. */
export function builtinPage(name: string): Questionnaire {
  const pages = enginePages(builtinDefinition(name));
  if (pages.length !== 1) throw new Error(`${name} has ${pages.length} pages`);
  return pages[0];
}

/** BUILTIN_PAGES are every built-in's page, in the router's order. */
export const BUILTIN_PAGES = (): Questionnaire[] => QUESTIONNAIRE_NAMES.map(builtinPage);
