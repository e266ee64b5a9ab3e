// Determinism: several processes answer the same mixed request set with byte-identical output, and that output is
// the committed golden file (a ranking change is always a visible diff: UPDATE_GOLDEN=1 npx vitest run determinism).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readGolden, ROOT, runCliAsync } from '../helpers.js';

const requests = readFileSync(path.join(ROOT, 'test/fixtures/requests.jsonl'), 'utf8');
const golden = path.join(ROOT, 'test/fixtures/search-golden.jsonl');

describe('byte-identical answers across processes', () => {
  it('4 processes give the same bytes for 55+ requests, with and without --explain, equal to the golden file', async () => {
    expect(requests.trim().split('\n').length).toBeGreaterThanOrEqual(55);
    const runs = await Promise.all([0, 1, 2, 3].map(() => runCliAsync(['schema', 'search', '--batch'], requests)));
    const explained = await Promise.all([0, 1].map(() => runCliAsync(['schema', 'search', '--batch', '--explain'], requests)));
    for (const r of [...runs, ...explained]) expect(r.status).toBe(0);
    for (const r of runs) expect(r.stdout).toBe(runs[0].stdout);
    expect(explained[1].stdout).toBe(explained[0].stdout);
    const lines = runs[0].stdout.split('\n').filter(Boolean);
    expect(lines.length).toBe(requests.trim().split('\n').length);
    expect(runs[0].stdout).toBe(readGolden(golden, runs[0].stdout));
  });
});
