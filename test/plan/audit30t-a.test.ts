// The twentieth audit, part a (seed 20261221, notes/audit-30t-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1, with canned answers of the shapes upstream's output code tells apart.
// The calls are also pinned by the `a-t1:` cases of test/fixtures/calls/{minutes,chat,aitable,doc}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-audit30t-a-');

// webhookErrcodeFailure (helpers/chat.go:1336-1353@c7521c1c) and its use after the send (:3760-3772): an answer that
// is a JSON object with an errcode key fails unless that key's %v text, trimmed, is "", "0" or "0.0".
describe('chat message send-by-webhook fails on an answer carrying a non-zero errcode', () => {
  const argv = ['chat', 'message', 'send-by-webhook', '--token', 'tk1', '--title', '告警', '--text', '服务异常'];
  const call = [['bot/send_message_by_custom_robot', { robotToken: 'tk1', title: '告警', text: '服务异常' }]];
  it('prints an answer whose errcode is 0, a text trimming to "" or 0, or missing, and fails on any other errcode', async () => {
    const answers: unknown[] = [
      { errcode: 0, errmsg: 'ok' },
      { errcode: '' },
      { errcode: ' 0 ' },
      { errmsg: 'no code' },
      { result: { errcode: 5 } },
      [1],
      // lead-s32: the helper path (callMCPToolReturnTextOnServer -> parseMCPToolTextResult -> isErrorCodeValue,
      // helpers.go:207-260, :636-660@c7521c1c) fails a top-level errcode that is a non-zero number or a text other
      // than 0/ok/success/succeed before webhookErrcodeFailure reads it: "0.0" included
      { errcode: '0.0' },
      { errcode: 300005, errmsg: 'token is not exist' },
      { errcode: '310000' },
      { errcode: 0.5 },
      // a null or boolean errcode passes that check; webhookErrcodeFailure fails it
      { errcode: null },
      { errcode: false },
    ];
    const outcomes = [];
    for (const body of answers) {
      answer('bot/send_message_by_custom_robot', body);
      outcomes.push(await sent(argv));
    }
    expect(outcomes).toEqual([
      ...answers.slice(0, 6).map((body) => ({ reason: undefined, category: undefined, calls: call, printed: body })),
      ...answers.slice(6, 10).map(() => ({ reason: 'business_error', category: 'backend', calls: call, printed: undefined })),
      ...answers.slice(10).map(() => ({ reason: 'backend_error', category: 'backend', calls: call, printed: undefined })),
    ]);
  });

  it('sends a list with no part left as null, and a list with parts as its trimmed parts', async () => {
    answer('bot/send_message_by_custom_robot', { errcode: 0 });
    const empty = await sent([...argv, '--at-mobiles', ',', '--at-users', ' , ']);
    const parts = await sent([...argv, '--at-all=true', '--at-mobiles', ' 138, ,139 ', '--at-users', 'u1']);
    expect([empty.calls, parts.calls]).toEqual([
      [['bot/send_message_by_custom_robot', { robotToken: 'tk1', title: '告警', text: '服务异常', atMobiles: null, atUserIds: null }]],
      [['bot/send_message_by_custom_robot', { robotToken: 'tk1', title: '告警', text: '服务异常', isAtAll: true, atMobiles: ['138', '139'], atUserIds: ['u1'] }]],
    ]);
  });
});

// runAitableViewGetAttr (aitable.go:995-1022@c7521c1c): getViewRaw :764-780 refuses a views[0] that is not an object;
// printViewSubBlock :833-843 prints the block as it is, {} only for nil.
describe('aitable view get group prints the view\'s group block in upstream\'s envelope', () => {
  const argv = ['aitable', 'view', 'get', 'group', '--base', 'b1', '--table-id', 't1', '--view-id', 'v1'];
  const call = [['aitable/get_views', { baseId: 'b1', tableId: 't1', viewIds: ['v1'] }]];
  it('prints the block whatever it holds, {} when it is null or missing', async () => {
    const outcomes = [];
    for (const view of [{ group: [{ fieldId: 'f1' }] }, { group: [] }, { group: false }, { group: '' }, { group: 0 }, { group: null }, {}]) {
      answer('aitable/get_views', { data: { views: [view] } });
      outcomes.push(await sent(argv));
    }
    expect(outcomes.map((o) => o.printed)).toEqual([
      { status: 'success', data: [{ fieldId: 'f1' }], error: {} },
      { status: 'success', data: [], error: {} },
      { status: 'success', data: false, error: {} },
      { status: 'success', data: '', error: {} },
      { status: 'success', data: 0, error: {} },
      { status: 'success', data: {}, error: {} },
      { status: 'success', data: {}, error: {} },
    ]);
  });

  it('refuses a views[0] that is not an object, and an empty or missing view list', async () => {
    const outcomes: Awaited<ReturnType<typeof sent>>[] = [];
    for (const data of [{ views: ['v1'] }, { views: [7] }, { views: [[{ group: [] }]] }, { views: [null] }, { views: [] }, {}]) {
      answer('aitable/get_views', { data });
      outcomes.push(await sent(argv));
    }
    expect(outcomes).toEqual(outcomes.map(() => ({ reason: outcomes[0].reason, category: outcomes[0].category, calls: call, printed: undefined })));
    expect(outcomes[0].reason).toBe('backend_error');
  });
});

// formatFeedTime / enrichFeedFields / feedTypeLabels (helpers/wiki.go:1461-1512@c7521c1c), printed under --format
// json (:1364-1372).
describe('wiki feed list adds the readable time and the type label to each feed', () => {
  const argv = ['wiki', 'feed', 'list', '--workspace', 'ws1'];
  it('gives a feed object with a time above 0 timeFormatted at +08:00 and, for a known int(type), typeLabel', async () => {
    answer('wiki/list_workspace_feeds', {
      feeds: [
        { time: 1767225600000, type: 1, title: 'a' },
        { time: 1767254399999.9, type: 12.7 },
        { time: 1767225600000, type: 13 },
        { time: 1767225600000, type: '1' },
        { time: 1767225600000 },
        { time: 0, type: 2 },
        { time: -5, type: 2 },
        { time: '1767225600000', type: 3 },
        'x',
        null,
      ],
      nextToken: 'n1',
      hasMore: true,
    });
    expect(await sent(argv)).toEqual({
      reason: undefined,
      category: undefined,
      calls: [['wiki/list_workspace_feeds', { workspaceId: 'ws1' }]],
      printed: {
        feeds: [
          { time: 1767225600000, type: 1, title: 'a', timeFormatted: '2026-01-01 08:00', typeLabel: '更新文档' },
          { time: 1767254399999.9, type: 12.7, timeFormatted: '2026-01-01 15:59', typeLabel: '创建知识库' },
          { time: 1767225600000, type: 13, timeFormatted: '2026-01-01 08:00' },
          { time: 1767225600000, type: '1', timeFormatted: '2026-01-01 08:00' },
          { time: 1767225600000, timeFormatted: '2026-01-01 08:00' },
          { time: 0, type: 2 },
          { time: -5, type: 2 },
          { time: '1767225600000', type: 3 },
          'x',
          null,
        ],
        nextToken: 'n1',
        hasMore: true,
      },
    });
  });

  it('prints an answer without a feeds list as it came', async () => {
    const printed = [];
    for (const body of [{ feeds: null, nextToken: '' }, { feeds: { time: 1767225600000 } }, { result: { feeds: [{ time: 1767225600000 }] } }, [{ time: 1767225600000 }]]) {
      answer('wiki/list_workspace_feeds', body);
      printed.push((await sent(argv)).printed);
    }
    // a list is no map for formatFeedTime's json.Unmarshal, so its text is printed (wiki.go:1461-1465@c7521c1c; h38-left)
    expect(printed).toEqual([{ feeds: null, nextToken: '' }, { feeds: { time: 1767225600000 } }, { result: { feeds: [{ time: 1767225600000 }] } }, '[{"time":1767225600000}]']);
  });
});

// Go's json.Unmarshal fails on a number beyond float64 (strconv.ParseFloat's range error), whatever the target:
// jsonStringToMap (helpers/attendance.go:21-27@c7521c1c) then keeps the text, buildBlockElement (doc.go:1023-1027)
// refuses. JSON.parse reads such a number as Infinity, which JSON.stringify would send as null.
describe('a JSON number beyond float64 fails to decode, as in Go', () => {
  const ctx = { env: {}, now: new Date(2031, 6, 16) };
  const reasonOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as DwsError).reason;
    }
    return 'accepted';
  };
  const overflow = fc.tuple(fc.constantFrom('', '-'), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 309, max: 4000 })).map(([sign, d, e]) => `${sign}${d}e${e}`);
  it('an object holding one is kept as text by json_object_or_text and refused by json_parse and json_object; without it, it decodes', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), overflow, fc.boolean(), (o, big, nested) => {
      const plain = JSON.stringify(o);
      const inner = `{"n":${big}}`;
      const text = `{"overflowing${nested ? '' : 'X'}":${nested ? `[${inner}]` : big}${plain === '{}' ? '' : ',' + plain.slice(1, -1)}}`;
      expect(TRANSFORMS.json_object_or_text(text, '--config', ctx)).toBe(text);
      expect(reasonOf(() => TRANSFORMS.json_parse(text, '--element', ctx))).toBe('invalid_parameter');
      expect(reasonOf(() => TRANSFORMS.json_object(text, '--dsl', ctx))).toBe('invalid_parameter');
      expect(TRANSFORMS.json_object_or_text(plain, '--config', ctx)).toEqual(JSON.parse(plain));
      expect(TRANSFORMS.json_parse(plain, '--element', ctx)).toEqual(JSON.parse(plain));
    }));
  });
  it('the largest float64 and numbers that round to zero still decode', () => {
    expect(TRANSFORMS.json_parse('[1.7976931348623157e308, 1e-400, -0.0]', '--element', ctx)).toEqual([1.7976931348623157e308, 0, -0]);
  });
});
