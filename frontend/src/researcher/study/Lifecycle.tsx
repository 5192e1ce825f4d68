// A study's life on its page (issue 22): its status, Launch for a draft, Pause / Close /
// Reopen for a launched study (Pause and Close ask first, each explained in one sentence),
// and Archive / Restore / Delete, for those who may (the owner, or anyone for a study with
// no owner). Deleting a launched study asks for its id typed.
import { useState } from 'react';
import { Link, navigate } from '../../lib/router';
import * as api from '../api';
import { Dialog } from '../Dialog';
import { FormStatus } from '../fields';
import { errorMessage } from '../messages';
import { deleteNeedsId, PAUSE_VS_CLOSE, STATUS_TEXT, statusActions, type StatusAction } from './model';

interface LifecycleProps {
  id: string;
  status: api.StudyStatus;
  canManage: boolean;
  onChanged(status: api.StudyStatus): void;
}

type Asking = { kind: 'status'; action: StatusAction } | { kind: 'launch' } | { kind: 'delete' };

/** Lifecycle shows the status and, to those who can manage the study, the steps it allows. */
export function Lifecycle({ id, status, canManage, onChanged }: LifecycleProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  // The wizard's Save draft comes back here with ?saved=1.
  const [note, setNote] = useState<{ tone: 'error' | 'success'; text: string } | null>(() =>
    new URLSearchParams(window.location.search).get('saved') ? { tone: 'success', text: "The draft's parameters are saved." } : null,
  );
  const text = STATUS_TEXT[status] ?? STATUS_TEXT.open;

  const run = async (step: () => Promise<api.StudyStatus>, said: (now: api.StudyStatus) => string) => {
    setAsking(null);
    setBusy(true);
    setNote(null);
    try {
      const now = await step();
      onChanged(now);
      setNote({ tone: 'success', text: said(now) });
    } catch (err) {
      setNote({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const nowIs = (now: api.StudyStatus) => `The study is now ${STATUS_TEXT[now]?.label.toLowerCase() ?? now}.`;
  const apply = (action: StatusAction) => run(() => api.setStudyStatus(id, action.to), nowIs);
  const actions = statusActions(status);

  const remove = async (confirmId: string) => {
    setBusy(true);
    setNote(null);
    try {
      await api.deleteStudy(id, confirmId);
      navigate(`/studies?deleted=${encodeURIComponent(id)}`);
    } catch (err) {
      setAsking(null);
      setNote({ tone: 'error', text: errorMessage(err) });
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
        <>
          <div className="actions">
            {status === 'draft' && (
              <>
                <button type="button" className="button button--small" disabled={busy} onClick={() => setAsking({ kind: 'launch' })}>
                  Launch
                </button>
                <Link className="button button--small button--quiet" href={`/create-study?edit=${encodeURIComponent(id)}`}>
                  Edit in the wizard
                </Link>
              </>
            )}
            {actions.map((a) => (
              <button
                key={a.label}
                type="button"
                className={`button button--small${a.label === 'Close' ? ' button--quiet' : ''}`}
                disabled={busy}
                onClick={() => (a.confirm ? setAsking({ kind: 'status', action: a }) : void apply(a))}
              >
                {a.label}
              </button>
            ))}
            {status === 'archived' ? (
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                onClick={() => void run(() => api.restoreStudy(id), (now) => `The study is restored: ${STATUS_TEXT[now]?.label.toLowerCase() ?? now} again.`)}
              >
                Restore
              </button>
            ) : (
              <button
                type="button"
                className="button button--small button--quiet"
                disabled={busy}
                onClick={() => void run(() => api.archiveStudy(id), () => 'The study is archived: hidden from My studies (tick Show archived to see it) and accepting no one.')}
              >
                Archive
              </button>
            )}
            <button type="button" className="button button--small button--quiet button--danger" disabled={busy} onClick={() => setAsking({ kind: 'delete' })}>
              Delete
            </button>
          </div>
          {actions.some((a) => a.label === 'Pause' || a.label === 'Close') && (
            <ul className="lifecycle__explain muted small">
              <li>{PAUSE_VS_CLOSE.pause}</li>
              <li>{PAUSE_VS_CLOSE.close}</li>
            </ul>
          )}
        </>
      ) : (
        <p className="muted small">Only the study's owner can launch, pause, close, reopen, archive or delete it.</p>
      )}
      <FormStatus tone={note?.tone ?? 'info'} message={note?.text} />
      {asking?.kind === 'launch' && (
        <Dialog title="Launch this study?" onClose={() => setAsking(null)}>
          <p>After launch, participants can join and the design is locked: only texts can still be edited.</p>
          <div className="actions actions--end">
            <button type="button" className="button button--quiet" onClick={() => setAsking(null)}>
              Keep it a draft
            </button>
            <button type="button" className="button" onClick={() => void run(() => api.launchStudy(id), () => 'The study is launched: participants can join.')}>
              Launch study
            </button>
          </div>
        </Dialog>
      )}
      {asking?.kind === 'status' && (
        <StatusDialog action={asking.action} onCancel={() => setAsking(null)} onConfirm={() => void apply(asking.action)} />
      )}
      {asking?.kind === 'delete' && (
        <DeleteDialog id={id} status={status} busy={busy} onCancel={() => setAsking(null)} onConfirm={(typed) => void remove(typed)} />
      )}
    </div>
  );
}

function StatusDialog({ action, onCancel, onConfirm }: { action: StatusAction; onCancel(): void; onConfirm(): void }) {
  const pause = action.label === 'Pause';
  return (
    <Dialog title={pause ? 'Pause this study?' : 'Close this study?'} onClose={onCancel}>
      <p>
        {pause
          ? 'New participants will see "This study is not accepting participants right now" until you reopen it. Those already in the study can still finish.'
          : 'New participants will see that the study is closed. Those already in the study can still finish. You can reopen it later.'}
      </p>
      <div className="actions actions--end">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Keep it open
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {pause ? 'Pause study' : 'Close study'}
        </button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({
  id,
  status,
  busy,
  onCancel,
  onConfirm,
}: {
  id: string;
  status: api.StudyStatus;
  busy: boolean;
  onCancel(): void;
  onConfirm(typed: string): void;
}) {
  const [typed, setTyped] = useState('');
  const needsId = deleteNeedsId(status);
  return (
    <Dialog title={needsId ? 'Delete this study and all its data?' : 'Delete this draft?'} onClose={onCancel}>
      {needsId ? (
        <>
          <p>
            The study, its participants, their events and answers, and its audit log are removed for good; a record of who deleted
            it and when is kept. Download its data first if you need them. Archive keeps the data instead.
          </p>
          <div className="field">
            <label htmlFor="delete-confirm-id">
              Type the study's id, <code>{id}</code>, to confirm
            </label>
            <input id="delete-confirm-id" autoComplete="off" spellcheck={false} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          </div>
        </>
      ) : (
        <p>The draft has no participants; it is removed and its stimulus sets are no longer used by it.</p>
      )}
      <div className="actions actions--end">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Keep it
        </button>
        <button type="button" className="button button--danger" disabled={busy || (needsId && typed.trim() !== id)} onClick={() => onConfirm(needsId ? typed.trim() : '')}>
          {needsId ? 'Delete study' : 'Delete draft'}
        </button>
      </div>
    </Dialog>
  );
}
