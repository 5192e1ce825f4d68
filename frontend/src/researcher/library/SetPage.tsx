// One stimulus set (/sets/:entity_set; issue 9 item 3): its cards drawn by the feed's own
// card component, each with its columns and covariates; the set as the stimulus_set
// export; hide it from the wizard or show it again; delete it while no study uses it.
import { useCallback, useEffect, useState } from 'react';
import { Card } from '../../participant/feed/Card';
import type { ButtonMode } from '../../participant/feed/rules';
import type { FeedTracker } from '../../participant/feed/tracker';
import type { EngagementRecord, EngagementType, FeedEntity } from '../../lib/feedTypes';
import { Link, navigate, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { deleteSet, dumpData, getSet, hideSet, type LibrarySet, type SetCard } from '../api';
import { FormStatus } from '../fields';
import { errorMessage } from '../messages';
import { exportFilename, othersText, uploadedByText, usedByCount, whenText } from './model';
import './library.css';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; set: LibrarySet; cards: SetCard[] };
type Note = { tone: 'success' | 'error' | 'info'; text: string };

/** No buttons: which reactions a card offers is the study's choice, not the set's. */
const NO_BUTTONS: Record<EngagementType, ButtonMode> = {
  likes: 'no',
  shares: 'no',
  read_later: 'no',
  upvote: 'no',
  downvote: 'no',
  accuracy_score: 'no',
};

/** previewTracker lets the feed's Card render outside a feed: it records nothing. */
const previewTracker = {
  record: (entity: FeedEntity) =>
    ({ idx: entity.idx, entity_id: entity.entity_id, likes: 0, shares: 0, read_later: 0, upvote: 0, downvote: 0, accuracy_score: 0 }) as unknown as EngagementRecord,
  press: () => ({}),
  video: () => undefined,
} as unknown as FeedTracker;

const noRegister = () => undefined;

/** SetPage is the page at /sets/:entity_set. */
export function SetPage({ params }: PageProps) {
  const name = params.entity_set ?? '';
  useTitle(`Stimulus set ${name}`);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const reload = useCallback(async () => {
    try {
      const got = await getSet(name);
      setLoad({ kind: 'ready', set: got.set, cards: got.cards });
    } catch (err) {
      setLoad({ kind: 'failed', message: errorMessage(err) });
    }
  }, [name]);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (load.kind === 'loading') return <p className="muted">Loading the set…</p>;
  if (load.kind === 'failed') {
    return (
      <div className="library">
        <h1>Stimulus set</h1>
        <FormStatus tone="error">{load.message}</FormStatus>
        <p>
          <Link href="/sets">Back to the library</Link>
        </p>
      </div>
    );
  }
  const { set, cards } = load;
  const inUse = usedByCount(set) > 0;

  const toggleHidden = async () => {
    setBusy(true);
    setNote(null);
    try {
      await hideSet(set.entity_set, !set.hidden);
      await reload();
      setNote({ tone: 'success', text: set.hidden ? 'The set is offered in the study wizard again.' : 'The set is hidden from the study wizard.' });
    } catch (err) {
      setNote({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    setNote(null);
    try {
      const r = await dumpData({ idName: set.entity_set, data_type: 'stimulus_set', stimulus_set: set.entity_set }, exportFilename(set.entity_set));
      if (r === 'saved') setNote({ tone: 'success', text: `Saved ${exportFilename(set.entity_set)}.` });
    } catch (err) {
      setNote({ tone: 'error', text: errorMessage(err) });
    }
  };
  const remove = async () => {
    setBusy(true);
    setNote(null);
    try {
      await deleteSet(set.entity_set);
      navigate('/sets');
    } catch (err) {
      setConfirming(false);
      setNote({ tone: 'error', text: errorMessage(err) });
      setBusy(false);
    }
  };

  return (
    <div className="library">
      <p className="library__back">
        <Link href="/sets">← Stimulus library</Link>
      </p>
      <h1 className="library__title">{set.entity_set}</h1>
      <p className="library__summary">
        {set.entity_category} · {set.num_entities} card{set.num_entities === 1 ? '' : 's'} · uploaded by {uploadedByText(set)}
        {set.created_at ? `, ${whenText(set.created_at)}` : ''}
        {set.hidden && <span className="library__badge">Hidden from the wizard</span>}
      </p>
      <p className="library__usedby">
        {inUse ? 'Used by ' : 'No study uses this set yet.'}
        {set.used_by.map((id, i) => (
          <span key={id}>
            {i > 0 && ', '}
            <Link href={`/studies/${encodeURIComponent(id)}`}>{id}</Link>
          </span>
        ))}
        {set.used_by_others > 0 && `${set.used_by.length > 0 ? ' and ' : ''}${othersText(set.used_by_others)}`}
        {inUse && '.'}
      </p>
      <div className="actions library__actions">
        <button type="button" className="button button--quiet" onClick={download}>
          Download the set (stimulus_set export)
        </button>
        <button type="button" className="button button--quiet" onClick={toggleHidden} disabled={busy}>
          {set.hidden ? 'Show again' : 'Hide from the wizard'}
        </button>
        {!set.builtin && !confirming && (
          <button type="button" className="button button--quiet library__delete" onClick={() => setConfirming(true)} disabled={busy || inUse}>
            Delete set
          </button>
        )}
      </div>
      {inUse && !set.builtin && <p className="muted small">A set used by a study cannot be deleted; hide it from the wizard instead.</p>}
      {confirming && (
        <div className="notice notice--error" role="group" aria-label="Confirm deletion">
          <p>
            Delete <code>{set.entity_set}</code> and its {set.num_entities} cards for good? Its media files are removed too, unless another
            set uses them.
          </p>
          <div className="actions">
            <button type="button" className="button library__delete-confirm" onClick={remove} disabled={busy}>
              Delete for good
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)} disabled={busy}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <FormStatus tone={note?.tone ?? 'info'}>{note?.text}</FormStatus>
      <h2 className="library__cards-title">Cards as participants see them</h2>
      <p className="muted small">Reaction buttons are not shown: which ones a card offers is set per study.</p>
      <ol className="set-preview" aria-label="Cards">
        {cards.map((c, i) => (
          <li key={c.entity_id} className="set-preview__item">
            <Card
              entity={{ entity_id: String(c.entity_id), entity_url: c.entity_url, idx: i, headline: c.headline }}
              modes={NO_BUTTONS}
              tracker={previewTracker}
              register={noRegister}
            />
            <CardFacts card={c} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** CardFacts lists a card's columns: the required ones, then its covariates. */
function CardFacts({ card }: { card: SetCard }) {
  const rows: Array<[string, string]> = [
    ['#', String(card.position)],
    ['filename', card.filename],
    ['entity_type', card.entity_type],
    ['retrieve_date', card.retrieve_date],
    ['source_url', card.source_url],
    ...Object.entries(card.covariates).sort(([a], [b]) => a.localeCompare(b)),
  ];
  return (
    <dl className="set-preview__facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v === '' ? <span className="muted">(empty)</span> : v}</dd>
        </div>
      ))}
    </dl>
  );
}
