// The questionnaire routes, known to the router without loading the questionnaires
// themselves (the form engine is fetched with import() when a participant reaches one, and
// the definitions come from the server, so they cost nothing on the feed's first load).
// The names come from the Go table (params.Questionnaires, generated), which
// TestQuestionnaireTitlesMatchTheDefinitions holds to questionnaire/builtins/.
import { QUESTIONNAIRES } from '../../generated/registry';

/** QUESTIONNAIRE_NAMES are the /form/<name> pages with a questionnaire definition. */
export const QUESTIONNAIRE_NAMES: readonly string[] = QUESTIONNAIRES.filter((q) => !q.message).map((q) => q.name);

/** CUSTOM_MESSAGE_PATH is the custom end message page. */
export const CUSTOM_MESSAGE_PATH = '/form/custom-msg';

/** CUSTOM_MESSAGE_EXAMPLE_TEXT is what the custom message page shows as a preview: a fixed
 * text, never one from the page's query (a crafted link must not make feedlab say anything). */
export const CUSTOM_MESSAGE_EXAMPLE_TEXT = 'Thank you for taking part!\n\nThis is where the message you write when creating a study appears.';

/** FORMS_LIST_PATH is the list of questionnaires. */
export const FORMS_LIST_PATH = '/viewforms';

/** FORM_PATHS are every path the questionnaire bundle serves. */
export const FORM_PATHS: readonly string[] = [
  ...QUESTIONNAIRE_NAMES.map((name) => `/form/${name}`),
  CUSTOM_MESSAGE_PATH,
  FORMS_LIST_PATH,
];
