// Texts that can be corrected while the study runs (consent, instructions, messages):
// each save is a new version, recorded with its time and author, and participants who
// arrive afterwards get it (their study_version in the exports says which they saw).
// A change the server counts as a design change is refused (409 design_locked): the way
// out is to duplicate the study.
import { useEffect, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import * as Yup from 'yup';
import * as api from '../api';
import { FormStatus, MarkdownField, SelectField, TextField } from '../fields';
import { errorMessage } from '../messages';
import { TableRegion } from './Figures';
import { dateTime, duplicateHref, latestVersions, textLabel } from './model';

interface TextValues {
  condition: string;
  param: string;
  value: string;
}

const schema = Yup.object({
  condition: Yup.string().required('Pick a condition.'),
  param: Yup.string().required('Pick a text.'),
  value: Yup.string().max(20_000, 'Keep the text under 20,000 characters.'),
});

const MARKDOWN: readonly string[] = ['consent', 'instruct', 'custom-msg'];

type Load = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'failed'; message: string } | { kind: 'ready'; texts: api.StudyTexts };
type Note = { tone: 'error' | 'success'; text: string; locked?: boolean } | null;

/** TextsPanel edits the editable texts of a study and lists their versions. */
export function TextsPanel({ id, conditions, editable }: { id: string; conditions: number[]; editable: string[] }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [note, setNote] = useState<Note>(null);

  const reload = async () => {
    try {
      setLoad({ kind: 'ready', texts: await api.studyTexts(id) });
    } catch (err) {
      if (err instanceof api.ResearcherApiError && (err.status === 404 || err.status === 405)) setLoad({ kind: 'hidden' });
      else setLoad({ kind: 'failed', message: errorMessage(err) });
    }
  };
  useEffect(() => {
    void reload();
  }, [id]);

  if (load.kind === 'hidden' || editable.length === 0) return null;
  const stored = (condition: string, param: string) =>
    load.kind === 'ready' ? (load.texts.texts.find((t) => String(t.condition) === condition && t.param === param)?.value ?? '') : '';
  const first: TextValues = { condition: String(conditions[0] ?? 1), param: editable[0], value: stored(String(conditions[0] ?? 1), editable[0]) };

  return (
    <section className="panel" aria-labelledby="texts-title">
      <h2 id="texts-title">Participant texts</h2>
      <p className="muted small">
        Correct a text while the study runs. Participants who arrive after you save see the new version; the downloads say which
        version each participant saw. Conditions, stimulus sets and the feed algorithm cannot change once someone has arrived:{' '}
        <a href={duplicateHref(id)}>duplicate the study</a> for that.
      </p>
      {load.kind === 'loading' && <p role="status">Loading the texts…</p>}
      {load.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          The texts could not be loaded: {load.message}
        </p>
      )}
      {load.kind === 'ready' && (
        <>
          <Formik<TextValues>
            initialValues={first}
            validationSchema={schema}
            onSubmit={async (values) => {
              setNote(null);
              try {
                await api.saveStudyText(id, { condition: Number(values.condition), param: values.param, value: values.value });
                setNote({ tone: 'success', text: `${textLabel(values.param)} of condition ${values.condition} saved as a new version.` });
                await reload();
              } catch (err) {
                const locked = err instanceof api.ResearcherApiError && err.code === 'design_locked';
                setNote({ tone: 'error', text: errorMessage(err), locked });
              }
            }}
          >
            {({ values, isSubmitting }) => (
              <Form noValidate className="texts-form">
                <div className="texts-form__pick">
                  {conditions.length > 1 && (
                    <SelectField name="condition" label="Condition" options={conditions.map((c) => ({ value: String(c), label: `Condition ${c}` }))} />
                  )}
                  <SelectField name="param" label="Text" options={editable.map((p) => ({ value: p, label: textLabel(p) }))} />
                </div>
                <LoadStored stored={stored} />
                {MARKDOWN.includes(values.param) ? (
                  <MarkdownField
                    key={values.param}
                    name="value"
                    label={textLabel(values.param)}
                    field={values.param as api.MarkdownFieldName}
                    hint="Markdown. Preview shows it exactly as participants will see it."
                  />
                ) : (
                  <TextField name="value" label={textLabel(values.param)} multiline={4} />
                )}
                <button type="submit" className="button" disabled={isSubmitting || values.value === stored(values.condition, values.param)}>
                  Save new version
                </button>
              </Form>
            )}
          </Formik>
          <FormStatus tone={note?.tone ?? 'info'}>
            {note && (
              <>
                {note.text}
                {note.locked && (
                  <>
                    {' '}
                    <a href={duplicateHref(id)}>Duplicate this study</a> to change its design.
                  </>
                )}
              </>
            )}
          </FormStatus>
          <VersionHistory versions={load.texts.versions} />
        </>
      )}
    </section>
  );
}

/** LoadStored puts the stored text in the box whenever another condition or text is picked. */
function LoadStored({ stored }: { stored(condition: string, param: string): string }) {
  const { values, setFieldValue } = useFormikContext<TextValues>();
  const [picked, setPicked] = useState(`${values.condition}/${values.param}`);
  useEffect(() => {
    const now = `${values.condition}/${values.param}`;
    if (now === picked) return;
    setPicked(now);
    void setFieldValue('value', stored(values.condition, values.param), false);
  }, [values.condition, values.param]);
  return null;
}

function VersionHistory({ versions }: { versions: api.TextVersion[] }) {
  const list = latestVersions(versions);
  return (
    <>
      <h3 id="versions-title">Version history</h3>
      {list.length === 0 ? (
        <p className="muted">No text has been changed since the study was created (version 1).</p>
      ) : (
        <TableRegion label="Version history, scrollable">
          <table className="data-table" aria-labelledby="versions-title">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Changed</th>
                <th scope="col">By</th>
                <th scope="col">Condition</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {list.map((v) => (
                <tr key={`${v.version}-${v.condition}-${v.param}`}>
                  <th scope="row">{v.version}</th>
                  <td>{dateTime(v.changed_at)}</td>
                  <td>{v.changed_by || '—'}</td>
                  <td>{v.condition || 'all'}</td>
                  <td>{textLabel(v.param)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </>
  );
}
