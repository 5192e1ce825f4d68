import { useCallback, useEffect, useState } from 'react';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import * as api from '../api';
import { useAuth } from '../auth';
import { FormStatus } from '../fields';
import { participantLink } from '../links';
import { errorMessage } from '../messages';
import { ShareDialog } from './ShareDialog';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; studies: api.StudySummary[] };

/** Note is the outcome of the last action on one study, shown (and announced) on its card. */
interface Note {
  id: string;
  tone: 'success' | 'error' | 'info';
  text: string;
  /** link is a participant link the browser would not copy: shown for copying by hand. */
  link?: string;
}

/** StudiesPage is My studies, a researcher's home: every study they may see, newest first. */
/** STATUS_LABELS name each status on the study cards. */
const STATUS_LABELS: Record<api.StudyStatus, string> = { draft: 'Draft', open: 'Open', paused: 'Paused', closed: 'Closed', archived: 'Archived' };

export function StudiesPage(_: PageProps) {
  useTitle('My studies');
  const { researcher } = useAuth();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [base, setBase] = useState<string>(`${window.location.origin}/`);
  const [note, setNote] = useState<Note | null>(null);
  const [sharing, setSharing] = useState<api.StudySummary | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  // A study just deleted on its page comes back here with its id, to say it is gone.
  const deleted = new URLSearchParams(window.location.search).get('deleted');

  const reload = useCallback(async () => {
    try {
      setLoad({ kind: 'ready', studies: await api.listStudies() });
    } catch (err) {
      setLoad({ kind: 'failed', message: errorMessage(err) });
    }
  }, []);

  useEffect(() => {
    void reload();
    // The address participants use: the first one serve prints (the page's own origin
    // until the server says, or when it cannot).
    api
      .capabilities()
      .then((c) => c.participant_urls?.[0] && setBase(c.participant_urls[0]))
      .catch(() => undefined);
  }, [reload]);

  const copyLink = async (study: api.StudySummary) => {
    setNote({ id: study.experiment_id, tone: 'info', text: 'Making the link…' });
    let platform = study.platform;
    try {
      if (platform === undefined) platform = platformOf(await api.getStudy(study.experiment_id));
    } catch (err) {
      setNote({ id: study.experiment_id, tone: 'error', text: `The link could not be made: ${errorMessage(err)}` });
      return;
    }
    const link = participantLink(base, study.experiment_id, platform);
    if (await copyText(link)) {
      setNote({ id: study.experiment_id, tone: 'success', text: `Participant link copied: ${link}` });
    } else {
      setNote({ id: study.experiment_id, tone: 'info', text: 'The browser did not let the page copy. Copy the link here:', link });
    }
  };

  const download = async (study: api.StudySummary) => {
    const filename = `${study.experiment_id}_experiment_parameters.csv`;
    setNote({ id: study.experiment_id, tone: 'info', text: 'Downloading the parameters…' });
    try {
      const result = await api.downloadFile(api.parametersUrl(study.experiment_id), undefined, filename);
      setNote(
        result === 'saved'
          ? { id: study.experiment_id, tone: 'success', text: `Parameters saved as ${filename}.` }
          : null,
      );
    } catch (err) {
      setNote({ id: study.experiment_id, tone: 'error', text: `The parameters could not be downloaded: ${errorMessage(err)}` });
    }
  };

  const shared = (id: string, sharedWith: string[]) => {
    if (load.kind !== 'ready') return;
    setLoad({ kind: 'ready', studies: load.studies.map((s) => (s.experiment_id === id ? { ...s, shared_with: sharedWith } : s)) });
  };

  return (
    <section aria-labelledby="studies-title">
      <div className="page-title">
        <h1 id="studies-title">My studies</h1>
        <Link href="/create-study" className="button">
          Create study
        </Link>
      </div>
      {load.kind === 'loading' && <p role="status">Loading your studies…</p>}
      {load.kind === 'failed' && (
        <div className="notice notice--error" role="alert">
          <p>Your studies could not be loaded: {load.message}</p>
          <button type="button" className="button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {deleted && (
        <p className="notice" role="status">
          Study <code>{deleted}</code> was deleted with its data; a record of the deletion is kept.
        </p>
      )}
      {load.kind === 'ready' && load.studies.length === 0 && <NoStudies />}
      {load.kind === 'ready' && load.studies.length > 0 && (
        <>
          <p className="muted">
            {countText(load.studies, showArchived)} you can see, newest first: yours, those shared with you, and those created on
            the command line for every researcher.
          </p>
          <p>
            <label className="choice">
              <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} />
              Show archived
            </label>
          </p>
          <ul className="study-list" aria-label="Studies">
            {load.studies.filter((s) => showArchived || s.status !== 'archived').map((study) => (
              <StudyCard
                key={study.experiment_id}
                study={study}
                me={researcher?.name ?? ''}
                note={note?.id === study.experiment_id ? note : null}
                onCopy={() => void copyLink(study)}
                onDownload={() => void download(study)}
                onShare={() => setSharing(study)}
              />
            ))}
          </ul>
        </>
      )}
      {sharing && (
        <ShareDialog
          study={sharing}
          me={researcher?.name ?? ''}
          onChange={(list) => {
            shared(sharing.experiment_id, list);
            setSharing({ ...sharing, shared_with: list });
          }}
          onClose={() => setSharing(null)}
        />
      )}
    </section>
  );
}

function NoStudies() {
  return (
    <div className="notice">
      <h2>No studies yet</h2>
      <p>
        A study is a set of conditions (feed, cards, questionnaires, recruitment platform) that participants are assigned to.
        Create your first one with the wizard:
      </p>
      <p>
        <Link href="/create-study" className="button">
          Create study
        </Link>
      </p>
      <p className="muted">
        Or, on the machine that runs feedlab, from a parameters file: <code>feedlab study create --from params.csv</code>.
      </p>
    </div>
  );
}

interface StudyCardProps {
  study: api.StudySummary;
  me: string;
  note: Note | null;
  onCopy(): void;
  onDownload(): void;
  onShare(): void;
}

function StudyCard({ study, me, note, onCopy, onDownload, onShare }: StudyCardProps) {
  const titleId = `study-${study.experiment_id}`;
  const created = new Date(study.created_at);
  return (
    <li>
      <article className="study" aria-labelledby={titleId}>
      <h2 id={titleId} className="study__title">
        <Link href={`/studies/${encodeURIComponent(study.experiment_id)}`} className="study__link">
          {study.title || 'Untitled study'}
        </Link>
        <span className="study__id">
          <span className="visually-hidden">, experiment id </span>
          <code>{study.experiment_id}</code>
        </span>
      </h2>
      <dl className="study__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${study.status ?? 'open'}`}>{STATUS_LABELS[study.status ?? 'open'] ?? study.status}</span>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={created.toISOString()}>{formatDate(created)}</time>
          </dd>
        </div>
        <div>
          <dt>Conditions</dt>
          <dd>{study.n_conditions}</dd>
        </div>
        <div>
          <dt>Arrived</dt>
          <dd>{study.arrived}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{study.completed}</dd>
        </div>
        <div className="study__access">
          <dt>Access</dt>
          <dd>{accessText(study, me)}</dd>
        </div>
      </dl>
      <div className="study__actions">
        <button type="button" className="button button--small button--wide" onClick={onCopy}>
          Copy participant link
        </button>
        <button type="button" className="button button--small button--quiet button--wide" onClick={onDownload}>
          Download parameters
        </button>
        <a className="button button--small button--quiet" href={`/create-study?from=${encodeURIComponent(study.experiment_id)}`}>
          Duplicate
        </a>
        <Link className="button button--small button--quiet" href={`/download?study=${encodeURIComponent(study.experiment_id)}`}>
          Download data
        </Link>
        {study.access === 'owner' && (
          <button type="button" className="button button--small button--quiet" onClick={onShare}>
            Share
          </button>
        )}
      </div>
      <FormStatus tone={note?.tone ?? 'info'}>
        {note && (
          <>
            {note.text}
            {note.link && (
              <input
                className="copy-by-hand"
                readOnly
                value={note.link}
                aria-label="Participant link"
                onFocus={(e) => e.currentTarget.select()}
              />
            )}
          </>
        )}
      </FormStatus>
      </article>
    </li>
  );
}

/** countText says how many studies are listed, and how many archived ones are hidden. */
function countText(studies: api.StudySummary[], showArchived: boolean): string {
  const archived = studies.filter((s) => s.status === 'archived').length;
  const shown = showArchived ? studies.length : studies.length - archived;
  const n = shown === 1 ? 'One study' : `${shown} studies`;
  if (showArchived || archived === 0) return n;
  return `${n} (and ${archived} archived, hidden)`;
}

function accessText(study: api.StudySummary, me: string): string {
  switch (study.access) {
    case 'owner':
      return study.shared_with.length > 0 ? `Yours, shared with ${study.shared_with.join(', ')}` : 'Yours';
    case 'shared':
      return `Shared with you by ${study.owner || 'its owner'}`;
    default:
      if (study.builtin) return 'Built-in demo, every researcher';
      return study.owner && study.owner !== me ? `${study.owner}` : 'Every researcher (created on the command line)';
  }
}

function formatDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return 'unknown';
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** platformOf reads the study's recruitment platform from condition 1's rows ('' for none). */
function platformOf(study: api.StudyDetail): string {
  const row = study.rows?.find((r) => r.param === 'platform' && r.condition === 1) ?? study.rows?.find((r) => r.param === 'platform');
  return row?.value ?? study.platform ?? '';
}

/** copyText puts text on the clipboard: the Clipboard API where the page may use it (a
 * secure context: localhost or https), else the older copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the copy command
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}
