// Condition balance and the arrivals and completions over time: each a chart (uPlot,
// loaded on demand from uplotCharts.tsx) and, beside it, the same figures as a table, which is
// what a screen reader reads (the canvases are aria-hidden).
import { type ReactNode } from 'react';
import { lazyModule } from '../lazyModule';
import type { Dashboard } from '../api';
import { balanceRows, dateTime, timelineRows, timelineSeries, type BalanceRow } from './model';

type ChartsModule = typeof import('./uplotCharts');

/** useChartsModule loads uPlot and the chart components once, on first use. */
const useChartsModule = lazyModule(() => import('./uplotCharts'));

/** Figure is a chart with its caption and its table. */
function Figure({ id, title, help, chart, table }: { id: string; title: string; help: string; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="muted small">{help}</p>
      </figcaption>
      {chart}
      <details className="chart__table">
        <summary>{title}: the figures as a table</summary>
        <div className="table-scroll" role="region" aria-label={`${title}, table`} tabIndex={0}>
          {table}
        </div>
      </details>
    </figure>
  );
}

/** DashboardCharts shows the balance and the timeline of a dashboard. */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const mod = useChartsModule();
  const balance = balanceRows(dashboard);
  const series = timelineSeries(dashboard.timeline, 10);
  const timeline = timelineRows(dashboard.timeline);
  const chart = (draw: (m: ChartsModule) => ReactNode, empty: boolean) =>
    empty ? (
      <p className="chart__empty">No participants yet.</p>
    ) : mod === 'failed' ? (
      <p className="chart__empty">The chart could not be loaded; the table below has the figures.</p>
    ) : mod === null ? (
      <p className="chart__empty">Loading the chart…</p>
    ) : (
      draw(mod)
    );
  const nobody = dashboard.total.funnel.arrived === 0;
  return (
    <div className="charts">
      <Figure
        id="balance"
        title="Condition balance"
        help="Participants per condition, among arrivals and among completers. Test participants are left out."
        chart={chart((m) => <m.BalanceChart rows={balance} />, nobody)}
        table={<BalanceTable rows={balance} />}
      />
      <Figure
        id="timeline"
        title="Arrivals and completions over time"
        help={`New arrivals and completions per ${bucketWords(dashboard.timeline?.bucket_ms)}.`}
        chart={chart((m) => <m.TimelineChart series={series} />, nobody || series[0].length === 0)}
        table={<TimelineTable rows={timeline} bucketMs={dashboard.timeline?.bucket_ms} />}
      />
    </div>
  );
}

function bucketWords(ms: number | undefined): string {
  if (!ms) return 'period';
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}

function BalanceTable({ rows }: { rows: BalanceRow[] }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Condition</th>
          <th scope="col">Arrived</th>
          <th scope="col">Share of arrivals</th>
          <th scope="col">Completed</th>
          <th scope="col">Share of completers</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.condition}>
            <th scope="row">Condition {r.condition}</th>
            <td>{r.arrivals}</td>
            <td>{r.arrivalsShare || '—'}</td>
            <td>{r.completed}</td>
            <td>{r.completedShare || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TimelineTable({ rows, bucketMs }: { rows: ReturnType<typeof timelineRows>; bucketMs: number | undefined }) {
  if (rows.length === 0) return <p>No arrivals yet.</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">The latest {rows.length} periods with any arrival or completion, each of {bucketWords(bucketMs)}.</caption>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">Arrivals</th>
          <th scope="col">Completions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.start}>
            <th scope="row">{dateTime(r.start)}</th>
            <td>{r.arrivals}</td>
            <td>{r.completions}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
