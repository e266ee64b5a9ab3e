// Session 43 second reading, part c1 (issue 32, notes/h43-c1.md): the 13 atomic commands of seed 20261385 the lead did
// not read, and the siblings of each difference found. Each run as a user types it against the recording backend on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43c1-');

/** JSON null as json.Unmarshal accepts it: JSON whitespace (space, tab, LF, CR) around it. */
const jsonSpace = fc.array(fc.constantFrom(' ', '\t', '\n', '\r'), { maxLength: 2 }).map((a) => a.join(''));
const jsonNull = fc.tuple(jsonSpace, jsonSpace).map(([a, b]) => `${a}null${b}`);

describe('aitable dashboard create / update and field create: --config null decodes into a nil map, and writing into it panics (nothing sent)', () => {
  // jsonStringToMap (helpers/attendance.go:21-27) returns the nil map of `null`, which the type assertion takes as the
  // config; `cfg["name"] = name` (aitable.go:5490-5499, :5554-5563) or `configMap["options"] = ...` (:1869-1876) then
  // panics, and the root's recover ends the run as an internal error (internal/app/root.go:101-125@c7521c1c, exit 5); dws
  // refuses the input before any call (invalid_parameter, exit 3: a reason name where both refuse)
  const cases: { argv: string[]; rpc: string }[] = [
    { argv: ['aitable', 'dashboard', 'create', '--base-id', 'b', '--name', 'n'], rpc: 'aitable/create_dashboard' },
    { argv: ['aitable', 'dashboard', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--name', 'n'], rpc: 'aitable/update_dashboard' },
    { argv: ['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't', '--name', 'n', '--type', 'text', '--options', '[{"name":"a"}]'], rpc: 'aitable/create_fields' },
  ];
  for (const c of cases) {
    it(`${c.argv.slice(0, 3).join(' ')}: --config null with ${c.rpc.endsWith('fields') ? '--options' : '--name'} is refused before any call`, async () => {
      await fc.assert(fc.asyncProperty(jsonNull, async (config) => {
        const run = await outputs.sent([...c.argv, '--config', config]);
        expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      }), { numRuns: 8 });
    });
  }
  it('dashboard create: --config null alone is still "nothing to set", and --config {} with --name still sends {name}', async () => {
    expect(await outputs.sent(['aitable', 'dashboard', 'create', '--base-id', 'b', '--config', 'null'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    expect(await outputs.argsOf(['aitable', 'dashboard', 'create', '--base-id', 'b', '--config', '{}', '--name', 'n'])).toEqual([{ baseId: 'b', config: { name: 'n' } }]);
  });
  it('field create: --config null without --options still sends config: null', async () => {
    expect(await outputs.argsOf(['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't', '--name', 'n', '--type', 'text', '--config', 'null']))
      .toEqual([{ baseId: 'b', tableId: 't', fields: [{ fieldName: 'n', type: 'text', config: null }] }]);
  });
});

describe('doc read: --output is read only in the jsonml modes (helpers/doc.go:1472-1488, :4744-4800@c7521c1c)', () => {
  it('in markdown mode (no --content-format, or markdown) --output is ignored and get_document_content{nodeId} is sent', async () => {
    for (const format of [[], ['--content-format', 'markdown'], ['--content-format', '']]) {
      expect(await outputs.argsOf(['doc', 'read', '--node', 'n1', '--output', 'x.md', ...format])).toEqual([{ nodeId: 'n1' }]);
    }
  });
  it('with --content-format jsonml the read is sent and the file written, as upstream (h44-left; the file\'s text: test/plan/h44-left.test.ts)', async () => {
    outputs.answer('doc/get_document_content', { jsonml: '["root"]' });
    expect(await outputs.sent(['doc', 'read', '--node', 'n1', '--content-format', 'jsonml', '--output', 'x.json']))
      .toMatchObject({ reason: undefined, calls: [['doc/get_document_content', { nodeId: 'n1', format: 'jsonml' }]] });
  });
});

// NEW MECHANISM float_or_zero (docs/PLANS.md): strconv.ParseFloat with its error ignored, as json.Marshal then sends it.
describe('the transform float_or_zero', () => {
  const ctx = { env: {}, now: new Date(2031, 6, 16) };
  const read = (v: unknown) => TRANSFORMS.float_or_zero!(v, '--cursor', ctx);
  it('reads what Go reads, 0 where Go reports a syntax error', () => {
    expect(['1e3', '+5', '-0.5', '.5', '5.', '1_000', '0x1p3', '0X1.8P1', '1e-400', '010'].map(read)).toEqual([1000, 5, -0.5, 0.5, 5, 1000, 8, 3, 0, 10]);
    expect([' 1', '0x10', '1__0', '_1', '', 'abc', '+nan', 'infinit', '1e', '0x1.8'].map(read)).toEqual(Array(10).fill(0));
    expect([7, 2.5].map(read)).toEqual([7, 2.5]);
  });
  it('refuses what Go reads as ±Inf or NaN (json.Marshal cannot send it)', () => {
    for (const text of ['1e400', '-1e400', '0x1p2000', 'inf', '-Inf', '+INFINITY', 'NaN', 'nan']) expect(() => read(text), text).toThrow(DwsError);
  });
  it('agrees with the refusing float transform wherever that one reads a text, and is 0 or refused elsewhere', () => {
    fc.assert(fc.property(fc.stringMatching(/^[-+]?[0-9_.xXpPeEa-finINtyTY]{0,8}$/), (text) => {
      let strict: unknown;
      try { strict = TRANSFORMS.float!(text, 'x', ctx); } catch { strict = undefined; }
      let loose: unknown;
      try { loose = read(text); } catch { loose = 'refused'; }
      if (strict !== undefined) expect(loose).toStrictEqual(strict); // a negative zero is the literal -0 on both
      else expect([0, 'refused']).toContain(loose);
    }), { examples: [['-0'], ['-0.0'], ['-0x0p0'], ['+0'], ['0']] });
  });
});

describe("oa's ParseFloat flags read as `n, _ := strconv.ParseFloat(s, 64)`: a text Go cannot read is 0 (helpers/oa.go:214, :270, :440-441, :546-547, :628-629, :683-684, :738-739@c7521c1c)", () => {
  const start = ['--start', '2026-03-01', '--end', '2026-03-02'];
  const cases: { argv: (v: string) => string[]; key: string }[] = [
    { argv: (v) => ['oa', 'approval', 'list-forms', '--cursor', v], key: 'cursor' },
    { argv: (v) => ['oa', 'approval', 'list-forms', '--limit', v], key: 'pageSize' },
    { argv: (v) => ['oa', 'approval', 'list-executed', '--page', v], key: 'pageNumber' },
    { argv: (v) => ['oa', 'approval', 'list-submitted', '--limit', v], key: 'pageSize' },
    { argv: (v) => ['oa', 'approval', 'list-cc', '--page', v], key: 'pageNumber' },
    { argv: (v) => ['oa', 'approval', 'list-initiated', '--process-code', 'p', ...start, '--cursor', v], key: 'nextToken' },
    { argv: (v) => ['oa', 'approval', 'list-initiated', '--process-code', 'p', ...start, '--limit', v], key: 'maxResults' },
    { argv: (v) => ['oa', 'approval', 'approve', '--instance-id', 'i', '--yes', '--task-id', v], key: 'taskId' },
    { argv: (v) => ['oa', 'approval', 'reject', '--instance-id', 'i', '--yes', '--task-id', v], key: 'taskId' },
  ];
  for (const c of cases) {
    it(`${c.argv('x').slice(0, 3).join(' ')} ${c.argv('x').at(-2)}: a syntax error sends 0, a number as Go reads it, ±Inf/NaN refused`, async () => {
      for (const [text, sent] of [[' 5', 0], ['0x10', 0], ['abc', 0], ['1_0', 10], ['0x1p4', 16], ['-2.5', -2.5]] as const) {
        const run = await outputs.sent(c.argv(text));
        expect([text, run.reason, (run.calls[0]?.[1] as Record<string, unknown> | undefined)?.[c.key]]).toEqual([text, undefined, sent]);
      }
      for (const text of ['1e400', 'inf', 'NaN']) expect(await outputs.sent(c.argv(text)), text).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    });
  }
  it('oa approval list-pending sends --page / --limit only when ParseFloat reads them, so a syntax error (or an overflow: ErrRange) leaves the key out; inf is refused (oa.go:99-108)', async () => {
    const argv = (flag: string, v: string) => ['oa', 'approval', 'list-pending', ...start, flag, v];
    for (const [flag, key] of [['--page', 'pageNum'], ['--limit', 'pageSize']] as const) {
      for (const [text, sent] of [[' 5', undefined], ['0x10', undefined], ['abc', undefined], ['1e400', undefined], ['1_0', 10], ['0x1p4', 16]] as const) {
        const run = await outputs.sent(argv(flag, text));
        expect([text, run.reason, (run.calls[0]?.[1] as Record<string, unknown> | undefined)?.[key]]).toEqual([text, undefined, sent]);
      }
      for (const text of ['inf', '-Infinity', 'nan']) expect(await outputs.sent(argv(flag, text)), text).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }
  });
});

describe('doc read --content-format jsonml prints the jsonml text as the json.RawMessage upstream re-indents (helpers/doc.go:4766-4799, :4854-4858@c7521c1c)', () => {
  const literals = fc.constantFrom('1e400', '-1e400', '1.50', '12345678901234567890', '1e2', '-0', '0.1');
  it('every number literal is printed as written, one beyond float64 included (with and without --scope)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(literals, { minLength: 1, maxLength: 3 }), fc.boolean(), async (nums, scoped) => {
      const jsonml = `["p",{"n":${nums[0]}},${nums.join(',')}]`;
      outputs.answerText('get_document_content', JSON.stringify({ jsonml, revision: 3 }));
      const scope = scoped ? ['--scope', 'outline'] : [];
      const out = (await outputs.failure(['doc', 'read', '--node', 'n1', '--content-format', 'jsonml', ...scope])).out;
      const body = out.replace(/\s+/g, '');
      expect(body).toContain(`["p",{"n":${nums[0]}},${nums.join(',')}]`);
    }), { numRuns: 12 });
  });
});
