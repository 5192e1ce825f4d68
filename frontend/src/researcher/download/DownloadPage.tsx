// Download data (/download; spec §2, §3 "Download request", §4 "Download flow", §5, §8;
// issue 9 item 4): what to download, the study or set, and the file streamed to disk as the
// server writes it (downloadFile), named {id}_{type}.csv. ?study=ID fills in the id.
import { useEffect, useId, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { dumpData, listStudies, pullEntitySets, ResearcherApiError, type EntitySetInfo, type StudySummary } from '../api';
import { FormStatus, RadioGroup, TextField } from '../fields';
import { type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { DATA_TYPES, downloadSchema, dumpFilename, dumpRequest, STATUS, type DownloadValues } from './model';

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
    data_type: DATA_TYPES.some((t) => t.value === location.query.get('type')) ? location.query.get('type')! : '',
    id: location.query.get('study') ?? location.query.get('set') ?? '',
  };

  const submit = async (values: DownloadValues) => {
    const filename = dumpFilename(values);
    setStatus({ tone: 'info', text: STATUS.processing });
    try {
      const result = await dumpData(dumpRequest(values), filename, (phase) => {
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

  return (
    <div className="download page--narrow">
      <h1>{TITLE}</h1>
      <p className="muted">
        Each file is a CSV with a header row, written by the server as it reads the data. Participants flagged as tests are left out.
      </p>
      <Formik initialValues={initial} validationSchema={downloadSchema} validateOnMount onSubmit={submit}>
        <DownloadForm status={status} />
      </Formik>
    </div>
  );
}

function DownloadForm({ status }: { status: Status | null }) {
  const { values, isValid, isSubmitting } = useFormikContext<DownloadValues>();
  const suggestions = useSuggestions();
  const listId = useId();
  const sets = values.data_type === 'stimulus_set';
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
      <div className="actions">
        <button type="submit" className="button" disabled={!isValid || isSubmitting}>
          Download
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
