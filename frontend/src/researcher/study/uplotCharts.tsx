// The study page's two charts, drawn with uPlot (canvas, ~20 KB gzip). This module is
// loaded with import() by Charts.tsx, so uPlot is a chunk of its own that only the study
// page fetches: it is not in the researcher first load, and the participant entry never
// reaches it (build.mjs checks both). The canvases are hidden from screen readers; the
// tables beside them (Charts.tsx) say the same figures in text.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { BalanceRow } from './model';

const ARRIVALS = '#4a6fa5';
const COMPLETED = '#2e7d4f';

/** Plot is one uPlot canvas that follows its container's width and the data it is given. */
function Plot({ options, data, height }: { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(200, el.clientWidth);
    plot.current = new uPlot({ ...options, width: width(), height }, data, el);
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
    // The options are fixed per chart; data changes go through setData below.
  }, []);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return <div ref={box} className="chart__canvas" aria-hidden="true" />;
}

/** BalanceChart draws arrivals and completers per condition as side-by-side bars. */
export function BalanceChart({ rows }: { rows: BalanceRow[] }) {
  const data: uPlot.AlignedData = [rows.map((_, i) => i), rows.map((r) => r.arrivals), rows.map((r) => r.completed)];
  const labels = rows.map((r) => `Condition ${r.condition}`);
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    legend: { show: true, live: false },
    cursor: { show: false },
    scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      { splits: () => rows.map((_, i) => i), values: (_u, splits) => splits.map((i) => labels[i] ?? ''), grid: { show: false } },
      { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
    ],
    series: [
      {},
      { label: 'Arrived', fill: ARRIVALS, stroke: ARRIVALS, paths: uPlot.paths.bars!({ size: [0.35, 60], align: -1 }), points: { show: false } },
      { label: 'Completed', fill: COMPLETED, stroke: COMPLETED, paths: uPlot.paths.bars!({ size: [0.35, 60], align: 1 }), points: { show: false } },
    ],
  };
  return <Plot options={options} data={data} height={220} />;
}

/** TimelineChart draws arrivals and completions per time bucket as two lines. */
export function TimelineChart({ series }: { series: [number[], number[], number[]] }) {
  const options: Omit<uPlot.Options, 'width' | 'height'> = {
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [{}, { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) }],
    series: [
      {},
      { label: 'Arrivals', stroke: ARRIVALS, width: 2, points: { show: series[0].length <= 30, size: 6, fill: ARRIVALS } },
      { label: 'Completions', stroke: COMPLETED, width: 2, points: { show: series[0].length <= 30, size: 6, fill: COMPLETED } },
    ],
  };
  return <Plot options={options} data={series} height={220} />;
}
