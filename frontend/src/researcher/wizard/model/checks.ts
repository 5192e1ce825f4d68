// The client checks of spec §5 ("Create study"). The server stays the authority (it
// checks every row again and its problems are shown inline); these catch what the
// researcher can fix without a round trip.
import * as yup from 'yup';
import { reactionsProblem } from './comments';
import { ranksAllCards } from './state';
import { DEFAULT_ALGORITHM, ENTITY_SETS_ERROR, MAX_TITLE, platformsWithUrl, type EntitySetInfo, type SetChoice, type WizardState } from './types';

/** quota checks an optional quota: empty, or a whole number from 0 to 1,000,000. */
function quota(what: string) {
  return yup
    .string()
    .trim()
    .matches(/^\d*$/, `${what} is a whole number of completed participants (empty for none).`)
    .test('max', `${what} is at most 1000000.`, (v) => !v || Number(v) <= 1_000_000);
}

/** optionalURL checks an optional redirect URL. */
function optionalURL() {
  return yup
    .string()
    .trim()
    .matches(/^(https?:\/\/[^\s/?#]+[^\s]*)?$/i, 'Enter an absolute http or https URL, like https://example.org/cb?RID=[%RID%].');
}

/** studyErrors returns the messages that stop Verify and Create before any request:
 * spec §5's "at least one entity set per condition". */
export function studyErrors(state: WizardState): string[] {
  const missing = state.params.selectedSets.slice(0, state.conditions).some((names) => names.length === 0);
  return missing || state.params.selectedSets.length < state.conditions ? [ENTITY_SETS_ERROR] : [];
}

/** conditionsWithoutSets lists the condition numbers (from 1) with no selected set. */
export function conditionsWithoutSets(state: WizardState): number[] {
  const out: number[] = [];
  for (let i = 0; i < state.conditions; i++) if (!(state.params.selectedSets[i]?.length > 0)) out.push(i + 1);
  return out;
}

/**
 * wizardSchema is the form's Yup schema: the field rules of spec §5 (cards per set 1 to
 * the set's size, intervention percentage 1 to 100) and those of the server's params
 * package that a field can show (title length, a redirect URL for prolific, lucid and
 * custom, a message when a custom end message type is chosen). It is built for the values
 * it checks, because whether a field counts depends on other fields: a field the form
 * disables (cards to show under an algorithm that ranks every card) is not what will be
 * sent, so it is never checked and never blocks Verify or Create.
 */
export function wizardSchema(sets: EntitySetInfo[]) {
  const sizes = new Map(sets.map((s) => [s.entity_set, s.num_entities]));
  return yup.lazy((state: WizardState | undefined) => schemaFor(sizes, state));
}

function schemaFor(sizes: ReadonlyMap<string, number>, state: WizardState | undefined) {
  const choice = (name: string, used: boolean) => {
    if (!used) return yup.object({ randomize_between_subjects: yup.string().oneOf(['yes', 'no']) });
    const size = sizes.get(name);
    let n = yup
      .number()
      .typeError('Enter a whole number of cards.')
      .required('Enter how many cards to show.')
      .integer('Enter a whole number of cards.')
      .min(1, 'Show at least 1 card.');
    if (size !== undefined) n = n.max(size, `This set has ${size} cards; show at most ${size}.`);
    return yup.object({ number_to_show: n, randomize_between_subjects: yup.string().oneOf(['yes', 'no']) });
  };
  return yup.object({
    params: yup.object({
      title: yup.string().max(MAX_TITLE, `A title has at most ${MAX_TITLE} characters.`),
      reactions: yup.string().test('reactions', (v, ctx) => {
        const problem = reactionsProblem(v);
        return problem === '' || ctx.createError({ message: problem });
      }),
      interventionParams: yup.array().of(
        yup.object({
          type: yup.string(),
          perc: yup.number().when('type', {
            is: (t: string) => Boolean(t),
            then: (s) =>
              s
                .typeError('Enter a whole number from 1 to 100.')
                .required('Enter a whole number from 1 to 100.')
                .integer('Enter a whole number from 1 to 100.')
                .min(1, 'Enter a whole number from 1 to 100.')
                .max(100, 'Enter a whole number from 1 to 100.'),
          }),
        }),
      ),
      // The algorithm settings a field can check: priority's positions and a script's size
      // (the server checks the rest against the stored sets). Only the chosen algorithm's
      // settings are sent, so settings kept for another algorithm are not checked.
      algorithmSettings: yup.tuple(
        (state?.params?.algorithmSettings ?? []).map((_, i) => {
          const chosen = state?.params?.algorithmParams?.[i] || DEFAULT_ALGORITHM;
          const checks: Record<string, yup.AnyObjectSchema> = {
            will_smith_priority_treatment: yup.object({
              'algorithm-positions': yup.string().matches(/^\s*([1-9]\d*\s*(,\s*[1-9]\d*\s*)*)?$/, 'Enter feed positions from 1, separated by commas, such as 1,5,10.'),
            }),
            custom: yup.object({
              'algorithm-script': yup.string().max(20000, 'A ranking script has at most 20,000 characters.'),
            }),
          };
          return yup.object(checks[chosen] ? { [chosen]: checks[chosen] } : {});
        }) as unknown as [yup.AnyObjectSchema],
      ),
      customEndMsgParams: yup.array().of(
        yup.object({
          type: yup.string(),
          msg: yup.string().when('type', {
            is: (t: string) => Boolean(t),
            then: (s) => s.trim().required('Write the message, or set the type to None.'),
          }),
        }),
      ),
      platformParams: yup.array().of(
        yup.object({
          platform: yup.string(),
          redirectUrl: yup.string().when('platform', {
            is: (p: string) => platformsWithUrl.includes(p),
            then: (s) =>
              s
                .trim()
                .required('Enter the URL participants are sent to at the end.')
                .matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'Enter an absolute http or https URL, like https://example.org/done?code=X.'),
          }),
          quota: quota('The quota'),
          overquotaUrl: optionalURL(),
          terminateUrl: optionalURL(),
          qualityUrl: optionalURL().when('attentionFail', {
            is: (a: string | undefined) => a === 'quality-terminate',
            then: (s) => s.trim().required('Enter the quality-terminate URL, or set failed attention checks to None.'),
          }),
          screenoutUrl: optionalURL(),
        }),
      ),
      recruitment: yup.object({
        activeMinutes: yup
          .string()
          .trim()
          .matches(/^\d*$/, 'Enter a whole number of minutes (0 counts completed participants only).')
          .test('max', 'At most 10080 minutes (a week).', (v) => !v || Number(v) <= 10080),
        quotaTotal: quota('The study quota'),
      }),
      // One schema per condition (a tuple), since each condition's algorithm decides
      // whether its cards-to-show fields are used.
      selectionSets: yup.tuple(
        (state?.params?.selectionSets ?? []).map((value: Record<string, SetChoice> | undefined, i) => {
          const used = !ranksAllCards(state?.params?.algorithmParams?.[i]);
          return yup.object(Object.fromEntries(Object.keys(value ?? {}).map((name) => [name, choice(name, used)])));
        }) as unknown as [yup.AnyObjectSchema],
      ),
    }),
  });
}
