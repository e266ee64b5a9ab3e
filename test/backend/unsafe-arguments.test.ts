// Upstream's client refuses a tools/call whose arguments hold unsafe text before sending it (client.go:394-402,
// validateCallArguments :1093-1125, pkg/validate/input.go:31-81@c7521c1c): refuseUnsafeArguments (src/backend/
// transport.ts), called by the dispatch effects before the journal hears of the call. First a property of the walk
// over generated arguments, then commands typed as users type them against the recording backend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refuseUnsafeArguments } from '../../src/backend/transport.js';
import { DwsError } from '../../src/errors.js';
import { useOutputRuns } from '../plan/output-runs.js';

// The set, written out here rather than imported (pkg/validate/input.go:31-81@c7521c1c): C0 controls but tab and
// newline, DEL, U+200B-U+200D, U+FEFF, U+202A-U+202E, U+2028-U+2029, U+2066-U+2069; with neighbours that are not in it.
const UNSAFE = ['\u0000', '\u0008', '\u000b', '\r', '\u001f', '\u007f', '\u200b', '\u200d', '\ufeff', '\u202a', '\u202e', '\u2028', '\u2029', '\u2066', '\u2069'];
const SAFE = ['a', '标', ' ', '\t', '\n', '\u0085', '\u00a0', '\u180e', '\u200a', '\u200e', '\u2027', '\u202f', '\u2065', '\u206a', '\ufefe'];
const isUnsafe = (text: string) => [...text].some((c) => UNSAFE.includes(c));

/** A generated argument value with the texts upstream's walk reads in it, in the walk's order, as [name, text]. */
interface Node { value: unknown; reads: [string, string][] }

const text = fc.array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SAFE) }, { weight: 1, arbitrary: fc.constantFrom(...UNSAFE) }), { maxLength: 4 }).map((cs) => cs.join(''));
// keys that are not array indices, so an object's entries keep their insertion order
const key = fc.constantFrom('ka', 'kb', 'kc', 'kd');
const scalar = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null));

/** The paths a call step declares: typed_lists (not read) and untyped_lists (a top-level list whose texts are read). */
interface Declared { typed: Set<string>; untyped: Set<string> }

/**
 * A value under `name`, at the top of the arguments or below, with `d` the paths the step declares. The reads
 * follow the walk's rule: a text is read; an object's values are read, unless the object is declared typed (Go's
 * map[string]string); a list's object elements are read, its text elements only below the top or when the list is
 * declared untyped (a flag's comma list at the top is Go's []string, decoded JSON a []any), nothing in a list in a
 * list, and nothing in a declared typed list.
 */
function node(depth: number): fc.Arbitrary<(name: string, path: string, top: boolean, d: Declared) => Node> {
  const leafText = text.map((t) => (name: string) => ({ value: t, reads: [[name, t]] as [string, string][] }));
  const leafScalar = scalar.map((v) => () => ({ value: v, reads: [] as [string, string][] }));
  if (depth === 0) return fc.oneof(leafText, leafScalar);
  const inner = node(depth - 1);
  const object = fc.uniqueArray(fc.tuple(key, inner), { selector: ([k]) => k, maxLength: 3 }).map((entries) => (_name: string, path: string, _top: boolean, d: Declared) => {
    const value: Record<string, unknown> = {};
    const reads: [string, string][] = [];
    for (const [k, build] of entries) {
      const child = build(k, `${path}.${k}`, false, d);
      value[k] = child.value;
      reads.push(...child.reads);
    }
    return { value, reads: d.typed.has(path) ? [] : reads };
  });
  const element = fc.oneof(text.map((t) => ({ kind: 'text' as const, t })), scalar.map((v) => ({ kind: 'scalar' as const, v })),
    fc.array(text, { maxLength: 2 }).map((l) => ({ kind: 'list' as const, l })), object.map((o) => ({ kind: 'object' as const, o })));
  const list = fc.array(element, { maxLength: 3 }).map((items) => (name: string, path: string, top: boolean, d: Declared) => {
    const reads: [string, string][] = [];
    const value = items.map((item, i) => {
      if (item.kind === 'text') {
        if ((!top || d.untyped.has(path)) && !d.typed.has(path)) reads.push([`${name}[${i}]`, item.t]);
        return item.t;
      }
      if (item.kind === 'object') {
        const child = item.o(name, path, false, d);
        if (!d.typed.has(path)) reads.push(...child.reads);
        return child.value;
      }
      return item.kind === 'list' ? item.l : item.v;
    });
    return { value, reads };
  });
  return fc.oneof(leafText, leafScalar, object, list);
}

const args = fc.tuple(fc.uniqueArray(fc.tuple(key, node(3)), { selector: ([k]) => k, minLength: 1, maxLength: 4 }),
  fc.array(fc.constantFrom('ka', 'kb', 'ka.kb', 'kc.kd', 'kb.ka.kc'), { maxLength: 2 }), fc.array(fc.constantFrom('ka', 'kb', 'kc', 'kd'), { maxLength: 2 }));

describe('refuseUnsafeArguments walks the arguments as upstream\'s validateCallArguments does', () => {
  it('refuses exactly when a text it reads holds an unsafe character, naming the first such (property)', () => {
    fc.assert(fc.property(args, ([entries, typedLists, untypedLists]) => {
      const d = { typed: new Set(typedLists), untyped: new Set(untypedLists) };
      const value: Record<string, unknown> = {};
      const reads: [string, string][] = [];
      for (const [k, build] of entries) {
        const child = build(k, k, true, d);
        value[k] = child.value;
        reads.push(...child.reads);
      }
      const first = reads.find(([, t]) => isUnsafe(t));
      let thrown: unknown;
      try {
        refuseUnsafeArguments(value, typedLists, untypedLists);
      } catch (err) {
        thrown = err;
      }
      if (first === undefined) expect(thrown).toBeUndefined();
      else {
        expect(thrown).toBeInstanceOf(DwsError);
        const e = thrown as DwsError;
        expect([e.reason, e.exitCode]).toEqual(['invalid_argument', 3]);
        expect(e.message.startsWith(`${first[0]} contains `), `${e.message} / ${first[0]}`).toBe(true);
      }
    }), { numRuns: 400 });
  });

  it('names the kind: a control (a carriage return) apart from an invisible or Bidi character', () => {
    expect(() => refuseUnsafeArguments({ title: 'a\rb' })).toThrow(/^title contains control characters/u);
    expect(() => refuseUnsafeArguments({ q: { list: ['x', '\u202eevil'] } })).toThrow(/^list\[1\] contains invisible or text-direction/u);
    expect(() => refuseUnsafeArguments({ ids: ['\u200bu1'] })).not.toThrow();
    expect(() => refuseUnsafeArguments({ q: { ids: ['\u200bu1'] } }, ['q.ids'])).not.toThrow();
    expect(() => refuseUnsafeArguments({ m: { a: '\u200bx' } }, ['m'])).not.toThrow();
    expect(() => refuseUnsafeArguments({ ids: ['x', '\u200bu1'] }, [], ['ids'])).toThrow(/^ids\[1\] contains invisible/u);
  });
});

const runs = useOutputRuns('dws-unsafe-args-');

/** A run from a clean call record: exit code, reason, message, the tools called, and the journal's records. */
async function typed(argv: string[]) {
  runs.mcp.calls.length = 0;
  const r = await runs.timed(argv);
  return {
    exit: r.outcome.error?.exitCode ?? 0,
    reason: r.outcome.error?.reason,
    message: r.outcome.error?.message ?? '',
    calls: r.calls,
    journal: r.journal.map((l) => [l.rpc, l.outcome]),
  };
}

describe('commands typed with unsafe text (the transport refuses before anything is sent)', () => {
  it('a carriage return in a text is refused with no call and no journal record; tab and newline are sent', async () => {
    expect(await typed(['chat', 'category', 'create-smart', '--name', 'a\rb'])).toMatchObject({
      exit: 3, reason: 'invalid_argument', message: expect.stringMatching(/^categoryName contains control characters/u) as unknown, calls: [], journal: [],
    });
    const ok = await typed(['chat', 'category', 'create-smart', '--name', 'a\tb\nc']);
    expect([ok.exit, ok.calls]).toEqual([0, [['create_smart_conv_category', { categoryName: 'a\tb\nc' }]]]);
    expect(ok.journal).toEqual([['create_smart_conv_category', 'sent'], ['create_smart_conv_category', 'ok']]);
  });

  it('U+FEFF in an element of a top-level comma list is sent (parseCSVValues gives a []string, contact.go:20-33, :666-668@c7521c1c)', async () => {
    const got = await typed(['contact', 'user', 'get', '--ids', '\ufeffu1,u2']);
    expect([got.exit, got.calls]).toEqual([0, [['get_user_info_by_user_ids', { user_id_list: ['\ufeffu1', 'u2'] }]]]);
  });

  it('U+FEFF in a typed []string inside a request object is sent (typed_lists; parseUserList attendance.go:106-113, :737-745@c7521c1c)', async () => {
    const got = await typed(['attendance', 'check', 'record', '--users', '\ufeffu1,u2', '--start', '2026-01-01', '--end', '2026-01-02']);
    expect(got.calls.map(([tool, a]) => [tool, (a as { QueryCheckRecordRequest: { userIds: unknown } }).QueryCheckRecordRequest.userIds]))
      .toEqual([['query_check_record', ['\ufeffu1', 'u2']]]);
  });

  // oa approval create-instance builds its request one of two ways (typed_lists with when): from the separate flags,
  // typed slices (oaFormValues oa.go:33-43 []map[string]string, :1194 []map[string]any, :1201 []string: not read);
  // from --request, a decoded map[string]any whose lists are []any (decodeOARequest oa.go:17-19@c7521c1c: read).
  it('oa approval create-instance: U+FEFF in a form value is sent from the flags and refused inside --request', async () => {
    const flags = await typed(['oa', 'approval', 'create-instance', '--process-code', 'P1', '--form-values', '{"a":"\ufeffx"}', '--cc-list', '\ufeffc1', '--yes']);
    expect([flags.exit, flags.calls]).toEqual([0, [['start_process_instance', { ProcessInstanceCreationPopRequest: {
      processCode: 'P1', formComponentValues: [{ name: 'a', value: '\ufeffx' }], deptId: -1, ccList: ['\ufeffc1'], ccPosition: 'START' } }]]]);
    const request = await typed(['oa', 'approval', 'create-instance', '--request', '{"processCode":"P1","formComponentValues":[{"name":"a","value":"\ufeffx"}]}', '--yes']);
    expect([request.exit, request.reason, request.calls, request.journal]).toEqual([3, 'invalid_argument', [], []]);
    expect(request.message).toContain('value contains invisible');
  });

  it('U+FEFF in a target of sheet formula-verify is sent: targets is a typed []map[string]any (sheet_formula_verify.go:181-185@c7521c1c)', async () => {
    const got = await typed(['sheet', 'formula-verify', '--node', 'n1', '--targets', '[{"sheetId":"\ufeffs1"}]']);
    expect([got.exit, got.calls]).toEqual([0, [['verify_formula', { nodeId: 'n1', targets: [{ sheetId: '\ufeffs1' }] }]]]);
    const single = await typed(['sheet', 'formula-verify', '--node', 'n1', '--sheet-id', 's1', '--range', 'A1\u200b']);
    expect(single.calls).toEqual([['verify_formula', { nodeId: 'n1', targets: [{ sheetId: 's1', range: 'A1\u200b' }] }]]);
  });

  it('unsafe text inside a JSON object argument is refused (a decoded class: map[string]any with []any lists, attendance.go:251@c7521c1c)', async () => {
    const classVo = JSON.stringify({ sections: [{ times: [{ checkType: 'On\u202eDuty', checkTime: '09:00' }] }] });
    expect(await typed(['attendance', 'class', 'create', '--name', '早班', '--class-vo', classVo, '--yes'])).toMatchObject({
      exit: 3, reason: 'invalid_argument', message: expect.stringMatching(/^checkType contains invisible/u) as unknown, calls: [], journal: [],
    });
  });

  it('a composite whose later call carries the text: the earlier calls ran, then the refusal, which does not claim success', async () => {
    // aitable +base-bootstrap (base_composite.go:196-227@c7521c1c): create_base and get_base, then create_table with
    // the table's name, which the transport refuses; the run stops after a write (partial_outcome, exit 7)
    // create_base names the new base and get_base reads it back (without one the run stops after create_base, h45-a4)
    runs.mcp.answers['aitable/create_base'] = () => ({ result: { baseId: 'b1' } });
    runs.mcp.answers['aitable/get_base'] = () => ({ result: { baseId: 'b1' } });
    const got = await typed(['aitable', '+base-bootstrap', '--name', 'B', '--yes', '--tables', '[{"name":"T\ufeff"}]']);
    expect([got.exit, got.reason]).toEqual([7, 'partial_outcome']);
    // the message says what happened to that call: refused before it was sent, so it changed nothing
    expect(got.message).toContain('step "tables[0]" was refused and changed nothing (invalid_argument: tableName contains invisible');
    expect(got.calls.map(([tool]) => tool)).toEqual(['create_base', 'get_base']);
    // the journal records the two calls made and nothing of the refused one
    expect(got.journal.map(([rpc]) => rpc)).not.toContain('create_table');
    expect(got.journal.filter(([, outcome]) => outcome === 'ok').map(([rpc]) => rpc)).toEqual(['create_base', 'get_base']);
  });

  it('--dry-run never reaches the transport: the unsafe text is shown, nothing sent', async () => {
    const got = await typed(['chat', 'category', 'create-smart', '--name', 'a\rb', '--dry-run']);
    expect([got.exit, got.calls, got.journal]).toEqual([0, [], []]);
  });
});
