// The dry-run plan of every multi-step command (catalog/plans/multi-step/) against one golden JSON Lines file: the
// steps, their resolvable arguments and the placeholders for values from earlier results, with the flags of
// test/fixtures/multi-step/inputs.json, a fixed clock and fixed uuids. A dry run calls nothing. The golden is
// written only with UPDATE_GOLDEN=1; without it a missing golden fails.
// The plans read the clock and dates in local time: one fixed zone makes the golden the same on every machine.
process.env.TZ = 'Asia/Shanghai';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, executeOptions } from '../../helpers.js';
import { executePlan } from '../../../src/plan/executor.js';
import { FILES, inputsFor, multiStepPaths, toolOf } from './support.js';

const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'multi-step', 'dry-run.golden.jsonl');
const FIXED_NOW = () => new Date(2026, 2, 10, 9, 30, 15);

async function dryRunLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const canonical of multiStepPaths()) {
    const tool = toolOf(canonical);
    let n = 0;
    const outcome = await executePlan(tool, tool.plan, inputsFor(tool, FILES), executeOptions(tool, {
      // no server is configured: a dry run that tried to call would fail with not_configured
      env: { DWS_CONFIG: '/nonexistent/dws.json', DWS_FILE_ROOT: ROOT },
      timeoutMs: 1000, catalog: { source_hash: 'h', surface_hash: 'h' }, dryRun: true,
      now: FIXED_NOW, uuid: () => `uuid-${++n}`,
    }));
    lines.push(JSON.stringify(outcome));
  }
  return lines;
}

describe('multi-step dry-run plans (golden)', () => {
  it('prints every step of every multi-step command as the golden file says, calling nothing', async () => {
    const lines = await dryRunLines();
    expect(lines).toHaveLength(multiStepPaths().length);
    for (const l of lines) {
      const plan = (JSON.parse(l) as { plan: { dry_run: boolean; steps: unknown[] } }).plan;
      expect(plan.dry_run).toBe(true);
      expect(plan.steps.length).toBeGreaterThan(0);
    }
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, lines.join('\n') + '\n');
    expect(existsSync(GOLDEN), `${GOLDEN} is missing: run UPDATE_GOLDEN=1 npx vitest run test/plan/multi-step`).toBe(true);
    expect(lines).toEqual(readFileSync(GOLDEN, 'utf8').trimEnd().split('\n'));
  });
});
