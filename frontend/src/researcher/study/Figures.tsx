// The study page's figures in text: the funnel table, the key figures (time to complete,
// events per minute) and, per condition, mean dwell and engagements per participant.
// Every figure carries a short help text saying what it counts (docs/dashboard.md).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Dashboard } from '../api';
import { engagementTypes, formatDuration, formatNumber, funnelTable } from './model';

/**
 * TableRegion lets a wide table scroll sideways inside its own box (not the page) on a
 * phone. When the table is wider than its box, a visible line says so (columns hidden
 * behind an unmarked scroll are columns no one reads); the box is a focusable, named
 * region, so a keyboard can scroll it with the arrow keys.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <>
      {overflows && (
        <p className="table-scroll__hint small muted">
          <span aria-hidden="true">↔</span> The table is wider than the screen: scroll it sideways for more columns.
        </p>
      )}
      <div ref={box} className={`table-scroll${overflows ? ' table-scroll--more' : ''}`} role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </>
  );
}

/** FunnelSection is the funnel per condition and in total. */
export function FunnelSection({ dashboard }: { dashboard: Dashboard }) {
  const t = funnelTable(dashboard);
  return (
    <section className="panel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">Funnel</h2>
      <p className="muted small">
        How far participants got, in total and per condition. Each count includes everyone who went further (a completer also
        counts as arrived and consented). Test participants from Preview are never counted.
      </p>
      <TableRegion label="Funnel, scrollable">
        <table className="data-table funnel">
          <caption className="visually-hidden">Funnel</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Total</th>
              <th scope="col">Of arrivals</th>
              {t.conditions.map((c) => (
                <th scope="col" key={c}>
                  Condition {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((r) => (
              <tr key={r.step.key} className={r.step.key === 'dropped' ? 'funnel__dropped' : undefined}>
                <th scope="row">
                  <span className="funnel__label">{r.step.label}</span>
                  <span className="funnel__help">{r.step.help}</span>
                </th>
                <td className="funnel__total">{r.total}</td>
                <td className="muted">{r.share || '—'}</td>
                {r.counts.map((n, i) => (
                  <td key={t.conditions[i]}>{n}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

type AssignmentInfo = NonNullable<Dashboard['assignment']>;

/** assignmentRule names the rule that places new participants, in a researcher's words. */
export function assignmentRule(a: AssignmentInfo): string {
  if (a.rule === 'balanced-arrivals') return 'By arrivals';
  return a.active_minutes > 0 ? `Completed + active (${a.active_minutes} min)` : 'Completed only';
}

/** assignmentHelp says what counts and which quotas apply. */
function assignmentHelp(a: AssignmentInfo): string {
  const counts =
    a.rule === 'balanced-arrivals'
      ? 'New participants go to the condition with the fewest arrivals.'
      : a.active_minutes > 0
        ? `New participants go to the condition with the fewest completed participants plus those with an event in the last ${a.active_minutes} minutes.`
        : 'New participants go to the condition with the fewest completed participants.';
  const quotas = a.quotas.some((q) => q > 0) ? ` Quotas per condition: ${a.quotas.map((q) => (q > 0 ? q : '–')).join(', ')}.` : '';
  const total = a.quota_total > 0 ? ` Study quota: ${a.quota_total} completed.` : '';
  return counts + quotas + total + ' Returned and timed-out participants free their place.';
}

/** KeyFigures are the study-wide figures: time to complete and events per minute. */
export function KeyFigures({ dashboard }: { dashboard: Dashboard }) {
  const ttc = dashboard.time_to_complete;
  return (
    <dl className="key-figures">
      <div>
        <dt>Median time to complete</dt>
        <dd>{formatDuration(ttc?.median_ms)}</dd>
        <dd className="key-figures__help">From arrival to the completion code, among completers (within 2%).</dd>
      </div>
      <div>
        <dt>90th percentile time to complete</dt>
        <dd>{formatDuration(ttc?.p90_ms)}</dd>
        <dd className="key-figures__help">Nine completers in ten were faster than this.</dd>
      </div>
      {dashboard.assignment ? (
        <div>
          <dt>Assignment</dt>
          <dd>{assignmentRule(dashboard.assignment)}</dd>
          <dd className="key-figures__help">{assignmentHelp(dashboard.assignment)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Excluded</dt>
        <dd>{formatNumber(dashboard.excluded ?? 0)}</dd>
        <dd className="key-figures__help">Participants a researcher excluded from the analysis; still counted in the funnel, marked in the exports.</dd>
      </div>
      <div>
        <dt>Events per minute</dt>
        <dd>{formatNumber(dashboard.events_per_minute)}</dd>
        <dd className="key-figures__help">Events stored (engagements, dwell, answers, checkpoints) per minute, over the last 5 minutes.</dd>
      </div>
    </dl>
  );
}

/** PerCondition is mean dwell per card and engagements per participant by type, per condition. */
export function PerCondition({ dashboard }: { dashboard: Dashboard }) {
  const types = engagementTypes(dashboard.conditions);
  return (
    <section className="panel" aria-labelledby="per-condition-title">
      <h2 id="per-condition-title">Engagement per condition</h2>
      <p className="muted small">
        Mean dwell: the mean length of one dwell (one uninterrupted stretch a card was in view), over all dwells in the condition. Engagements: the number of
        each kind (likes, shares…) divided by the participants of the condition who reached the feed.
      </p>
      <TableRegion label="Engagement per condition, scrollable">
        <table className="data-table">
          <caption className="visually-hidden">Engagement per condition</caption>
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Mean dwell per card</th>
              {types.map((t) => (
                <th scope="col" key={t}>
                  {t} per participant
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dashboard.conditions.map((c) => (
              <tr key={c.condition}>
                <th scope="row">Condition {c.condition}</th>
                <td>{c.mean_dwell_ms === null ? '—' : `${formatNumber(c.mean_dwell_ms / 1000, 1)} s`}</td>
                {types.map((t) => (
                  <td key={t}>{c.engagements_per_participant && t in c.engagements_per_participant ? formatNumber(c.engagements_per_participant[t], 2) : '0'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
