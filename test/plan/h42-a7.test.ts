// Session 42 second reading, part a7 (issue 32, seed 20261378, notes/h42-a7.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { problemsOf } from './fake-plan.js';

const MIB = 1024 * 1024;

describe('an upload step may declare max_bytes up to 5 GiB (upstream localio.PutFile defaultUploadLimit), checked at build', () => {
  const upload = (max: number) => ({
    facts: 't',
    steps: [{ id: 'put', upload: { file: { flag: 'name' }, url: { const: 'https://example.invalid/u' }, max_bytes: max } }],
  });
  it('5 GiB is accepted, one byte more is a build problem', () => {
    expect(problemsOf(upload(5 * 1024 * MIB))).toEqual([]);
    expect(problemsOf(upload(5 * 1024 * MIB + 1)).join('\n')).toContain('max_bytes');
  });
});
