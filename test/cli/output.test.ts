// Output for people and pipelines, through the CLI as a user runs it: real jq (jq 1.8) over the whole catalog and over
// search answers, raw strings, --fields that refuse unknown keys, quiet exits into closed pipes, and tables that
// colour and size themselves only on a terminal (a real pseudo-terminal from util-linux `script`).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, errorOf, runCli, shippedEngine } from '../helpers.js';
import { terminal } from '../../src/schema/format.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const dws = (args: string[]) => [process.execPath, BIN, ...args].map(quote).join(' ');

/** A shell pipeline on real pipes; prints dws's own exit status last (bash PIPESTATUS). */
function pipeline(args: string[], into: string, env: Record<string, string> = {}) {
  const r = spawnSync('bash', ['-c', `${dws(args)} | ${into}; echo "exit=\${PIPESTATUS[0]}"`], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { stdout: r.stdout, stderr: r.stderr };
}

/** The environment without the colour and width variables (the test runner may set them), plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['NO_COLOR', 'FORCE_COLOR', 'COLUMNS']) delete out[k];
  return { ...out, ...env };
}

/** dws on a pseudo-terminal (`script -qec`), with the given environment; what the terminal showed. */
function onTerminal(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync('script', ['-qec', dws(args), '/dev/null'], { encoding: 'utf8', env: cleanEnv(env) });
  return { status: r.status, screen: r.stdout.replace(/\r\n/g, '\n') };
}

/** dws with stdout on a pipe. */
const piped = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: cleanEnv(env) }).stdout;

const ANSI = /\u001b\[/;
const width = (line: string) => [...line.replace(/\u001b\[[0-9;]*m/g, '')].length;

describe('--jq is real jq and prints strings raw', () => {
  it('answers over the whole --all output (3 MB) with jq 1.8', () => {
    const r = runCli(['schema', '--all', '--jq', '[.count, ([.products[].tools[]] | length)]']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`[${shippedEngine().products.length},${shippedEngine().tools().length}]\n`);
    // trimstr/1 and add/1 are new in jq 1.8: a lookalike or an older jq does not compile them
    expect(runCli(['schema', 'chat', '--jq', '[(.id | trimstr("c")), add(1, 2)]']).stdout).toBe('["hat",3]\n');
  });

  it('prints a string result raw, one per line, like gh --jq; tojson keeps the quotes', () => {
    expect(runCli(['schema', '--jq', '.products[0:2][].id']).stdout).toBe(`${shippedEngine().products[0].id}\n${shippedEngine().products[1].id}\n`);
    expect(runCli(['schema', '--jq', '.products[0].id | tojson']).stdout).toBe(`"${shippedEngine().products[0].id}"\n`);
    expect(runCli(['schema', '--jq', 'empty']).stdout).toBe('');
  });

  it('shapes a search answer: --jq, --fields of each candidate, --format table', () => {
    const query = ['schema', 'search', '--query', '撤回我刚发的群消息'];
    const full = JSON.parse(runCli(query).stdout);
    expect(runCli([...query, '--jq', '.candidates[].canonical_path']).stdout).toBe(full.candidates.map((c: { canonical_path: string }) => c.canonical_path + '\n').join(''));
    const picked = JSON.parse(runCli([...query, '--fields', 'rank,canonical_path']).stdout);
    expect(picked).toEqual({ ...full, candidates: full.candidates.map((c: { rank: number; canonical_path: string }) => ({ canonical_path: c.canonical_path, rank: c.rank })) });
    const table = piped([...query, '--format', 'table']).split('\n');
    expect(table[0]).toBe('rank\tcommand\tcanonical path\teffect\tsummary');
    expect(table[1]).toBe(`1\tdws ${full.candidates[0].primary_cli_path}\t${full.candidates[0].canonical_path}\t${full.candidates[0].effect}\t${full.candidates[0].title}`);
  });

  it('an unknown --fields key is invalid_fields naming the keys there are, never a list of {}', () => {
    for (const args of [['schema', '--fields', 'nosuch'], ['schema', 'chat', '--fields', 'id,nosuch'], ['schema', 'search', '--query', 'zzqxv', '--fields', 'nosuch']]) {
      const r = runCli(args);
      expect(r.status).toBe(3);
      expect(r.stdout).toBe('');
      expect(errorOf(r.stderr)).toMatchObject({ reason: 'invalid_fields', message: 'no field "nosuch" here' });
      expect(errorOf(r.stderr).hint).toMatch(/^fields here: .*\bid\b|^fields here: .*canonical_path/);
    }
  });

  it('--batch answers stay JSON Lines: no --jq, --fields or table', () => {
    for (const [flag, reason] of [[['--jq', '.'], 'unsupported_output_filter'], [['--fields', 'rank'], 'unsupported_output_filter'], [['--format', 'table'], 'unsupported_output_format']] as const) {
      const r = runCli(['schema', 'search', '--batch', ...flag], { input: '{"version":"tool-search.v1","query":"x"}\n' });
      expect([r.status, r.stdout, errorOf(r.stderr).reason]).toEqual([3, '', reason]);
    }
  });
});

describe('a closed pipe ends dws quietly', () => {
  // The first two answers are larger than a pipe's 64 KiB buffer: dws is still writing when the reader leaves.
  for (const args of [['schema', '--all'], ['schema', 'chat', '--jq', '.'], ['schema', 'search', '--query', '撤回', '--format', 'table'], ['--help']]) {
    it(`dws ${args.join(' ')} | head -c 10, and | true: exit 0, nothing on stderr`, () => {
      const head = pipeline(args, 'head -c 10');
      expect(head.stderr).toBe('');
      expect(head.stdout).toMatch(/exit=0\n$/);
      expect(head.stdout.length).toBe(10 + 'exit=0\n'.length);
      const none = pipeline(args, 'true');
      expect(none).toEqual({ stdout: 'exit=0\n', stderr: '' });
    });
  }
});

describe('tables: colour and width only where they belong', () => {
  it('on a terminal: boxed, no wider than COLUMNS, header in bold; NO_COLOR turns the colour off', () => {
    for (const columns of [60, 100, 140]) {
      const t = onTerminal(['schema', 'ding', '--format', 'table'], { COLUMNS: String(columns) });
      expect(t.status).toBe(0);
      const lines = t.screen.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^┌/);
      expect(lines.every((l) => width(l) <= columns)).toBe(true);
      expect(Math.max(...lines.map(width))).toBeGreaterThan(columns - 4);
      expect(t.screen).toContain('\u001b[1mcli path\u001b[22m');
    }
    const plain = onTerminal(['schema', 'ding', '--format', 'table'], { NO_COLOR: '1', COLUMNS: '100' });
    expect(plain.screen).toMatch(/^┌/);
    expect(plain.screen).not.toMatch(ANSI);
  });

  it('piped: tab-separated lines, no colour, nothing cut; FORCE_COLOR brings colour back', () => {
    const out = piped(['schema', 'ding', '--format', 'table'], { LANG: 'en_US.UTF-8', LC_ALL: '' });
    expect(out).not.toMatch(ANSI);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('cli path\teffect\trisk\tsummary');
    const ding = JSON.parse(runCli(['schema', 'ding']).stdout).tools;
    expect(lines.slice(1)).toEqual(ding.map((t: Record<string, string>) => [t.cli_path, t.effect, t.risk, t.agent_summary_en].join('\t')));
    const forced = piped(['schema', 'ding', '--format', 'table'], { FORCE_COLOR: '1' });
    expect(forced.split('\n')[0]).toBe('\u001b[1mcli path\u001b[22m\t\u001b[1meffect\u001b[22m\t\u001b[1mrisk\u001b[22m\t\u001b[1msummary\u001b[22m');
  });

  it('terminal(): NO_COLOR wins, FORCE_COLOR=0 or false means off, COLUMNS over the terminal width', () => {
    expect(terminal({}, true, 90)).toEqual({ zh: false, tty: true, width: 90, colour: true });
    expect(terminal({ NO_COLOR: '1', FORCE_COLOR: '1' }, true, 90).colour).toBe(false);
    expect(terminal({ NO_COLOR: '' }, true, 90).colour).toBe(true);
    expect(terminal({ FORCE_COLOR: '0' }, true, 90).colour).toBe(false);
    expect(terminal({ FORCE_COLOR: 'false' }, true, 90).colour).toBe(false);
    expect(terminal({ FORCE_COLOR: '' }, false, undefined).colour).toBe(true);
    expect(terminal({}, false, undefined)).toEqual({ zh: false, tty: false, width: 100, colour: false });
    expect(terminal({ COLUMNS: '72' }, true, 90).width).toBe(72);
    expect(terminal({ COLUMNS: 'wide', LANG: 'zh_CN.UTF-8' }, true, 90)).toMatchObject({ width: 90, zh: true });
  });
});
