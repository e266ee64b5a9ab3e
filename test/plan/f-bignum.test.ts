// f-bignum (issue 32): answers holding integers beyond 2^53. Where upstream decodes an answer with json.Decoder's
// UseNumber (a call step declaring `answer_numbers: exact`), an id keeps its digits when a later step sends it and when
// it is printed; everywhere else the answer is upstream's json.Unmarshal into float64, which Go prints as JavaScript
// prints the same double (1234567890123456789 -> 1234567890123456800). Commands run as a user types them against the
// fake MCP server on 127.0.0.1; the round trip is a fast-check property over the transport's decode and the executor.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber, parseJsonExact, stringifyJson } from '../../src/json-number.js';
import { resultOf, type CallToolResult } from '../../src/backend/transport.js';
import type { ServerConfig } from '../../src/backend/config.js';
import { dispatchInProcess } from '../helpers.js';
import { planOf, problemsOf, run } from './fake-plan.js';
import { executePlan } from '../../src/plan/executor.js';
import { fake, tool } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-f-bignum-');
const BIG = '1234567890123456789';
const BIG2 = '9007199254740993';
/** What Go's encoding/json writes for the float64 json.Unmarshal reads BIG as (strconv 'f', shortest): JS writes the same. */
const BIG_AS_DOUBLE = '1234567890123456800';

/** A run that must succeed: the text it printed and the calls the server received ([tool, arguments]). */
async function printedRun(argv: string[], files?: Record<string, string>) {
  runs.mcp.calls.length = 0;
  const { out, error } = await dispatchInProcess(argv, runs.env(files));
  expect(error?.envelope()).toBeUndefined();
  return { out, calls: runs.mcp.calls.map((c) => [c.name, c.arguments] as [string, Record<string, unknown>]) };
}

describe('todo task add-attachment sends the commit answer\'s ids whole (parseTodoFileSendIDs, todo.go:1895-1906)', () => {
  it('a dentryId and a spaceId beyond 2^53 go to add_todo_attachment as their exact digits; the answer prints as upstream prints its float64', async () => {
    runs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/a.txt`, uploadKey: 'k1' } });
    runs.answer('todo/commit_todo_file_upload', { result: { dentryId: new JsonNumber(BIG), spaceId: new JsonNumber(BIG2) } });
    runs.answer('todo/add_todo_attachment', { result: { attachmentId: new JsonNumber(BIG) } });
    const { out, calls } = await printedRun(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'a.txt'], { 'a.txt': 'hello' });
    expect(calls[2]).toEqual(['add_todo_attachment', { todoAttachmentAddRequest: { taskId: '100', attachmentList: [
      { fileId: BIG, fileName: 'a.txt', fileSize: 5, spaceId: BIG2, fileType: 'txt' }] } }]);
    // add_todo_attachment's answer goes through callMCPTool (todo.go:1059): json.Unmarshal into float64, then printed
    expect(out).toBe(`${JSON.stringify({ result: { result: { attachmentId: 0 } } }).replace('0', BIG_AS_DOUBLE)}\n`);
  });

  it('ids written as decimal text beyond 2^53 are read as strconv.ParseInt reads them, and sent whole', async () => {
    runs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/a.txt`, uploadKey: 'k1' } });
    runs.answer('todo/commit_todo_file_upload', { result: `{"dentryId": " ${BIG} ", "spaceId": ${BIG2}}` });
    const { calls } = await printedRun(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'a.txt'], { 'a.txt': 'hello' });
    expect(calls[2][1]).toEqual({ todoAttachmentAddRequest: { taskId: '100', attachmentList: [
      { fileId: BIG, fileName: 'a.txt', fileSize: 5, spaceId: BIG2, fileType: 'txt' }] } });
  });

  it('an id beyond int64 is no id (json.Number.Int64 fails): refused after the commit, nothing attached', async () => {
    runs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/a.txt`, uploadKey: 'k1' } });
    runs.answer('todo/commit_todo_file_upload', { result: { dentryId: new JsonNumber('9223372036854775808'), spaceId: new JsonNumber(BIG2) } });
    runs.mcp.calls.length = 0;
    const { error } = await dispatchInProcess(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'a.txt'], runs.env({ 'a.txt': 'hello' }));
    expect(error?.reason).toBe('partial_outcome');
    expect(runs.mcp.calls.map((c) => c.name)).toEqual(['init_todo_file_upload', 'commit_todo_file_upload']);
  });
});

describe('chat +messages-send --file puts the commit answer\'s ids into the file message whole (parseConversationFileSendIDs, chat.go:2222)', () => {
  it('the content JSON holds dentryId and spaceId as the exact int64 digits, as Go marshals int64 fields', async () => {
    runs.answer('im/init_conversation_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/f1`, uploadKey: 'k1' } });
    runs.answer('im/commit_conversation_file_upload', { result: { dentryId: new JsonNumber(BIG), spaceId: new JsonNumber(BIG2) } });
    runs.answer('chat/send_personal_message', { result: { openTaskId: 't1', openMessageId: 'm1', openConversationId: 'cidG1==' } });
    const { out, calls } = await printedRun(['chat', '+messages-send', '--group', 'cidG1==', '--file', 'agenda.txt', '--yes'], { 'agenda.txt': 'hello' });
    const send = calls.find(([name]) => name === 'send_personal_message')!;
    expect(send[1].content).toBe(`{"dentryId":${BIG},"spaceId":${BIG2},"fileName":"agenda.txt","fileType":"txt","filePath":"/agenda.txt","fileSize":5}`);
    expect(JSON.parse(out)).toMatchObject({ result: { ok: true, effectiveMessageType: 'file', tool: 'send_personal_message' } });
  });
});

describe('aitable record query --all prints every page\'s numbers as typed (parseRecordQueryPage UseNumber, aitable.go:254-258)', () => {
  const pages = [
    { data: { records: [{ recordId: 'r1', cells: { amount: new JsonNumber(BIG), price: new JsonNumber('1.50') } }], hasMore: true, nextCursor: 'c2' } },
    { data: { records: [{ recordId: 'r2', cells: { amount: new JsonNumber(BIG2) } }], hasMore: false } },
  ];

  it('two pages: the second is asked with the first page\'s cursor and both pages\' big numbers print with all their digits', async () => {
    runs.answersInTurn('aitable/query_records', ...pages);
    const { out, calls } = await printedRun(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1', '--all']);
    expect(calls).toEqual([['query_records', { baseId: 'b1', tableId: 't1' }], ['query_records', { baseId: 'b1', tableId: 't1', cursor: 'c2' }]]);
    expect(out).toContain(`"records":[{"recordId":"r1","cells":{"amount":${BIG},"price":1.50}},{"recordId":"r2","cells":{"amount":${BIG2}}}]`);
  });

  it('one page without --all is printed through json.Unmarshal\'s float64 (callAitableTool -> callMCPTool), as upstream prints it', async () => {
    runs.answersInTurn('aitable/query_records', pages[1]);
    const { out } = await printedRun(['aitable', 'record', 'query', '--base-id', 'b1', '--table-id', 't1']);
    expect(out).toContain(`"amount":${Number(BIG2)}`);
    expect(Number(BIG2).toString()).toBe('9007199254740992');
  });
});

describe('whiteboard query prints the answer decoded with UseNumber (callWhiteboardTool, whiteboard.go:303-337)', () => {
  it('a node id beyond 2^53 and a literal such as 1.0 print as the server wrote them', async () => {
    runs.answer('whiteboard/read_whiteboard_content', { result: { nodes: [{ id: new JsonNumber(BIG), x: new JsonNumber('1.0'), y: 2 }] } });
    const { out } = await printedRun(['whiteboard', 'query', '--node', 'n1', '--part-id', 'p1']);
    expect(out).toBe(`{"result":{"result":{"nodes":[{"id":${BIG},"x":1.0,"y":2}]}}}\n`);
  });
});

// ---- the round trip, over the transport's decode and the executor ------------------------------------------------

const SERVER = { url: 'http://127.0.0.1:9/mcp', headers: {} } as unknown as ServerConfig;
const answered = (text: string) => (c: { reading?: { exactNumbers?: boolean } }) =>
  resultOf({ content: [{ type: 'text', text }] } as CallToolResult, SERVER, 'x on the test server', { exactNumbers: c.reading?.exactNumbers === true });

/** JSON text with integers beyond 2^53 (both signs, up to 30 digits), plain numbers, texts, booleans and nulls. */
const bigInt = fc.tuple(fc.boolean(), fc.bigInt({ min: 2n ** 53n + 1n, max: 10n ** 30n })).map(([neg, n]) => `${neg ? '-' : ''}${n}`);
const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,6}$/);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('list'), tie('object')),
  leaf: fc.oneof(bigInt, fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.string().map((s) => JSON.stringify(s)), fc.constantFrom('true', 'false', 'null')),
  list: fc.array(tie('json'), { maxLength: 4 }).map((xs) => `[${(xs as string[]).join(',')}]`),
  object: fc.uniqueArray(fc.tuple(key, tie('json')), { maxLength: 4, selector: ([k]) => k })
    .map((es) => `{${(es as [string, string][]).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}));

const twoSteps = (numbers?: unknown) => ({
  facts: 'test plan',
  steps: [
    { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, ...(numbers === undefined ? {} : { answer_numbers: numbers }) },
    { id: 'b', server: 'contact', rpc: 'y', effect: 'read', args: { v: { from: 'a' } } },
  ],
  output: { from: 'a' },
});

describe('an answer decoded with answer_numbers: exact round-trips exactly (property)', () => {
  it('the printed output and the next step\'s argument are the answer\'s text, every big integer with its digits', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ v: json }).map(({ v }) => `{"v":${v}}`), async (text) => {
      const r = await run(twoSteps('exact'), { name: 'n' }, answered(text));
      expect(stringifyJson(r.result)).toBe(text);
      expect(stringifyJson(r.calls[1].args.v)).toBe(text);
    }), { numRuns: 300 });
  });

  it('without it the answer is json.Unmarshal\'s float64: printed and sent as JSON.stringify writes the doubles (Go writes them alike)', async () => {
    await fc.assert(fc.asyncProperty(json, async (v) => {
      const text = `{"v":${v}}`;
      const r = await run(twoSteps(), { name: 'n' }, answered(text));
      expect(r.calls.map((c) => c.reading?.exactNumbers)).toEqual([undefined, undefined]);
      expect(stringifyJson(r.result)).toBe(JSON.stringify(JSON.parse(text)));
      expect(stringifyJson(r.calls[1].args.v)).toBe(JSON.stringify(JSON.parse(text)));
    }), { numRuns: 200 });
  });

  it('exact_when decodes so only while its condition holds', async () => {
    const text = `{"id":${BIG}}`;
    const plan = planOf(twoSteps({ exact_when: { equals: [{ flag: 'name' }, 'exact'] } }));
    for (const [data, printed] of [[{ name: 'exact' }, text], [{ name: 'other' }, `{"id":${BIG_AS_DOUBLE}}`]] as const) {
      const f = fake(answered(text));
      const out = await executePlan(tool(), plan, data, { env: {}, dryRun: false, effects: f.effects });
      expect(stringifyJson('result' in out ? out.result : undefined)).toBe(printed);
    }
  });

  it('the build refuses any other answer_numbers, and answer_numbers on a step that makes no call', () => {
    expect(problemsOf(twoSteps('float'))).toEqual([expect.stringContaining('answer_numbers: exact, or {exact_when: <condition>}')]);
    expect(problemsOf({ facts: 'test plan', steps: [{ id: 'r', refuse: 'no', answer_numbers: 'exact' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }] }))
      .toEqual([expect.stringContaining('answer_numbers: only on an MCP call')]);
  });
});

describe('a kept big integer behaves as a number in conditions and transforms', () => {
  const text = `{"id":${BIG},"small":5,"ids":[${BIG},${BIG},${BIG2}],"label":"${BIG}"}`;
  const probe = (args: Record<string, unknown>) => ({
    facts: 'test plan',
    steps: [
      { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, answer_numbers: 'exact' },
      { id: 'b', server: 'contact', rpc: 'y', effect: 'read', args },
    ],
  });
  const sent = async (args: Record<string, unknown>) => (await run(probe(args), { name: 'n' }, answered(text))).calls[1].args;

  it('is number / integer, equals, has_duplicates, comparisons, unique, to_string, int, format, join and json_stringify', async () => {
    expect(await sent({
      number: { const: 'yes', when: { is: [{ from: 'a', path: 'id' }, 'number'] } },
      integer: { const: 'yes', when: { is: [{ from: 'a', path: 'id' }, 'integer'] } },
      notText: { const: 'yes', when: { is: [{ from: 'a', path: 'id' }, 'text'] } },
      notObject: { const: 'yes', when: { is: [{ from: 'a', path: 'id' }, 'object'] } },
      repeated: { const: 'yes', when: { has_duplicates: { from: 'a', path: 'ids' } } },
      notItsText: { const: 'yes', when: { equals: [{ from: 'a', path: 'id' }, BIG] } },
      notItsDouble: { const: 'yes', when: { equals: [{ from: 'a', path: 'id' }, Number(BIG)] } },
      greater: { const: 'yes', when: { gt: [{ from: 'a', path: 'id' }, { from: 'a', path: 'small' }] } },
      unique: { from: 'a', path: 'ids', transform: ['unique'] },
      text: { from: 'a', path: 'id', transform: ['to_string'] },
      int: { from: 'a', path: 'id', transform: ['int'] },
      formatted: { from: 'a', path: 'id', transform: [{ format: 'id=%s' }] },
      joined: { join: [{ from: 'a', path: 'id' }, { const: '-' }, { from: 'a', path: 'small' }] },
      json: { from: 'a', path: 'ids', transform: ['json_stringify'] },
    })).toEqual({
      number: 'yes', integer: 'yes', repeated: 'yes', greater: 'yes',
      unique: [new JsonNumber(BIG), new JsonNumber(BIG2)], text: BIG, int: new JsonNumber(BIG), formatted: `id=${BIG}`,
      joined: `${BIG}-5`, json: `[${BIG},${BIG},${BIG2}]`,
    });
  });

  it('the list length counts a kept number once, and arithmetic reads it as the nearest double', async () => {
    expect(await sent({ n: { from: 'a', path: 'ids', transform: ['length'] }, sum: { from: 'a', path: 'id', transform: [{ add: 1 }] } }))
      .toEqual({ n: 3, sum: Number(BIG) + 1 });
  });
});

describe('parseJsonExact keeps exactly the literals JSON.stringify would not write back (property)', () => {
  /** RFC 8259 number literals, weighted towards the edges: zeros, long digit runs, small fractions, exponents. */
  const digits = (min: number, max: number) => fc.array(fc.oneof(fc.constant('0'), fc.constantFrom('1', '5', '9'), fc.integer({ min: 0, max: 9 }).map(String)), { minLength: min, maxLength: max }).map((d) => d.join(''));
  const general = fc.tuple(fc.boolean(), fc.oneof(fc.constant('0'), fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 24)).map(([a, b]) => `${a}${b}`)),
    fc.option(digits(1, 22), { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 400 })), { nil: undefined }))
    .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : `${exp[0]}${exp[1]}${exp[2]}`}`);
  /** fractions around 1e-6 (five, six or more zeros after the point) and whole numbers around 15-17 digits */
  const edges = fc.oneof(
    fc.tuple(fc.boolean(), fc.integer({ min: 4, max: 8 }), fc.integer({ min: 1, max: 999 })).map(([neg, zeros, d]) => `${neg ? '-' : ''}0.${'0'.repeat(zeros)}${d}`),
    fc.tuple(fc.boolean(), fc.bigInt({ min: 10n ** 14n, max: 10n ** 17n })).map(([neg, n]) => `${neg ? '-' : ''}${n}`),
    fc.constantFrom('-0', '0', '-0.5', '0.000001', '0.0000001', '9007199254740992', '9007199254740993', '100000000000000000000', '1000000000000000000000'));
  const literal = fc.oneof(general, edges);
  const roundTrips = (l: string) => JSON.stringify(Number(l)) === l;

  it('alone in a list or an object, each literal is a JsonNumber exactly when it would not round-trip', () => {
    fc.assert(fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), (lits) => {
      const text = `{"xs":[${lits.join(',')}],"o":{"last":${lits[lits.length - 1]}}}`;
      const v = parseJsonExact(text) as { xs: unknown[]; o: { last: unknown } };
      expect(v.xs.map((x) => x instanceof JsonNumber)).toEqual(lits.map((l) => !roundTrips(l)));
      expect(v.o.last instanceof JsonNumber).toBe(!roundTrips(lits[lits.length - 1]));
      expect(stringifyJson(v)).toBe(text);
    }), { numRuns: 3000 });
  });

  it('next to strings holding digits, points, -0 and exponents, the strings stay text and the literals are read the same', () => {
    fc.assert(fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), fc.string(), (lits, s) => {
      const held = `${s} 1.50 -0 1e5 12345678901234567 a-0b`;
      const text = `{"s":${JSON.stringify(held)},"xs":[${lits.join(',')}]}`;
      const v = parseJsonExact(text) as { s: string; xs: unknown[] };
      expect(v.s).toBe(held);
      expect(v.xs.map((x) => x instanceof JsonNumber)).toEqual(lits.map((l) => !roundTrips(l)));
      expect(stringifyJson(v)).toBe(text);
    }), { numRuns: 1000 });
  });
});

describe('the journal keeps an id beyond 2^53 from an exact answer with its digits', () => {
  it('todo add-attachment: the commit record names dentryId and spaceId as their digits', async () => {
    runs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${runs.mcp.base}/upload/a.txt`, uploadKey: 'k1' } });
    runs.answer('todo/commit_todo_file_upload', { result: { dentryId: new JsonNumber(BIG), spaceId: new JsonNumber(BIG2) } });
    const env = runs.env({ 'a.txt': 'hello' });
    const { error } = await dispatchInProcess(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'a.txt'], env);
    expect(error).toBeUndefined();
    const lines = readFileSync(env.DWS_JOURNAL, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc?: string; outcome?: string; ids?: unknown });
    expect(lines.find((l) => l.rpc === 'commit_todo_file_upload' && l.outcome === 'ok')?.ids).toEqual({ dentryId: [BIG], spaceId: [BIG2] });
  });
});

describe('chat message list and update-card print their answers decoded with UseNumber (chat.go:55, :6317)', () => {
  it('chat message list: a message id beyond 2^53 prints with its digits, in the answer and in the projected messages', async () => {
    runs.answer('chat/list_conversation_message_v2', { result: { messages: [{ openMessageId: new JsonNumber(BIG), sender: 'S1', content: 'hi', createTime: 1 }], hasMore: false } });
    const { out } = await printedRun(['chat', 'message', 'list', '--conversation-id', 'cid1', '--time', '2026-03-01 00:00:00']);
    // messageId is the openMessageId as it is (chatmsg.MessageID -> firstMessageValue, chatmsg.go:274, :430): a json.Number
    const message = `"content":"hi","createTime":1`;
    expect(out).toBe(`{"result":{"messages":[{${message},"messageId":${BIG},"openMessageId":${BIG},"sender":"S1","text":"hi"}],`
      + `"result":{"hasMore":false,"messages":[{${message},"openMessageId":${BIG},"sender":"S1"}]}}}\n`);
  });

  it('chat message update-card: the answer\'s numbers print as the server wrote them', async () => {
    runs.answer('im/update_streaming_card', { result: { bizId: 'b1', version: new JsonNumber(BIG), success: true } });
    const { out } = await printedRun(['chat', 'message', 'update-card', '--biz-id', 'b1', '--content', 'x', '--flow-status', '3']);
    expect(out).toBe(`{"result":{"result":{"bizId":"b1","version":${BIG},"success":true}}}\n`);
  });
});
