// The command lines the playground shows: quoting survives a real POSIX shell, and each line is the command it
// claims to be.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { inspectCommand, runCommand, searchCommand, shellQuote } from '../../src/playground/commands.js';

/** The words sh hands to a program for a command line (printed NUL-separated by printf). */
function shWords(commandLine: string): string[] {
  const out = execFileSync('sh', ['-c', `printf '%s\\0' ${commandLine}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shell quoting for the shown commands', () => {
  it('any words, quoted and joined, reach the program unchanged through sh', () => {
    const word = fc.string({ unit: fc.oneof(fc.constantFrom(...`'"\\$\`!*?;&|<>(){}[]~# \t\n=:,%@+-./`), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1 })
      .filter((w) => !w.includes('\0'));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
      expect(shWords(shellQuote(words))).toEqual(words);
    }), { numRuns: 60 });
  });

  it('leaves hashes, paths and Chinese text unquoted so the command stays readable', () => {
    expect(shellQuote(['dws', 'schema', 'chat.recall_message', '--expected-source-hash', 'sha256:ab12', '撤回群消息'])).toBe(
      'dws schema chat.recall_message --expected-source-hash sha256:ab12 撤回群消息');
    expect(shellQuote(["it's here", ''])).toBe(`'it'\\''s here' ''`);
  });
});

describe('the command lines', () => {
  it('a plain search becomes dws schema search with the flags of its filters', () => {
    expect(searchCommand({ version: 'tool-search.v1', query: '删除 文件', limit: 3, product_ids: ['chat', 'drive'], effects: ['destructive'] }))
      .toBe("dws schema search --query '删除 文件' --limit 3 --product chat,drive --effect destructive");
  });

  it('a search with subqueries pipes its exact request JSON to --request-json -', () => {
    const request = { version: 'tool-search.v1' as const, query: "it's", subqueries: ['撤回消息', '创建待办'] };
    const line = searchCommand(request);
    expect(line.endsWith('| dws schema search --request-json -')).toBe(true);
    const printed = execFileSync('sh', ['-c', line.replace(/ \| dws .*$/, '')], { encoding: 'utf8' });
    expect(printed).toBe(JSON.stringify(request) + '\n');
  });

  it('versioned Inspect carries both hashes and the compact flag', () => {
    expect(shWords(inspectCommand('chat.recall_message', { source_hash: 'sha256:aa', surface_hash: 'sha256:bb' }))).toEqual(
      ['dws', 'schema', 'chat.recall_message', '--compact', '--expected-source-hash', 'sha256:aa', '--expected-surface-hash', 'sha256:bb']);
  });

  it('a contract\'s own example of this command is the run line', () => {
    expect(runCommand({ cli_path: 'chat message recall', examples: ['dws chat message recall-by-bot --x 1', 'dws chat message recall --msg-id m1'] }))
      .toBe('dws chat message recall --msg-id m1');
  });

  it('without such an example, required flags are filled from example, default or enum, else a typed placeholder', () => {
    const line = runCommand({
      cli_path: 'todo task create',
      examples: ['dws todo +create --title x'],
      parameters: {
        title: { type: 'string', required: true, example: '交 周报' },
        priority: { type: 'integer', cli_required: true, default: 20 },
        kind: { type: 'string', required: true, enum: ['a', 'b'] },
        due: { type: 'string', required: true },
        note: { type: 'string', required: false, example: 'unused' },
      },
    });
    expect(line).toBe("dws todo task create --kind a --priority 20 --title '交 周报' --due <string>");
  });
});
