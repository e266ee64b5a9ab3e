// The bench report tells a quick run from a full one: a --quick run says so at the top, and what it did not measure
// (the 100,000-tool scale point) reads "not run", never as a missed target. The fixture is the results.json of a
// real `npm run bench -- --quick --out <dir>` run.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderReport, targets, type Results } from '../../bench/report.js';
import { ROOT } from '../helpers.js';

const quickRun = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/bench-quick-results.json'), 'utf8')) as Results;

describe('bench report', () => {
  it('a quick run says it is quick and marks the suites it did not run as not run', () => {
    expect(quickRun.quick).toBe(true);
    expect(quickRun.scale.map((x) => x.tools)).not.toContain(100000);
    const md = renderReport(quickRun).markdown;
    expect(md).toContain('**A quick run (`--quick`)**');
    expect(md).toContain('| 100k tools: warm query p50 <= 3 ms | not run | not run |');
    expect(md).toContain('| 100,000 | not run | not run | not run | not run | not run | not run | not run | not run |');
    expect(targets(quickRun).filter((t) => t.pass === undefined).map((t) => t.target)).toEqual(['100k tools: warm query p50 <= 3 ms']);
  });

  it('a full run has no quick banner, and a measured target holds or misses', () => {
    const big = { ...quickRun.scale[quickRun.scale.length - 1], tools: 100000 };
    const full: Results = { ...quickRun, quick: false, scale: [...quickRun.scale, big] };
    const md = renderReport(full).markdown;
    expect(md).not.toContain('quick run');
    expect(md).not.toContain('not run');
    const t = targets(full).find((x) => x.target.startsWith('100k tools'))!;
    expect(t.pass).toBe(big.single.p50 <= 3);
    expect(md).toContain(`| ${t.target} | ${t.measured} | ${t.pass ? 'holds' : '**misses**'} |`);
  });
});
