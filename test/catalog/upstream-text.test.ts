// Catalog text is our own: none of the clauses that a check found shared verbatim with the upstream CLI's text of the
// same command (../shared/upstream/rewrite-list.jsonl, issue 25) may come back into that command's field. Runs only
// when the list is present next to the repository, like the evaluation hygiene check in lint.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogFiles } from '../../scripts/lib/catalog-lint.mjs';
import { ROOT } from '../helpers.js';

interface RewriteRow {
  canonical_path: string;
  field: 'title' | 'agent_summary' | 'description' | 'use_when' | 'avoid_when' | 'parameter';
  shared_run: string;
}

interface Tool {
  canonical_path: string;
  parameters: Record<string, { description?: string }>;
  [field: string]: unknown;
}

// The list was made over NFKC-folded text (full-width ，（） appear as ,()), so both sides are folded the same way.
const fold = (s: unknown) => String(s ?? '').normalize('NFKC');

/** The texts of one command that a row of the list is about: a parameter row covers every flag's description. */
function fieldTexts(tool: Tool, field: RewriteRow['field']): string[] {
  if (field === 'parameter') return Object.values(tool.parameters).map((p) => fold(p.description));
  return [tool[field]].flat().map(fold);
}

/** The rows whose shared run is still in its command's field, as "<path> <field>: <run>"; unknown paths are reported too. */
function stillShared(rows: readonly RewriteRow[], tools: ReadonlyMap<string, Tool>): string[] {
  return rows.flatMap((r) => {
    const tool = tools.get(r.canonical_path);
    if (!tool) return [`${r.canonical_path}: not in the catalog`];
    const run = fold(r.shared_run);
    return fieldTexts(tool, r.field).some((t) => t.includes(run)) ? [`${r.canonical_path} ${r.field}: ${r.shared_run}`] : [];
  });
}

const listFile = path.join(ROOT, '..', 'shared', 'upstream', 'rewrite-list.jsonl');

describe.runIf(existsSync(listFile))('catalog text in our own words', () => {
  // Read in beforeAll, not in the describe body: vitest runs the body of a skipped describe too.
  let rows: RewriteRow[] = [];
  const tools = new Map<string, Tool>();
  beforeAll(() => {
    rows = readFileSync(listFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const f of loadCatalogFiles(path.join(ROOT, 'catalog'))) {
      for (const t of f.doc.tools as Tool[]) tools.set(t.canonical_path, t);
    }
  });

  it('no shared_run of rewrite-list.jsonl appears verbatim in its command\'s field', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(stillShared(rows, tools)).toEqual([]);
  });

  it('finds a run put back into a field, in full-width punctuation too', () => {
    const row = rows.find((r) => r.field === 'parameter' && r.shared_run.includes(','))!;
    const summary = rows.find((r) => r.field === 'agent_summary')!;
    const copy = new Map(tools);
    const p = structuredClone(copy.get(row.canonical_path)!);
    p.parameters[Object.keys(p.parameters)[0]].description = `前缀${row.shared_run.replaceAll(',', '，')}后缀`;
    copy.set(row.canonical_path, p);
    const s = structuredClone(copy.get(summary.canonical_path)!);
    s.agent_summary = `${summary.shared_run}。`;
    copy.set(summary.canonical_path, s);
    const found = stillShared(rows, copy);
    expect(found).toContain(`${row.canonical_path} parameter: ${row.shared_run}`);
    expect(found).toContain(`${summary.canonical_path} agent_summary: ${summary.shared_run}`);
    expect(stillShared([{ ...summary, canonical_path: 'nope.nope' }], copy)).toEqual(['nope.nope: not in the catalog']);
  });
});
