// h48-left (issue 32): the fidelity items session 47 left alone (notes/h47-lead.md "Left alone"), each run as a user
// types it against the fake MCP server on 127.0.0.1 and checked against what upstream's body does at c7521c1c.
import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed, answersInTurn, answerText, sent } = useOutputRuns('dws-h48left-');

/**
 * 1. minutes +upload / +upload-and-analyze: upstream's localio.PutFile (internal/localio/upload.go:70-99@c7521c1c)
 * PUTs the same bytes at most 3 times: after a send with no answer, or an answer 5xx, 408 or 429, it waits
 * attempt x 200 ms (200, then 400) and sends again; any other answer ends it (2xx stored, else failed). The payload
 * prints the number of PUTs as uploadAttempts (alignment.go:413); a failed PUT cancels the session (:393-397).
 */
describe('minutes upload: the PUT sent again as localio.PutFile sends it (upload.go:70-99)', () => {
  const transient = (status: number) => status >= 500 || status === 408 || status === 429;
  /** upstream's loop over the statuses the storage would answer, attempt by attempt */
  function model(statuses: number[]) {
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const status = statuses[Math.min(attempt - 1, statuses.length - 1)];
      if (status >= 200 && status < 300) return { attempts: attempt, stored: true, waits };
      if (!transient(status) || attempt === 3) return { attempts: attempt, stored: false, waits };
      waits.push(attempt * 200);
    }
    throw new Error('unreachable');
  }

  function answers(url: string) {
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    answersInTurn('minutes/create_upload_session', { result: { sessionId: 's1', presignedUrl: url } });
    answersInTurn('minutes/complete_upload_session', { result: { taskUuid: 't1' } });
    answersInTurn('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
    answersInTurn('minutes/cancel_upload_session', { success: true });
  }

  it('a 503 then 200: the same bytes PUT twice, one wait of 200 ms, completed, uploadAttempts 2', async () => {
    answers(`${mcp.base}/upload/a.m4a?statuses=503,200`);
    const { calls, sleeps, result } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
    expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(['AUDIO', 'AUDIO']);
    expect(sleeps).toEqual([200]);
    expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info']);
    expect(result).toEqual({ complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 5, taskUuid: 't1', uploadAttempts: 2, verified: true });
  });

  it('three 5xx answers: three PUTs, waits 200 and 400 ms, the session cancelled, nothing completed', async () => {
    answers(`${mcp.base}/upload/a.m4a?statuses=503,502,500`);
    const { outcome, calls, sleeps } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
    expect(mcp.uploads).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
    expect(calls).toEqual([['create_upload_session', { fileName: 'a.m4a', fileSize: 5 }], ['cancel_upload_session', { sessionId: 's1' }]]);
    expect(outcome.error?.reason).toBe('rolled_back');
    expect(outcome.error?.message).toContain('HTTP 500 (attempt 3 of 3)');
  });

  it('a send that gets no answer is sent again too: three sends, then the session cancelled', async () => {
    // a storage that takes the connection and closes it without answering (upstream: client.Do fails, lastErr)
    let sends = 0;
    const storage = net.createServer((socket) => {
      sends++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    try {
      answers(`http://127.0.0.1:${(storage.address() as net.AddressInfo).port}/a.m4a`);
      const { outcome, calls, sleeps } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
      expect(sends).toBe(3);
      expect(sleeps).toEqual([200, 400]);
      expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'cancel_upload_session']);
      expect(outcome.error?.reason).toBe('rolled_back');
    } finally {
      await new Promise((resolve) => storage.close(resolve));
    }
  });

  it('any sequence of storage answers: the PUTs, waits, outcome and uploadAttempts are upstream\'s loop', async () => {
    const status = fc.constantFrom(200, 201, 204, 400, 403, 404, 408, 429, 500, 502, 503, 504, 599);
    await fc.assert(fc.asyncProperty(fc.array(status, { minLength: 3, maxLength: 3 }), async (statuses) => {
      answers(`${mcp.base}/upload/a.m4a?statuses=${statuses.join(',')}`);
      const { outcome, calls, sleeps, result } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
      const want = model(statuses);
      expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(Array<string>(want.attempts).fill('AUDIO'));
      expect(sleeps).toEqual(want.waits);
      if (want.stored) {
        expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info']);
        expect(result).toMatchObject({ uploadAttempts: want.attempts, complete: true });
      } else {
        expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'cancel_upload_session']);
        expect(outcome.error?.reason).toBe('rolled_back');
      }
    }), { numRuns: 30 });
  });

  it('+upload-and-analyze: the upload stage sends the PUT again as +upload and prints its uploadAttempts', async () => {
    answers(`${mcp.base}/upload/a.mp4?statuses=429,200`);
    answersInTurn('minutes/list_minutes_todos', { result: { dingtalkTodoList: [{ id: 1 }] } });
    const { sleeps, result } = await timed(['minutes', '+upload-and-analyze', '--file', 'a.mp4', '--artifacts', 'todos', '--yes'], { 'a.mp4': 'MP4!' });
    expect(mcp.uploads).toHaveLength(2);
    expect(sleeps).toEqual([200]);
    expect((result as { stages: unknown[] }).stages[0]).toEqual({
      complete: true, name: 'upload', result: { complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 4, taskUuid: 't1', uploadAttempts: 2, verified: true },
    });
  });
});

/**
 * 2. Go's strings.ToLower / ToUpper map rune by rune through unicode.ToLower / ToUpper (the simple mappings of
 * UnicodeData, no SpecialCasing, no context, no Turkish rules) and strings.EqualFold compares unicode.SimpleFold orbits.
 * JavaScript's toLowerCase / toUpperCase apply the full mappings with context (final sigma, `İ` -> `i̇`, `ß` -> `SS`).
 * The table below is written from Go's rules, not from the helper.
 */
describe('Go case mapping (src/text/go-case.ts, src/text/equal-fold.ts) and the transforms that model it', () => {
  const cp = (c: number) => String.fromCodePoint(c);
  /** unicode.ToLower where JavaScript's mapping differs or is easy to get wrong */
  const GO_LOWER: Record<number, number> = {
    0x130: 0x69, 0x3a3: 0x3c3, 0x1e9e: 0xdf, 0x2126: 0x3c9, 0x212a: 0x6b, 0x212b: 0xe5, 0x49: 0x69, 0x1f88: 0x1f80,
    0x1fbc: 0x1fb3, 0x3f4: 0x3b8, 0x1c5: 0x1c6, 0x1fcc: 0x1fc3, 0x1ffc: 0x1ff3,
  };
  // the Greek capitals with prosgegrammeni (titlecase) lower-case to the small letters with ypogegrammeni
  for (const from of [0x1f88, 0x1f98, 0x1fa8]) for (let i = 0; i < 8; i++) GO_LOWER[from + i] = from - 8 + i;
  /** unicode.ToUpper of every BMP rune JavaScript upper-cases to more than one code unit: most stay as they are */
  const GO_UPPER: Record<number, number> = { 0x131: 0x49, 0x17f: 0x53, 0x3c2: 0x3a3, 0x345: 0x399, 0x1fbe: 0x399, 0x69: 0x49, 0x1c5: 0x1c4 };
  for (const [from, to] of [[0x1f80, 0x1f88], [0x1f90, 0x1f98], [0x1fa0, 0x1fa8]]) for (let i = 0; i < 8; i++) GO_UPPER[from + i] = to + i;
  GO_UPPER[0x1fb3] = 0x1fbc;
  GO_UPPER[0x1fc3] = 0x1fcc;
  GO_UPPER[0x1ff3] = 0x1ffc;
  const STAYS_UPPER = [
    0xdf, 0x149, 0x1f0, 0x390, 0x3b0, 0x587, 0x1e96, 0x1e97, 0x1e98, 0x1e99, 0x1e9a, 0x1f50, 0x1f52, 0x1f54, 0x1f56,
    0x1f88, 0x1f89, 0x1f8a, 0x1f8b, 0x1f8c, 0x1f8d, 0x1f8e, 0x1f8f, 0x1f98, 0x1f99, 0x1f9a, 0x1f9b, 0x1f9c, 0x1f9d, 0x1f9e, 0x1f9f,
    0x1fa8, 0x1fa9, 0x1faa, 0x1fab, 0x1fac, 0x1fad, 0x1fae, 0x1faf, 0x1fb2, 0x1fb4, 0x1fb6, 0x1fb7, 0x1fbc, 0x1fc2, 0x1fc4, 0x1fc6,
    0x1fc7, 0x1fcc, 0x1fd2, 0x1fd3, 0x1fd6, 0x1fd7, 0x1fe2, 0x1fe3, 0x1fe4, 0x1fe6, 0x1fe7, 0x1ff2, 0x1ff4, 0x1ff6, 0x1ff7, 0x1ffc,
    0xfb00, 0xfb01, 0xfb02, 0xfb03, 0xfb04, 0xfb05, 0xfb06, 0xfb13, 0xfb14, 0xfb15, 0xfb16, 0xfb17,
  ];
  for (const c of STAYS_UPPER) GO_UPPER[c] = c;

  it('every BMP rune JavaScript lower- or upper-cases to more than one code unit is in the table, and goCase gives Go\'s rune', async () => {
    const { goCase } = await import('../../src/text/go-case.js');
    const multiLower: number[] = [];
    const multiUpper: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (cp(c).toLowerCase().length > 1) multiLower.push(c);
      if (cp(c).toUpperCase().length > 1) multiUpper.push(c);
    }
    expect(multiLower.filter((c) => !(c in GO_LOWER))).toEqual([]);
    expect(multiUpper.filter((c) => !(c in GO_UPPER))).toEqual([]);
    for (const [c, want] of Object.entries(GO_LOWER)) expect([Number(c), goCase(cp(Number(c)), 'lower')]).toEqual([Number(c), cp(want)]);
    for (const [c, want] of Object.entries(GO_UPPER)) expect([Number(c), goCase(cp(Number(c)), 'upper')]).toEqual([Number(c), cp(want)]);
  });

  it('goCase maps any text rune by rune, with no final sigma and no expansion (property)', async () => {
    const { goCase } = await import('../../src/text/go-case.js');
    // the model: the tables, ASCII and basic Greek by their fixed offsets; nothing depends on a neighbour
    const lowerOf = (c: number) => GO_LOWER[c] ?? ((c >= 0x41 && c <= 0x5a) || (c >= 0x391 && c <= 0x3a9) ? c + 0x20 : c);
    const upperOf = (c: number) => GO_UPPER[c] ?? ((c >= 0x61 && c <= 0x7a) || (c >= 0x3b1 && c <= 0x3c9) ? c - 0x20 : c);
    const rune = fc.oneof(
      fc.constantFrom(...Object.keys(GO_LOWER).map(Number), ...Object.keys(GO_UPPER).map(Number)),
      fc.integer({ min: 0x41, max: 0x7a }), fc.integer({ min: 0x391, max: 0x3a9 }).filter((c) => c !== 0x3a2), fc.integer({ min: 0x3b1, max: 0x3c9 }), fc.constant(0x20),
    );
    fc.assert(fc.property(fc.array(rune, { maxLength: 12 }), (runes) => {
      const s = runes.map(cp).join('');
      expect(goCase(s, 'lower')).toBe(runes.map((c) => cp(lowerOf(c))).join(''));
      expect(goCase(s, 'upper')).toBe(runes.map((c) => cp(upperOf(c))).join(''));
    }), { numRuns: 500 });
  });

  it('equalFold compares SimpleFold orbits rune by rune (property)', async () => {
    const { equalFold } = await import('../../src/text/equal-fold.js');
    const ORBITS = [[0x6b, 0x4b, 0x212a], [0x73, 0x53, 0x17f], [0x3c3, 0x3c2, 0x3a3], [0xdf, 0x1e9e], [0x3c9, 0x3a9, 0x2126],
      [0xe5, 0xc5, 0x212b], [0x69, 0x49], [0x130], [0x131], [0x3b8, 0x398, 0x3d1, 0x3f4], [0x3b9, 0x399, 0x345, 0x1fbe], [0x61, 0x41]];
    const member = fc.tuple(fc.nat({ max: ORBITS.length - 1 }), fc.nat());
    fc.assert(fc.property(fc.array(fc.tuple(member, member), { maxLength: 8 }), (pairs) => {
      const pick = ([o, i]: [number, number]) => cp(ORBITS[o][i % ORBITS[o].length]);
      const a = pairs.map(([x]) => pick(x)).join('');
      const b = pairs.map(([, y]) => pick(y)).join('');
      expect(equalFold(a, b)).toBe(pairs.every(([[x], [y]]) => x === y));
    }), { numRuns: 500 });
  });

  it('doc create --name: the leading # heading is dropped when Go\'s lower case of both is equal (stripDuplicateTitle, helpers/doc.go:5010-5050)', async () => {
    for (const [name, heading] of [['İstanbul', 'istanbul'], ['ΟΔΟΣ', 'οδοσ'], ['Straße', 'STRAßE']]) {
      mcp.calls.length = 0;
      const { calls } = await timed(['doc', 'create', '--name', name, '--markdown', `# ${heading}\n\nbody`, '--yes']);
      expect(calls).toEqual([['create_document', { name, markdown: 'body' }]]);
    }
    // JavaScript's ß -> SS is no Go mapping: the heading stays
    mcp.calls.length = 0;
    const { calls } = await timed(['doc', 'create', '--name', 'Straße', '--markdown', '# STRASSE\n\nbody', '--yes']);
    expect(calls).toEqual([['create_document', { name: 'Straße', markdown: '# STRASSE\n\nbody' }]]);
  });

  it('chat +send-to-group --group: the group whose title EqualFolds the name is the exact match (preferExactChats, resolver.go:870-881)', async () => {
    answersInTurn('im/search_groups', { result: [{ title: 'ΟΔΟΣ', openConversationId: 'cidAAAAAAAAAAAA1' }, { title: 'οδοσ 2', openConversationId: 'cidAAAAAAAAAAAA2' }], hasMore: false });
    answersInTurn('chat/send_personal_message', { success: true });
    const { calls } = await timed(['chat', '+send-to-group', '--group', 'οδοσ', '--text', 'hi', '--yes']);
    expect(calls.map(([name, args]) => [name, args.openConversationId])).toEqual([['search_groups', undefined], ['send_personal_message', 'cidAAAAAAAAAAAA1']]);
  });
});

/**
 * 3. A float64 upstream marshals keeps its sign at zero: json.Marshal writes -0 as `-0` (encoding/json floatEncoder,
 * strconv.AppendFloat), JSON.stringify as `0`. oa approval approve's taskId is strconv.ParseFloat of --task-id
 * (helpers/oa.go:214@c7521c1c), so `-0`, `-0.0`, `-0x0p0` and `-1e-400` (an underflow) send `-0`.
 */
describe('a Go float64 of negative zero is sent as -0 (oa approval approve, helpers/oa.go:214)', () => {
  // the fake server keeps a literal JSON.parse would not give back (as `-0`) as a JsonNumber: read its number
  const sent = (v: unknown) => (v instanceof JsonNumber ? Number(v.literal) : v);
  it('the texts strconv.ParseFloat reads as -0 send -0, the others their number (Object.is on the decoded wire value)', async () => {
    for (const [text, want] of [['-0', -0], ['-0.0', -0], ['-0x0p0', -0], ['-1e-400', -0], ['0', 0], ['+0', 0], ['-1.5', -1.5], ['abc', 0]] as const) {
      mcp.calls.length = 0;
      const { calls } = await timed(['oa', 'approval', 'approve', '--instance-id', 'i1', '--task-id', text, '--yes']);
      expect(calls.length).toBe(1);
      expect([text, Object.is(sent(calls[0][1].taskId), want)]).toEqual([text, true]);
    }
  });

  it('any decimal text: the taskId sent is the float64 with its sign (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (x) => {
      mcp.calls.length = 0;
      const text = Object.is(x, -0) ? '-0' : String(x);
      const { calls } = await timed(['oa', 'approval', 'approve', '--instance-id', 'i1', '--task-id', text, '--yes']);
      expect(Object.is(sent(calls[0][1].taskId), x)).toBe(true);
    }), { numRuns: 25, examples: [[-0], [0]] });
  });
});

/**
 * 4. Blank and null answers after the call: whiteboard query (callWhiteboardTool whiteboard.go:307-313) and sheet info
 * (callMCPToolSheetInfo sheet_info.go:14-20@c7521c1c) print nothing upstream on a blank answer; dws prints the one
 * {result} document (declared). chat +messages-reply on a JSON null send answer: upstream panics in enrichReplyResult
 * (a nil map, lark_alignment.go:260); dws reads it as the blank answer (declared). Each: the call made, exit 0.
 */
describe('blank and null answers: printed, exit 0, after the call (never a crash)', () => {
  it('whiteboard query and sheet info: a blank answer prints {result: the text as it came}, exit 0, one call', async () => {
    for (const [tool, argv] of [['read_whiteboard_content', ['whiteboard', 'query', '--node', 'n', '--part-id', 'p']], ['get_sheet', ['sheet', 'info', '--node', 'n']]] as const) {
      answerText(tool, ' \n');
      const run = await sent([...argv]);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map(([name]) => name)).toEqual([expect.stringContaining(`/${tool}`)]);
      expect(run.printed).toBe(' \n');
    }
  });

  it('chat +messages-reply: a null send answer prints the reply\'s identity with deliveryStatus unknown, exit 0, after the send', async () => {
    answersInTurn('im/list_messages_by_ids', { result: [{ openMessageId: 'm1', senderOpenDingTalkId: '$:LWCP_v1:$abcdefghijklmnop' }] });
    answerText('send_personal_message', 'null');
    const run = await sent(['chat', '+messages-reply', '--conversation-id', 'cid123456789012', '--message-id', 'm1', '--text', 'hi', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([name]) => name)).toEqual(['im/list_messages_by_ids', 'chat/send_personal_message']);
    expect(run.printed).toEqual({
      contractVersion: 'im.message-reply.v1', conversationId: 'cid123456789012',
      referencedMessage: { messageId: 'm1', senderOpenDingTalkId: '$:LWCP_v1:$abcdefghijklmnop', resolutionSource: 'message_lookup' },
      deliveryStatus: 'unknown', deliveryStatusKnown: false,
    });
  });
});

/**
 * 7. sheet merge-cells (helpers/sheet_dimension.go:324-333@c7521c1c) checks none of --node, --sheet-id, --range: a
 * missing one is sent as an empty text. The help says so instead of calling them required.
 */
describe('sheet merge-cells: the help says what the command checks (sheet_dimension.go:324-333)', () => {
  it('the help calls no flag required, and a run without them sends three empty texts', async () => {
    const { dispatchInProcess } = await import('../helpers.js');
    const help = await dispatchInProcess(['sheet', 'merge-cells', '--help'], {});
    expect(help.out).not.toMatch(/are required|必填/u);
    expect(help.out).toMatch(/not checked before sending/u);
    mcp.calls.length = 0;
    const run = await sent(['sheet', 'merge-cells']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['sheet/merge_cells', { nodeId: '', sheetId: '', rangeAddress: '' }]]);
  });
});
