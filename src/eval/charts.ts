// SVG charts for the Markdown report, rendered headless with Vega (no canvas, no browser): per-slice recall,
// per-product R@5 and the first-gold rank distribution. One grouped-bar specification serves all three.
import { View, parse, type Spec } from 'vega';
import { SLICES } from './qrels.js';
import { configLabel } from './report.js';
import type { RunOutput } from './run.js';

export interface BarRow {
  category: string;
  series: string;
  value: number;
}

export interface BarChart {
  title: string;
  categories: string[];
  series: string[];
  rows: BarRow[];
  /** Values are shares in [0, 1] (percent axis) rather than counts. */
  share: boolean;
  yTitle: string;
}

const PALETTE = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2'];

export function groupedBarSpec(chart: BarChart): Spec {
  const step = Math.max(28, chart.series.length * 14);
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: Math.max(320, chart.categories.length * step),
    height: 240,
    padding: 8,
    background: 'white',
    title: { text: chart.title, anchor: 'start' },
    data: [{ name: 'table', values: chart.rows }],
    scales: [
      { name: 'x', type: 'band', domain: chart.categories, range: 'width', padding: 0.2 },
      { name: 'y', type: 'linear', domain: chart.share ? [0, 1] : { data: 'table', field: 'value' }, range: 'height', nice: true, zero: true },
      { name: 'color', type: 'ordinal', domain: chart.series, range: PALETTE },
    ],
    axes: [
      { orient: 'left', scale: 'y', grid: true, title: chart.yTitle, format: chart.share ? '.0%' : 'd' },
      { orient: 'bottom', scale: 'x', labelAngle: chart.categories.length > 12 ? -45 : 0, labelAlign: chart.categories.length > 12 ? 'right' : 'center' },
    ],
    legends: [{ fill: 'color', orient: 'bottom', direction: 'horizontal', labelLimit: 400 }],
    marks: [
      {
        type: 'group',
        from: { facet: { data: 'table', name: 'facet', groupby: 'category' } },
        encode: { enter: { x: { scale: 'x', field: 'category' } } },
        signals: [{ name: 'width', update: "bandwidth('x')" }],
        scales: [{ name: 'pos', type: 'band', range: 'width', domain: chart.series }],
        marks: [
          {
            type: 'rect',
            from: { data: 'facet' },
            encode: {
              enter: {
                x: { scale: 'pos', field: 'series' },
                width: { scale: 'pos', band: 1 },
                y: { scale: 'y', field: 'value' },
                y2: { scale: 'y', value: 0 },
                fill: { scale: 'color', field: 'series' },
                tooltip: { signal: chart.share ? "datum.series + ': ' + format(datum.value, '.1%')" : "datum.series + ': ' + datum.value" },
              },
            },
          },
        ],
      },
    ],
  };
}

export async function renderSvg(spec: Spec): Promise<string> {
  const view = new View(parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The three report charts for one or two runs (series are prefixed with A/B when comparing). */
export function reportCharts(runs: readonly RunOutput[]): { file: string; chart: BarChart }[] {
  const name = (i: number, what: string) => (runs.length > 1 ? `${'AB'[i]} ${what}` : what);
  const recallSeries = runs.flatMap((_, i) => ['R@1', 'R@5', 'R@10'].map((m) => name(i, m)));
  const sliceRows = runs.flatMap((run, i) =>
    [...SLICES, 'overall'].flatMap((slice) => {
      const t = slice === 'overall' ? run.summary.single.overall : run.summary.single.slices[slice as (typeof SLICES)[number]];
      return ([['R@1', t.r1], ['R@5', t.r5], ['R@10', t.r10]] as const)
        .filter(([, m]) => m.mean !== null)
        .map(([label, m]) => ({ category: slice, series: name(i, label), value: m.mean as number }));
    }),
  );
  const products = [...new Set(runs.flatMap((r) => Object.keys(r.summary.single.products)))];
  const productRows = runs.flatMap((run, i) =>
    Object.entries(run.summary.single.products).map(([p, t]) => ({ category: p, series: name(i, 'R@5'), value: t.r5.mean ?? 0 })),
  );
  const ranks = Object.keys(runs[0].summary.single.rank_distribution);
  const rankRows = runs.flatMap((run, i) =>
    Object.entries(run.summary.single.rank_distribution).map(([rank, count]) => ({ category: rank, series: runs.length > 1 ? `${'AB'[i]} ${configLabel(run)}` : configLabel(run), value: count })),
  );
  return [
    { file: 'slice-recall.svg', chart: { title: 'Recall by slice', categories: [...SLICES, 'overall'], series: recallSeries, rows: sliceRows, share: true, yTitle: 'recall' } },
    { file: 'product-recall.svg', chart: { title: 'R@5 by product (single-intent)', categories: products, series: runs.map((_, i) => name(i, 'R@5')), rows: productRows, share: true, yTitle: 'R@5' } },
    { file: 'rank-distribution.svg', chart: { title: 'Rank of the first gold tool (single-intent, limit 10)', categories: ranks, series: [...new Set(rankRows.map((r) => r.series))], rows: rankRows, share: false, yTitle: 'cases' } },
  ];
}
