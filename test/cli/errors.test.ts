// Errors that say what is wrong, through the CLI as a user runs it: malformed and incomplete catalog versions
// (Inspect and dispatch alike), hints that name the failing command's own help, did-you-mean that offers the nearest
// names first and nothing when nothing is near, and --limit 0 answered as abstained.
import { describe, expect, it } from 'vitest';
import { errorOf, runCli, shippedEngine } from '../helpers.js';
import { HINTS } from '../../src/engine/search.js';

const { source_hash: SOURCE, surface_hash: SURFACE } = shippedEngine().catalogHashes;
const inspect = ['schema', 'chat.recall_message', '--compact'];
const recall = ['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm', '--dry-run'];

function refusal(args: string[]) {
  const r = runCli(args);
  return { status: r.status, stdout: r.stdout, reason: errorOf(r.stderr).reason, hint: errorOf(r.stderr).hint };
}

describe('catalog versions', () => {
  for (const [name, base] of [['versioned Inspect', inspect], ['dispatch', recall]] as const) {
    it(`${name}: a malformed hash is invalid_hash (exit 3), one hash alone incomplete_catalog_version (exit 3)`, () => {
      for (const bad of ['abc', SOURCE.toUpperCase(), SOURCE.slice(7), `${SOURCE}0`]) {
        expect(refusal([...base, '--expected-source-hash', bad, '--expected-surface-hash', SURFACE])).toMatchObject({ status: 3, stdout: '', reason: 'invalid_hash' });
        expect(refusal([...base, '--expected-source-hash', SOURCE, '--expected-surface-hash', bad])).toMatchObject({ status: 3, reason: 'invalid_hash' });
      }
      expect(refusal([...base, '--expected-source-hash', SOURCE])).toMatchObject({ status: 3, stdout: '', reason: 'incomplete_catalog_version' });
      expect(refusal([...base, '--expected-surface-hash', SURFACE])).toMatchObject({ status: 3, reason: 'incomplete_catalog_version' });
      const stale = 'sha256:' + '0'.repeat(64);
      expect(refusal([...base, '--expected-source-hash', stale, '--expected-surface-hash', SURFACE])).toMatchObject({ status: 6, reason: 'catalog_changed' });
      expect(runCli([...base, '--expected-source-hash', SOURCE, '--expected-surface-hash', SURFACE]).status).toBe(0);
    });
  }
});

describe('hints', () => {
  it("a parse error names the failing command's own help", () => {
    expect(refusal(['schema', 'search', '--limit'])).toMatchObject({ status: 3, hint: 'run `dws schema search --help` for usage' });
    expect(refusal(['schema', '--nope'])).toMatchObject({ status: 3, hint: 'run `dws schema --help` for usage' });
    expect(refusal(['serve', '--nope'])).toMatchObject({ status: 3, hint: 'run `dws serve --help` for usage' });
    expect(refusal(['--nope'])).toMatchObject({ status: 3, hint: 'run `dws --help` for usage' });
    expect(refusal(['schema', '--compactt'])).toMatchObject({ status: 3, hint: 'Did you mean --compact? See `dws schema --help`.' });
  });

  it('did-you-mean offers the nearest names first, and nothing when nothing is near', () => {
    expect(refusal(['schema', 'serch'])).toMatchObject({ status: 3, reason: 'unknown_path', hint: 'did you mean `dws schema search`?' });
    expect(refusal(['schema', 'chat', 'mesage']).hint).toBe('did you mean `dws schema "chat message"`?');
    expect(refusal(['schema', 'chat.recal_message']).hint).toMatch(/^did you mean `dws schema chat\.recall_message`/);
    expect(refusal(['schema', 'zzzzqqqqxx']).hint).not.toContain('did you mean');
    expect(refusal(['shcema'])).toMatchObject({ status: 3, reason: 'unknown_command' });
    expect(refusal(['shcema']).hint).toMatch(/^did you mean `dws schema`\?/);
    expect(refusal(['serv']).hint).toMatch(/^did you mean `dws serve`/);
    expect(refusal(['caht']).hint).toMatch(/^did you mean `dws chat`/);
    expect(refusal(['chat', 'mesage', 'recall']).hint).toMatch(/^did you mean `dws chat message recall`/);
    expect(refusal(['zzzzzzqqqq']).hint).toBe('find commands with `dws schema search --query "<task>"`');
  });
});

describe('--limit 0', () => {
  it('is a valid request answered with no candidates, abstained, and a hint that says why', () => {
    const r = runCli(['schema', 'search', '--query', '撤回消息', '--limit', '0']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ candidates: [], abstained: true, hint: HINTS.limitZero });
  });
});
