// Open, pause, close: the study's status and the buttons that change it, for those who may
// (the owner, or anyone for a study with no owner). Close asks first.
import { useState } from 'react';
import * as api from '../api';
import { Dialog } from '../Dialog';
import { FormStatus } from '../fields';
import { errorMessage } from '../messages';
import { STATUS_TEXT, statusActions, type StatusAction } from './model';

interface LifecycleProps {
  id: string;
  status: api.StudyStatus;
  canManage: boolean;
  onChanged(status: api.StudyStatus): void;
}

/** Lifecycle shows the status and, to those who can manage the study, Pause, Close and Reopen. */
export function Lifecycle({ id, status, canManage, onChanged }: LifecycleProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const text = STATUS_TEXT[status] ?? STATUS_TEXT.open;

  const apply = async (action: StatusAction) => {
    setAsking(null);
    setBusy(true);
    setNote(null);
    try {
      const now = await api.setStudyStatus(id, action.to);
      onChanged(now);
      setNote({ tone: 'success', text: `The study is now ${STATUS_TEXT[now]?.label.toLowerCase() ?? now}.` });
    } catch (err) {
      setNote({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lifecycle">
      <p className="lifecycle__status">
        <span className={`status-badge status-badge--${status}`}>{text.label}</span>
        <span className="muted small">{text.help}</span>
      </p>
      {canManage ? (
        <div className="actions">
          {statusActions(status).map((a) => (
            <button
              key={a.label}
              type="button"
              className={`button button--small${a.label === 'Close' ? ' button--quiet' : ''}`}
              disabled={busy}
              onClick={() => (a.confirm ? setAsking(a) : void apply(a))}
            >
              {a.label}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted small">Only the study's owner can pause, close or reopen it.</p>
      )}
      <FormStatus tone={note?.tone ?? 'info'} message={note?.text} />
      {asking && (
        <Dialog title="Close this study?" onClose={() => setAsking(null)}>
          <p>
            New participants will see "This study is not accepting participants right now". Those already in the study can still
            finish. You can reopen it later.
          </p>
          <div className="actions actions--end">
            <button type="button" className="button button--quiet" onClick={() => setAsking(null)}>
              Keep it open
            </button>
            <button type="button" className="button" onClick={() => void apply(asking)}>
              Close study
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
