// The evaluation document (what --json prints) and its renderings. Every table is built once as plain rows
// (`sections`) and then drawn either for the terminal (cli-table3) or as Markdown (markdown-table), so the two
// outputs cannot disagree.
import Table from 'cli-table3';
import { markdownTable } from 'markdown-table';
import { SLICES } from './qrels.js';
import { METRIC_LABELS, SINGLE_METRICS, type Mean, type MetricTable } from './metrics.js';
import { IDENTITY_FORMS } from './identity.js';
import type { RunOutput } from './run.js';
import type { MetricComparison } from './compare.js';

export const DOCUMENT_VERSION = 'dws-eval.v1';

export interface EvalDocument {
  version: typeof DOCUMENT_VERSION;
  qrels: { file: string; cases: number; single: number; workflow: number; negative: number };
  catalog: { source_hash: string; surface_hash: string };
  /** Canonical paths (or products) the qrels name that the catalog lacks. */
  unknown_paths: string[];
  runs: RunOutput[];
  comparison?: { a: string; b: string; resamples: number; seed: number; confidence: number; metrics: MetricComparison[] };
}

export interface Section {
  title: string;
  head: string[];
  rows: string[][];
  note?: string;
}

export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`);
const dec = (v: number | null | undefined): string => (v === null || v === undefined ? '-' : v.toFixed(3));
const signedPct = (v: number): string => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`;

/** Rates as percentages, MRR and NDCG as fractions. */
export function formatMetric(metric: string, v: number | null | undefined): string {
  return metric === 'mrr5' || metric === 'ndcg5' ? dec(v) : pct(v);
}

/** A short name for a configuration: the algorithm plus any ranking overrides. */
export function configLabel(run: Pick<RunOutput, 'config'>): string {
  const overrides = Object.keys(run.config.ranking).length ? ` ${JSON.stringify(run.config.ranking)}` : '';
  return `${run.config.algorithm}${overrides}`;
}

function metricRow(name: string, t: MetricTable): string[] {
  return [name, String(t.r5.n), ...SINGLE_METRICS.map((m) => formatMetric(m, t[m].mean))];
}

const withN = (m: Mean): string => `${pct(m.mean)} (n=${m.n})`;

export function runSections(run: RunOutput, options: { products: boolean }): Section[] {
  const s = run.summary;
  const head = ['slice', 'n', ...SINGLE_METRICS.map((m) => METRIC_LABELS[m])];
  const worstRow = ['worst product', '', ...SINGLE_METRICS.map((m) => {
    const w = s.single.worst[m as keyof typeof s.single.worst];
    return w ? `${formatMetric(m, w.value)} ${w.product}` : '';
  })];
  const sections: Section[] = [
    {
      title: 'Single-intent cases (limit 10)',
      head,
      rows: [
        ...SLICES.map((slice) => metricRow(slice, s.single.slices[slice])),
        metricRow('overall', s.single.overall),
        metricRow(`macro (${Object.keys(s.single.products).length} products)`, s.single.macro),
        worstRow,
      ],
      note: 'Forbidden@k is over the cases that list a forbidden tool (lower is better); n is the number of cases.',
    },
  ];
  if (options.products) {
    sections.push({
      title: 'Per product (single-intent)',
      head: ['product', 'n', ...SINGLE_METRICS.map((m) => METRIC_LABELS[m])],
      rows: Object.entries(s.single.products).map(([p, t]) => metricRow(p, t)),
    });
  }
  sections.push(
    {
      title: 'Workflows (limit 5)',
      head: ['run', 'Complete@5', 'required-step recall'],
      rows: [
        ['raw query alone', withN(s.workflows.complete5_raw), pct(s.workflows.step_recall_raw.mean)],
        ['with subqueries', withN(s.workflows.complete5_decomposed), pct(s.workflows.step_recall_decomposed.mean)],
      ],
    },
    {
      title: 'Abstention',
      head: ['measure', 'rate'],
      rows: [
        ['negatives answered with abstained or weak_match', withN(s.negatives.answered)],
        ['  of which abstained', pct(s.negatives.abstained.mean)],
        ['  of which weak_match', pct(s.negatives.weak.mean)],
        ['false abstain on positive requests', withN(s.abstention.false_abstain)],
        ['weak_match on positive requests', withN(s.abstention.weak_on_positive)],
        ['requests refused with an error', String(s.errors)],
      ],
    },
    {
      title: 'Identity exact hits (whole catalog)',
      head: ['form', 'n', 'hits', 'rate', 'first misses'],
      rows: IDENTITY_FORMS.map((f) => {
        const r = s.identity[f];
        return [f, String(r.n), String(r.hits), pct(r.rate), r.misses.slice(0, 3).join(', ')];
      }),
    },
  );
  return sections;
}

export function comparisonSection(c: NonNullable<EvalDocument['comparison']>): Section {
  return {
    title: `Paired comparison: B - A, product-clustered bootstrap ${Math.round(c.confidence * 100)}% CI (${c.resamples} resamples, seed ${c.seed})`,
    head: ['metric', 'n', 'clusters', 'A', 'B', 'delta (pts)', 'CI (pts)', 'CI excludes 0'],
    rows: c.metrics.map((m) => [
      METRIC_LABELS[m.metric],
      String(m.n),
      String(m.clusters),
      pct(m.a),
      pct(m.b),
      signedPct(m.delta),
      `[${signedPct(m.low)}, ${signedPct(m.high)}]`,
      m.significant ? 'yes' : 'no',
    ]),
    note: `A = ${c.a}; B = ${c.b}. MRR and NDCG are shown x100.`,
  };
}

// Rows without separator lines between them: long tables stay readable in a terminal.
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export function renderTerminal(doc: EvalDocument): string {
  const out: string[] = [];
  const draw = (s: Section) => {
    const table = new Table({ head: s.head, style: { head: [], border: [] }, chars: COMPACT });
    table.push(...s.rows);
    out.push(s.title, table.toString());
    if (s.note) out.push(s.note);
    out.push('');
  };
  out.push(`qrels ${doc.qrels.file}: ${doc.qrels.single} single-intent, ${doc.qrels.workflow} workflow, ${doc.qrels.negative} negative cases`);
  out.push(`catalog ${doc.catalog.source_hash}`, '');
  if (doc.unknown_paths.length) out.push(`warning: the qrels name ${doc.unknown_paths.length} path(s) the catalog lacks: ${doc.unknown_paths.join(', ')}`, '');
  doc.runs.forEach((run, i) => {
    out.push(`== ${doc.runs.length > 1 ? `${'AB'[i]}: ` : ''}${configLabel(run)}`, '');
    runSections(run, { products: false }).forEach(draw);
  });
  if (doc.comparison) draw(comparisonSection(doc.comparison));
  return out.join('\n');
}

const mdEscape = (cell: string): string => cell.replace(/\|/g, '\\|');

function markdownSection(s: Section): string {
  const lines = [`### ${s.title}`, '', markdownTable([s.head, ...s.rows].map((r) => r.map(mdEscape)))];
  if (s.note) lines.push('', s.note);
  return lines.join('\n');
}

/** The Markdown report; `charts` are file names (relative to the report) to embed. */
export function renderMarkdown(doc: EvalDocument, charts: { file: string; title: string }[]): string {
  const parts: string[] = [
    '# dws search evaluation',
    '',
    `- qrels: \`${doc.qrels.file}\` (${doc.qrels.single} single-intent, ${doc.qrels.workflow} workflow, ${doc.qrels.negative} negative cases)`,
    `- catalog: source \`${doc.catalog.source_hash}\`, surface \`${doc.catalog.surface_hash}\``,
    ...doc.runs.map((run, i) => `- configuration ${doc.runs.length > 1 ? `${'AB'[i]} ` : ''}\`${configLabel(run)}\``),
  ];
  if (doc.unknown_paths.length) parts.push(`- **warning**: the qrels name paths the catalog lacks: ${doc.unknown_paths.map((p) => `\`${p}\``).join(', ')}`);
  parts.push('');
  if (doc.comparison) parts.push('## Comparison', '', markdownSection(comparisonSection(doc.comparison)), '');
  doc.runs.forEach((run, i) => {
    parts.push(`## ${doc.runs.length > 1 ? `${'AB'[i]}: ` : ''}${configLabel(run)}`, '');
    for (const s of runSections(run, { products: true })) parts.push(markdownSection(s), '');
    parts.push(markdownSection(missesSection(run)), '');
  });
  if (charts.length) {
    parts.push('## Charts', '');
    for (const c of charts) parts.push(`### ${c.title}`, '', `![${c.title}](${c.file})`, '');
  }
  return parts.join('\n');
}

/** Single-intent cases without a gold path in the top 5, by id (queries stay in the qrels file). */
export function missesSection(run: RunOutput): Section {
  const rows = run.cases.flatMap((c) =>
    c.kind === 'single' && c.scores.r5 === 0
      ? [[c.id, c.slice, c.first_gold_rank === null ? 'miss' : String(c.first_gold_rank), c.answer.ranked.slice(0, 3).join(', ') || `(${c.answer.abstained ? 'abstained' : c.answer.error ?? 'empty'})`]]
      : [],
  );
  return { title: `Single-intent misses at 5 (${rows.length})`, head: ['case', 'slice', 'first gold rank', 'top 3'], rows };
}
