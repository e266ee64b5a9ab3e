// The test helpers that decide pass or fail by themselves: a golden file is read, never recorded by the test that
// checks it (only UPDATE_GOLDEN=1 writes one).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readGolden } from './helpers.js';

describe('readGolden', () => {
  afterEach(() => vi.unstubAllEnvs());
  const file = () => path.join(mkdtempSync(path.join(tmpdir(), 'dws-golden-')), 'x.golden.json');

  it('fails when the golden file is missing, and writes nothing', () => {
    vi.stubEnv('UPDATE_GOLDEN', '');
    const f = file();
    expect(() => readGolden(f, '{}\n')).toThrow(/is missing: record it with UPDATE_GOLDEN=1/);
    expect(existsSync(f)).toBe(false);
  });

  it('with UPDATE_GOLDEN=1 records the actual text and returns it', () => {
    vi.stubEnv('UPDATE_GOLDEN', '1');
    const f = file();
    expect(readGolden(f, '{"a":1}\n')).toBe('{"a":1}\n');
    expect(readFileSync(f, 'utf8')).toBe('{"a":1}\n');
  });
});
