// Catalog completeness: every tool of every product has bilingual text, examples that run the tool's own CLI path
// with declared flags only, and avoid_when references to commands that exist. Also: evaluation queries never
// appear in the catalog (checked when the evaluation set is present next to the repository).
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commandIndex, lintCatalog, loadCatalogFiles, parseCommandLine } from '../../scripts/lib/catalog-lint.mjs';
import { ROOT } from '../helpers.js';

const files = loadCatalogFiles(path.join(ROOT, 'catalog'));

describe('catalog lint', () => {
  // upstream's 1,122 leaves, dws's 2 own (audit prune / recover) and the own bodies of upstream's runnable groups that
  // no leaf has (group_body, session 41: chat group members)
  it('has all 27 products and 1,125 tools', () => {
    expect(files.length).toBe(27);
    const tools = files.flatMap((f: { doc: { tools: { group_body?: boolean }[] } }) => f.doc.tools);
    expect(tools.length).toBe(1125);
    expect(tools.filter((t) => t.group_body === true).length).toBe(1);
  });

  it('reports no problem in any product', () => {
    expect(lintCatalog(files)).toEqual([]);
  });

  it('catches the problems it is meant to catch', () => {
    const broken = structuredClone(files.filter((f: { doc: { product: { id: string } } }) => ['chat', 'ding'].includes(f.doc.product.id)));
    const tool = broken[1].doc.tools[0];
    tool.title_en = '';
    tool.examples = [`dws ${tool.cli_path} --no-such-flag 1`, 'dws nope nope'];
    tool.avoid_when = ['用 `dws chat message unsend` 代替'];
    const problems = lintCatalog(broken);
    expect(problems).toContain(`ding.yaml: ${tool.canonical_path}: title_en is empty`);
    expect(problems.some((p: string) => p.includes('undeclared flag --no-such-flag'))).toBe(true);
    expect(problems.some((p: string) => p.includes('"dws nope nope" no command matches'))).toBe(true);
    expect(problems.some((p: string) => p.includes('names `dws chat message unsend`'))).toBe(true);
    expect(problems.some((p: string) => p.includes('avoid_when has 1 entries but avoid_when_en has'))).toBe(true);
  });

  it('parses a command line into its command and flags', () => {
    const paths = commandIndex(files);
    const parsed = parseCommandLine('dws chat message recall --conversation-id c1 --msg-id=m1', paths);
    expect(parsed.path).toBe('chat message recall');
    expect(parsed.flags).toEqual(['conversation-id', 'msg-id']);
  });
});

const devSet = path.join(ROOT, '..', 'shared', 'eval', 'qrels-dev.jsonl');
describe.runIf(existsSync(devSet))('evaluation hygiene', () => {
  it('no evaluation query of 6+ characters appears verbatim in catalog/', () => {
    const body = files.map((f: { file: string }) => readFileSync(path.join(ROOT, 'catalog', f.file), 'utf8')).join('\n');
    const cases = readFileSync(devSet, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const texts = cases.flatMap((c: { query?: string; subqueries?: string[] }) => [c.query ?? '', ...(c.subqueries ?? [])]).filter((t: string) => t.length >= 6);
    expect(texts.filter((t: string) => body.includes(t))).toEqual([]);
  });
});
