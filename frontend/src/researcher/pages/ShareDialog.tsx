import { useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import * as api from '../api';
import { Dialog } from '../Dialog';
import { FormStatus, SelectField } from '../fields';
import { errorMessage } from '../messages';

interface ShareDialogProps {
  study: api.StudySummary;
  me: string;
  onChange(sharedWith: string[]): void;
  onClose(): void;
}

const schema = Yup.object({ name: Yup.string().required('Pick a researcher.') });

/** everyoneSharedText says who sees a study shared with every other researcher account:
 * those accounts, counted and named, and no one else (a study is never public). */
export function everyoneSharedText(names: string[]): string {
  const who =
    names.length === 1
      ? `The only other researcher account on this appliance, ${names[0]}, already sees this study.`
      : `All ${names.length} other researcher accounts on this appliance (${names.join(', ')}) already see this study.`;
  return `${who} No one else does: participants and visitors never see a study's page or data.`;
}

/** ShareDialog lets a study's owner add and remove the researchers who may see it. */
export function ShareDialog({ study, me, onChange, onClose }: ShareDialogProps) {
  const [researchers, setResearchers] = useState<string[] | null>(null);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const list = study.shared_with;

  useEffect(() => {
    api
      .listResearchers()
      .then((rs) => setResearchers(rs.map((r) => r.name)))
      .catch((err) => {
        setResearchers([]);
        setStatus({ tone: 'error', text: `The researchers could not be listed: ${errorMessage(err)}` });
      });
  }, []);

  const candidates = (researchers ?? []).filter((n) => n !== me && !list.includes(n));

  const remove = async (name: string) => {
    setStatus(null);
    try {
      onChange(await api.unshareStudy(study.experiment_id, name));
      setStatus({ tone: 'success', text: `${name} no longer sees this study.` });
    } catch (err) {
      setStatus({ tone: 'error', text: errorMessage(err) });
    }
  };

  return (
    <Dialog title="Share study" onClose={onClose} className="dialog--share">
      <p className="dialog__subject">
        {study.title && <strong>{study.title}</strong>} <code>{study.experiment_id}</code>
      </p>
      <p className="muted">
        Researchers you share with see this study in their list and can download its parameters and data. Only you can share it.
      </p>
      <h3 id="collaborators-title">Shared with</h3>
      {list.length === 0 ? (
        <p>Nobody yet.</p>
      ) : (
        <ul className="collaborators" aria-labelledby="collaborators-title">
          {list.map((name) => (
            <li key={name}>
              <span>{name}</span>
              <button type="button" className="button button--small button--quiet" aria-label={`Remove ${name}`} onClick={() => void remove(name)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {researchers === null ? (
        <p role="status">Loading researchers…</p>
      ) : candidates.length === 0 ? (
        <p className="muted">
          {list.length > 0 ? everyoneSharedText(list) : 'There is no other researcher account on this appliance yet.'}{' '}
          Add one with <code>feedlab researcher add NAME</code>.
        </p>
      ) : (
        <Formik
          initialValues={{ name: '' }}
          validationSchema={schema}
          onSubmit={async (values, { resetForm }) => {
            setStatus(null);
            try {
              onChange(await api.shareStudy(study.experiment_id, values.name));
              setStatus({ tone: 'success', text: `${values.name} now sees this study.` });
              resetForm();
            } catch (err) {
              setStatus({ tone: 'error', text: errorMessage(err) });
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="share-form">
              <SelectField
                name="name"
                label="Researcher"
                options={[{ value: '', label: 'Choose a researcher…' }, ...candidates.map((n) => ({ value: n, label: n }))]}
              />
              <button type="submit" className="button" disabled={isSubmitting}>
                Add
              </button>
            </Form>
          )}
        </Formik>
      )}
      <FormStatus tone={status?.tone ?? 'info'} message={status?.text} />
      <div className="actions actions--end">
        <button type="button" className="button button--quiet" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
