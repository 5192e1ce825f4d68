// One study's page (/studies/:experiment_id; issues 10 and 22): its status with Launch (a
// draft), Pause / Close / Reopen, Archive / Restore and Delete, the live funnel and charts,
// the participant links and QR code, preview and pilot, the participant table, the texts
// that can be corrected while it runs, sharing and the audit log. It refreshes itself every
// few seconds while the tab is shown (polling stops while it is hidden). A study the
// researcher may not see is the not-found page, exactly like an unknown id.
import { useEffect, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { NotFound } from '../../components/NotFound';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import * as api from '../api';
import { useAuth } from '../auth';
import { errorMessage } from '../messages';
import { phoneReachable } from '../links';
import { ShareDialog } from '../pages/ShareDialog';
import { Alerts } from './Alerts';
import { AuditPanel } from './AuditPanel';
import { ClassroomLinks } from './ClassroomLinks';
import { DashboardCharts } from './Charts';
import { FunnelSection, KeyFigures, PerCondition } from './Figures';
import { Lifecycle } from './Lifecycle';
import { clock, duplicateHref, nextPollDelay, replicationLine } from './model';
import { ParticipantTable } from './ParticipantTable';
import { ParticipantLinks, platformsOf } from './ParticipantLinks';
import { PreviewSection } from './Preview';
import { ReconcilePanel } from './Reconcile';
import { TextsPanel } from './TextsPanel';
import './study.css';

/** CALL_TIMEOUT_MS is how long one dashboard call may take before the page gives up on it. */
const CALL_TIMEOUT_MS = 15_000;

type Info = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; message: string } | { kind: 'ready'; study: api.StudyPageInfo };
type Live = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'failed'; message: string } | { kind: 'ready'; dashboard: api.Dashboard };

/** StudyPage is the page at /studies/:experiment_id. */
export function StudyPage({ params }: PageProps) {
  const id = params.experiment_id ?? '';
  const [info, setInfo] = useState<Info>({ kind: 'loading' });

  const loadInfo = async () => {
    setInfo({ kind: 'loading' });
    try {
      setInfo({ kind: 'ready', study: await api.studyPage(id) });
    } catch (err) {
      if (err instanceof api.ResearcherApiError && err.status === 404) setInfo({ kind: 'missing' });
      else setInfo({ kind: 'failed', message: errorMessage(err) });
    }
  };
  useEffect(() => {
    void loadInfo();
  }, [id]);

  if (info.kind === 'missing') return <NotFound />;
  if (info.kind === 'loading') return <p role="status">Loading the study…</p>;
  if (info.kind === 'failed')
    return (
      <div className="notice notice--error" role="alert">
        <p>The study could not be loaded: {info.message}</p>
        <button type="button" className="button" onClick={() => void loadInfo()}>
          Try again
        </button>
      </div>
    );
  return <StudyView study={info.study} onShared={(list) => setInfo({ kind: 'ready', study: { ...info.study, shared_with: list } })} />;
}

/** conditionsOf lists the study's conditions, 1…n. */
function conditionsOf(study: api.StudyPageInfo): number[] {
  const n = Math.max(study.n_conditions || 0, ...(study.rows ?? []).map((r) => r.condition));
  return Array.from({ length: Math.max(1, n) }, (_, i) => i + 1);
}

function StudyView({ study, onShared }: { study: api.StudyPageInfo; onShared(list: string[]): void }) {
  const id = study.experiment_id;
  useTitle(study.title ? `${study.title} · study` : `Study ${id}`);
  const { researcher } = useAuth();
  const { live, updated, tick } = useLiveDashboard(id);
  const [status, setStatus] = useState<api.StudyStatus>(study.status ?? 'open');
  const [sharing, setSharing] = useState(false);
  const [base, setBase] = useState(`${window.location.origin}/`);
  const [urls, setUrls] = useState<string[]>([]);
  const conditions = conditionsOf(study);
  // Servers from before the study page do not send these: work them out from the access.
  const canManage = study.can_manage ?? study.access !== 'shared';
  const canShare = study.can_share ?? study.access === 'owner';

  useEffect(() => {
    if (live.kind === 'ready' && live.dashboard.status) setStatus(live.dashboard.status);
  }, [live]);
  useEffect(() => {
    api
      .capabilities()
      .then((c) => {
        if (c.participant_urls?.[0]) setBase(c.participant_urls[0]);
        setUrls(c.participant_urls ?? []);
      })
      .catch(() => undefined);
  }, []);

  return (
    <article className="study-page" aria-labelledby="study-title">
      <p className="breadcrumb">
        <Link href="/studies">My studies</Link>
      </p>
      <header className="study-page__head">
        <h1 id="study-title">{study.title || 'Untitled study'}</h1>
        <p className="study-page__id">
          Experiment id <code>{id}</code>
          {study.access === 'shared' && <span className="muted"> · shared with you by {study.owner || 'its owner'}</span>}
        </p>
        <Lifecycle id={id} status={status} canManage={canManage} onChanged={setStatus} />
        <div className="actions">
          <Link className="button button--small button--quiet" href={`/download?study=${encodeURIComponent(id)}`}>
            Download data
          </Link>
          <a className="button button--small button--quiet" href={duplicateHref(id)}>
            Duplicate
          </a>
        </div>
      </header>

      <div className="live-line" aria-live="off">
        {updated ? <span>Updated {clock(updated)}</span> : <span>Loading the figures…</span>}
        <span className="muted small"> · refreshes every few seconds while this tab is open</span>
        {live.kind === 'ready' &&
          (live.dashboard.replication ?? []).map((r) => (
            <span key={r.url} className="live-line__replica small">
              {replicationLine(r)}
            </span>
          ))}
      </div>

      {live.kind === 'unavailable' && (
        <p className="notice">
          This feedlab cannot show live figures yet (its server has no dashboard call). Arrived and completed counts are on My
          studies.
        </p>
      )}
      {live.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          The figures could not be loaded: {live.message} The page tries again by itself.
        </p>
      )}
      {live.kind === 'ready' && (
        <>
          <Alerts alerts={live.dashboard.alerts} />
          <FunnelSection dashboard={live.dashboard} />
          <section className="panel" aria-labelledby="charts-title">
            <h2 id="charts-title">Balance and pace</h2>
            <KeyFigures dashboard={live.dashboard} />
            <DashboardCharts dashboard={live.dashboard} />
          </section>
          <PerCondition dashboard={live.dashboard} />
        </>
      )}

      <section className="panel" aria-labelledby="links-title">
        <h2 id="links-title">Participant links</h2>
        {status === 'draft' && <p className="notice">This study is a draft: until you launch it, these links show "This study has not started yet".</p>}
        <ParticipantLinks experimentId={id} platforms={platformsOf(study.rows ?? [], study.n_conditions)} urls={urls} headingLevel={3} />
      </section>
      <PreviewSection id={id} conditions={conditions} base={base} />
      <ClassroomLinks study={study} base={phoneReachable(urls) ?? base} />
      <ParticipantTable id={id} conditions={conditions} tick={tick} />
      <ReconcilePanel study={study} />
      {canManage && <TextsPanel id={id} conditions={conditions} editable={study.editable_texts ?? []} />}

      {canShare && (
        <section className="panel" aria-labelledby="sharing-title">
          <h2 id="sharing-title">Sharing</h2>
          <p>
            {study.shared_with.length > 0 ? `Shared with ${study.shared_with.join(', ')}.` : 'Only you see this study.'}{' '}
            <span className="muted small">Collaborators can watch this page and download the data, but not pause, close or share it.</span>
          </p>
          <button type="button" className="button button--small button--quiet" onClick={() => setSharing(true)}>
            Share
          </button>
        </section>
      )}
      {canShare && <AuditPanel id={id} tick={tick} />}
      {sharing && <ShareDialog study={study} me={researcher?.name ?? ''} onChange={onShared} onClose={() => setSharing(false)} />}
    </article>
  );
}

/**
 * useLiveDashboard polls the dashboard every few seconds while the tab is shown, waiting
 * longer after failures; it stops while the tab is hidden and refreshes at once when it is
 * shown again. tick counts refreshes, for the parts of the page that refresh with it.
 */
function useLiveDashboard(id: string): { live: Live; updated: number | null; tick: number } {
  const [live, setLive] = useState<Live>({ kind: 'loading' });
  const [updated, setUpdated] = useState<number | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let stopped = false;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let dashboardMissing = false;
    let first = true;
    let inFlight: AbortController | null = null;

    const run = async () => {
      if (running || stopped) return;
      running = true;
      timer = undefined;
      if (!dashboardMissing) {
        // A call that hangs (a network that dropped, a server stuck) must not stop the
        // polling for good: give up on it after a while and count it as a failure.
        const abort = new AbortController();
        inFlight = abort;
        const giveUp = setTimeout(() => abort.abort(), CALL_TIMEOUT_MS);
        try {
          const d = await api.dashboard(id, abort.signal);
          if (stopped) return;
          setLive({ kind: 'ready', dashboard: d });
          setUpdated(Date.now());
          failures = 0;
        } catch (err) {
          if (stopped) return;
          if (err instanceof api.ResearcherApiError && (err.status === 404 || err.status === 405)) {
            dashboardMissing = true;
            setLive({ kind: 'unavailable' });
            setUpdated(Date.now());
          } else {
            failures++;
            const message = err instanceof DOMException && err.name === 'AbortError' ? 'The server did not answer in time.' : errorMessage(err);
            // Keep the figures already shown; say so only when there are none.
            setLive((old) => (old.kind === 'ready' ? old : { kind: 'failed', message }));
          }
        } finally {
          clearTimeout(giveUp);
          inFlight = null;
        }
      } else {
        setUpdated(Date.now());
      }
      if (!first) setTick((t) => t + 1);
      first = false;
      running = false;
      if (!stopped && !document.hidden) timer = setTimeout(() => void run(), nextPollDelay(failures));
    };

    const visibility = () => {
      if (document.hidden) {
        clearTimeout(timer);
        timer = undefined;
      } else if (!timer) void run();
    };
    void run();
    document.addEventListener('visibilitychange', visibility);
    return () => {
      stopped = true;
      inFlight?.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [id]);

  return { live, updated, tick };
}
