// The wizard's sections, in the spec's order (§2 "Create study, newer variant"). Each is a
// Section (a group named by its heading) holding one group "Condition N" per condition.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import { renderMarkdown, type Capabilities, type MarkdownFieldName } from '../api';
import { CheckboxField, CheckboxGroup, MarkdownField, NumberField, RadioGroup, Section, SelectField, SliderField, TextField, type Option } from '../fields';
import { groupSets, setLabel } from './model/entitySets';
import { ScriptField } from './ScriptField';
import { TranslationsTable } from './TranslationsTable';
import { allTextMode, moveForm, setAllTextMode, toggleForm, withCondition, type FormList } from './model/state';
import { conditionAt, ranksAllCards, setSameInEvery } from './model/state';
import { BUTTONS, DEFAULT_ALGORITHM, ENTITY_SETS_ERROR, LOAD_SETS_ERROR, platformsWithCode, platformsWithUrl, type EntitySetInfo, type SharedGroup, type StudyText, type WizardState } from './model/types';
import { MAX_COMMENTS_FIRST, REACTION_DO, REACTION_WHEN } from '../../generated/registry';

/** SetsState is what the Cards section knows about the stimulus sets. */
export interface SetsState {
  sets: EntitySetInfo[];
  loading: boolean;
  /** failed is true when the last pull failed (the list may still hold sets from this page). */
  failed: boolean;
  retry: () => void;
}

export interface SectionsProps {
  caps: Capabilities;
  sets: SetsState;
  /** setsError is true once Verify or Create found a condition without a set. */
  setsError: boolean;
}

function useWizard() {
  return useFormikContext<WizardState>();
}

/** ConditionGroup is one condition's controls inside a section: a group named "Condition N". */
function ConditionGroup({ i, children }: { i: number; children?: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="wizard-condition">
      <h3 id={id}>Condition {i + 1}</h3>
      {children}
    </div>
  );
}

/** PerCondition lays the conditions out side by side where they fit, stacked where not. */
function PerCondition({ children }: { children: (i: number) => ReactNode }) {
  const { values } = useWizard();
  const n = values.conditions;
  return (
    <div className={`wizard-conditions wizard-conditions--${Math.min(n, 3)}`}>
      {Array.from({ length: n }, (_, i) => (
        <ConditionGroup key={i} i={i}>
          {children(i)}
        </ConditionGroup>
      ))}
    </div>
  );
}

const options = (list: Array<{ name: string; title: string }>): Option[] => list.map((o) => ({ value: o.name, label: o.title }));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function FeedTypeSection({ caps }: SectionsProps) {
  return (
    <Section title="Feed type">
      <PerCondition>
        {(i) => (
          <>
            <RadioGroup name={`params.feedTypeParams.${i}`} label="Feed" options={options(caps.feed_types)} />
            <TextField
              name={`params.sourceParams.${i}.line`}
              label="Source line above each post (optional)"
              hint="Empty for none (stimuli that are screenshots already show their source); domain for the source_url's web address; or covariate:COLUMN for a column of the stimulus set, such as covariate:publisher."
            />
            <TextField
              name={`params.sourceParams.${i}.time`}
              label="Time beside the source (optional)"
              hint="Empty for none, or covariate:COLUMN (shown as written, such as 3h)."
            />
            <CommentsFields i={i} />
            <TextField
              name={`params.languageParams.${i}`}
              label="Participant interface language (optional)"
              hint="A BCP 47 tag; empty is English. Built-in texts: en, es, de, fr, pt-BR, ar, zh-Hans; any other tag shows English where this study's texts (below) give none. ar, he, fa and ur are laid out right to left."
            />
            {caps.text_sizes?.length ? (
              <RadioGroup
                name={`params.textSizeParams.${i}`}
                label="Text size"
                hint="Large text grows every text of the participant's pages by a quarter; the cards, their order and what is measured stay the same. Offer shows a Larger text switch on the consent dialog (else the instructions, else the feed's header) and records each participant's choice (the participants download's text_size)."
                options={options(caps.text_sizes)}
              />
            ) : null}
          </>
        )}
      </PerCondition>
      <TextField
        name="params.reactions"
        label="Simulated others' reactions (optional, every condition)"
        multiline={6}
        hint={`A JSON list of rules (docs/social.md), such as [{"when": "comment", "on": "any", "after_ms": 4000, "do": {"reply": {"author": "Sam Park", "text": "Good point!"}}}]. when: ${REACTION_WHEN.join(', ')}; on: any, a card's filename or post; conditions: a list of condition numbers (absent: all); do: one of ${REACTION_DO.join(', ')}; repeat: true to answer every time. Verify names each rule's problems.`}
      />
      <TranslationsTable />
    </Section>
  );
}

/** CommentsFields choose how condition i shows the seeded comments of its sets
 * (docs/social.md): none, collapsed, or the first N; and, optionally, only some tags. */
function CommentsFields({ i }: { i: number }) {
  const { values } = useWizard();
  const mode = values.params.commentParams?.[i]?.mode ?? 'none';
  return (
    <>
      <RadioGroup
        name={`params.commentParams.${i}.mode`}
        label="Seeded comments under each post"
        options={[
          { value: 'none', label: 'None' },
          { value: 'collapsed', label: 'Collapsed ("View N comments")' },
          { value: 'first', label: 'The first few shown' },
        ]}
      />
      {mode === 'first' && (
        <TextField name={`params.commentParams.${i}.first`} label="How many shown first" hint={`1 to ${MAX_COMMENTS_FIRST}; the rest behind "View more".`} />
      )}
      {mode !== 'none' && (
        <TextField
          name={`params.commentParams.${i}.tags`}
          label="Only comments tagged (optional)"
          hint="Tags from the comments' tag column, separated by commas, such as correction. Empty shows every comment; given, untagged comments are left out."
        />
      )}
      <CheckboxField name={`params.commentParams.${i}.box`} label="Participants can comment under each post and reply to comments" />
      <CheckboxField name={`params.commentParams.${i}.like`} label="Participants can like comments" />
      <CheckboxField name={`params.commentParams.${i}.compose`} label={`Participants can post ("What's on your mind?" at the top of the feed)`} />
    </>
  );
}

export function CardsSection({ sets, setsError }: SectionsProps) {
  const { values } = useWizard();
  const groups = groupSets(sets.sets);
  const sizes = new Map(sets.sets.map((s) => [s.entity_set, s.num_entities]));
  let body: ReactNode;
  if (groups.length === 0 && sets.loading) {
    body = <p className="muted">Loading the stimulus sets…</p>;
  } else if (groups.length === 0 && sets.failed) {
    body = (
      <div className="wizard-alert" role="alert">
        <p>{LOAD_SETS_ERROR}</p>
        <button type="button" className="button button--quiet" onClick={sets.retry}>
          Try again
        </button>
      </div>
    );
  } else if (groups.length === 0) {
    body = (
      <p>
        There are no stimulus sets yet. <a href="/upload">Upload a stimulus set</a> first.
      </p>
    );
  } else {
    body = (
      <PerCondition>
        {(i) => {
          const c = conditionAt(values.params, i);
          const ranked = ranksAllCards(c.algorithmParams);
          return (
            <>
              {groups.map((g) => (
                <CheckboxGroup
                  key={g.category}
                  name={`params.selectedSets.${i}`}
                  label={capital(g.category)}
                  options={g.sets.map((s) => ({ value: s.entity_set, label: setLabel(s) }))}
                />
              ))}
              {setsError && c.selectedSets.length === 0 && <p className="field__error">Select at least one set for this condition.</p>}
              {c.selectedSets.map((name) => {
                const size = sizes.get(name);
                const label = size === undefined ? `${name} (not on this server)` : setLabel({ entity_set: name, entity_category: '', num_entities: size });
                return (
                  <fieldset key={name} className="wizard-set">
                    <legend>{label}</legend>
                    {ranked ? (
                      // What is sent is the set's size; the number typed stays in the form
                      // for a switch back to random, but is neither shown nor checked here.
                      <UsedValue label="Cards to show" value={size === undefined ? 'All cards' : `All ${size} cards`} hint="This algorithm ranks all cards of the set." />
                    ) : (
                      <NumberField
                        name={`params.selectionSets.${i}.${name}.number_to_show`}
                        label="Cards to show"
                        min={1}
                        max={size}
                        hint={size ? `1 to ${size}; ${size} shows them all.` : undefined}
                      />
                    )}
                    <SelectField
                      name={`params.selectionSets.${i}.${name}.randomize_between_subjects`}
                      label="Randomize between subjects"
                      hint="Yes: each participant gets their own random sample. No: everyone sees the same cards."
                      options={[
                        { value: 'yes', label: 'Yes' },
                        { value: 'no', label: 'No' },
                      ]}
                    />
                  </fieldset>
                );
              })}
            </>
          );
        }}
      </PerCondition>
    );
  }
  return (
    <Section title="Cards">
      <p className="muted">Choose the stimulus sets each condition shows, and how many of their cards.</p>
      {setsError && (
        <p className="wizard-alert" role="alert">
          {ENTITY_SETS_ERROR}
        </p>
      )}
      {body}
    </Section>
  );
}

export function ButtonsSection({ caps }: SectionsProps) {
  const values = options(caps.button_values);
  const buttons = caps.buttons.length ? caps.buttons : [...BUTTONS];
  return (
    <Section title="Buttons">
      <p className="muted">{caps.button_values.map((v) => v.title).join(' · ')}</p>
      <PerCondition>
        {(i) => (
          <div className="wizard-buttons">
            {buttons.map((b) => (
              <SelectField key={b} name={`params.buttonParams.${i}.${b}`} label={capital(b)} options={values} />
            ))}
          </div>
        )}
      </PerCondition>
    </Section>
  );
}

export function InterventionSection({ caps }: SectionsProps) {
  const { values } = useWizard();
  return (
    <Section title="Intervention type">
      <PerCondition>
        {(i) => {
          const type = values.params.interventionParams[i]?.type ?? '';
          const trigger = values.params.interventionParams[i]?.trigger ?? '';
          const atPress = type !== '' && trigger !== '' && trigger !== 'position';
          return (
            <>
              <SelectField name={`params.interventionParams.${i}.type`} label="Intervention" options={options(caps.intervention_types)} />
              <SliderField
                name={`params.interventionParams.${i}.perc`}
                label="Opens after this percentage of the feed"
                min={1}
                max={100}
                step={1}
                unit="%"
                disabled={type === '' || atPress}
                hint={type === '' ? 'No intervention: nothing to time.' : atPress ? 'It opens at a press (the trigger below), not at a position.' : '1 to 100; 50 opens it halfway through the cards.'}
              />
              {type === 'default-modal' && (
                <TextField
                  name={`params.interventionParams.${i}.video`}
                  label="Video (optional)"
                  hint="A video uploaded to feedlab, such as /media/clip.mp4; empty plays the built-in demo video."
                />
              )}
              <InterventionFamilyFields caps={caps} i={i} type={type} />
            </>
          );
        }}
      </PerCondition>
    </Section>
  );
}

/** InterventionFamilyFields are a condition's intervention style, trigger and text (with a
 * type) and its skin (always): docs/interventions.md. Absent on servers without them. */
function InterventionFamilyFields({ caps, i, type }: { caps: Capabilities; i: number; type: string }) {
  const styles = caps.intervention_styles ?? [];
  const triggers = caps.intervention_triggers ?? [];
  const skins = caps.skins ?? [];
  const hasText = type !== '' && type !== 'default-modal';
  const { values } = useWizard();
  // The first choice is the default, kept as '' (absent) in the form, as the server keeps it.
  const defaultFirst = (list: Array<{ name: string; title: string }>): Option[] => list.map((o, k) => ({ value: k === 0 ? '' : o.name, label: o.title }));
  return (
    <>
      {type !== '' && styles.length > 0 && (
        <SelectField
          name={`params.interventionParams.${i}.style`}
          label="Shown as"
          options={defaultFirst(styles)}
          hint="A pop-up over the feed, or a card in the feed at the position above (not for the video)."
        />
      )}
      {type !== '' && triggers.length > 0 && (
        <SelectField
          name={`params.interventionParams.${i}.trigger`}
          label="Trigger (when it opens)"
          options={defaultFirst(triggers)}
          hint="At the position above, or (pop-ups only) at the participant's first Share press or first press of any button, before that press counts."
        />
      )}
      {hasText && (
        <MarkdownField
          name={`params.interventionParams.${i}.text`}
          label="Text shown (optional)"
          field="intervention-text"
          previewType={type}
          previewLanguage={values.params.languageParams[i] ?? ''}
          rows={5}
          hint={type === 'accprompt' || type === 'accprompt-modal' ? 'Markdown shown above the accuracy question; empty shows the question alone. Preview shows it.' : 'Markdown; empty shows the built-in text (press Preview to read it).'}
        />
      )}
      {skins.length > 0 && <SelectField name={`params.interventionParams.${i}.skin`} label="Page around the feed (skin)" options={defaultFirst(skins)} />}
    </>
  );
}

export function AlgorithmSection({ caps }: SectionsProps) {
  const algos: Option[] = caps.algorithms.map((a) => ({ value: a.name, label: a.title }));
  return (
    <Section title="News feed algorithm">
      <PerCondition>
        {(i) => (
          <>
            <RadioGroup name={`params.algorithmParams.${i}`} label="Algorithm" options={algos} />
            <AlgorithmSummary caps={caps} i={i} />
            <AlgorithmSettingsFields caps={caps} i={i} />
          </>
        )}
      </PerCondition>
    </Section>
  );
}

/** AlgorithmSummary is the chosen algorithm's one-line explanation, as the server words it
 * (capabilities' summary; nothing from a server that has none). */
function AlgorithmSummary({ caps, i }: { caps: Capabilities; i: number }) {
  const { values } = useWizard();
  const name = values.params.algorithmParams[i] || DEFAULT_ALGORITHM;
  const summary = caps.algorithms.find((a) => a.name === name)?.summary;
  if (!summary) return null;
  return <p className="wizard-algorithm-summary">{summary}</p>;
}

/** AlgorithmSettingsFields are the chosen algorithm's settings, as the server lists them
 * (capabilities), so a new algorithm's settings appear with no change here. */
function AlgorithmSettingsFields({ caps, i }: { caps: Capabilities; i: number }) {
  const { values } = useWizard();
  const name = values.params.algorithmParams[i] || DEFAULT_ALGORITHM;
  const settings = caps.algorithms.find((a) => a.name === name)?.settings ?? [];
  if (settings.length === 0) return null;
  return (
    <div className="wizard-algorithm-settings">
      {settings.map((s) => {
        const field = `params.algorithmSettings.${i}.${name}.${s.param}`;
        const hint = s.default ? `${s.help} Default: ${s.default}.` : s.help;
        const label = s.required ? s.label : `${s.label} (optional)`;
        if (s.kind === 'choice') {
          const opts: Option[] = [{ value: '', label: s.default ? `Default (${s.default})` : 'Default' }, ...(s.choices ?? []).map((c) => ({ value: c, label: c }))];
          return <SelectField key={s.param} name={field} label={label} options={opts} hint={hint} />;
        }
        if (s.kind === 'script') return <ScriptField key={s.param} name={field} label={label} hint={hint} i={i} />;
        return <TextField key={s.param} name={field} label={label} hint={hint} />;
      })}
    </div>
  );
}

export function CustomMessageSection({ caps }: SectionsProps) {
  const { values } = useWizard();
  return (
    <Section title="Custom end message">
      <PerCondition>
        {(i) => {
          const type = values.params.customEndMsgParams[i]?.type ?? '';
          return (
            <>
              <SelectField name={`params.customEndMsgParams.${i}.type`} label="Message type" options={options(caps.custom_msg_types)} />
              {type === '' ? (
                <DisabledText label="Message" hint="Choose a message type to write a message." />
              ) : (
                <MarkdownField name={`params.customEndMsgParams.${i}.msg`} label="Message" field="custom-msg" rows={5} hint="Markdown." />
              )}
            </>
          );
        }}
      </PerCondition>
    </Section>
  );
}

/** UsedValue is a disabled field that shows the value that will be used instead of one
 * typed earlier (which may be invalid and must not block Verify). */
function UsedValue({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <div className="field field--used">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <input id={id} type="text" disabled value={value} aria-describedby={`${id}-hint`} />
    </div>
  );
}

function DisabledText({ label, hint }: { label: string; hint: string }) {
  const id = useId();
  return (
    <div className="field field--markdown">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <textarea id={id} rows={3} disabled value="" aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** FormsPicker picks a condition's questionnaires and their order (participants take them in this order). */
/** FORM_LISTS words a condition's two questionnaire lists. */
const FORM_LISTS: Record<FormList, { legend: string; order: string }> = {
  formsBefore: { legend: 'Shown before the feed', order: 'Order before the feed' },
  formsSelected: { legend: 'Shown after the feed', order: 'Order after the feed' },
};

function FormsPicker({ i, caps, list }: { i: number; caps: Capabilities; list: FormList }) {
  const { values, setValues } = useWizard();
  const c = conditionAt(values.params, i);
  const custom = (values.params.questionnaires ?? []).filter((q) => q.name !== '');
  // The built-ins, then the study's own (under their titles); before the feed neither the
  // end message page nor a questionnaire about feed cards can be shown.
  const offered = [
    ...caps.questionnaires.filter((q) => list === 'formsSelected' || q.name !== CUSTOM_MSG_FORM),
    ...custom.filter((q) => list === 'formsSelected' || !q.pages.some((p) => p.items.some((it) => it.type === 'cards'))).map((q) => ({ name: q.name, title: `${q.title || q.name} (yours: ${q.name})` })),
  ];
  const title = (name: string) => offered.find((q) => q.name === name)?.title ?? name;
  const set = (next: typeof c) => void setValues((v: WizardState) => ({ ...v, params: withCondition(v.params, i, next) }), false);
  const chosen = c[list];
  const words = FORM_LISTS[list];
  const id = useId();
  return (
    <>
      <fieldset className="field field--choices wizard-forms">
        <legend>{words.legend}</legend>
        <div className="field__options">
          {offered.map((q) => (
            <label key={q.name} className="choice">
              <input type="checkbox" checked={chosen.includes(q.name)} onChange={(e) => set(toggleForm(c, q.name, e.currentTarget.checked, list))} />
              <span>{q.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {chosen.length > 0 && (
        <div className="wizard-order">
          <h4 id={id}>{words.order}</h4>
          <ol aria-labelledby={id}>
            {chosen.map((name, k) => (
              <li key={name}>
                <span>{title(name)}</span>
                <span className="wizard-order__moves">
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Move ${title(name)} earlier`}
                    disabled={k === 0}
                    onClick={() => set(moveForm(c, k, -1, list))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Move ${title(name)} later`}
                    disabled={k === chosen.length - 1}
                    onClick={() => set(moveForm(c, k, 1, list))}
                  >
                    ↓
                  </button>
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}

/** CUSTOM_MSG_FORM is the end message page (params.CustomMsgForm): never before the feed. */
const CUSTOM_MSG_FORM = 'custom-msg';

export function FormsBeforeSection({ caps }: SectionsProps) {
  return (
    <Section title="Questionnaires before the feed">
      <p className="muted">Participants answer these after consent and before the feed, in the order listed. A custom ranking script reads their answers, and attitude_filter_feed can take its attitude from one (answer:questionnaire.item). A questionnaire that asks about feed cards is offered only after the feed.</p>
      <PerCondition>{(i) => <FormsPicker i={i} caps={caps} list="formsBefore" />}</PerCondition>
    </Section>
  );
}

export function FormsSection({ caps }: SectionsProps) {
  return (
    <Section title="Post-experiment questionnaires">
      <p className="muted">Participants answer the chosen questionnaires after the feed, in the order listed. A questionnaire is in one list of a condition: choosing it here takes it out of the list before the feed.</p>
      <PerCondition>{(i) => <FormsPicker i={i} caps={caps} list="formsSelected" />}</PerCondition>
    </Section>
  );
}

/** AllConditionsToggle is the spec's toggle without an index: it sets every condition's
 * text to the built-in default (checked) or off (unchecked). */
function AllConditionsToggle({ name, label }: { name: 'studyInstructions' | 'studyConsent'; label: string }) {
  const { values, setFieldValue } = useWizard();
  const texts = values.params[name] as StudyText[];
  const mode = allTextMode(texts);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mode === null;
  }, [mode]);
  return (
    <label className="choice wizard-toggle">
      <input
        ref={ref}
        type="checkbox"
        checked={mode === 'default'}
        onChange={(e) => void setFieldValue(`params.${name}`, setAllTextMode(texts, e.currentTarget.checked ? 'default' : 'off'))}
      />
      <span>{label}</span>
    </label>
  );
}

/** DefaultPreview shows the built-in text a participant sees, rendered by the server in the
 * condition's language. */
function DefaultPreview({ field, language }: { field: MarkdownFieldName; language: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState('');
  const show = async () => {
    setError('');
    try {
      setHtml(await renderMarkdown(field, 'default', undefined, language));
    } catch {
      setError('No preview: the server could not render the text.');
    }
  };
  return (
    <div className="field__actions">
      {html === null ? (
        <button type="button" className="button button--quiet button--small" onClick={show}>
          Preview the default text
        </button>
      ) : (
        <>
          <button type="button" className="button button--quiet button--small" onClick={() => setHtml(null)}>
            Hide the default text
          </button>
          <section className="markdown-preview" aria-label="Preview: default text">
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </section>
        </>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

function TextSection({ title, name, field, noun, allLabel }: { title: string; name: 'studyInstructions' | 'studyConsent'; field: MarkdownFieldName; noun: string; allLabel: string }) {
  const { values } = useWizard();
  const modes: Option[] = [
    { value: 'default', label: 'Default text' },
    { value: 'custom', label: 'Custom text' },
    { value: 'off', label: `Off (no ${noun})` },
  ];
  return (
    <Section title={title}>
      {values.conditions > 1 && <AllConditionsToggle name={name} label={allLabel} />}
      <PerCondition>
        {(i) => {
          const t = (values.params[name] as StudyText[])[i];
          return (
            <>
              <RadioGroup name={`params.${name}.${i}.mode`} label={capital(noun)} options={modes} />
              {t?.mode === 'custom' && <MarkdownField name={`params.${name}.${i}.text`} label={`${capital(noun)} text`} field={field} rows={6} hint="Markdown." />}
              {t?.mode === 'default' && <DefaultPreview field={field} language={values.params.languageParams[i] ?? ''} />}
            </>
          );
        }}
      </PerCondition>
    </Section>
  );
}

export function InstructionsSection(_: SectionsProps) {
  return <TextSection title="Study instructions" name="studyInstructions" field="instruct" noun="instructions" allLabel="Default instructions in every condition" />;
}

export function ConsentSection(_: SectionsProps) {
  return <TextSection title="Informed consent" name="studyConsent" field="consent" noun="consent" allLabel="Default consent in every condition" />;
}

/** REDIRECT_HINT says, per platform, where the redirect URL comes from (the platform gives
 * it; the researcher copies it here). */
const REDIRECT_HINT: Record<string, string> = {
  prolific: 'Copy the completion URL Prolific gives you (under the study\'s completion paths) into Redirect URL: participants go there when they finish.',
  lucid: 'Copy the client callback URL Lucid / Cint gives you for a complete into Redirect URL, with [%RID%] where the respondent id goes: feedlab fills it in.',
  custom: 'Enter the address your platform gives you for a finished participant: participants go there when they finish.',
};

function PlatformFields({ i, caps }: { i: number; caps: Capabilities }) {
  const [field] = useField<string>(`params.platformParams.${i}.platform`);
  const platform = field.value ?? '';
  const example = caps.platforms.find((p) => p.name === platform)?.example_url ?? '';
  return (
    <>
      <SelectField name={`params.platformParams.${i}.platform`} label="Platform" options={options(caps.platforms)} />
      {platformsWithUrl.includes(platform) && (
        <TextField
          name={`params.platformParams.${i}.redirectUrl`}
          label="Redirect URL"
          type="url"
          hint={
            <>
              {REDIRECT_HINT[platform] ?? 'Where participants go when they finish.'}
              {example && (
                <>
                  {' '}
                  Example: <code>{example}</code>
                </>
              )}
            </>
          }
        />
      )}
      {platformsWithCode.includes(platform) && (
        <TextField
          name={`params.platformParams.${i}.completionCode`}
          label="Completion code"
          hint="Workers paste this code into the HIT. Leave empty to give each participant their own code."
        />
      )}
      {platform === '' && <p className="muted">Participants return to the home page when they finish.</p>}
    </>
  );
}

/** SameInEvery is a group's "in every condition" switch, like the consent and instructions
 * toggles: on, the section shows one set of fields for the whole study; off, one per
 * condition (each starting from the values it has). */
function SameInEvery({ group, label }: { group: SharedGroup; label: string }) {
  const { values, setValues } = useWizard();
  return (
    <label className="choice wizard-toggle">
      <input type="checkbox" checked={values.params.sameInEvery[group]} onChange={(e) => void setValues(setSameInEvery(values, group, e.currentTarget.checked))} />
      <span>{label}</span>
    </label>
  );
}

/** OncePerStudy lays out a group's fields once (condition 1's, copied to every condition)
 * while its switch is on or there is one condition, else once per condition. */
function OncePerStudy({ group, label, children }: { group: SharedGroup; label: string; children: (i: number) => ReactNode }) {
  const { values } = useWizard();
  if (values.conditions < 2) return <PerCondition>{children}</PerCondition>;
  const once = values.params.sameInEvery[group];
  return (
    <>
      <SameInEvery group={group} label={label} />
      {once ? <div className="wizard-once">{children(0)}</div> : <PerCondition>{children}</PerCondition>}
    </>
  );
}

export function PlatformSection({ caps }: SectionsProps) {
  return (
    <Section title="Recruitment platform">
      <OncePerStudy group="platform" label="Same platform in every condition">
        {(i) => <PlatformFields i={i} caps={caps} />}
      </OncePerStudy>
    </Section>
  );
}

/** RecruitmentFields are one condition's quota and the platforms' other exits (issue 11). */
function RecruitmentFields({ i, caps }: { i: number; caps: Capabilities }) {
  const exits = caps.recruitment?.attention_fail_exits ?? [{ name: '', title: 'None (continue)' }];
  const at = (f: string) => `params.platformParams.${i}.${f}`;
  return (
    <>
      <TextField name={at('quota')} label="Quota (completed participants)" hint="Per condition. Empty for no quota. A full condition takes no new participants." />
      <TextField name={at('overquotaUrl')} label="Over-quota URL" type="url" hint={<>Where an arrival goes when the study is full. Lucid: <code>…RIS=40&amp;RID=[%RID%]</code></>} />
      <TextField name={at('terminateUrl')} label="Terminate URL (Lucid)" type="url" hint="The callback URL Lucid gives you for a terminate (RIS=20); feedlab puts the respondent id where [%RID%] is." />
      <TextField name={at('qualityUrl')} label="Quality-terminate URL (Lucid)" type="url" hint="The callback URL Lucid gives you for a quality terminate (RIS=30)." />
      <TextField name={at('screenoutUrl')} label="Screen-out URL (Prolific)" type="url" hint="Copy the completion URL of the screen-out path Prolific gives you: screened-out participants go there." />
      <SelectField name={at('attentionFail')} label="Failed attention check" options={options(exits)} hint="Quality terminate ends the session at the quality-terminate URL." />
    </>
  );
}

/** RecruitmentSection sets how participants are assigned, the quotas and the exits. */
export function RecruitmentSection({ caps }: SectionsProps) {
  const rules = caps.recruitment?.assignment_rules ?? [];
  return (
    <Section title="Assignment, quotas and exits">
      <p className="muted">
        For the whole study: how new participants are balanced over conditions, and how many completed participants you need. Returned and timed-out
        participants free their place.
      </p>
      {rules.length > 0 && <SelectField name="params.recruitment.assignment" label="Assignment" options={options(rules)} />}
      <TextField
        name="params.recruitment.activeMinutes"
        label="Active window (minutes)"
       
        hint={`A participant in progress counts toward balance and quotas while their last event is this recent. Empty: ${caps.recruitment?.default_active_minutes ?? 30}; 0: completed participants only.`}
      />
      <TextField name="params.recruitment.quotaTotal" label="Study quota (completed participants)" hint="Empty for no quota. When reached, the study closes itself." />
      <OncePerStudy group="exits" label="Same quota and exits in every condition">
        {(i) => <RecruitmentFields i={i} caps={caps} />}
      </OncePerStudy>
    </Section>
  );
}
