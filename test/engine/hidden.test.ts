// Hidden commands (compatibility paths, unpublished ones): search offers one only to a request that names it exactly
// (its canonical path, CLI path or alias, alone or inside a longer request); Inspect and dispatch accept it as any.
import { describe, expect, it } from 'vitest';
import { runCli, shippedEngine } from '../helpers.js';

const e = shippedEngine();
const hidden = e.tools().filter((t) => t.visibility !== 'visible');
const hiddenPaths = new Set(hidden.map((t) => t.canonical_path));
const search = (query: string, extra: object = {}) => JSON.parse(e.search({ query, limit: 20, candidate_limit: 100, ...extra }));

describe('hidden commands', () => {
  it('are never ranked for a request that does not name them, not even their own title or summary', () => {
    for (const t of hidden) {
      for (const query of [t.title, t.title_en, t.agent_summary, t.agent_summary_en]) {
        const r = search(query);
        expect(r.candidates.filter((c: { canonical_path: string }) => hiddenPaths.has(c.canonical_path))).toEqual([]);
        const steps = search(query, { subqueries: [query, '创建待办'] });
        expect(steps.candidates.filter((c: { canonical_path: string }) => hiddenPaths.has(c.canonical_path))).toEqual([]);
      }
    }
  });

  it('are found when named exactly: canonical path, CLI path, or inside a longer request', () => {
    for (const t of hidden) {
      for (const name of [t.canonical_path, t.cli_path, `dws ${t.cli_path}`]) {
        expect(search(name)).toMatchObject({ strategy: 'exact_guard', candidates: [{ canonical_path: t.canonical_path }] });
      }
    }
    const t = hidden.find((x) => x.cli_path.split(' ').length >= 2)!;
    const r = search(`run dws ${t.cli_path} and then tell me`);
    expect(r.candidates[0]).toMatchObject({ canonical_path: t.canonical_path, rank_sources: expect.arrayContaining(['exact_identity']) });
  });

  it('Inspect and dispatch accept them through the CLI', () => {
    // One that needs no flags: a dry run is its whole invocation plan.
    const t = hidden.find((x) => x.interface_mode === 'mcp' && x.availability === 'available' && x.confirmation === 'not_required'
      && Object.values(x.parameters).every((p) => !p.required && !p.cli_required) && Object.values(x.constraints).every((c) => c.length === 0))!;
    const inspect = runCli(['schema', t.canonical_path, '--compact']);
    expect(inspect.status).toBe(0);
    expect(JSON.parse(inspect.stdout).canonical_path).toBe(t.canonical_path);
    const dry = runCli([...t.cli_path.split(' '), '--dry-run']);
    // nothing on stderr but the notices a deprecated hidden command prints (f-warn: `{"warning": {...}}` lines)
    const notices = dry.stderr.split('\n').filter((l) => l !== '');
    expect(notices.every((l) => Object.keys(JSON.parse(l) as object).join() === 'warning')).toBe(true);
    expect(JSON.parse(dry.stdout).canonical_path).toBe(t.canonical_path);
  });
});
