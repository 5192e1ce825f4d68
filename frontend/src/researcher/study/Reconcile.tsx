// Code reconciliation (issue 11, item 4): the researcher pastes or picks what the platform
// gives them (Prolific's submissions export, MTurk's batch results, a list of Lucid RIDs)
// and sees, line by line, who completed here (with the code we issued and when), who
// started but did not finish (and how far they got), who was never seen, repeated lines
// and test participants; then downloads the platform's own approve/reject file.
import { useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import * as api from '../api';
import { CheckboxField, FileField, FormStatus, SelectField, TextField } from '../fields';
import { errorMessage } from '../messages';
import { TableRegion } from './Figures';
import { dateTime } from './model';
import { Link } from '../../lib/router';
import { bothWays, CLASS_LABELS, classLabel, PLATFORM_NAMES, RECONCILE_PLATFORMS, studyPlatform } from './reconcileModel';

interface ReconcileValues {
  platform: api.ReconcilePlatform;
  text: string;
  markReturns: boolean;
}

/** SHOWN_LINES is how many lines the table shows; the report download has every line. */
const SHOWN_LINES = 300;
const MAX_TEXT = 8 * 1024 * 1024;

const schema = Yup.object({
  platform: Yup.string().oneOf(['', ...RECONCILE_PLATFORMS.map((p) => p.name)]),
  markReturns: Yup.boolean(),
  text: Yup.string()
    .trim()
    .required("Paste the platform's list, or pick its file.")
    .max(MAX_TEXT, 'The list is larger than 8 MB; split it and reconcile each part.'),
});

/** ReconcilePanel is the study page's reconciliation section. */
export function ReconcilePanel({ study }: { study: api.StudyPageInfo }) {
  const [result, setResult] = useState<api.ReconcileResult | null>(null);
  const [note, setNote] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const own = studyPlatform(study.rows);
  const ownName = own in PLATFORM_NAMES ? PLATFORM_NAMES[own as keyof typeof PLATFORM_NAMES] : '';
  const initial: ReconcileValues = { platform: '', text: '', markReturns: false };
  // Marking returns changes data: the owner's (can_manage) call, on a Prolific study.
  const canMark = (study.can_manage ?? study.access !== 'shared') && own === 'prolific';

  return (
    <section className="panel reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">Reconcile before paying</h2>
      <p className="muted small">
        Paste what the platform lists (Prolific&apos;s submissions export, MTurk&apos;s batch results, or Lucid RIDs one per line)
        to see who completed here, who started without finishing, and who never arrived. Nothing is changed unless you mark returns.
      </p>
      <Formik<ReconcileValues>
        initialValues={initial}
        validationSchema={schema}
        onSubmit={async (values) => {
          setNote(null);
          try {
            const r = await api.reconcile(study.experiment_id, values.text, values.platform, canMark && values.markReturns);
            setResult(r);
            const marked = r.marked > 0 ? ` ${r.marked} returned or timed-out ${r.marked === 1 ? 'participant' : 'participants'} marked; their places are free again.` : '';
            const both = bothWays(r.missing?.length ?? 0, r.code_mismatches ?? 0);
            setNote({ tone: 'info', text: `${r.lines.length} ${r.lines.length === 1 ? 'line' : 'lines'} reconciled as ${PLATFORM_NAMES[r.platform]}.${marked}${both ? ` ${both}` : ''}` });
          } catch (err) {
            setResult(null);
            setNote({ tone: 'error', text: errorMessage(err) });
          }
        }}
      >
        {({ isSubmitting, setFieldValue }) => (
          <Form noValidate className="reconcile-form">
            <TextField
              name="text"
              label="Platform's list"
              multiline={6}
              spellCheck={false}
              hint="Paste the CSV with its header line, or a list of ids, one per line."
            />
            <FileField
              label="Or pick the exported file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              error={fileError}
              onFiles={(files) => {
                const f = files[0];
                setFileError(undefined);
                if (!f) return;
                if (f.size > MAX_TEXT) {
                  setFileError('The file is larger than 8 MB; split it and reconcile each part.');
                  return;
                }
                void f.text().then(
                  (t) => void setFieldValue('text', t),
                  () => setFileError('The file could not be read.'),
                );
              }}
            />
            <SelectField
              name="platform"
              label="Platform"
              hint={ownName ? `This study recruits on ${ownName}; a list without a header is read as ${ownName} ids.` : undefined}
              options={[{ value: '', label: 'Tell from the header line' }, ...RECONCILE_PLATFORMS.map((p) => ({ value: p.name, label: `${p.title} (${p.reconcile})` }))]}
            />
            {canMark && (
              <CheckboxField
                name="markReturns"
                label="Also mark returns and time-outs"
                hint="Participants the export lists as RETURNED or TIMED-OUT who did not complete here stop counting toward balance and quotas."
              />
            )}
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Reconciling…' : 'Reconcile'}
            </button>
          </Form>
        )}
      </Formik>
      <FormStatus tone={note?.tone ?? 'info'} message={note?.text} />
      {result && <ReconcileResult id={study.experiment_id} result={result} />}
    </section>
  );
}

function ReconcileResult({ id, result }: { id: string; result: api.ReconcileResult }) {
  const shown = result.lines.slice(0, SHOWN_LINES);
  const missing = result.missing ?? [];
  return (
    <div className="reconcile-result">
      <h3>Result</h3>
      <dl className="key-figures" aria-label="Lines per class">
        {CLASS_LABELS.map(([c, label]) => (
          <div key={c}>
            <dt>{label}</dt>
            <dd>{result.counts[c] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        {result.platform_file && (
          <button type="button" className="button button--small" onClick={() => api.saveText(result.platform_file!.filename, result.platform_file!.csv)}>
            Download {result.platform === 'mturk' ? 'the MTurk batch with Approve and Reject' : 'the Prolific approve list'}
          </button>
        )}
        <button type="button" className="button button--small button--quiet" onClick={() => api.saveText(result.report.filename, result.report.csv)}>
          Download the full result (CSV)
        </button>
      </div>
      {result.platform_file && <p className="muted small">{result.platform_file.what}</p>}
      <TableRegion label="Reconciliation, line by line, scrollable">
        <table className="data-table participants reconcile-table">
          <caption className="visually-hidden">Reconciliation, line by line</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Platform id</th>
              <th scope="col">Class</th>
              <th scope="col">Completed at</th>
              <th scope="col">Stage</th>
              <th scope="col">Code issued</th>
              <th scope="col">Code submitted</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.line} className={`reconcile-row reconcile-row--${l.class}`}>
                <td>{l.line}</td>
                <th scope="row">{l.id}</th>
                <td>{classLabel(l.class)}</td>
                <td>{l.completed_at ? dateTime(l.completed_at) : '—'}</td>
                <td>{l.stage || '—'}</td>
                <td>{l.completion_code ? <code>{l.completion_code}</code> : '—'}</td>
                <td className={l.code_matches === false ? 'reconcile-mismatch' : undefined}>
                  {l.code_submitted ? <code>{l.code_submitted}</code> : '—'}
                  {l.code_matches === false && <span className="tag tag--warn">not {l.code_expected || 'the expected code'}</span>}
                </td>
                <td className="reconcile-note">{l.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {result.lines.length > SHOWN_LINES && (
        <p className="muted small">
          The first {SHOWN_LINES} of {result.lines.length} lines are shown; the full result download has every line.
        </p>
      )}
      <h3 id="reconcile-missing-title">Completed here, not on the platform&apos;s list</h3>
      {missing.length === 0 ? (
        <p className="muted small">Everyone who completed here is on the list.</p>
      ) : (
        <>
          <p className="muted small">
            The platform does not list these participants as having submitted: check it is the whole list, or ask them to submit there.
          </p>
          <TableRegion label="Completed here, not on the platform's list, scrollable">
            <table className="data-table participants reconcile-table">
              <caption className="visually-hidden">Completed here, not on the platform&apos;s list</caption>
              <thead>
                <tr>
                  <th scope="col">Platform id</th>
                  <th scope="col">Participant</th>
                  <th scope="col">Condition</th>
                  <th scope="col">Completed at</th>
                  <th scope="col">Code issued</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {missing.slice(0, SHOWN_LINES).map((m) => (
                  <tr key={m.user_id}>
                    <th scope="row">{m.id || '—'}</th>
                    <td>
                      <Link href={`/studies/${encodeURIComponent(id)}/participants/${encodeURIComponent(m.user_id)}`}>{m.user_id}</Link>
                    </td>
                    <td>{m.condition}</td>
                    <td>{dateTime(m.completed_at)}</td>
                    <td>{m.completion_code ? <code>{m.completion_code}</code> : '—'}</td>
                    <td className="reconcile-note">{m.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {missing.length > SHOWN_LINES && (
            <p className="muted small">
              The first {SHOWN_LINES} of {missing.length} are shown; the full result download has them all (class not_on_list).
            </p>
          )}
        </>
      )}
    </div>
  );
}
