// The study-creation wizard, "Specify study parameters" (spec §2 newer variant, §4, §5,
// §8; issue 8 item 3), at /create-study and /create-study-old. The form is the pure model
// in model/ held by Formik; every change is saved under the spec's keys and restored on
// reload. The server checks everything again; its problems are listed where they arise.
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Formik, useFormikContext } from 'formik';
import { checkParameters, editDraft, getStudy, importStudyBundle, ResearcherApiError, saveText, spawnExperiment, type Capabilities, type Problem } from '../api';
import { FileField, FormStatus, Section, TextField } from '../fields';
import { errorMessage } from '../messages';
import { Link, navigate, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { wizardSchema } from './model/checks';
import { studyErrors } from './model/checks';
import { toCSV, VERIFY_FILENAME } from './model/csv';
import { stateFromRows, wizardRows } from './model/rows';
import { applyCount, clampCount, countProblem, derive, enforceRules, initialState } from './model/state';
import { wizardStore } from './model/storage';
import { CREATE_ERROR, ENTITY_SETS_ERROR, MAX_TITLE, type WizardState } from './model/types';
import { useCapabilities, useEntitySets } from './data';
import { Created } from './Created';
import { Problems } from './Problems';
import { ServerProblems } from './serverProblems';
import {
  AlgorithmSection,
  ButtonsSection,
  CardsSection,
  ConsentSection,
  CustomMessageSection,
  FeedTypeSection,
  FormsBeforeSection,
  FormsSection,
  InstructionsSection,
  InterventionSection,
  PlatformSection,
  RecruitmentSection,
  type SetsState,
} from './sections';
import { QuestionnairesSection } from './questionnaires/QuestionnairesSection';
import './wizard.css';

const TITLE = 'Specify study parameters';

/** Notice is a status line with its tone and, for parameter problems, the list. */
interface Notice {
  tone: 'info' | 'error' | 'success';
  text: string;
  detail?: string;
  problems?: Problem[];
  /** warnings: settings that can have no effect (the study is valid as written). */
  warnings?: Problem[];
}

/** WARNINGS_LEAD introduces the server's warnings about settings that can have no effect. */
const WARNINGS_LEAD = 'Some settings can have no effect. Check them before you recruit:';

/** withWarnings adds the server's warnings, if any, to a notice. */
function withWarnings(notice: Notice, warnings: Problem[] | undefined): Notice {
  return warnings && warnings.length > 0 ? { ...notice, warnings } : notice;
}

/** Editing is the draft the form edits (/create-study?edit=<experiment_id>), '' when it
 * creates a study: Create Study then becomes Save draft (issue 22). A context, so that the
 * sections between the page and its final block need not carry it. */
const Editing = createContext('');

/** WizardPage is the page at /create-study and /create-study-old (one wizard for both). */
export function WizardPage({ location }: PageProps) {
  useTitle(TITLE);
  const caps = useCapabilities();
  const sets = useEntitySets();
  const [initial, setInitial] = useState<WizardState>(() => wizardStore.load());
  const [formKey, setFormKey] = useState(0);
  const [fileNotice, setFileNotice] = useState<Notice | null>(null);
  const schema = useMemo(() => wizardSchema(sets.sets), [sets.sets]);

  /** replaceForm puts a whole new form in place (Reset, a file, a study to duplicate). */
  const replaceForm = (state: WizardState, save = true) => {
    if (save) wizardStore.save(state);
    setInitial(state);
    setFormKey((k) => k + 1);
  };

  const reset = () => {
    wizardStore.reset();
    setFileNotice(null);
    replaceForm(initialState(), false);
  };

  // Duplicate on My studies opens /create-study?from=<experiment_id>.
  const from = location.query.get('from');
  useEffect(() => {
    if (!from) return;
    let live = true;
    setFileNotice({ tone: 'info', text: `Loading study ${from}…` });
    getStudy(from)
      .then((study) => {
        if (!live) return;
        const state = stateFromRows(study.rows);
        state.params = { ...state.params, title: `Copy of ${study.title || study.experiment_id}` };
        replaceForm(state);
        setFileNotice({
          tone: 'success',
          text: `The form is filled from study ${study.experiment_id} (${state.conditions} condition${state.conditions === 1 ? '' : 's'}). Review it, then press Create Study to make a new study.`,
        });
        // A reload should keep the researcher's edits, not fill the form again.
        navigate(location.path, { replace: true });
      })
      .catch((err) => live && setFileNotice({ tone: 'error', text: `Study ${from} could not be loaded: ${errorMessage(err)}` }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from]);

  // Edit on a draft's page opens /create-study?edit=<experiment_id>: the same form, loaded
  // from the study; saving replaces the draft's parameters. The address keeps the id, so a
  // reload loads the draft again.
  const edit = location.query.get('edit') ?? '';
  const [editing, setEditing] = useState('');
  useEffect(() => {
    if (!edit) return;
    let live = true;
    setFileNotice({ tone: 'info', text: `Loading draft ${edit}…` });
    getStudy(edit)
      .then((study) => {
        if (!live) return;
        if (study.status && study.status !== 'draft') {
          setFileNotice({ tone: 'error', text: `Study ${edit} has been launched: its design is locked. Edit its texts on its page, or duplicate it.` });
          return;
        }
        replaceForm(stateFromRows(study.rows), false);
        setEditing(study.experiment_id);
        setFileNotice({ tone: 'info', text: `You are editing draft ${study.experiment_id}. Change what you need, then press Save draft.` });
      })
      .catch((err) => live && setFileNotice({ tone: 'error', text: `Study ${edit} could not be loaded: ${errorMessage(err)}` }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [edit]);

  const loadFile = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (/\.zip$/i.test(file.name)) {
      await importBundle(file);
      return;
    }
    setFileNotice({ tone: 'info', text: `Checking ${file.name}…` });
    try {
      const { rows, warnings } = await checkParameters({ csv: await file.text() });
      const state = stateFromRows(rows);
      replaceForm(state);
      setFileNotice(
        withWarnings(
          {
            tone: 'success',
            text: `Loaded ${file.name}: ${state.conditions} condition${state.conditions === 1 ? '' : 's'}. Review the sections below, then press Create Study.`,
          },
          warnings,
        ),
      );
    } catch (err) {
      setFileNotice(failureNotice(err, `${file.name} was not loaded.`));
    }
  };

  // A study bundle (.zip) is the whole study with its sets and media: it is imported as it
  // is, as a draft, then its page opens for review and Launch (the parameters must stay
  // identical, so there is no form step).
  const importBundle = async (file: File) => {
    setFileNotice({ tone: 'info', text: `Importing ${file.name}…` });
    try {
      const res = await importStudyBundle(file);
      navigate(`/studies/${encodeURIComponent(res.experiment_id)}`);
    } catch (err) {
      setFileNotice(failureNotice(err, `${file.name} was not imported.`));
    }
  };

  return (
    <div className="wizard">
      <h1>{TITLE}</h1>
      <Editing.Provider value={editing}>
        <Formik key={formKey} initialValues={initial} validationSchema={schema} onSubmit={() => undefined}>
          <WizardForm caps={caps.caps} capsError={caps.error} retryCaps={caps.retry} sets={sets} onReset={reset}>
            <section className="wizard-file" aria-labelledby="wizard-file-title">
              <h2 id="wizard-file-title">Start from a file</h2>
              <FileField
                label="Parameters file (CSV) or study bundle (.zip)"
                accept=".csv,text/csv,.zip,application/zip"
                onFiles={(files) => void loadFile(files)}
                hint="A file from Verify parameters, an experiment_parameters export, or one written by hand with the columns condition,param,value; or a study bundle (.zip from Download data or feedlab study export), imported with its stimulus sets and media."
              />
              <NoticeView notice={fileNotice} label="Problems in the file" />
            </section>
          </WizardForm>
        </Formik>
      </Editing.Provider>
    </div>
  );
}

/** failureNotice describes a failed check or create: the server's problems by line, condition and parameter. */
function failureNotice(err: unknown, lead: string): Notice {
  if (err instanceof ResearcherApiError && err.status === 401) {
    return { tone: 'error', text: lead, detail: 'Your session has ended. Sign in again (the form is kept), then try once more.' };
  }
  if (err instanceof ResearcherApiError && err.problems?.length) {
    const n = err.problems.length;
    return { tone: 'error', text: lead, detail: `The server found ${n} problem${n === 1 ? '' : 's'}:`, problems: err.problems };
  }
  return { tone: 'error', text: lead, detail: errorMessage(err) };
}

function NoticeView({ notice, label }: { notice: Notice | null; label: string }) {
  return (
    <>
      <FormStatus tone={notice?.tone ?? 'info'}>
        {notice && (
          <>
            <span className="wizard-notice__text">{notice.text}</span>
            {notice.detail && <span className="wizard-notice__detail"> {notice.detail}</span>}
          </>
        )}
      </FormStatus>
      {notice?.problems && <Problems problems={notice.problems} label={label} />}
      {notice?.warnings && notice.warnings.length > 0 && (
        <div className="wizard-warnings" role="note">
          <p>{WARNINGS_LEAD}</p>
          <Problems problems={notice.warnings} label="Settings that can have no effect" />
        </div>
      )}
    </>
  );
}

interface WizardFormProps {
  caps: Capabilities | null;
  capsError: string;
  retryCaps: () => void;
  sets: SetsState;
  onReset: () => void;
  children?: React.ReactNode;
}

function WizardForm({ caps, capsError, retryCaps, sets, onReset, children }: WizardFormProps) {
  const form = useFormikContext<WizardState>();
  const { values, setValues } = form;
  const [typed, setTyped] = useState(String(values.conditions));
  const [setsError, setSetsError] = useState(false);
  // The server's problems of the last Verify or Create, for fields that show theirs beside them.
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const sizes = useMemo(() => new Map(sets.sets.map((s) => [s.entity_set, s.num_entities])), [sets.sets]);
  const max = caps?.max_conditions ?? 50;
  const countId = useId();

  // Saved after every change (not on mount: after Reset the keys stay cleared until an edit).
  // A draft being edited is not saved there: it lives on the server (Save draft), and the
  // browser's saved form is a new study's, which editing a draft must not overwrite.
  const editing = useContext(Editing);
  const mounted = useRef(values);
  useEffect(() => {
    if (values === mounted.current || editing) return;
    wizardStore.save({ ...values, params: derive(values.params) });
  }, [values, editing]);

  // The rules that follow a choice (None resets the percentage, clears the message…).
  useEffect(() => {
    const fixed = enforceRules(values, sizes);
    if (fixed !== values) void setValues(fixed, false);
  }, [values, sizes, setValues]);

  useEffect(() => {
    if (setsError && studyErrors(values).length === 0) setSetsError(false);
  }, [values, setsError]);

  const tooMany = countProblem(typed, max);
  const pending = !tooMany && clampCount(typed, max) !== values.conditions;
  const apply = () => {
    if (tooMany) return; // the message under the field says why; nothing is applied
    const next = applyCount(values, typed, max);
    setTyped(String(next.conditions));
    void setValues(next, false);
  };

  const hasTypes = (list: Array<{ name: string }> | undefined) => (list ?? []).some((t) => t.name !== '');
  const props = caps ? { caps, sets, setsError } : null;

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} className="wizard-form">
      <div className="wizard-count">
        <label className="wizard-count__label" htmlFor={`${countId}-n`}>
          How many conditions?
        </label>
        <div className="wizard-count__row">
          <input
            id={`${countId}-n`}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            aria-invalid={tooMany ? true : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            aria-describedby={`${countId}-max ${countId}-pending ${countId}-note`}
          />
          <button
            type="button"
            className={`button${pending ? ' wizard-enter--pending' : ''}`}
            onClick={apply}
            aria-describedby={`${countId}-pending`}
          >
            Enter
          </button>
          <button type="button" className="button button--quiet" onClick={onReset}>
            Reset
          </button>
        </div>
        <p id={`${countId}-max`} className="field__error wizard-count__max" aria-live="polite">
          {tooMany}
        </p>
        <p id={`${countId}-pending`} className="wizard-pending" aria-live="polite">
          {pending ? `Not applied yet: press Enter to change from ${values.conditions} to ${clampCount(typed, max)} conditions.` : ''}
        </p>
        <p className="wizard-note" hidden={values.shown}>
          Type the number of conditions and press Enter to show the sections of the form.
        </p>
        <p id={`${countId}-note`} className="muted wizard-note">
          Values you entered earlier may be filled in automatically. Reset clears the form.
        </p>
      </div>

      {children}

      {values.shown && !caps && (
        <div className={capsError ? 'wizard-alert' : 'muted'} role={capsError ? 'alert' : 'status'}>
          {capsError ? (
            <>
              <p>The wizard could not ask the server what it offers: {capsError}</p>
              <button type="button" className="button button--quiet" onClick={retryCaps}>
                Try again
              </button>
            </>
          ) : (
            <p>Loading what this server offers…</p>
          )}
        </div>
      )}

      {values.shown && props && (
        <ServerProblems.Provider value={serverProblems}>
          <FeedTypeSection {...props} />
          <CardsSection {...props} />
          <ButtonsSection {...props} />
          {hasTypes(caps?.intervention_types) && <InterventionSection {...props} />}
          <AlgorithmSection {...props} />
          {hasTypes(caps?.custom_msg_types) && <CustomMessageSection {...props} />}
          <QuestionnairesSection caps={props.caps} />
          <FormsBeforeSection {...props} />
          <FormsSection {...props} />
          <InstructionsSection {...props} />
          <ConsentSection {...props} />
          <PlatformSection {...props} />
          <RecruitmentSection {...props} />
          <FinalBlock caps={props.caps} sets={sets} onSetsError={setSetsError} onProblems={setServerProblems} />
        </ServerProblems.Provider>
      )}
    </form>
  );
}

type Result = { kind: 'created'; id: string; platforms: string[] } | null;

/** newCreateKey is a fresh idempotency key for Create Study. */
function newCreateKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function FinalBlock({ caps, sets, onSetsError, onProblems }: { caps: Capabilities; sets: SetsState; onSetsError: (on: boolean) => void; onProblems: (problems: Problem[]) => void }) {
  const form = useFormikContext<WizardState>();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => onProblems(notice?.problems ?? []), [notice, onProblems]);
  const [busy, setBusy] = useState<'' | 'verify' | 'create'>('');
  const [result, setResult] = useState<Result>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  // One idempotency key per form (issue 22): Create pressed again, or a request retried,
  // answers the same study. A form changed after a success is a new study: a new key.
  const createKey = useRef(newCreateKey());
  const createdFrom = useRef('');
  const unchanged = result !== null && JSON.stringify(form.values) === createdFrom.current;

  useEffect(() => {
    if (!result) return;
    resultRef.current?.focus();
    resultRef.current?.scrollIntoView({ block: 'start' });
  }, [result]);

  /** prepare runs the client checks and returns the rows to send, or null after saying why not. */
  const prepare = async () => {
    setNotice(null);
    setResult(null);
    const values = form.values;
    await form.submitForm(); // marks every field touched, so its error shows
    const fieldErrors = await form.validateForm();
    if (studyErrors(values).length > 0) {
      onSetsError(true);
      setNotice({ tone: 'error', text: ENTITY_SETS_ERROR });
      return null;
    }
    onSetsError(false);
    if (Object.keys(fieldErrors).length > 0) {
      setNotice({ tone: 'error', text: 'Some fields need attention: see the messages in the sections above.' });
      setTimeout(() => document.querySelector<HTMLElement>('.wizard [aria-invalid="true"]')?.focus(), 0);
      return null;
    }
    const rows = wizardRows(values, sets.sets);
    if (!editing) wizardStore.saveRows(rows);
    return rows;
  };

  const verify = async () => {
    setBusy('verify');
    try {
      const rows = await prepare();
      if (!rows) return;
      const checked = await checkParameters({ condition_settings: rows });
      saveText(VERIFY_FILENAME, toCSV(checked.rows), 'text/csv;charset=utf-8');
      setNotice(
        withWarnings(
          {
            tone: 'success',
            text: `The parameters are valid (${checked.n_conditions} condition${checked.n_conditions === 1 ? '' : 's'}): ${VERIFY_FILENAME} was downloaded. Nothing was created.`,
          },
          checked.warnings,
        ),
      );
    } catch (err) {
      setNotice(failureNotice(err, 'The parameters were not verified.'));
    } finally {
      setBusy('');
    }
  };

  const editing = useContext(Editing);
  const saveDraft = async () => {
    setBusy('create');
    try {
      const rows = await prepare();
      if (!rows) return;
      await editDraft(editing, rows);
      navigate(`/studies/${encodeURIComponent(editing)}?saved=1`);
    } catch (err) {
      setNotice(failureNotice(err, 'The draft was not saved.'));
    } finally {
      setBusy('');
    }
  };

  const create = async () => {
    setBusy('create');
    try {
      const rows = await prepare();
      if (!rows) return;
      const snapshot = JSON.stringify(form.values);
      if (createdFrom.current !== '' && createdFrom.current !== snapshot) createKey.current = newCreateKey();
      const { experiment_id, warnings } = await spawnExperiment(rows, createKey.current);
      const platforms = [...new Set(form.values.params.platformParams.slice(0, form.values.conditions).map((p) => p.platform))];
      createdFrom.current = snapshot;
      setResult({ kind: 'created', id: experiment_id, platforms });
      if (warnings && warnings.length > 0) setNotice(withWarnings({ tone: 'info', text: `Study ${experiment_id} was created as written.` }, warnings));
    } catch (err) {
      const failed = failureNotice(err, CREATE_ERROR);
      if (err instanceof ResearcherApiError && err.status === 401) {
        failed.detail = 'Your session has ended. Sign in again (the form is kept), then press Create Study again.';
      }
      setNotice(failed);
    } finally {
      setBusy('');
    }
  };

  return (
    <Section title="Verify and create" className="wizard-final">
      {result && (
        <div className="wizard-result">
          <h3 ref={resultRef} tabIndex={-1}>
            Your study is ready
          </h3>
          <Created experimentId={result.id} platforms={result.platforms} urls={caps.participant_urls} />
        </div>
      )}
      <TextField
        name="params.title"
        label="Study title (optional)"
        hint={`Shown in My studies and kept with the parameters; participants never see it. At most ${MAX_TITLE} characters.`}
      />
      <p className="muted">
        Verify parameters downloads the rows Create Study would send, as {VERIFY_FILENAME}, without creating anything.
      </p>
      <div className="actions">
        <button type="button" className="button button--quiet" onClick={() => void verify()} disabled={busy !== ''}>
          Verify parameters
        </button>
        {editing ? (
          <button type="button" className="button button--accent" onClick={() => void saveDraft()} disabled={busy !== ''}>
            Save draft
          </button>
        ) : unchanged ? (
          <Link className="button button--accent" href={`/studies/${encodeURIComponent(result.id)}`}>
            Open study page
          </Link>
        ) : (
          <button type="button" className="button button--accent" onClick={() => void create()} disabled={busy !== ''}>
            Create Study
          </button>
        )}
      </div>
      <NoticeView notice={busy ? { tone: 'info', text: busy === 'verify' ? 'Checking the parameters…' : editing ? 'Saving the draft…' : 'Creating the study…' } : notice} label="Problems with the parameters" />
    </Section>
  );
}
