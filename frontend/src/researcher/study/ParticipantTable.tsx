// The participant table: one page of 50 fetched at a time from the participants endpoint
// (never the whole study, so it stays fast at 10,000 participants), filtered by condition,
// stage and a search; the page and the filters stay as they are when the page refreshes.
import { useEffect, useRef, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import * as Yup from 'yup';
import * as api from '../api';
import { Link } from '../../lib/router';
import { SelectField, TextField } from '../fields';
import { errorMessage } from '../messages';
import { TableRegion } from './Figures';
import { dateTime, firstPage, clampToTotal, pageOf, platformIds, STAGE_LABELS, stepPage, withFilter } from './model';

interface Filters {
  condition: string;
  stage: string;
  q: string;
}

const filterSchema = Yup.object({
  condition: Yup.string(),
  stage: Yup.string(),
  q: Yup.string().max(200, 'Search for at most 200 characters.'),
});

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'unavailable' } | { kind: 'ready'; total: number; rows: api.ParticipantRow[] };

/** ParticipantTable shows the study's participants a page at a time; tick changes on each refresh. */
export function ParticipantTable({ id, conditions, tick }: { id: string; conditions: number[]; tick: number }) {
  const [query, setQuery] = useState<api.ParticipantQuery>(firstPage);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const latest = useRef(0);

  useEffect(() => {
    const n = ++latest.current;
    const abort = new AbortController();
    api.participants(id, query, abort.signal).then(
      (page) => {
        if (n !== latest.current) return;
        // Stay on the same page unless the selection shrank under it.
        const clamped = clampToTotal(query, page.total);
        if (clamped !== query) setQuery(clamped);
        setLoad({ kind: 'ready', ...page });
      },
      (err) => {
        if (n !== latest.current || (err instanceof DOMException && err.name === 'AbortError')) return;
        if (err instanceof api.ResearcherApiError && (err.status === 404 || err.status === 405)) setLoad({ kind: 'unavailable' });
        // A failed refresh keeps the rows already shown; only a first load shows the failure.
        else setLoad((old) => (old.kind === 'ready' ? old : { kind: 'failed', message: errorMessage(err) }));
      },
    );
    return () => abort.abort();
  }, [id, query, tick]);

  const at = load.kind === 'ready' ? pageOf(query, load.total, load.rows.length) : null;
  return (
    <section className="panel" aria-labelledby="participants-title">
      <h2 id="participants-title">Participants</h2>
      <Formik<Filters> initialValues={{ condition: '', stage: '', q: '' }} validationSchema={filterSchema} onSubmit={() => undefined}>
        <Form noValidate className="filters" role="search" aria-label="Filter participants">
          <SelectField
            name="condition"
            label="Condition"
            options={[{ value: '', label: 'All conditions' }, ...conditions.map((c) => ({ value: String(c), label: `Condition ${c}` }))]}
          />
          <SelectField
            name="stage"
            label="Stage"
            options={[
              { value: '', label: 'All stages' },
              ...Object.entries(STAGE_LABELS).map(([value, label]) => ({ value, label })),
              { value: 'dropped', label: 'Dropped' },
            ]}
          />
          <TextField name="q" type="search" label="Search" hint="The start of a user_id or of a platform id (PROLIFIC_PID, workerId…)." />
          <ApplyFilters onChange={(f) => setQuery((q) => withFilter(q, { condition: Number(f.condition) || 0, stage: f.stage as api.ParticipantQuery['stage'], q: f.q }))} />
        </Form>
      </Formik>
      {load.kind === 'loading' && <p role="status">Loading participants…</p>}
      {load.kind === 'unavailable' && <p className="notice">This feedlab cannot list participants yet (its server has no participants call).</p>}
      {load.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          The participants could not be loaded: {load.message}
        </p>
      )}
      {load.kind === 'ready' && (
        <>
          {load.rows.length === 0 ? (
            <p>{query.condition || query.stage || query.q ? 'No participant matches these filters.' : 'No participants yet.'}</p>
          ) : (
            <TableRegion label="Participants, scrollable">
              <table className="data-table participants">
                <caption className="visually-hidden">Participants {at?.text}</caption>
                <thead>
                  <tr>
                    {/* Condition and stage first: on a phone they are what fits beside the id. */}
                    <th scope="col">user_id</th>
                    <th scope="col">Condition</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Platform ids</th>
                    <th scope="col">Started</th>
                    <th scope="col">Last seen</th>
                    <th scope="col">Completion code</th>
                  </tr>
                </thead>
                <tbody>
                  {load.rows.map((p) => (
                    <tr key={p.user_id}>
                      <th scope="row">
                        <Link href={`/studies/${encodeURIComponent(id)}/participants/${encodeURIComponent(p.user_id)}`}>
                          <code>{p.user_id}</code>
                        </Link>
                      </th>
                      <td>{p.condition}</td>
                      <td>
                        {STAGE_LABELS[p.stage] ?? p.stage}
                        {p.dropped && <span className="tag tag--warn">dropped</span>}
                        {p.excluded && <span className="tag tag--warn">excluded</span>}
                      </td>
                      <td>{platformIds(p.platform_ids)}</td>
                      <td>{dateTime(p.started_at)}</td>
                      <td>{dateTime(p.last_seen_at)}</td>
                      <td>{p.completion_code || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <nav className="pager" aria-label="Participant pages">
            <button type="button" className="button button--small button--quiet" disabled={!at?.prev} onClick={() => setQuery((q) => stepPage(q, -1, load.total))}>
              Previous page
            </button>
            <span className="pager__where">{at?.text}</span>
            <button type="button" className="button button--small button--quiet" disabled={!at?.next} onClick={() => setQuery((q) => stepPage(q, 1, load.total))}>
              Next page
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

/** ApplyFilters applies the filters as they change: the selects at once, the search after a pause in typing. */
function ApplyFilters({ onChange }: { onChange(f: Filters): void }) {
  const { values, isValid } = useFormikContext<Filters>();
  const first = useRef(true);
  const apply = useRef(onChange);
  apply.current = onChange;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!isValid) return;
    const t = setTimeout(() => apply.current(values), 300);
    return () => clearTimeout(t);
  }, [values.condition, values.stage, values.q, isValid]);
  return null;
}
