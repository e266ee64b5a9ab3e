// Upstream's reviewed command path fallbacks (internal/cli/command_path_fallbacks.json, applied by
// internal/pipeline/command_fallback.go:20-68 from cobra.go:52@c7521c1c) as src/dispatch/resolve.ts applies
// catalog/data/command-path-fallbacks.json: a reviewed mistyped path runs the one real command it stands for, silently
// and with the same flags; a path that could mean several commands is refused naming them, --help included.
import { describe, expect, it } from 'vitest';
import { PATH_FALLBACKS, resolveCommand } from '../../src/dispatch/resolve.js';
import { identityKey } from '../../src/catalog/identity.js';
import { realCatalog, runCliAsync, shippedEngine, errorOf } from '../helpers.js';
import { useOutputRuns } from '../plan/output-runs.js';

const { sent, env, failure } = useOutputRuns('dws-path-fallbacks-');
const tools = realCatalog().tools;
const byPath = new Map(tools.map((t) => [t.cli_path, t]));
const entries = Object.entries(PATH_FALLBACKS);
const rewrites = entries.filter(([, e]) => e.to !== undefined).map(([from, e]) => [from, e.to!] as const);
const ambiguous = entries.filter(([, e]) => e.candidates !== undefined).map(([from, e]) => [from, e.candidates!] as const);

describe('the table (command_path_fallbacks.json@c7521c1c)', () => {
  it('holds upstream\'s 15 rewrites and 19 ambiguous paths, each one or the other', () => {
    expect([rewrites.length, ambiguous.length]).toEqual([15, 19]);
    for (const [, e] of entries) expect((e.to === undefined) !== (e.candidates === undefined)).toBe(true);
  });

  it('names, for every path, real visible commands by their own path, within the same product (command_path_fallbacks.go:220-260)', () => {
    for (const [from, e] of entries) {
      for (const target of e.to !== undefined ? [e.to] : e.candidates!) {
        const tool = byPath.get(target);
        expect(tool, `${from} -> ${target}`).toBeDefined();
        expect(tool!.visibility, target).toBe('visible');
        expect(target.split(' ')[0]).toBe(from.split(' ')[0]);
      }
      // a rewrite keeps the +shortcut identity (command_path_fallbacks.go:228-230)
      if (e.to !== undefined) expect(e.to.includes('+')).toBe(from.includes('+'));
    }
  });

  it('never shadows a command: no path of the table is a command, an alias or a command alias', () => {
    const engine = shippedEngine();
    const aliasPaths = new Set(tools.flatMap((t) => (t.command_aliases ?? []).map((a) => [...t.cli_path.split(' ').slice(0, -1), a].join(' '))));
    for (const [from] of entries) {
      expect(engine.identities.get(identityKey(from)), from).toBeUndefined();
      expect(aliasPaths.has(from), from).toBe(false);
    }
  });

  it('resolves every rewrite to its target, with the words after the path kept in order, and as the target was typed', () => {
    const engine = shippedEngine();
    for (const [from, to] of rewrites) {
      const r = resolveCommand([...from.split(' '), 'p1', '--x', 'v'], engine);
      expect(r.kind === 'tool' && [r.tool.cli_path, r.path, r.rest]).toEqual([to, to, ['p1', '--x', 'v']]);
    }
  });

  it('applies to the words as typed only: another case, or a path an alias produced, stays unknown', () => {
    const engine = shippedEngine();
    for (const argv of [['chat', '+Members'], ['im', '+members'], ['doc', '+SNAPSHOT']]) {
      expect(() => resolveCommand(argv, engine)).toThrow(expect.objectContaining({ reason: 'unknown_command' }));
    }
  });
});

describe('a reviewed path as a user types it', () => {
  it('sends what its real command sends, for each of the 15 rewrites (bare and with --dry-run)', async () => {
    for (const [from, to] of rewrites) {
      for (const extra of [[], ['--dry-run']]) {
        const alias = await sent([...from.split(' '), ...extra]);
        const real = await sent([...to.split(' '), ...extra]);
        expect(alias.reason, from).not.toBe('unknown_command');
        expect(alias, `${from} ${extra.join(' ')}`).toEqual(real);
      }
    }
  });

  it('dws doc +snapshot --node n saves a history point of n, as doc +history-save', async () => {
    const alias = await sent(['doc', '+snapshot', '--node', 'doc1']);
    expect(alias.reason).toBeUndefined();
    expect(alias.calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(alias.calls)).toContain('doc1');
    expect(alias).toEqual(await sent(['doc', '+history-save', '--node', 'doc1']));
  });

  it('node bin/dws.cjs chat +list-robots --group <id> lists the bots of that group, printing no notice', async () => {
    const e = env();
    const alias = await runCliAsync(['chat', '+list-robots', '--group', 'cidAbc123==', '--dry-run'], '', e);
    const real = await runCliAsync(['chat', '+chat-bots', '--group', 'cidAbc123==', '--dry-run'], '', e);
    expect(alias.status).toBe(0);
    expect(alias.stderr).toBe('');
    expect(alias.stdout).toContain('cidAbc123==');
    expect(alias.stdout).toBe(real.stdout);
  });

  it('node bin/dws.cjs chat +members --help prints the help of chat +group-members', async () => {
    const alias = await runCliAsync(['chat', '+members', '--help'], '', env());
    expect(alias.status).toBe(0);
    expect(alias.stdout.split('\n')[0]).toMatch(/^dws chat \+group-members /);
  });

  it('refuses each of the 19 ambiguous paths, --help included, naming every candidate and calling nothing', async () => {
    for (const [from, candidates] of ambiguous) {
      for (const extra of [[], ['--help']]) {
        const run = await sent([...from.split(' '), ...extra]);
        expect([run.reason, run.category, run.calls, run.printed]).toEqual(['ambiguous_command', 'validation', [], undefined]);
      }
      const { message } = await failure(from.split(' '));
      expect(message).toContain(`"dws ${from}"`);
      for (const c of candidates) expect(message).toContain(`\`dws ${c}\``);
    }
    const cli = await runCliAsync(['chat', '+send', '--text', 'hi'], '', env());
    expect(cli.status).toBe(3);
    expect(cli.stdout).toBe('');
    const error = errorOf(cli.stderr);
    expect(error.reason).toBe('ambiguous_command');
    for (const c of PATH_FALLBACKS['chat +send'].candidates!) expect(error.message).toContain(`\`dws ${c}\``);
  });
});
