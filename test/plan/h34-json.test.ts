// Session 34, h34-json (issue 32): every text a plan sends that upstream builds as JSON text, written as upstream's Go
// code writes it at c7521c1c: json.Marshal of a map (keys sorted, <, >, & escaped), marshalJSONRaw (helpers/chat.go:1280,
// an Encoder with SetEscapeHTML(false): <, >, & bare, U+2028/U+2029 still escaped), a struct (fields in declared order),
// fmt.Sprintf templates (values put in as typed) and json.Compact (the file's bytes without whitespace). Each command is
// run as a user types it (`node bin/dws.cjs ...` through runCliAsync) against the recording MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransform, transformArgProblem } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';
import { goMarshal, jsonCompactAt } from '../../src/plan/transforms/json.js';
import { dispatchInProcess, errorOf, runCliAsync } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34json-');
const LS = '\u2028';

/** The real binary run as a user types it: its exit status, the calls the server received, its refusal reason. */
async function cli(argv: string[], files?: Record<string, string>) {
  outputs.mcp.calls.length = 0;
  const r = await runCliAsync(argv, '', outputs.env(files));
  const calls = outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, Record<string, unknown>]);
  return { status: r.status, calls, reason: r.status === 0 ? undefined : errorOf(r.stderr)?.reason };
}

/** The arguments of the first step of a dry run whose rpc is `rpc` (what the preview says will be sent). */
async function previewArgs(argv: string[], rpc: string) {
  const dry = await dispatchInProcess([...argv, '--dry-run'], outputs.env());
  const steps = (JSON.parse(dry.out) as { steps: { rpc?: string; arguments?: Record<string, unknown> }[] }).steps;
  return steps.find((s) => s.rpc === rpc)?.arguments;
}

describe('marshalJSONRaw of a map (helpers/chat.go:1280-1292@c7521c1c): keys sorted, <>& bare, U+2028/U+2029 escaped', () => {
  it('chat message edit --text sends {"text","title"} (chat.go:4455; before: title first)', async () => {
    const r = await cli(['chat', 'message', 'edit', '--conversation-id', 'cid1', '--message-id', 'm1', '--title', 'T&1', '--text', `a<b>&c${LS}d`]);
    expect(r.status).toBe(0);
    expect(r.calls).toEqual([['im/edit_message', { openConversationId: 'cid1', openMessageId: 'm1', content: '{"text":"a<b>&c\\u2028d","title":"T&1"}' }]]);
  });

  it('chat message send markdown, to a group and to a person (chat.go:3354, :3362); the dry run shows the same text', async () => {
    const group = ['chat', 'message', 'send', '--group', 'cid1', '--title', 't', '--text', `x<y>&${LS}z\u2029`];
    const r = await cli(group);
    expect(r.calls.map((c) => c[1].content)).toEqual(['{"text":"x<y>&\\u2028z\\u2029","title":"t"}']);
    expect((await previewArgs(group, 'send_personal_message'))?.content).toBe('{"text":"x<y>&\\u2028z\\u2029","title":"t"}');
    const direct = await cli(['chat', 'message', 'send', '--open-dingtalk-id', 'Db3BlbmlkMDEiE', '--text', `<b>${LS}`]);
    expect(direct.calls.map((c) => c[1].content)).toEqual(['{"text":"<b>\\u2028","title":"<b>\\u2028"}']);
  });

  it('chat message reply: the four keys sorted, the text\'s < kept (chat.go:6970-6977)', async () => {
    const r = await cli(['chat', 'message', 'reply', '--conversation-id', 'cid1', '--ref-msg-id', 'm1', '--ref-sender', 'Dc2VuZGVyMDEiE', '--text', `a<b & c${LS}`, '--ai-tag=false']);
    expect(r.status).toBe(0);
    expect(r.calls.at(-1)![1].content).toBe('{"content":"a<b & c\\u2028","referenceOpenMessageId":"m1","replyMsgType":"text","srcMsgSendOpenDingTalkId":"Dc2VuZGVyMDEiE"}');
  });

  it('chat chmod grantParams: a map[string]string sorted as bytes, "10" before "9" (appendChatChmodParams chat.go:1997)', async () => {
    const r = await cli(['chat', 'chmod', 'chat.message:send', '--conversation-id', 'cid1', '--permParam', '9=y', '--permParam', '10=x', '--permParam', `-k=a<b${LS}c`, '--yes']);
    expect(r.status).toBe(0);
    expect(r.calls[0][1].grantParams).toBe('{"-k":"a<b\\u2028c","10":"x","9":"y","conversationId":"cid1","openCid":"cid1","openConversationId":"cid1"}');
  });

  it('chat data-auth cross-org grantParams (buildChatCrossOrgDataAuthArgs chat.go:1929)', async () => {
    const r = await cli(['chat', 'data-auth', 'cross-org', '--target-org-id', `o<1>${LS}2`, '--yes']);
    expect(r.calls[0][1].grantParams).toBe('{"targetOrgId":"o<1>\\u20282"}');
  });
});

describe('json.Marshal of a one-key map (chat/toolbar_custom_payload.go:18-26@c7521c1c): <, >, & escaped', () => {
  const flags = ['--conversation-id', 'cid1', '--title', '周报 & <b>', '--url', 'https://a.example/m', '--icon-url', 'https://a.example/i.png?a=1&b=2', '--pc-url', 'https://a.example/pc'];
  it('chat toolbar create-custom and update-custom send name, icons and desc so (toolbar_create_custom.go:53-63, toolbar_update_custom.go:56-66)', async () => {
    for (const argv of [['chat', 'toolbar', 'create-custom', ...flags], ['chat', 'toolbar', 'update-custom', '--shortcut-id', '9', ...flags]]) {
      const r = await cli(argv);
      expect(r.status).toBe(0);
      const a = r.calls[0][1];
      expect([a.name, a.icons, a.desc]).toEqual([
        '{"zh_CN":"周报 \\u0026 \\u003cb\\u003e"}', '{"iconMobile":"https://a.example/i.png?a=1\\u0026b=2"}', '{"zh_CN":"周报 \\u0026 \\u003cb\\u003e"}',
      ]);
    }
  });
});

describe('chat message send media contents are fmt.Sprintf templates (chat.go:3249, :3294-3295, :3305, :3310@c7521c1c)', () => {
  it('image, location and profile put each value in as typed: a quote or backslash is not escaped', async () => {
    const send = async (extra: string[]) => (await cli(['chat', 'message', 'send', '--group', 'cid1', ...extra])).calls.map((c) => c[1].content);
    expect(await send(['--msg-type', 'image', '--media-id', '@a"b\\<'])).toEqual(['{"mediaId":"@a"b\\<"}']);
    expect(await send(['--msg-type', 'location', '--location-name', '西湖 "北"', '--longitude', '120.1', '--latitude', '30.2', '--map-thumbnail-url', 'https://m.example/t.png?a=1&b=2']))
      .toEqual(['{"locationName":"西湖 "北"","longitude":"120.1","latitude":"30.2","mapThumbnailUrl":"https://m.example/t.png?a=1&b=2"}']);
    expect(await send(['--msg-type', 'profile', '--contact-id', 'Dx"1'])).toEqual(['{"openDingTalkId":"Dx"1"}']);
  });
  it('the legacy file content writes its numbers with %d and its texts as typed', async () => {
    const r = await cli(['chat', 'message', 'send', '--group', 'cid1', '--msg-type', 'video', '--dentry-id', '12', '--space-id', '34', '--file-name', 'r"1<.pdf', '--file-size', '5']);
    expect(r.calls.map((c) => [c[1].msgType, c[1].content])).toEqual([['file', '{"dentryId":12,"spaceId":34,"fileName":"r"1<.pdf","fileType":"","filePath":"","fileSize":5}']]);
  });
});

describe('chat +messages-send --file: the file content is a struct through marshalJSONRaw (buildConversationFileContent chat.go:2202-2219@c7521c1c)', () => {
  it('fields in declared order, the name\'s & kept', async () => {
    outputs.answer('im/init_conversation_file_upload', { result: { resourceUrl: `${outputs.mcp.base}/upload/f34`, uploadKey: 'k1' } });
    outputs.answer('im/commit_conversation_file_upload', { result: { dentryId: 12, spaceId: 34 } });
    outputs.answer('chat/send_personal_message', { result: { openTaskId: 't1' } });
    const name = 'a&b<c>.txt';
    const r = await cli(['chat', '+messages-send', '--group', 'cidG1==', '--file', name, '--yes'], { [name]: 'hello' });
    expect(r.status).toBe(0);
    expect(r.calls.at(-1)![1].content).toBe('{"dentryId":12,"spaceId":34,"fileName":"a&b<c>.txt","fileType":"txt","filePath":"/a&b<c>.txt","fileSize":5}');
  });

  // A U+2028 in the name never reaches the content: init_conversation_file_upload carries fileName as a text
  // argument (uploadConversationLocalFile chat.go:2113-2122@c7521c1c), which the transport refuses before sending
  // (client.go:394-402, :1093-1125@c7521c1c).
  it('a name holding U+2028 is refused before the first call', async () => {
    const name = `a&b${LS}.txt`;
    const r = await cli(['chat', '+messages-send', '--group', 'cidG1==', '--file', name, '--yes'], { [name]: 'hello' });
    expect([r.status, r.reason, r.calls]).toEqual([3, 'invalid_argument', []]);
  });
});

describe('doc JSONML writes are json.Marshal of the decoded value, then stripInputUnsafeChars (doc_jsonml_pipeline.go:249-250, :342-343, doc/common.go:141@c7521c1c)', () => {
  const element = `["p",{"z":"1","a":"<2>"},"a&b${LS}c\u200bd"]`;
  const sent = '["p",{"a":"\\u003c2\\u003e","z":"1"},"a\\u0026b\\u2028cd"]';
  it('doc block insert / update and doc update: <>& escaped, U+2028 kept as its escape (not stripped), zero-width stripped', async () => {
    const insert = await cli(['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', element]);
    expect(insert.calls).toEqual([['doc/insert_document_block', { nodeId: 'D1', format: 'jsonml', jsonml: sent }]]);
    const update = await cli(['doc', 'block', 'update', '--node', 'D1', '--block-id', 'b1', '--content-format', 'jsonml', '--element', element]);
    expect(update.calls.map((c) => c[1].jsonml)).toEqual([sent]);
    const body = await cli(['doc', 'update', '--node', 'D1', '--content-format', 'jsonml', '--content', `["root",{},${element}]`, '--mode', 'overwrite', '--yes']);
    expect(body.calls.map((c) => c[1].jsonml)).toEqual([`["root",{},${sent}]`]);
  });
  it('doc +create --doc-format jsonml: keys sorted and <>& escaped as validateJSONML writes them (before: the input\'s order, bare)', async () => {
    outputs.answer('doc/create_document', { result: { nodeId: 'N1' } });
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { result: { content: '["p",{"a":"<2>","z":"1"},"x&y"]' } });
    const r = await cli(['doc', '+create', '--name', 'n', '--doc-format', 'jsonml', '--content', '["p",{"z":"1","a":"<2>"},"x&y"]']);
    expect(r.status).toBe(0);
    expect(r.calls.find((c) => c[0] === 'doc/update_document')![1].jsonml).toBe('["p",{"a":"\\u003c2\\u003e","z":"1"},"x\\u0026y"]');
  });
});

describe('whiteboard update nodes: json.Compact of the file\'s nodes (validateWhiteboardNodes whiteboard.go:263-283@c7521c1c)', () => {
  it('escapes, number spellings and key order as written in the file, whitespace outside strings removed', async () => {
    const file = '{"overwrite": false, "source": {"schemaVersion": "1.0", "catalogVersion": "dml-v1",\n "nodes": [ {"z": 1.50, "a": "\\u4e2d \\/ x"} ,\n {"t": " a b "} ]}}';
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{}' });
    const r = await cli(['whiteboard', 'update', '--node', 'D1', '--part-id', 'P1', '--source', 'wb.json', '--yes'], { 'wb.json': file });
    expect(r.status).toBe(0);
    expect(r.calls[0][1].nodes).toBe('[{"z":1.50,"a":"\\u4e2d \\/ x"},{"t":" a b "}]');
  });
});

describe('aitable +table-copy names a skipped field with %q, Go\'s strconv.Quote (table_copy.go:81@c7521c1c)', () => {
  it('a quote, a no-break space, a tab and U+2028 in the name are written as Go writes them (before: as JSON)', async () => {
    const name = 'a"b\u00a0c\td\u2028e 表';
    outputs.answersInTurn('aitable/get_fields', { fields: [{ fieldId: 'f1', fieldName: 'n1', type: 'text' }, { fieldId: 'f2', fieldName: name, type: 'formula' }] },
      { fields: [{ fieldId: 'g1', fieldName: 'n1' }] });
    outputs.answer('aitable/create_table', { tableId: 't9' });
    const r = await outputs.sent(['aitable', '+table-copy', '--source-base-id', 'b1', '--source-table-id', 't1', '--target-base-id', 'b2', '--new-name', 'copy', '--yes']);
    expect(r.reason).toBeUndefined();
    const warnings = (r.printed as { warnings: string[] }).warnings;
    expect(warnings.map((w) => w.slice(0, w.indexOf(' (')))).toEqual(['skipped field "a\\"b\\u00a0c\\td\\u2028e 表"']);
  });
});

describe('goMarshal and jsonCompactAt (src/plan/transforms/json.ts)', () => {
  // well-formed texts (a Go string holds no lone surrogate), no -0 (JSON.stringify writes it 0), keys that are not
  // numerals (JavaScript puts those first in any object, so only the text shows their order: tested by example below)
  const text = fc.string({ unit: 'binary' }).map((x) => x.replace(/[\ud800-\udfff]/gu, '\ufffd'));
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, text, fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)), fc.boolean(), fc.constant(null),
      fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(text.map((k) => `k${k}`), tie('v'), { maxKeys: 4 })),
  })).v;
  const keysSorted = (x: unknown): boolean => (Array.isArray(x) ? x.every(keysSorted)
    : x !== null && typeof x === 'object'
      ? Object.keys(x).every((k, i, ks) => i === 0 || Buffer.compare(Buffer.from(ks[i - 1]), Buffer.from(k)) < 0) && Object.values(x).every(keysSorted)
      : true);
  it('go_json decodes back to the value, holds no bare <, >, &, U+2028, U+2029, and writes every object\'s keys in byte order', () => {
    fc.assert(fc.property(value, (v) => {
      const out = applyTransform('go_json', v, 't') as string;
      expect(/[<>&\u2028\u2029]/u.test(out)).toBe(false);
      expect(JSON.parse(out)).toEqual(v);
      expect(keysSorted(JSON.parse(out))).toBe(true);
    }));
  });
  it('{go_json: {keys: declared, html: keep}} is JSON.stringify but for U+2028/U+2029, which it escapes', () => {
    fc.assert(fc.property(value, (v) => {
      const js = JSON.stringify(v).replace(/\u2028/gu, '\\u2028').replace(/\u2029/gu, '\\u2029');
      expect(applyTransform({ go_json: { keys: 'declared', html: 'keep' } }, v, 't')).toBe(js);
    }));
  });
  it('jsonCompactAt of an indented text is the compact text; at a path, that member\'s compact text', () => {
    fc.assert(fc.property(value, fc.integer({ min: 0, max: 4 }), (v, indent) => {
      expect(jsonCompactAt(JSON.stringify(v, null, indent), [])).toBe(JSON.stringify(v));
      expect(jsonCompactAt(JSON.stringify({ a: 1, s: { n: v }, b: [v] }, null, indent), ['s', 'n'])).toBe(JSON.stringify(v));
    }));
    expect(jsonCompactAt('{"a": 1, "a": [ 2 ]}', ['a'])).toBe('[2]');
    expect([jsonCompactAt('{"a": 1}', ['b']), jsonCompactAt('[{"a": 1}]', ['a']), jsonCompactAt('{"a": 1', [])]).toEqual([undefined, undefined, undefined]);
  });
  it('a numeral key sorts as bytes ("10" before "9"), -0 is written -0, exponents as Go writes a float64, a lone surrogate as U+FFFD', () => {
    expect(goMarshal({ 9: -0, 10: 1e-7, a: 1e21, b: '\ud800' }, { keys: 'sorted', html: 'escape' })).toBe('{"10":1e-7,"9":-0,"a":1e+21,"b":"\ufffd"}');
  });
  it('go_quote: printable characters bare, the rest as Go escapes them', () => {
    expect(applyTransform('go_quote', '\u0007\u0000\u007f\u00ad\u{1f600}\u{e0001}\\é', 't')).toBe('"\\a\\x00\\x7f\\u00ad\u{1f600}\\U000e0001\\\\é"');
  });
  it('the argument of {go_json: ...} is checked when the plan is built', () => {
    expect(transformArgProblem({ go_json: { keys: 'declared', html: 'keep' } })).toBeUndefined();
    for (const bad of [{}, { keys: 'random' }, { html: true }, { order: 'sorted' }, 'sorted']) {
      expect(transformArgProblem({ go_json: bad } as unknown as Transform)).toMatch(/go_json takes/u);
    }
  });
});
