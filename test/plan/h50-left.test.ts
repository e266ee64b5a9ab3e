// Session 50 helper "left" (issue 32, notes/h50-left.md): the items session 49 left alone. Each runs as a user types
// it against the fake MCP server on 127.0.0.1 (or, for serve, as an MCP client sends it), so a later change that
// breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/contract/flag-types.js';
import { DwsError } from '../../src/errors.js';
import { JsonNumber, stringifyJson } from '../../src/json-number.js';
import { runTool } from '../../src/serve/tools.js';
import { shippedEngine } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h50left-');
const { sent } = outputs;

/** A number as it came over the wire: the fake server keeps a literal JSON.parse would change (-0) as a JsonNumber. */
const wire = (v: unknown) => (v instanceof JsonNumber ? Number(v.literal) : v);

/**
 * The float64 strconv.ParseFloat(s, 64) reads from a spelling this file builds, written as Go's json.Marshal writes it:
 * the spellings below are built from a known double, so the model is that double; json.Marshal keeps a negative zero's
 * sign (strconv.AppendFloat) and otherwise writes the shortest digits, as JSON.stringify does.
 */
const goJson = (x: number) => (Object.is(x, -0) ? '-0' : JSON.stringify(x));

/** Digits with underscores put between some of them, as Go's underscoreOK allows (never first, last or doubled). */
const underscored = (digits: string, cuts: boolean[]) =>
  [...digits].map((d, i) => (i > 0 && cuts[i % cuts.length] ? `_${d}` : d)).join('');

/**
 * Go float spellings of a double: its JavaScript text (`1.5`, `1e+21`, `5e-324`), with a `+` or `-` sign, leading zeros,
 * a trailing `.`/`.0`, an exponent moved (`15e-1`), underscores between digits; and hexadecimal literals m * 2^e
 * (`0x1.8p1`). Each comes with the double Go reads from it.
 */
const spelling: fc.Arbitrary<[string, number]> = fc.oneof(
  fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), fc.constantFrom('', '+', '-'), fc.constantFrom('', '0', '00'),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 4 })).map(([x, sign, zeros, cuts]): [string, number] => {
    const text = String(Math.abs(x));
    const m = /^(\d+)(\.\d+)?(e[+-]\d+)?$/.exec(text)!;
    const whole = underscored(zeros + m[1], cuts);
    const fraction = m[2] ?? (cuts[0] ? '.' : '');
    return [`${sign}${whole}${fraction}${m[3] ?? ''}`, sign === '-' ? -Math.abs(x) : Math.abs(x)];
  }),
  fc.tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -60, max: 60 }), fc.constantFrom('', '+', '-'), fc.constantFrom('x', 'X'))
    .map(([m, e, sign, x]): [string, number] => [`${sign}0${x}${m.toString(16)}p${e}`, (sign === '-' ? -1 : 1) * m * 2 ** e]),
  fc.constantFrom<[string, number]>(['-0', -0], ['-0.0', -0], ['-0e5', -0], ['-0x0p0', -0], ['-0_0', -0], ['-1e-400', -0], ['-.0', -0],
    ['0', 0], ['+0', 0], ['0.0', 0], ['1e-400', 0]),
);

describe('a pflag Float64 is sent as json.Marshal writes the float64, a negative zero as -0 (flag-types.ts; minutes.go:2022, :2199-2205, doc_style.go:296-301@c7521c1c)', () => {
  it('the contract reading of any Go float spelling writes the double Go reads, its sign kept (property)', () => {
    fc.assert(fc.property(spelling, ([text, x]) => {
      expect([text, stringifyJson(convert('float64', text))]).toEqual([text, goJson(x)]);
    }), { numRuns: 500, examples: [[['-0', -0]], [['-0x0p-3', -0]], [['-1e-400', -0]]] });
  });
  it('minutes tag query typed with any such --limit sends that double as maxResults (property)', async () => {
    await fc.assert(fc.asyncProperty(spelling, async ([text, x]) => {
      const run = await sent(['minutes', 'tag', 'query', '--tag-id', 't', '--limit', text]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toHaveLength(1);
      const args = run.calls[0][1] as Record<string, unknown>;
      expect([text, Object.is(wire(args.maxResults), x)]).toEqual([text, true]);
    }), { numRuns: 25, examples: [[['-0', -0]], [['-0.0', -0]]] });
  });
  it('every command with a Float64 flag sends a typed -0 as -0, through the flag and its hidden spelling', async () => {
    const runs: [string[], string, string][] = [
      [['minutes', 'list', 'mine', '--limit', '-0'], 'minutes/list_by_keyword_and_time_range', 'maxResults'],
      [['minutes', 'list', 'shared', '--max', '-0.0'], 'minutes/list_by_keyword_and_time_range', 'maxResults'],
      [['minutes', 'list', 'all', '--limit', '-0x0p0'], 'minutes/list_by_keyword_and_time_range', 'maxResults'],
      [['minutes', 'tag', 'query', '--tag-id', 't', '--limit', '-1e-400'], 'minutes/query_minutes_by_tag_id', 'maxResults'],
      [['doc', 'style', 'cover', 'set', '--node', 'n', '--image', 'https://x.example/c.png', '--position', '-0', '--yes'], 'doc/update_document_style', 'cover.position'],
    ];
    for (const [argv, tool, key] of runs) {
      const run = await sent(argv);
      const call = run.calls.find(([t]) => t === tool)!;
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], call[1]);
      expect([argv.join(' '), value]).toEqual([argv.join(' '), new JsonNumber('-0')]);
    }
    // minutes audio-memo list refuses --max 0 and below (minutes.go:2095-2098@c7521c1c), -0 included
    expect((await sent(['minutes', 'audio-memo', 'list', '--max', '-0'])).reason).toBe('invalid_parameter');
  });
  it('MCP execute given the JSON number -0 for a Float64 flag sends -0', async () => {
    const e = shippedEngine();
    const text = await runTool('execute', {
      canonical_path: 'minutes.query_minutes_by_tag_id', arguments: { 'tag-id': 't', limit: -0 }, dry_run: true,
      expected_source_hash: e.catalogHashes.source_hash, expected_surface_hash: e.catalogHashes.surface_hash,
    }, { engine: e, env: {} }).catch((err: unknown) => (err instanceof DwsError ? err.reason : Promise.reject(err)));
    expect(text).toContain('"maxResults":-0');
  });
});
