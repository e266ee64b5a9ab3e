// Session 53 helper left (issue 32, notes/h53-left.md): items earlier sessions noticed and left. Each command runs as a
// user types it against the recording backend on 127.0.0.1, with the answer's text written out (rawText), so a negative
// zero reaches dws as the literal a server writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goNumberText, goSprint } from '../../src/go-fmt.js';
import { JsonNumber } from '../../src/json-number.js';
import { rawText } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h53left-');
const { sent } = outputs;

// Item 1. Go's fmt.Sprint / %v of a float64 (strconv.FormatFloat(x, 'g', -1, 64)) keeps the sign of a negative zero:
// fmt.Sprint(math.Copysign(0, -1)) is "-0".
describe('goSprint writes a float64 negative zero as Go\'s %v does: "-0"', () => {
  it('a negative zero is "-0", alone, in a list and in a map; a positive zero is "0"', () => {
    expect([-0, 0, [-0, 0], { a: -0 }].map(goSprint)).toEqual(['-0', '0', '[-0 0]', 'map[a:-0]']);
  });
  it('every finite double\'s %v text reads back as the same double, its sign included (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(Number(goNumberText(x)), x)),
      { examples: [[-0], [0], [1e21], [-1e-7]] });
  });
});

// chat +chat-search (chat_group.go:188-197@c7521c1c): a group whose openConversationId an earlier one gave is dropped, its
// id written strings.TrimSpace(fmt.Sprint(v)): a float64 -0 is "-0", another id than 0's "0", so both groups are kept.
describe('chat +chat-search keys its seen groups by fmt.Sprint of the id (chat_group.go:188-197@c7521c1c)', () => {
  const search = async (ids: string) => {
    outputs.mcp.answers['search_groups'] = () => rawText(`{"chats":[${ids.split(',').map((id, i) => `{"openConversationId":${id},"name":"g${i}"}`).join(',')}],"hasMore":false}`);
    const run = await sent(['chat', '+chat-search', '--query', 'x']);
    return (run.printed as { count: number }).count;
  };
  it('ids -0 and 0 are two groups; 0 and 0.0, or -0 and -0.0, are one', async () => {
    expect([await search('-0,0'), await search('0,0.0'), await search('-0,-0.0'), await search('0,-0')]).toEqual([2, 1, 1, 2]);
  });
});

// Item 2. A value json.Unmarshal made of an answer (a float64 in an `any`) and sent whole in a later call goes out as
// json.Marshal writes it: a negative zero as -0 (the fake server keeps that literal as a JsonNumber).
describe('an answer\'s negative zero passed on whole to a later call is sent as -0, as upstream re-marshals its float64', () => {
  it('doc +update block_copy_insert_after sends the block as read (executeBlockCopy content_shortcuts.go:676-692@c7521c1c)', async () => {
    const block = (id: string) => `{"blockId":"${id}","blockType":"paragraph","paragraph":{"text":"hi","indent":-0,"level":0,"list":[-0.0,1.50]}}`;
    outputs.answersInTurn('doc/list_document_blocks', rawText(`{"blocks":[${block('b1')}],"hasMore":false}`),
      rawText(`{"blocks":[${block('b1')},{"blockId":"a","blockType":"paragraph","paragraph":{"text":"x"}},${block('b2')}],"hasMore":false}`));
    const run = await sent(['doc', '+update', '--node', 'n', '--command', 'block_copy_insert_after', '--block-id', 'b1', '--after-block-id', 'a', '--yes']);
    expect(run.reason).toBeUndefined();
    const insert = run.calls.find(([tool]) => tool === 'doc/insert_document_block');
    expect(insert?.[1]).toEqual({
      nodeId: 'n', referenceBlockId: 'a', where: 'after',
      element: { blockType: 'paragraph', paragraph: { text: 'hi', indent: new JsonNumber('-0'), level: 0, list: [new JsonNumber('-0'), 1.5] } },
    });
  });

  it('aitable +table-copy sends each source field\'s config as read, in create_table and in create_fields (table_copy.go:62, :84-88@c7521c1c)', async () => {
    const field = (i: number) => `{"fieldId":"f${i}","fieldName":"n${i}","type":"number","config":{"precision":-0,"min":0,"steps":[-0,2]}}`;
    const fields = `[${Array.from({ length: 16 }, (_, i) => field(i)).join(',')}]`;
    outputs.answersInTurn('aitable/get_fields', rawText(`{"fields":${fields}}`),
      { fields: Array.from({ length: 16 }, (_, i) => ({ fieldId: `g${i}`, fieldName: `n${i}` })) });
    outputs.answer('aitable/create_table', { tableId: 't9' });
    outputs.answer('aitable/create_fields', { ok: true });
    const run = await sent(['aitable', '+table-copy', '--source-base-id', 'b1', '--source-table-id', 't1', '--target-base-id', 'b2', '--new-name', 'copy', '--yes']);
    const decl = (i: number) => ({ fieldName: `n${i}`, type: 'number', config: { precision: new JsonNumber('-0'), min: 0, steps: [new JsonNumber('-0'), 2] } });
    expect(run.calls.slice(1, 3)).toEqual([
      ['aitable/create_table', { baseId: 'b2', tableName: 'copy', fields: Array.from({ length: 15 }, (_, i) => decl(i)) }],
      ['aitable/create_fields', { baseId: 'b2', tableId: 't9', fields: [decl(15)] }],
    ]);
  });
});

// Item 4. attendance vacation save-balance (helpers/attendance.go:3653-3660@c7521c1c): quotaNum is
// strconv.Itoa(int(strconv.ParseFloat(--num, 64) * 100)). Within int64 Go's int is the double's whole part, written with
// its exact digits; Inf, NaN and a hundredfold at or beyond ±2^63 have no upstream reading that does not depend on the
// machine (Go's float-to-int conversion is implementation-dependent there), so dws refuses them before any call.
describe('attendance vacation save-balance sends quotaNum as Go\'s Itoa(int(num*100)) and refuses what Go cannot convert', () => {
  const balance = async (num: string) => {
    const run = await sent(['attendance', 'vacation', 'save-balance', '--target', 'u', '--leave-code', 'l', '--num', num, '--reason', 'r', '--yes']);
    if (run.reason !== undefined) return run.reason;
    return (run.calls[0]![1] as { McpUpdateLeaveBalanceRequest: { quotaNum: unknown } }).McpUpdateLeaveBalanceRequest.quotaNum;
  };
  /** Go's reading on a 64-bit build, modelled from the spec: the product's whole part (toward zero, no sign on zero), in int64. */
  const goQuota = (x: number): string => {
    const whole = BigInt(Math.trunc(x * 100));
    return whole >= 2n ** 63n || whole < -(2n ** 63n) ? 'invalid_parameter' : whole.toString();
  };
  it('the examples: a half day, a negative zero, beyond 2^53, at and beyond 2^63, Inf and NaN', async () => {
    const nums = ['7.5', '-0', '-0.001', '12345678901234567', '92233720368547758', '92233720368547759', '-92233720368547758', '1e17', 'Inf', '-inf', 'NaN', '1e400'];
    const got = [];
    for (const n of nums) got.push(await balance(n));
    // 92233720368547758 * 100 is 2^63 as a double: beyond int64; its negative is -2^63, int64's least
    expect(got).toEqual(['750', '0', '0', '1234567890123456768', 'invalid_parameter', 'invalid_parameter', '-9223372036854775808',
      'invalid_parameter', 'invalid_parameter', 'invalid_parameter', 'invalid_parameter', 'invalid_parameter']);
  });
  it('any finite --num is sent as Go\'s Itoa(int(num*100)) or refused where int64 cannot hold it (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e18, max: 1e18 }), fc.integer({ min: -1e6, max: 1e6 }).map((i) => i / 4)), async (x) => {
      expect(await balance(String(x))).toBe(goQuota(x));
    }), { numRuns: 40, examples: [[9.2e16], [-9.3e16], [0.07], [-0]] });
  });
});

// Item 6. Upstream's printer escapes <, >, & and U+2028/U+2029 and sorts a map's keys (helpers/output.go:73-89,
// jsonutil/json.go@c7521c1c); dws's contract is one JSON line {"result": R} whose R is the answer's value (SPEC 4.5, 6),
// written as JSON.stringify writes it (declared, docs/ARCHITECTURE.md "Output"). Pinned: the printed line parses back to
// the answer's value, key order included, whatever characters its texts hold.
describe('a command prints one JSON line that parses back to the answer\'s value (the output contract)', () => {
  it('any JSON answer, texts with <, >, &, U+2028, U+2029 and controls included (property)', async () => {
    const text = fc.string({ unit: fc.constantFrom('<', '>', '&', '\u2028', '\u2029', '\u0000', '"', '\\', 'a', '中', '\ud83d\ude00') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(text, tie('node'), { maxKeys: 4 })),
    })).node;
    await fc.assert(fc.asyncProperty(fc.dictionary(text, value, { maxKeys: 5 }), async (answer) => {
      const wire = JSON.stringify(answer);
      outputs.mcp.answers['get_dept_info_by_dept_id'] = () => rawText(wire);
      const run = await sent(['contact', 'dept', 'get-info', '--dept', '1']);
      expect(run.reason).toBeUndefined();
      expect(JSON.stringify(run.printed)).toBe(wire);
    }), { numRuns: 30, examples: [[{ '<b>&</b>': '\u2028\u2029', b: 1, a: [2] }]] });
  });
});

// Item 5. pat chmod's identity fallback (callPATBatchToolWithIdentityFallback internal/pat/chmod.go:595-615,
// shouldRetryPATBatchWithoutIdentityArgs :1117-1125, patBatchResultHasCode :1079-1095, ensurePATIdentityFallbackAgentCode
// :1006-1026@c7521c1c): a grant sent with agentCode/sessionId whose answer's code is PAT_FORGED_IDENTITY_FIELD was
// refused for those fields; it is sent once more without them, and that answer must name the agent asked for.
describe('pat chmod sends a grant refused for its identity fields once more without them, as upstream does', () => {
  const chmod = ['pat', 'chmod', 'calendar.event:read', '--agentCode', 'a1', '--yes'];
  const grant = (args: Record<string, unknown>) => ['pat/pat.batch_grant', args];
  const withId = { scopes: ['calendar.event:read'], grantType: 'permanent', agentCode: 'a1' };
  const without = { scopes: ['calendar.event:read'], grantType: 'permanent' };
  it('a refusal under code, errorCode or error_code (any case, padded) is followed by the grant without identity fields', async () => {
    for (const key of ['code', 'errorCode', 'error_code']) {
      outputs.answersInTurn('pat/pat.batch_grant', { [key]: ' pat_forged_identity_field ', message: 'forged' }, { agentCode: 'a1', granted: ['calendar.event:read'] });
      const run = await sent(chmod);
      expect([key, run.reason, run.calls, run.printed]).toEqual([key, undefined, [grant(withId), grant(without)], { agentCode: 'a1', granted: ['calendar.event:read'] }]);
    }
  });
  // the refused first grant is listed as a completed step of the partial outcome (dws has no step kind for a write its
  // own answer refused and the plan went past): declared in notes/h53-left.md
  it('the second answer must name the agent asked for: none, or another, ends the run (partial_outcome)', async () => {
    for (const [second, message] of [[{ granted: [] }, 'named no agent'], [{ data: { agentCode: 'b2' } }, 'another agent']] as const) {
      outputs.answersInTurn('pat/pat.batch_grant', { code: 'PAT_FORGED_IDENTITY_FIELD' }, second);
      outputs.mcp.calls.length = 0;
      const run = await outputs.failure(chmod);
      expect([run.reason, run.out, outputs.mcp.calls.length]).toEqual(['partial_outcome', '', 2]);
      expect(run.message).toContain(message);
    }
  });
  it('no identity field sent, or another code: one grant, printed as answered', async () => {
    outputs.answer('pat/pat.batch_grant', { code: 'PAT_FORGED_IDENTITY_FIELD' });
    const bare = await sent(['pat', 'chmod', 'calendar.event:read', '--yes']);
    expect([bare.reason, bare.calls]).toEqual([undefined, [grant(without)]]);
    outputs.answer('pat/pat.batch_grant', { code: 'OTHER', agentCode: 'a1' });
    const other = await sent(chmod);
    expect([other.reason, other.calls, other.printed]).toEqual([undefined, [grant(withId)], { code: 'OTHER', agentCode: 'a1' }]);
  });
});
