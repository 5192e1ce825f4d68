// The stimulus library (/sets; issue 9 item 3): every set of the lab, newest first, with
// its category, cards, who uploaded it, when, and which studies use it; searchable.
import { useEffect, useState } from 'react';
import { Formik } from 'formik';
import * as Yup from 'yup';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { listSets, type LibrarySet } from '../api';
import { FormStatus, TextField } from '../fields';
import { errorMessage } from '../messages';
import { matchesSearch, othersText, uploadedByText, whenText } from './model';
import './library.css';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; sets: LibrarySet[] };

const searchSchema = Yup.object({ q: Yup.string().max(200, 'Search for at most 200 characters.') });

/** LibraryPage is the page at /sets. */
export function LibraryPage(_: PageProps) {
  useTitle('Stimulus library');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    listSets().then(
      (sets) => setLoad({ kind: 'ready', sets }),
      (err) => setLoad({ kind: 'failed', message: errorMessage(err) }),
    );
  }, []);
  return (
    <div className="library">
      <h1>Stimulus library</h1>
      <p className="muted">
        The lab's stimulus sets, newest first. Open a set to see its cards as participants will. Hidden sets stay here but are not offered
        when creating a study.
      </p>
      <p className="library__add">
        <Link href="/upload" className="button button--quiet button--small">
          Upload stimuli
        </Link>
        <Link href="/upload-hosted" className="button button--quiet button--small">
          Upload stimuli with media
        </Link>
      </p>
      {load.kind === 'loading' && <p className="muted">Loading the library…</p>}
      {load.kind === 'failed' && <FormStatus tone="error">{load.message}</FormStatus>}
      {load.kind === 'ready' && (
        <Formik initialValues={{ q: '' }} validationSchema={searchSchema} onSubmit={() => undefined}>
          {({ values }) => {
            const shown = load.sets.filter((s) => matchesSearch(s, values.q));
            return (
              <form role="search" onSubmit={(e) => e.preventDefault()}>
                <TextField name="q" label="Search sets" type="search" autoComplete="off" hint="By name, category, uploader or study id." />
                <p className="muted small" aria-live="polite">
                  {shown.length === load.sets.length
                    ? `${load.sets.length} set${load.sets.length === 1 ? '' : 's'}`
                    : `${shown.length} of ${load.sets.length} sets match`}
                </p>
                <ul className="library__list" aria-label="Stimulus sets">
                  {shown.map((s) => (
                    <SetRow key={s.entity_set} set={s} />
                  ))}
                </ul>
              </form>
            );
          }}
        </Formik>
      )}
    </div>
  );
}

function SetRow({ set }: { set: LibrarySet }) {
  return (
    <li className="library__row">
      <div className="library__name">
        <Link href={`/sets/${encodeURIComponent(set.entity_set)}`}>{set.entity_set}</Link>
        {set.hidden && <span className="library__badge">Hidden from the wizard</span>}
      </div>
      <dl className="library__facts">
        <div>
          <dt>Category</dt>
          <dd>{set.entity_category}</dd>
        </div>
        <div>
          <dt>Cards</dt>
          <dd>{set.num_entities}</dd>
        </div>
        <div>
          <dt>Uploaded by</dt>
          <dd>{uploadedByText(set)}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>{whenText(set.created_at)}</dd>
        </div>
        <div className="library__used">
          <dt>Used by</dt>
          <dd>
            {set.used_by.length === 0 && set.used_by_others === 0 && <span className="muted">no study</span>}
            {set.used_by.map((id, i) => (
              <span key={id}>
                {i > 0 && ', '}
                <Link href={`/studies/${encodeURIComponent(id)}`}>{id}</Link>
              </span>
            ))}
            {set.used_by_others > 0 && `${set.used_by.length > 0 ? ' and ' : ''}${othersText(set.used_by_others)}`}
          </dd>
        </div>
      </dl>
    </li>
  );
}
