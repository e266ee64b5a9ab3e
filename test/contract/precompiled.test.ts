// The validators the snapshot carries precompiled (src/contract/standalone.ts at build, precompiled.ts at dispatch):
// the shipped snapshot holds exactly the code this ajv makes from each tool's schema today, and that code accepts and
// refuses every input as the compiled ajv validator does, with the same refusal. A validator made from another schema,
// or none, falls back to compiling the schema.
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { identityKey } from '../../src/catalog/identity.js';
import { DwsError } from '../../src/errors.js';
import { checkInput, precompiledValidator } from '../../src/contract/precompiled.js';
import { validatorSource } from '../../src/contract/standalone.js';
import { validateInput } from '../../src/contract/validate.js';
import { convert, flagType } from '../../src/contract/flag-types.js';
import { executionCalls } from '../../src/plan/summary.js';
import { shippedEngine } from '../helpers.js';

const engine = shippedEngine();
const docOf = (t: ToolSpec) => engine.identities.get(identityKey(t.canonical_path))!;

/** What validation makes of data: 'ok' or the refusal's envelope. */
async function outcome(validate: () => void | Promise<void>): Promise<string> {
  try {
    await validate();
    return 'ok';
  } catch (err) {
    if (err instanceof DwsError) return err.envelope();
    throw err;
  }
}

/** A value of the flag's JSON type (an enum's first value), and one of another type. */
function good(p: ToolSpec['parameters'][string]): unknown {
  const s = flagType(p.type).schema;
  const first = p.enum?.[0];
  if (s.type === 'array') return first === undefined ? (p.type === 'intSlice' ? [1] : ['a']) : [convert(p.type, first)];
  if (first !== undefined) return p.type === 'bool' ? first === 'true' : convert(p.type, first);
  if (s.pattern) return '30s';
  return { integer: 7, number: 1.5, boolean: true, string: p.format === 'json' ? '{}' : p.format === 'date' ? '2026-01-02' : 'abc' }[s.type as string];
}
const bad = (p: ToolSpec['parameters'][string]) => (flagType(p.type).schema.type === 'string' ? 12 : 'not-a-number');

/** Inputs that meet each kind of check: none given, all required, each flag good and bad, an unknown flag. */
function inputs(t: ToolSpec): Record<string, unknown>[] {
  const params = Object.entries(t.parameters);
  const required = Object.fromEntries(params.filter(([, p]) => p.required || p.cli_required).map(([n, p]) => [n, good(p)]));
  return [
    {},
    required,
    Object.fromEntries(params.map(([n, p]) => [n, good(p)])),
    ...params.flatMap(([n, p]) => [{ ...required, [n]: good(p) }, { ...required, [n]: bad(p) }]),
    { ...required, 'not-a-flag': 'x' },
  ];
}

describe('precompiled validators', () => {
  const tools = engine.tools();

  it('are in the shipped snapshot exactly as this ajv makes them, for every command that can run', () => {
    const made = new Map<string, string>();
    const stale = tools.filter((t) => engine.validator(docOf(t)) !== (executionCalls(t) === undefined ? '' : validatorSource(t, made)));
    expect(stale.map((t) => t.canonical_path)).toEqual([]);
    expect(tools.filter((t) => engine.validator(docOf(t)) !== '').length).toBeGreaterThan(1000);
  });

  /**
   * One tool per distinct schema: all whose schema has a format, an enum, a pattern, a list or a constraint group
   * (the keywords whose code differs), and every fifth of the rest (ajv compiles each one it compares with).
   */
  function sample(): ToolSpec[] {
    const seen = new Set<string>();
    let plain = 0;
    return tools.filter((t) => {
      const source = engine.validator(docOf(t));
      const schema = source.slice(0, source.indexOf('\n'));
      if (!source || seen.has(schema)) return false;
      seen.add(schema);
      const c = t.constraints;
      const rich = /"(format|enum|pattern|items|minimum)"/u.test(schema) || c.require_together.length + c.require_one_of.length + c.mutually_exclusive.length > 0;
      return rich || plain++ % 5 === 0;
    });
  }

  it('accept and refuse as the compiled ajv validators do, with the same refusal', async () => {
    let compared = 0;
    for (const t of sample()) {
      const source = engine.validator(docOf(t));
      expect(precompiledValidator(t, source), t.canonical_path).toBeDefined();
      for (const data of inputs(t)) {
        const compiled = await outcome(() => validateInput(t, data));
        expect(await outcome(() => checkInput(t, data, source)), `${t.canonical_path} ${JSON.stringify(data)}`).toBe(compiled);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('fall back to compiling the schema when the snapshot has none, or one made from another schema', async () => {
    const tool = tools.find((t) => t.canonical_path === 'chat.recall_message')!;
    const other = tools.find((t) => t.canonical_path === 'chat.list_my_groups_pagination')!;
    const foreign = engine.validator(docOf(other));
    expect(precompiledValidator(tool, foreign)).toBeUndefined();
    expect(precompiledValidator(tool, '')).toBeUndefined();
    for (const source of [foreign, '', undefined]) {
      expect(await outcome(() => checkInput(tool, {}, source))).toBe(await outcome(() => validateInput(tool, {})));
      expect(await outcome(() => checkInput(tool, { 'conversation-id': 'c', 'message-id': 'm' }, source))).toBe('ok');
    }
  });
});
