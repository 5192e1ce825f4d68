// Upload stimuli with their media (/upload-hosted; spec §2, §5 "Upload"; issue 9 item 2):
// the upload form plus the images and videos themselves, picked as files or a folder or
// dropped onto the page. Each row's filename is matched to a file and what does not fit is
// listed before anything is sent; the files go to this appliance (no outside calls)
// with per-file and overall progress, a failed file is retried, and Submit again resumes
// without sending stored files twice. The set is made only once every file is stored.
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { Formik, Form, useFormikContext } from 'formik';
import { ingestHostedSet } from '../api';
import { FileField, Section } from '../fields';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { avatarFiles, ingestSettings, initialUpload, parsePasted, pasted, uploadSchema, type UploadValues } from './model';
import { CommentsFields, refusal, SetFields, StimuliFields, UploadOutcome, type Outcome } from './UploadPage';
import { canHash, failedUploadText, formatBytes, isSystemFile, matchWithAvatars, normalPath, problemLines, type Matching, type PickedFile } from './hosted';
import { sendFiles, type FileState } from './uploader';
import './upload.css';

const TITLE = 'Upload stimuli with media';


/** HostedUploadPage is the page at /upload-hosted. */
export function HostedUploadPage(_: PageProps) {
  useTitle(TITLE);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [ignored, setIgnored] = useState(0);
  const [states, setStates] = useState<Record<string, FileState>>({});
  // The uploader's own copy: it survives between runs, so a resume knows the hashes and
  // the stored names already found.
  const known = useRef(new Map<string, FileState>());
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const addFiles = (files: PickedFile[]) => {
    setOutcome(null);
    const keep = files.filter((f) => !isSystemFile(f.path));
    setIgnored((n) => n + files.length - keep.length);
    setPicked((prev) => {
      const byPath = new Map(prev.map((f) => [f.path, f]));
      for (const f of keep) {
        const old = byPath.get(f.path);
        // Another file under the same path: what was learnt about the old one is void.
        if (old && (old.file.size !== f.file.size || old.file.lastModified !== f.file.lastModified)) known.current.delete(f.path);
        byPath.set(f.path, f);
      }
      return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    });
  };
  const clearFiles = () => {
    setPicked([]);
    setIgnored(0);
    setStates({});
    known.current.clear();
    setOutcome(null);
  };

  const submit = async (values: UploadValues) => {
    setOutcome(null);
    const p = pasted(values.stimuli);
    const m = matchWithAvatars(p, avatarFiles(parsePasted(values.comments)), picked);
    const files = [...new Set([...m.files.values(), ...(m.avatars?.values() ?? [])])];
    const fresh: Record<string, FileState> = {};
    for (const f of files) {
      const prev = known.current.get(f.path);
      const state: FileState = prev?.name ? { ...prev } : { ...prev, path: f.path, size: f.file.size, sent: 0, status: 'waiting', message: undefined };
      known.current.set(f.path, state);
      fresh[f.path] = state;
    }
    setStates(fresh);
    try {
      const allStored = await sendFiles(files, known.current, (path, patch) =>
        setStates((prev) => ({ ...prev, [path]: { ...prev[path], ...patch } })),
      );
      if (!allStored) {
        const failed = failedUploadText(files.map((f) => known.current.get(f.path) ?? { path: f.path }));
        setOutcome({ kind: 'failed', message: failed.text });
        return;
      }
      const media: Record<string, string> = {};
      for (const [filename, f] of m.files) media[filename] = known.current.get(f.path)!.name!;
      const settings: Parameters<typeof ingestHostedSet>[0] = { ...ingestSettings(values, p), media };
      if (m.avatars && m.avatars.size > 0) {
        settings.comment_avatars = {};
        for (const [avatar, f] of m.avatars) settings.comment_avatars[avatar] = known.current.get(f.path)!.name!;
      }
      const stored = await ingestHostedSet(settings);
      setOutcome({ kind: 'success', name: stored.entity_set, count: stored.num_entities, comments: stored.num_comments });
    } catch (err) {
      setOutcome(refusal(err, p));
    }
  };

  return (
    <div className="upload">
      <h1>{TITLE}</h1>
      <p className="muted">
        Add a stimulus set together with its images and videos. The files are stored on this appliance and shown to participants from
        here. Paste the table of cards, then choose the files or their folder: each row's <code>filename</code> names one file.
      </p>
      <Formik initialValues={initialUpload} validationSchema={uploadSchema} validateOnMount onSubmit={submit}>
        <HostedForm
          picked={picked}
          ignored={ignored}
          states={states}
          outcome={outcome}
          onFiles={addFiles}
          onClear={clearFiles}
          onDropUnused={(unused) => setPicked((prev) => prev.filter((f) => !unused.includes(f.path)))}
        />
      </Formik>
    </div>
  );
}

interface HostedFormProps {
  picked: PickedFile[];
  ignored: number;
  states: Record<string, FileState>;
  outcome: Outcome | null;
  onFiles(files: PickedFile[]): void;
  onClear(): void;
  onDropUnused(paths: string[]): void;
}

function HostedForm({ picked, ignored, states, outcome, onFiles, onClear, onDropUnused }: HostedFormProps) {
  const { values, isValid, isSubmitting } = useFormikContext<UploadValues>();
  const p = pasted(values.stimuli);
  // The comments keep their own parse: pasted() remembers only the stimuli's.
  const avatars = useMemo(() => avatarFiles(parsePasted(values.comments)), [values.comments]);
  const m = useMemo(() => matchWithAvatars(p, avatars, picked), [p, avatars, picked]);
  const problems = problemLines(m, picked.length);
  const filesReady = picked.length > 0 && p.rows.length > 0 && problems.length === 0;
  const started = Object.keys(states).length > 0;
  // Resume only helps files that failed on the way, not a file refused for what it is.
  const resumable = outcome?.kind === 'failed' && started && failedUploadText(Object.values(states)).resumable;
  return (
    <Form noValidate>
      <SetFields />
      <StimuliFields p={p} hint=" Each row's filename names one of the media files below." />
      <CommentsFields hint=" An avatar that is a file name names one of the media files below." />
      <Section title="Media files">
        <MediaPicker picked={picked} ignored={ignored} onFiles={onFiles} onClear={onClear} disabled={isSubmitting} />
        <FileMatch p={p.rows.length} m={m} picked={picked.length} problems={problems} onDropUnused={onDropUnused} disabled={isSubmitting} />
      </Section>
      <div className="actions">
        <button type="submit" className="button" disabled={!isValid || !filesReady || isSubmitting}>
          {isSubmitting ? 'Uploading…' : resumable ? 'Resume upload' : 'Submit'}
        </button>
        {(!isValid || !filesReady) && !isSubmitting && (
          <span className="muted small">Submit is available once the set, the stimuli and a file for every row are complete.</span>
        )}
      </div>
      {started && <Progress states={states} />}
      <UploadOutcome outcome={outcome} />
      {outcome?.kind === 'success' && (
        <p className="hosted__next">
          <Link href={`/sets/${encodeURIComponent(outcome.name)}`} className="button button--quiet">
            See the cards of {outcome.name}
          </Link>
          <Link href="/create-study" className="button button--quiet">
            Create a study with it
          </Link>
        </p>
      )}
    </Form>
  );
}

/** MediaPicker offers files, a folder, and a drop zone around both. */
function MediaPicker({ picked, ignored, onFiles, onClear, disabled }: { picked: PickedFile[]; ignored: number; onFiles(f: PickedFile[]): void; onClear(): void; disabled: boolean }) {
  const [over, setOver] = useState(false);
  const fromInput = (files: File[]) => onFiles(files.map((file) => ({ path: normalPath(file.webkitRelativePath || file.name), file })));
  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (disabled || !e.dataTransfer) return;
    onFiles(await droppedFiles(e.dataTransfer));
  };
  const total = picked.reduce((n, f) => n + f.file.size, 0);
  return (
    <div
      className={`hosted__drop${over ? ' hosted__drop--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      role="group"
      aria-label="Media files: choose them or drop them here"
    >
      <p className="hosted__drop-text">Drop the files or their folder here, or choose them:</p>
      <div className="hosted__pickers">
        <FileField label="Choose files" multiple accept="image/*,video/*" onFiles={fromInput} disabled={disabled} hint="PNG, JPEG, GIF, WebP, MP4, WebM or Ogg." />
        <FileField label="Choose a folder" directory onFiles={fromInput} disabled={disabled} hint="Every file inside, with its subfolders." />
      </div>
      {picked.length > 0 && (
        <p className="hosted__picked" aria-live="polite">
          {picked.length} file{picked.length === 1 ? '' : 's'}, {formatBytes(total)}
          {ignored > 0 && <span className="muted"> ({ignored} system file{ignored === 1 ? '' : 's'} such as .DS_Store left out)</span>}{' '}
          <button type="button" className="button button--quiet button--small" onClick={onClear} disabled={disabled}>
            Clear files
          </button>
        </p>
      )}
    </div>
  );
}

/** FileMatch says, before anything is sent, whether the rows and the files fit. */
function FileMatch({ p, m, picked, problems, onDropUnused, disabled }: { p: number; m: Matching; picked: number; problems: string[]; onDropUnused(paths: string[]): void; disabled: boolean }) {
  if (picked === 0 || p === 0) return null;
  if (problems.length === 0) {
    return (
      <p className="hosted__match hosted__match--ok" role="status">
        Every row has its file: {m.files.size} file{m.files.size === 1 ? '' : 's'} for {p} row{p === 1 ? '' : 's'}.
      </p>
    );
  }
  return (
    <div className="hosted__match" role="region" aria-label="Rows and files that do not match">
      <ul className="hosted__problems">
        {problems.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {m.unused.length > 0 && (
        <button type="button" className="button button--quiet button--small" onClick={() => onDropUnused(m.unused)} disabled={disabled}>
          Leave out the {m.unused.length} file{m.unused.length === 1 ? '' : 's'} no row names
        </button>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<FileState['status'], string> = {
  waiting: 'Waiting',
  checking: 'Checking',
  sending: 'Sending',
  retrying: 'Retrying',
  stored: 'Stored',
  skipped: 'Already on the appliance',
  failed: 'Failed',
};

/** Progress shows the overall and each file's progress. */
function Progress({ states }: { states: Record<string, FileState> }) {
  const list = Object.values(states);
  const total = list.reduce((n, s) => n + s.size, 0);
  const sent = list.reduce((n, s) => n + (s.name ? s.size : Math.min(s.sent, s.size)), 0);
  const done = list.filter((s) => s.name).length;
  const pct = total > 0 ? Math.floor((sent / total) * 100) : done === list.length ? 100 : 0;
  return (
    <section className="hosted__progress" aria-label="Upload progress">
      <label className="hosted__overall">
        <span>
          Overall: {done} of {list.length} files stored, {formatBytes(sent)} of {formatBytes(total)} ({pct}%)
        </span>
        <progress max={100} value={pct} aria-label="Overall progress" />
      </label>
      <ul className="hosted__files">
        {list.map((s) => {
          const filePct = s.name ? 100 : s.size > 0 ? Math.floor((Math.min(s.sent, s.size) / s.size) * 100) : 0;
          return (
            <li key={s.path} className={`hosted__file hosted__file--${s.status}`}>
              <span className="hosted__file-name">{s.path}</span>
              <progress max={100} value={filePct} aria-label={`Progress of ${s.path}`} />
              <span className="hosted__file-status">
                {STATUS_TEXT[s.status]}
                {s.status === 'sending' ? ` ${filePct}%` : ''}
                {s.message ? `: ${s.message}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
      {!canHash() && (
        <p className="muted small">
          This address is not a secure one (plain http on the network), so the browser cannot fingerprint the files: each is sent whole and
          the appliance recognises files it already has.
        </p>
      )}
    </section>
  );
}

/** droppedFiles reads what was dropped, walking into folders. */
async function droppedFiles(dt: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(dt.items)
    .map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null))
    .filter((e): e is FileSystemEntry => e !== null);
  if (entries.length === 0) return Array.from(dt.files).map((file) => ({ path: file.name, file }));
  const out: PickedFile[] = [];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.push({ path: normalPath(entry.fullPath), file });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        for (const e of batch) await walk(e);
      }
    }
  };
  for (const e of entries) await walk(e);
  return out;
}
