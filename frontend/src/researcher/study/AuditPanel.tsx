// The study's audit log, for its owner: who created, shared, paused, edited or downloaded
// what, and when. A server without the audit call (404) shows nothing.
import { useEffect, useState } from 'react';
import * as api from '../api';
import { FormStatus } from '../fields';
import { errorMessage } from '../messages';
import { TableRegion } from './Figures';
import { dateTime } from './model';

type Load = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'failed'; message: string } | { kind: 'ready'; entries: api.AuditEntry[] };

/** AuditPanel lists the audit log's entries, newest first; tick refreshes it. */
export function AuditPanel({ id, tick }: { id: string; tick: number }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [csvError, setCsvError] = useState('');
  useEffect(() => {
    if (load.kind === 'hidden') return;
    const abort = new AbortController();
    api.studyAudit(id, abort.signal).then(
      (entries) => setLoad({ kind: 'ready', entries: [...entries].sort((a, b) => b.at - a.at) }),
      (err) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        if (err instanceof api.ResearcherApiError && [403, 404, 405].includes(err.status)) setLoad({ kind: 'hidden' });
        else setLoad((old) => (old.kind === 'ready' ? old : { kind: 'failed', message: errorMessage(err) }));
      },
    );
    return () => abort.abort();
    // Refresh every few ticks: the log changes rarely.
  }, [id, Math.floor(tick / 6)]);

  const saveCsv = async () => {
    setCsvError('');
    try {
      await api.downloadFile(api.auditCsvUrl(id), undefined, `${id}_audit.csv`);
    } catch (err) {
      setCsvError(`The audit log could not be downloaded: ${errorMessage(err)}`);
    }
  };

  if (load.kind === 'hidden' || load.kind === 'loading') return null;
  return (
    <section className="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <p className="muted small">What was done to this study and by whom, newest first. Only you, its owner, see this.</p>
      <p>
        <button type="button" className="button button--small button--quiet" onClick={() => void saveCsv()}>
          Download the audit log (CSV)
        </button>
      </p>
      <FormStatus tone="error" message={csvError} />
      {load.kind === 'failed' && <p className="notice notice--error">The audit log could not be loaded: {load.message}</p>}
      {load.kind === 'ready' &&
        (load.entries.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <TableRegion label="Audit log, scrollable">
            <table className="data-table" aria-labelledby="audit-title">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Researcher</th>
                  <th scope="col">Action</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {load.entries.slice(0, 100).map((e, i) => (
                  <tr key={`${e.at}-${i}`}>
                    <td>{dateTime(e.at)}</td>
                    <td>{e.researcher || '—'}</td>
                    <td>{e.action}</td>
                    <td>{e.detail || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ))}
    </section>
  );
}
