// oa and devapp shortcuts whose upstream bodies read the answer with rt.CallMCPData (runner.go:255-271@c7521c1c): an answer that
// does not decode into an object stops the run (issue 32, p-aleft), run as a user types them against the recording backend.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-paleft-');
const { sent } = outputs;

describe('oa list shortcuts: a list, number, boolean or text answer is backend_error after the one call', () => {
  const cases: [string, string[], string, unknown][] = [
    ['oa +list-cc (oa.go:561-564)', ['oa', '+list-cc'], 'oa/get_noticed_instances', { count: 0, instances: [] }],
    ['oa +list-executed (oa.go:357-360)', ['oa', '+list-executed'], 'oa/get_done_tasks', { count: 0, instances: [] }],
    ['oa +list-submitted (oa.go:485-488)', ['oa', '+list-submitted'], 'oa/get_submitted_instances', { count: 0, instances: [] }],
    ['oa +search-forms (oa.go:279-284)', ['oa', '+search-forms', '--query', '报销'], 'oa/search_form', { count: 0, forms: [] }],
  ];
  for (const [name, argv, tool, none] of cases) {
    it(`${name}: refused for a list, number, boolean or text; null and a blank text print none`, async () => {
      const got = [];
      for (const answer of [[{ processInstanceId: 'p', processCode: 'c' }], 5, true, 'oops', null, rawText(' ')]) {
        outputs.answer(tool, answer);
        const r = await sent(argv);
        got.push([r.reason, r.calls.length, r.printed]);
      }
      const refused = ['backend_error', 1, undefined];
      expect(got).toEqual([refused, refused, refused, refused, [undefined, 1, none], [undefined, 1, none]]);
    });
  }

  it('oa +my-initiated (smart/my_initiated.go:118-121): a list holding instances is refused; the same rows inside an object print', async () => {
    const got = [];
    for (const answer of [[{ processInstanceId: 'p1', title: 't' }], 3, false, 'oops']) {
      outputs.answer('oa/get_submitted_instances', answer);
      const r = await sent(['oa', '+my-initiated']);
      got.push([r.reason, r.calls.length, r.printed]);
    }
    expect(got).toEqual(Array(4).fill(['backend_error', 1, undefined]));
    outputs.answer('oa/get_submitted_instances', { list: [{ processInstanceId: 'p1', title: 't' }] });
    const ok = await sent(['oa', '+my-initiated']);
    expect([ok.reason, ok.printed]).toEqual([undefined, { initiated: [{ title: 't', businessId: null, status: null, processInstanceId: 'p1' }] }]);
  });
});

describe('devapp list shortcuts: a list, number, boolean or text answer is backend_error after the one call', () => {
  const cases: [string, string[], string, unknown][] = [
    ['devapp +list (devapp.go:181-184)', ['devapp', '+list'], 'devapp/list_dev_app', { count: 0, apps: [] }],
    ['devapp +permission-list (devapp.go:724-727)', ['devapp', '+permission-list', '--unified-app-id', 'U'], 'devapp/list_dev_app_permissions', { count: 0, permissions: [] }],
    ['devapp +version-list (devapp.go:1397-1400)', ['devapp', '+version-list', '--unified-app-id', 'U'], 'devapp/list_dev_app_versions', { count: 0, versions: [] }],
  ];
  for (const [name, argv, tool, none] of cases) {
    it(`${name}: refused for a list, number, boolean or text; null and a blank text print none`, async () => {
      const got = [];
      for (const answer of [[{ unifiedAppId: 'U', name: 'n' }], 5, true, 'oops', null, rawText(' ')]) {
        outputs.answer(tool, answer);
        const r = await sent(argv);
        got.push([r.reason, r.calls.length, r.printed]);
      }
      const refused = ['backend_error', 1, undefined];
      expect(got).toEqual([refused, refused, refused, refused, [undefined, 1, none], [undefined, 1, none]]);
    });
  }
});

describe('sheet chart create/update read --properties from a file only after @ (sheet_chart.go:228-240, :311-323@c7521c1c)', () => {
  const props = { position: { row: 1, col: 1 }, dimensions: { width: 400, height: 300 }, chart: { type: 'pie', series: [{ value: ['B2:B6'] }] } };
  const files = { 'c.json': JSON.stringify(props) };
  it('chart create --properties @file reads the file (the catalog example); a bare path is refused, not read', async () => {
    const at = await sent(['sheet', 'chart', 'create', '--node', 'N', '--sheet-id', 'S', '--properties', '@c.json'], files);
    expect([at.reason, at.calls]).toEqual([undefined, [['sheet/create_float_chart', { nodeId: 'N', sheetId: 'S', properties: props }]]]);
    const bare = await sent(['sheet', 'chart', 'create', '--node', 'N', '--sheet-id', 'S', '--properties', 'c.json'], files);
    expect([bare.category, bare.calls]).toEqual(['validation', []]);
  });

  it('chart update --properties @file reads the file; a bare path is refused, not read', async () => {
    const argv = ['sheet', 'chart', 'update', '--node', 'N', '--sheet-id', 'S', '--chart-id', 'C', '--properties'];
    const at = await sent([...argv, '@c.json'], files);
    expect([at.reason, at.calls]).toEqual([undefined, [['sheet/update_float_chart', { nodeId: 'N', sheetId: 'S', floatChartId: 'C', properties: props }]]]);
    const bare = await sent([...argv, 'c.json'], files);
    expect([bare.category, bare.calls]).toEqual(['validation', []]);
  });
});

describe('chat list shortcuts read by rt.CallMCPData: a list, number, boolean or text answer is backend_error after the one call', () => {
  const cases: [string, string[], string][] = [
    ['chat +bot-search (chat_bot.go:69-72)', ['chat', '+bot-search'], 'bot/search_my_robots'],
    ['chat +bot-find (chat_bot.go:192-195)', ['chat', '+bot-find', '--keyword', 'k'], 'bot/search_bots'],
    ['chat +conversation-list-top (chat_conversation.go:632-635)', ['chat', '+conversation-list-top'], 'chat/list_top_conversations'],
    ['chat +chat-role-list (chat_group.go:1728-1731)', ['chat', '+chat-role-list', '--group', 'G'], 'im/list_custom_group_roles'],
    ['chat +messages-list-pin (chat_message.go:2064-2067)', ['chat', '+messages-list-pin', '--open-conversation-id', 'cid1'], 'im/list_pin_messages'],
    ['chat +chat-list-mine (chat_group.go:807-810)', ['chat', '+chat-list-mine'], 'im/list_owned_or_admin_groups'],
  ];
  for (const [name, argv, tool] of cases) {
    it(`${name}: refused for a list, number, boolean or text; an object is read`, async () => {
      const got = [];
      for (const answer of [[{ id: 'x' }], 5, true, 'oops', {}]) {
        outputs.answer(tool, answer);
        const r = await sent(argv);
        got.push([r.reason, r.calls.length, r.printed === undefined]);
      }
      const refused = ['backend_error', 1, true];
      expect(got).toEqual([refused, refused, refused, refused, [undefined, 1, false]]);
    });
  }
});
