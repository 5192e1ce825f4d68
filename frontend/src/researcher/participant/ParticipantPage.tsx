// One participant's page (/studies/:experiment_id/participants/:user_id; issue 22, item 3):
// their condition, platform ids, stage and exit; their timeline with times since arrival;
// their feed as composed, card by card with the ranking's score and reason (feedlab
// explain, in the browser); their answers per questionnaire page; and, for a researcher
// who runs the study, Exclude (with a reason) and Include again.
import { useCallback, useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import * as api from '../api';
import { FormStatus, TextField } from '../fields';
import { errorMessage } from '../messages';
import { TableRegion } from '../study/Figures';
import { dateTime, platformIds, STAGE_LABELS } from '../study/model';
import { eventText, kindLabel, MAX_REASON, reasonProblem, scoreText, sinceArrival } from './model';
import '../study/study.css';
import './participant.css';

type Load = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'failed'; message: string } | { kind: 'ready'; p: api.ParticipantDetail };

/** ParticipantPage is the page at /studies/:experiment_id/participants/:user_id. */
export function ParticipantPage({ params }: PageProps) {
  const id = params.experiment_id ?? '';
  const userId = params.user_id ?? '';
  useTitle(`Participant ${userId} · study ${id}`);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const reload = useCallback(async () => {
    try {
      setLoad({ kind: 'ready', p: await api.participantDetail(id, userId) });
    } catch (err) {
      if (err instanceof api.ResearcherApiError && err.status === 404) setLoad({ kind: 'missing', message: errorMessage(err) });
      else setLoad({ kind: 'failed', message: errorMessage(err) });
    }
  }, [id, userId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <article className="participant-page" aria-labelledby="participant-title">
      <p className="breadcrumb">
        <Link href="/studies">My studies</Link> › <Link href={`/studies/${encodeURIComponent(id)}`}>Study {id}</Link>
      </p>
      <h1 id="participant-title">
        Participant <code>{userId}</code>
      </h1>
      {load.kind === 'loading' && <p role="status">Loading the participant…</p>}
      {load.kind === 'missing' && (
        <p className="notice notice--error" role="alert">
          {load.message}
        </p>
      )}
      {load.kind === 'failed' && (
        <div className="notice notice--error" role="alert">
          <p>The participant could not be loaded: {load.message}</p>
          <button type="button" className="button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {load.kind === 'ready' && <ParticipantView id={id} p={load.p} onChanged={reload} />}
    </article>
  );
}

function ParticipantView({ id, p, onChanged }: { id: string; p: api.ParticipantDetail; onChanged(): Promise<void> }) {
  return (
    <>
      {p.exclusion && (
        <p className="notice notice--excluded" role="note">
          <strong>Excluded</strong> by {p.exclusion.excluded_by} on {dateTime(p.exclusion.excluded_at)}: {p.exclusion.reason}
        </p>
      )}
      <dl className="participant-facts">
        <div>
          <dt>Condition</dt>
          <dd>{p.condition}</dd>
        </div>
        <div>
          <dt>Stage</dt>
          <dd>{STAGE_LABELS[p.stage] ?? p.stage}</dd>
        </div>
        <div>
          <dt>Exit</dt>
          <dd>{p.exit_state ? p.exit_state.replace(/_/g, ' ') : 'in progress'}</dd>
        </div>
        <div>
          <dt>Platform ids</dt>
          <dd>{platformIds(p.platform_ids)}</dd>
        </div>
        <div>
          <dt>Arrived</dt>
          <dd>{dateTime(p.started_at)}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{p.completed_at ? `${dateTime(p.completed_at)} (code ${p.completion_code || '—'})` : 'not yet'}</dd>
        </div>
      </dl>
      {p.can_manage && <ExclusionPanel id={id} p={p} onChanged={onChanged} />}
      <Timeline p={p} />
      <Feed p={p} />
      <Answers p={p} />
    </>
  );
}

function ExclusionPanel({ id, p, onChanged }: { id: string; p: api.ParticipantDetail; onChanged(): Promise<void> }) {
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (p.exclusion) {
    return (
      <section className="panel" aria-labelledby="exclusion-title">
        <h2 id="exclusion-title">Exclusion</h2>
        <p className="muted small">Their data stays; the exports mark them (excluded = 1) and the exposures export can leave them out.</p>
        <button
          type="button"
          className="button button--small"
          onClick={async () => {
            setNote(null);
            try {
              await api.includeParticipant(id, p.user_id);
              await onChanged();
            } catch (err) {
              setNote({ tone: 'error', text: `Could not include the participant: ${errorMessage(err)}` });
            }
          }}
        >
          Include again
        </button>
        <FormStatus tone={note?.tone ?? 'success'} message={note?.text ?? ''} />
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="exclusion-title">
      <h2 id="exclusion-title">Exclusion</h2>
      <p className="muted small">
        Leave this participant out of the analysis. Their data is kept; the exports mark them with your reason, the study page counts them
        apart, and you can include them again. The audit log records who did it and when.
      </p>
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={Yup.object({ reason: Yup.string().test('reason', (v, ctx) => (reasonProblem(v ?? '') ? ctx.createError({ message: reasonProblem(v ?? '') }) : true)) })}
        onSubmit={async (values, helpers) => {
          setNote(null);
          try {
            await api.excludeParticipant(id, p.user_id, values.reason.trim());
            helpers.resetForm();
            await onChanged();
          } catch (err) {
            setNote({ tone: 'error', text: `Could not exclude the participant: ${errorMessage(err)}` });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="exclusion-form">
            <TextField name="reason" label="Reason for excluding" multiline={2} hint={`Required, at most ${MAX_REASON} characters. Written in the exports.`} />
            <button type="submit" className="button button--small" disabled={isSubmitting}>
              Exclude participant
            </button>
            <FormStatus tone={note?.tone ?? 'success'} message={note?.text ?? ''} />
          </Form>
        )}
      </Formik>
    </section>
  );
}

function Timeline({ p }: { p: api.ParticipantDetail }) {
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <p className="muted small">Every event in the order the server received it, with the time since arrival.</p>
      {p.timeline_cut && (
        <p className="notice" role="note">
          This participant has more events than a page shows: the first {p.timeline_limit.toLocaleString()} are listed. The exports hold every
          event.
        </p>
      )}
      <TableRegion label="Timeline, scrollable">
        <table className="data-table timeline">
          <caption className="visually-hidden">Timeline</caption>
          <thead>
            <tr>
              <th scope="col">Since arrival</th>
              <th scope="col">Event</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {p.timeline.map((e, i) => (
              <tr key={i} className={`timeline__${e.kind}`}>
                <td className="timeline__at" title={dateTime(e.at)}>
                  {sinceArrival(e.at, p.started_at)}
                </td>
                <th scope="row">{kindLabel(e.kind)}</th>
                <td>{eventText(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

function Feed({ p }: { p: api.ParticipantDetail }) {
  return (
    <section className="panel" aria-labelledby="feed-title">
      <h2 id="feed-title">Feed as composed</h2>
      <p className="muted small">
        The cards in the order the participant saw them, ranked by <code>{p.algorithm}</code>, with each card's score and the reason for its
        place.{' '}
        {p.unchecked
          ? 'The feed could not be composed again just now to check this order (its ranking script could not run); reload the page to try again.'
          : p.identical
            ? 'Composing the feed again from what is stored gives the same order.'
            : 'Composing the feed again from what is stored gives a different order: check the study with feedlab explain.'}
      </p>
      <TableRegion label="Feed, scrollable">
        <table className="data-table explained-feed">
          <caption className="visually-hidden">Feed as composed</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Card</th>
              <th scope="col">Score</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {p.feed.map((c) => (
              <tr key={c.position}>
                <td>{c.position}</td>
                <th scope="row">
                  <span className="explained-feed__headline">{c.headline || `card ${c.entity_id}`}</span>
                  <span className="explained-feed__meta">
                    card {c.entity_id} · {c.set}
                  </span>
                </th>
                <td className="explained-feed__score">{scoreText(c.score)}</td>
                <td>{c.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

function Answers({ p }: { p: api.ParticipantDetail }) {
  return (
    <section className="panel" aria-labelledby="answers-title">
      <h2 id="answers-title">Answers</h2>
      {p.answers.length === 0 ? (
        <p>No questionnaire answers yet.</p>
      ) : (
        p.answers.map((pg) => (
          <div key={pg.page} className="answer-page">
            <h3>
              Page {pg.page} <span className="muted small">{sinceArrival(pg.at, p.started_at)}</span>
            </h3>
            <dl className="answer-list">
              {pg.answers.map((a) => (
                <div key={a.field}>
                  <dt>{a.field}</dt>
                  <dd>{a.value || '—'}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}
