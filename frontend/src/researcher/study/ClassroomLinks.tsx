// Labelled single-use links for a classroom or lab study (platform none; issue 11, item 3):
// the researcher adds a list of participant labels; each label gets its own link, shown
// with a QR code and printable as a sheet to cut up and hand out. A link admits one
// participant; a second person opening it is told it was already used. The label is in
// the downloads (user_form: URLParams-label).
import { useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import * as api from '../api';
import { FileField, FormStatus, TextField } from '../fields';
import { errorMessage } from '../messages';
import { QrCode } from '../wizard/QrCode';
import { dateTime } from './model';
import { labelsLeftOut, parseLabels } from './reconcileModel';

type Load = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: api.StudyLabels };

const schema = Yup.object({
  labels: Yup.string()
    .trim()
    .required('Give at least one participant label, one per line.')
    .test('short', 'Keep each label to 64 characters or fewer.', (v) => parseLabels(v ?? '').every((l) => [...l].length <= 64)),
});

/** ClassroomLinks lists a classroom study's labelled links and adds labels (owner). */
export function ClassroomLinks({ study, base }: { study: api.StudyPageInfo; base: string }) {
  const id = study.experiment_id;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);

  useEffect(() => {
    api.studyLabels(id).then(
      (data) => setLoad(data.allowed ? { kind: 'ready', data } : { kind: 'hidden' }),
      (err) => {
        if (err instanceof api.ResearcherApiError && (err.status === 404 || err.status === 405)) setLoad({ kind: 'hidden' });
        else setLoad({ kind: 'failed', message: errorMessage(err) });
      },
    );
  }, [id]);

  if (load.kind === 'hidden' || load.kind === 'loading') return null;
  const absolute = (link: string) => new URL(link, base).toString();
  const labels = load.kind === 'ready' ? load.data.labels : [];
  const used = labels.filter((l) => l.used).length;

  const print = () => {
    document.body.classList.add('printing-labels');
    window.print();
    document.body.classList.remove('printing-labels');
  };

  return (
    <section className="panel classroom" aria-labelledby="classroom-title">
      <h2 id="classroom-title">Personal links for a class</h2>
      <p className="muted small">
        Give each participant a label (a name, a seat or a code) and hand out their own link. Each link admits one person; someone
        opening a used link is told so. Once the study has labels, only these links (and previews) admit participants. The label is
        in the downloads as URLParams-label.
      </p>
      {load.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          The links could not be loaded: {load.message}
        </p>
      )}
      {load.kind === 'ready' && load.data.can_manage && (
        <Formik<{ labels: string }>
          initialValues={{ labels: '' }}
          validationSchema={schema}
          onSubmit={async (values, { resetForm }) => {
            setNote(null);
            const had = labels.map((l) => l.label);
            const list = parseLabels(values.labels);
            const fresh = list.filter((l) => !had.includes(l));
            const leftOut = labelsLeftOut(values.labels, had);
            try {
              const data = await api.addStudyLabels(id, list);
              setLoad({ kind: 'ready', data });
              resetForm();
              const added = `${fresh.length} ${fresh.length === 1 ? 'label' : 'labels'} added${fresh.length > 0 ? '; each has its own link below' : ''}.`;
              // A repeated label is said, not silently dropped (issue 22): the researcher
              // may have meant two people.
              setNote({ tone: leftOut ? 'error' : 'success', text: leftOut ? `${added} ${leftOut}` : added });
            } catch (err) {
              setNote({ tone: 'error', text: errorMessage(err) });
            }
          }}
        >
          {({ isSubmitting, setFieldValue }) => (
            <Form noValidate className="classroom-form">
              <TextField name="labels" label="Participant labels" multiline={4} spellCheck={false} hint="One label per line. Labels already on the list keep their links." />
              <FileField
                label="Or pick a file of labels"
                accept=".csv,.txt,text/csv,text/plain"
                error={fileError}
                onFiles={(files) => {
                  setFileError(undefined);
                  if (!files[0]) return;
                  void files[0].text().then(
                    (t) => void setFieldValue('labels', t),
                    () => setFileError('The file could not be read.'),
                  );
                }}
              />
              <button type="submit" className="button" disabled={isSubmitting}>
                Add labels
              </button>
            </Form>
          )}
        </Formik>
      )}
      <FormStatus tone={note?.tone ?? 'info'} message={note?.text} />
      {labels.length > 0 && (
        <>
          <div className="actions">
            <p className="muted small">
              {labels.length} {labels.length === 1 ? 'link' : 'links'}, {used} used.
            </p>
            <button type="button" className="button button--small button--quiet" onClick={print}>
              Print the links
            </button>
          </div>
          <ul className="label-sheet" aria-label="Personal links">
            {labels.map((l) => (
              <li key={l.label} className="label-card" aria-label={`Link for ${l.label}`}>
                <QrCode text={absolute(l.link)} size={132} />
                <div>
                  <p className="label-card__name">{l.label}</p>
                  <p className="label-card__link">{absolute(l.link)}</p>
                  <p className="label-card__state small">{l.used ? `Used ${dateTime(l.used_at ?? null)}` : 'Not used yet'}</p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
