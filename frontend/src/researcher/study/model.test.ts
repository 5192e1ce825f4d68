import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Dashboard, Funnel } from '../api';
import { participantsPath } from '../api';
import {
  balanceRows,
  clampToTotal,
  droppedHelp,
  duplicateHref,
  engagementTypes,
  firstPage,
  formatDuration,
  formatNumber,
  FUNNEL,
  funnelTable,
  nextPollDelay,
  pageOf,
  percent,
  platformIds,
  replicationLine,
  statusActions,
  deleteNeedsId,
  stepPage,
  timelineRows,
  timelineSeries,
  withFilter,
} from './model';

const funnel = (arrived: number, completed: number, dropped = 0): Funnel => ({
  arrived,
  consented: arrived,
  feed: arrived,
  submitted: completed,
  questionnaires: completed,
  completed,
  dropped,
});

const dash: Dashboard = {
  generated_at: 0,
  status: 'open',
  dropped_after_minutes: 30,
  conditions: [
    { condition: 1, funnel: funnel(3, 2, 1), mean_dwell_ms: 1500, engagements_per_participant: { likes: 0.5 } },
    { condition: 2, funnel: funnel(1, 0), mean_dwell_ms: null, engagements_per_participant: { shares: 1, likes: 1 } },
  ],
  total: { funnel: funnel(4, 2, 1) },
  balance: { arrivals: [3, 1], completed: [2, 0] },
  timeline: { bucket_ms: 60_000, start_ms: 1_000_000, arrivals: [1, 0, 3], completions: [0, 0, 2] },
  time_to_complete: { median_ms: 61_000, p90_ms: null },
  events_per_minute: 2.345,
};

describe('study page model', () => {
  it('lays out the funnel in the contract order, per condition and in total', () => {
    const t = funnelTable(dash);
    assert.deepEqual(t.conditions, [1, 2]);
    assert.deepEqual(
      t.rows.map((r) => r.step.key),
      ['arrived', 'consented', 'feed', 'submitted', 'questionnaires', 'completed', 'dropped'],
    );
    const completed = t.rows.find((r) => r.step.key === 'completed')!;
    assert.deepEqual(completed.counts, [2, 0]);
    assert.equal(completed.total, 2);
    assert.equal(completed.share, '50%');
    assert.equal(t.rows[0].share, '');
    assert.ok(FUNNEL.every((s) => s.help.length > 10));
  });

  it('says the drop-out time the server uses', () => {
    const t = funnelTable({ ...dash, dropped_after_minutes: 1 });
    assert.equal(t.rows.at(-1)!.step.help, droppedHelp(1));
    assert.match(droppedHelp(1), /1 minute\./);
    assert.match(droppedHelp(0), /30 minutes/);
    assert.match(droppedHelp(1 / 60), /for 1 second\./);
    assert.match(droppedHelp(0.5), /for 30 seconds\./);
  });

  it('gives each condition its share of arrivals and completers', () => {
    assert.deepEqual(balanceRows(dash), [
      { condition: 1, arrivals: 3, arrivalsShare: '75%', completed: 2, completedShare: '100%' },
      { condition: 2, arrivals: 1, arrivalsShare: '25%', completed: 0, completedShare: '0%' },
    ]);
    assert.equal(percent(1, 0), '');
  });

  it('turns the timeline into chart series and a table of the busy buckets', () => {
    assert.deepEqual(timelineSeries(dash.timeline), [[1000, 1060, 1120], [1, 0, 3], [0, 0, 2]]);
    assert.deepEqual(timelineRows(dash.timeline), [
      { start: 1_000_000, arrivals: 1, completions: 0 },
      { start: 1_120_000, arrivals: 3, completions: 2 },
    ]);
    assert.deepEqual(timelineRows(dash.timeline, 1), [{ start: 1_120_000, arrivals: 3, completions: 2 }]);
    assert.deepEqual(timelineSeries(dash.timeline, 5), [[880, 940, 1000, 1060, 1120], [0, 0, 1, 0, 3], [0, 0, 0, 0, 2]]);
    assert.deepEqual(timelineSeries(null), [[], [], []]);
    assert.deepEqual(timelineRows(null), []);
  });

  it('lists every engagement type once, sorted', () => {
    assert.deepEqual(engagementTypes(dash.conditions), ['likes', 'shares']);
    assert.deepEqual(engagementTypes([{ ...dash.conditions[0], engagements_per_participant: null }]), []);
  });

  it('formats durations, numbers and platform ids briefly', () => {
    assert.equal(formatDuration(61_000), '1 min 1 s');
    assert.equal(formatDuration(45_400), '45 s');
    assert.equal(formatDuration(3_600_000 + 180_000), '1 h 3 min');
    assert.equal(formatDuration(null), '—');
    assert.equal(formatNumber(2.345), '2.3');
    assert.equal(formatNumber(null), '—');
    assert.equal(platformIds({ PROLIFIC_PID: 'abc', STUDY_ID: '' }), 'PROLIFIC_PID: abc');
    assert.equal(platformIds(null), '—');
  });

  it('pages the participant table without loading it all', () => {
    let q = firstPage();
    assert.equal(pageOf(q, 10_000, 50).text, '1–50 of 10,000');
    assert.equal(pageOf(q, 10_000, 50).prev, false);
    q = stepPage(q, 1, 10_000);
    assert.equal(q.offset, 50);
    assert.equal(pageOf(q, 10_000, 50).text, '51–100 of 10,000');
    assert.equal(stepPage(firstPage(), -1, 10_000).offset, 0);
    assert.equal(stepPage({ ...q, offset: 9_950 }, 1, 10_000).offset, 9_950);
    assert.equal(pageOf({ ...q, offset: 9_950 }, 10_000, 50).next, false);
    assert.equal(pageOf(firstPage(), 0, 0).text, '0 of 0');
  });

  it('goes back to the first page when a filter changes, and stays put across refreshes', () => {
    const q = { ...firstPage(), offset: 100 };
    assert.deepEqual(withFilter(q, { condition: 2 }), { ...q, condition: 2, offset: 0 });
    assert.equal(clampToTotal(q, 500), q);
    assert.equal(clampToTotal(q, 60).offset, 50);
    assert.equal(clampToTotal(q, 0).offset, 0);
  });

  it('builds the participants call with only the filters in use', () => {
    assert.equal(participantsPath('fl-a b', firstPage()), '/v1/studies/fl-a%20b/participants?offset=0&limit=50');
    assert.equal(
      participantsPath('x', { offset: 50, limit: 50, condition: 2, stage: 'dropped', q: ' pid 1 ' }),
      '/v1/studies/x/participants?offset=50&limit=50&condition=2&stage=dropped&q=pid+1',
    );
  });

  it('offers the lifecycle buttons the status allows, asking before Pause and Close', () => {
    assert.deepEqual(statusActions('open').map((a) => a.label), ['Pause', 'Close']);
    assert.deepEqual(statusActions('paused').map((a) => a.label), ['Reopen', 'Close']);
    assert.deepEqual(statusActions('closed').map((a) => a.to), ['open']);
    assert.deepEqual(statusActions('draft'), []);
    assert.deepEqual(statusActions('archived'), []);
    assert.equal(statusActions('open').find((a) => a.label === 'Close')!.confirm, true);
    assert.equal(statusActions('open').find((a) => a.label === 'Pause')!.confirm, true);
    assert.equal(deleteNeedsId('draft'), false);
    assert.equal(deleteNeedsId('closed'), true);
  });

  it('duplicates through the wizard like My studies does', () => {
    assert.equal(duplicateHref('fl-1&2'), '/create-study?from=fl-1%262');
  });

  it('backs off polling after failures, up to a minute', () => {
    assert.equal(nextPollDelay(0), 5000);
    assert.equal(nextPollDelay(1), 10_000);
    assert.equal(nextPollDelay(10), 60_000);
  });

  it('says where the data is copied off the machine and whether the copy is current', () => {
    const at = new Date(2026, 10, 26, 10, 4, 5).toISOString();
    assert.equal(
      replicationLine({ url: 's3://lab/feedlab', last_replicated: at, lag_seconds: 0.4 }),
      'Copied off this machine to s3://lab/feedlab, up to date at 10:04:05',
    );
    assert.equal(
      replicationLine({ url: 'file:///mnt/nas', last_replicated: at, lag_seconds: 42.6 }),
      'Copy off this machine (file:///mnt/nas) is 43 s behind: last up to date at 10:04:05',
    );
  });
});
