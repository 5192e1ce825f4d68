// Download data (/download; spec §2, §3 "Download request", §4 "Download flow", §5, §8;
// issue 9 items 4, 5, 6, 7): what to download, the study or set, the options (test
// participants, raw values, the exposures export's cleaning), and the file streamed to disk
// as the server writes it (downloadFile), named {id}_{type}.csv; its codebook beside it as
// {id}_{type}_codebook.md; the study's bundle. ?study=ID fills in the id.
import { useEffect, useId, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { downloadFile, dumpData, listStudies, pullEntitySets, ResearcherApiError, studyBundleUrl, type DownloadPhase, type DownloadResult, type EntitySetInfo, type StudySummary } from '../api';
import { CheckboxField, FormStatus, NumberField, RadioGroup, Section, TextField } from '../fields';
import { type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { codebookFilename, DATA_TYPES, downloadSchema, dumpFilename, dumpRequest, emptyValues, MAX_TRIM, STATUS, type DownloadValues } from './model';

const TITLE = 'Download data';

/** Status is the download flow's state: idle, then processing, ready, downloading and
 * finished, or no data, or failed (spec §4). */
interface Status {
  tone: 'info' | 'success' | 'error';
  text: string;
  detail?: string;
}

/** painted resolves once the browser has drawn the page, so each status line of the
 * flow is shown (and announced) before the next replaces it. */
function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** DownloadPage is the page at /download. */
export function DownloadPage({ location }: PageProps) {
  useTitle(TITLE);
  const [status, setStatus] = useState<Status | null>(null);
  const initial: DownloadValues = {
    ...emptyValues,
    data_type: DATA_TYPES.some((t) => t.value === location.query.get('type')) ? location.query.get('type')! : '',
    id: location.query.get('study') ?? location.query.get('set') ?? '',
  };

  /** fetchFile runs the spec's download flow for one file: the CSV, its codebook or the
   * study's bundle. */
  const fetchFile = async (filename: string, start: (onPhase: (phase: DownloadPhase) => Promise<void>) => Promise<DownloadResult>) => {
    setStatus({ tone: 'info', text: STATUS.processing });
    try {
      const result = await start((phase) => {
        setStatus({ tone: 'info', text: phase === 'answered' ? STATUS.ready : STATUS.downloading });
        return painted();
      });
      setStatus(
        result === 'saved'
          ? { tone: 'success', text: STATUS.finished, detail: `Saved as ${filename}.` }
          : { tone: 'info', text: 'Download cancelled: nothing was saved.' },
      );
    } catch (err) {
      if (err instanceof ResearcherApiError && err.status === 404) {
        setStatus({ tone: 'error', text: STATUS.noData });
      } else if (err instanceof ResearcherApiError && err.status === 401) {
        setStatus({ tone: 'error', text: STATUS.failed, detail: 'Your session has ended. Sign in again, then press Download once more.' });
      } else {
        const detail = err instanceof ResearcherApiError ? err.message : undefined;
        setStatus({ tone: 'error', text: STATUS.failed, detail });
      }
    }
  };

  const submit = (values: DownloadValues) => {
    const filename = dumpFilename(values);
    return fetchFile(filename, (onPhase) => dumpData(dumpRequest(values), filename, onPhase));
  };
  const codebook = (values: DownloadValues) => {
    const filename = codebookFilename(values);
    return fetchFile(filename, (onPhase) => dumpData(dumpRequest(values, true), filename, onPhase));
  };
  const bundle = (id: string) => {
    const filename = `${id.trim().replace(/[^A-Za-z0-9_.-]+/g, '_')}_bundle.zip`;
    return fetchFile(filename, (onPhase) => downloadFile(studyBundleUrl(id.trim()), undefined, filename, onPhase));
  };

  return (
    <div className="download page--narrow">
      <h1>{TITLE}</h1>
      <p className="muted">
        Each file is a CSV with a header row, written by the server as it reads the data. Its codebook says what every column holds, in which
        type and unit, and where it comes from.
      </p>
      <Formik initialValues={initial} validationSchema={downloadSchema} validateOnMount onSubmit={submit}>
        <DownloadForm status={status} onCodebook={codebook} onBundle={bundle} />
      </Formik>
    </div>
  );
}

interface DownloadFormProps {
  status: Status | null;
  onCodebook: (values: DownloadValues) => Promise<void>;
  onBundle: (id: string) => Promise<void>;
}

function DownloadForm({ status, onCodebook, onBundle }: DownloadFormProps) {
  const { values, isValid, isSubmitting, setSubmitting } = useFormikContext<DownloadValues>();
  const suggestions = useSuggestions();
  const listId = useId();
  const sets = values.data_type === 'stimulus_set';
  const exposures = values.data_type === 'exposures';
  const busy = (run: () => Promise<void>) => async () => {
    setSubmitting(true);
    try {
      await run();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form noValidate className="form-section">
      <RadioGroup name="data_type" label="What do you want to download?" options={DATA_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
      <TextField
        name="id"
        label="Enter experiment ID or stimulus set name"
        autoComplete="off"
        spellCheck={false}
        list={listId}
        hint={sets ? 'The name of a stimulus set, for example solarflare_demo.' : 'The experiment ID of one of your studies, for example fl-7kq2m9xa.'}
      />
      <datalist id={listId}>
        {sets
          ? suggestions.sets.map((s) => (
              <option key={s.entity_set} value={s.entity_set}>
                {`${s.entity_set} [${s.num_entities}]`}
              </option>
            ))
          : suggestions.studies.map((s) => (
              <option key={s.experiment_id} value={s.experiment_id}>
                {s.title || 'Untitled study'}
              </option>
            ))}
      </datalist>
      <Section title="Cleaning (exposures)" hidden={!exposures} className="download__cleaning">
        <p className="muted">Applied to each dwell visit, then written into the file's codebook so the rule is reported with the data. Empty means none.</p>
        <NumberField name="dwell_cap_ms" label="Dwell cap (ms)" min={0} step={1} hint="A visit longer than this counts as this long, e.g. 30000." />
        <NumberField name="dwell_floor_ms" label="Dwell floor (ms)" min={0} step={1} hint="Visits shorter than this are dropped, e.g. 250." />
        <NumberField name="trim" label="Trim first and last cards" min={0} max={MAX_TRIM} step={1} hint="Leaves out each participant's first N and last N cards, e.g. 3." />
        <CheckboxField name="saw_every_card" label="Only participants who saw every card" hint="Keeps the rows of participants with saw_every_card = 1 (every remaining card seen)." />
        <CheckboxField
          name="drop_excluded"
          label="Leave out excluded participants"
          hint="Without it, participants you excluded on their page have rows marked excluded = 1 with your reason."
        />
      </Section>
      <CheckboxField
        name="include_test"
        label="Include test participants"
        disabled={sets}
        hint="Preview and pilot participants are left out unless you include them; an is_test column then marks them."
      />
      <CheckboxField name="raw" label="Raw values" hint="Write every value as stored. By default a cell a spreadsheet would run as a formula starts with an apostrophe." />
      <div className="actions">
        <button type="submit" className="button" disabled={!isValid || isSubmitting}>
          Download
        </button>
        <button type="button" className="button button--quiet" disabled={!isValid || isSubmitting} onClick={busy(() => onCodebook(values))}>
          Download codebook
        </button>
      </div>
      <FormStatus tone={status?.tone ?? 'info'}>
        {status && (
          <>
            {status.text}
            {status.detail && <span className="download__detail"> {status.detail}</span>}
          </>
        )}
      </FormStatus>
      <Section title="Study bundle" className="download__bundle">
        <p className="muted">
          One zip with the study's parameters, its stimulus sets and their media, the codebooks and feedlab's version: the replication package,
          and the way to move the study to another feedlab (<code>feedlab study import</code>).
        </p>
        <div className="actions">
          <button type="button" className="button button--quiet" disabled={sets || !values.id.trim() || isSubmitting} onClick={busy(() => onBundle(values.id))}>
            Download study bundle
          </button>
        </div>
      </Section>
    </Form>
  );
}

/** useSuggestions loads the researcher's visible studies and the sets, for the datalist;
 * a failure leaves the list empty (the field still takes any id). */
function useSuggestions(): { studies: StudySummary[]; sets: EntitySetInfo[] } {
  const [studies, setStudies] = useState<StudySummary[]>([]);
  const [sets, setSets] = useState<EntitySetInfo[]>([]);
  useEffect(() => {
    let live = true;
    listStudies()
      .then((s) => live && setStudies(s))
      .catch(() => undefined);
    pullEntitySets()
      .then((s) => live && setSets(s.filter((x) => x.entity_category !== 'test')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return { studies, sets };
}
