// One flag table (src/cli/flag-table.ts) drives both commander and the hot path; commander's parse of every
// declared flag lands on the key the table says, so the hot reader and commander give the same flags object.
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { SCHEMA_FLAGS, SEARCH_FLAGS } from '../../src/cli/flag-table.js';
import { buildProgram, optionOf } from '../../src/cli/main.js';

describe('the flag table', () => {
  it('names, for every flag, the attribute commander stores it under', () => {
    for (const f of [...SCHEMA_FLAGS, ...SEARCH_FLAGS]) expect(optionOf(f).attributeName(), f.flag).toBe(f.key);
  });

  it('is exactly the option set of `dws schema` and `dws schema search`', () => {
    const schema = buildProgram().commands.find((c) => c.name() === 'schema')!;
    const search = schema.commands.find((c) => c.name() === 'search')!;
    const longs = (c: Command) => c.options.map((o) => o.long).sort();
    expect(longs(schema)).toEqual(SCHEMA_FLAGS.map((f) => f.flag).sort());
    expect(longs(search)).toEqual(SEARCH_FLAGS.map((f) => f.flag).sort());
  });

  it('gives commander the flags object the table describes (value, repeated list, boolean)', () => {
    const program = buildProgram();
    let seen: Record<string, unknown> | undefined;
    const search = program.commands.find((c) => c.name() === 'schema')!.commands.find((c) => c.name() === 'search')!;
    search.action((flags: Record<string, unknown>) => { seen = flags; });
    program.parse(['schema', 'search', '--query', 'x', '--product', 'chat,todo', '--product=drive', '--explain', '--candidate-limit=7'], { from: 'user' });
    expect(seen).toEqual({ query: 'x', product: ['chat', 'todo', 'drive'], explain: true, candidateLimit: '7' });
  });
});
