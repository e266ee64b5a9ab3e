// Session 35 second reading, part b3 (issue 32, notes/h35-b3.md): where a drawn command (seed 20261312) still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1
// (test/fixtures/mcp/server.ts).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35b3-');

describe('minutes permission apply: --policy is a pflag Int (strconv.ParseInt base 0) in 2..4 (helpers/minutes.go:1891-1894@c7521c1c)', () => {
  const apply = (policy: string) => outputs.argsOf(['minutes', 'permission', 'apply', '--id', 't1', '--policy', policy]);
  it('Go integer spellings of 2..4 are sent as the number', async () => {
    expect(await apply('0x3')).toEqual([{ taskUuid: 't1', policyId: 3 }]);
    expect(await apply('04')).toEqual([{ taskUuid: 't1', policyId: 4 }]);
    expect(await apply('+2')).toEqual([{ taskUuid: 't1', policyId: 2 }]);
    expect(await apply('0b10')).toEqual([{ taskUuid: 't1', policyId: 2 }]);
  });
  it('outside 2..4, or not an integer, is refused before any call', async () => {
    for (const p of ['1', '5', '010', ' 3', '3.0', '']) expect(typeof await apply(p), p).toBe('string');
    expect(outputs.mcp.calls).toEqual([]);
  });
});

describe('sheet export-csv: a result key that is not an object fails the read (parseGetRangeAsCsvResult, sheet_export_csv.go:221-228@c7521c1c)', () => {
  it('result null beside a top-level csv is refused, nothing printed', async () => {
    outputs.mcp.answers['sheet/get_range_as_csv'] = () => ({ result: null, csv: 'q' });
    const r = await outputs.sent(['sheet', 'export-csv', '--node', 'n1']);
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
  it('no result key: the top-level csv is printed', async () => {
    outputs.mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: 'q' });
    expect((await outputs.sent(['sheet', 'export-csv', '--node', 'n1'])).printed).toBe('q');
  });
});

describe('chat +messages-reply: the sender is searched inside sender/senderInfo/senderUser at any depth (findOpenDingTalkID, shortcut/chat/lark_alignment.go:345-392@c7521c1c)', () => {
  const reply = ['chat', '+messages-reply', '--conversation-id', 'c', '--message-id', 'm1', '--text', 'hi', '--yes'];
  const senderOf = async (message: Record<string, unknown>) => {
    outputs.mcp.answers['im/list_messages_by_ids'] = () => ({ messages: [message] });
    const r = await outputs.sent(reply);
    if (r.reason) return r.reason;
    const send = r.calls.find(([tool]) => tool === 'chat/send_personal_message');
    return (JSON.parse((send![1] as { content: string }).content) as { srcMsgSendOpenDingTalkId: string }).srcMsgSendOpenDingTalkId;
  };
  it('a senderInfo list holding the id is read', async () => {
    expect(await senderOf({ msgId: 'm1', senderInfo: [{ openDingtalkId: ' Q ' }] })).toBe('Q');
  });
  it('an id nested deeper inside sender is read', async () => {
    expect(await senderOf({ openMsgId: 'm1', sender: { profile: { openDingTalkId: 'P' } } })).toBe('P');
  });
  it('the one-level spellings still come first, and none anywhere is refused', async () => {
    expect(await senderOf({ sender: { openDingTalkId: 'A', profile: { openDingTalkId: 'B' } } })).toBe('A');
    expect(await senderOf({ sender: { name: 'x' }, senderUser: [] })).toBe('invalid_parameter');
  });
});

describe('aitable +base-bootstrap: the created ids are findStringByKeys\' (any depth, keys lower-cased, trimmed; shortcut/aitable/base_composite.go:201, :227, :328-358@c7521c1c)', () => {
  it('a TableId deeper in the answer and a padded baseId carry the run on to the table read-backs', async () => {
    outputs.mcp.answers['aitable/create_base'] = () => ({ result: { base: { BASEID: ' B1 ' } } });
    outputs.mcp.answers['aitable/get_base'] = () => ({ baseId: 'B1' });
    outputs.mcp.answers['aitable/create_table'] = () => ({ data: { table: { TableId: 'T9' } } });
    outputs.mcp.answers['aitable/get_tables'] = () => ({ tables: [{ tableId: 'T9' }] });
    outputs.mcp.answers['aitable/get_fields'] = () => ({ fields: [] });
    const r = await outputs.sent(['aitable', '+base-bootstrap', '--name', 'B', '--tables', '[{"name":"a"}]', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls.slice(1)).toEqual([
      ['aitable/get_base', { baseId: 'B1' }],
      ['aitable/create_table', { baseId: 'B1', tableName: 'a', fields: [] }],
      ['aitable/get_tables', { baseId: 'B1', tableIds: ['T9'] }],
      ['aitable/get_fields', { baseId: 'B1', tableId: 'T9' }],
    ]);
  });
  it('an answer naming no table id (or a blank one) still stops after the write', async () => {
    outputs.mcp.answers['aitable/create_base'] = () => ({ baseId: 'B1' });
    outputs.mcp.answers['aitable/get_base'] = () => ({ baseId: 'B1' });
    outputs.mcp.answers['aitable/create_table'] = () => ({ data: { tableId: '  ' } });
    const r = await outputs.sent(['aitable', '+base-bootstrap', '--name', 'B', '--tables', '[{"name":"a"}]', '--yes']);
    expect(r.reason).toBe('partial_outcome');
    expect(r.calls.map(([tool]) => tool)).toEqual(['aitable/create_base', 'aitable/get_base', 'aitable/create_table']);
  });
});

describe('doc upload: the credentials as parseUploadInfo reads them (helpers/doc.go:263-280@c7521c1c)', () => {
  const upload = (info: unknown) => {
    outputs.mcp.answers['doc/get_file_upload_info'] = () => JSON.parse(JSON.stringify(info).replaceAll('$BASE', outputs.mcp.base)) as unknown;
    return outputs.sent(['doc', 'upload', '--file', 'r.pdf'], { 'r.pdf': 'PDF' });
  };
  it('an empty uploadKey fails the run before the PUT: nothing committed', async () => {
    outputs.mcp.uploads.length = 0;
    const r = await upload({ result: { resourceUrl: '$BASE/upload/r1', uploadKey: '' } });
    expect(r.reason).toBe('backend_error');
    expect(r.calls.map(([tool]) => tool)).toEqual(['doc/get_file_upload_info']);
    expect(outputs.mcp.uploads).toEqual([]);
  });
  it('a result object is the only place read: a top-level uploadKey beside it does not count', async () => {
    const r = await upload({ result: { resourceUrl: '$BASE/upload/r2' }, uploadKey: 'K' });
    expect(r.reason).toBe('backend_error');
  });
  it('a result that is not an object leaves the top level read', async () => {
    const r = await upload({ result: null, resourceUrl: '$BASE/upload/r3', uploadKey: 'K' });
    expect(r.reason).toBeUndefined();
    expect(r.calls[1]).toEqual(['doc/commit_uploaded_file', { uploadKey: 'K', name: 'r.pdf', fileSize: 3 }]);
  });
  // h36-left: runDocUpload stats --file before the --folder check and before any call (helpers/doc.go:144-169@c7521c1c)
  it('a missing --file or a directory is refused before any call and before a numeric --folder, dry run included', async () => {
    const got = [];
    for (const argv of [
      ['doc', 'upload', '--file', 'missing.pdf'],
      ['doc', 'upload', '--file', 'missing.pdf', '--folder', '123'],
      ['doc', 'upload', '--file', '.'],
      ['doc', 'upload', '--file', 'missing.pdf', '--dry-run'],
    ]) {
      const r = await outputs.sent(argv, { 'r.pdf': 'PDF' });
      got.push([r.reason, r.calls.length]);
    }
    expect(got).toEqual([['invalid_parameter', 0], ['invalid_parameter', 0], ['invalid_parameter', 0], ['invalid_parameter', 0]]);
    const folder = await outputs.failure(['doc', 'upload', '--file', 'missing.pdf', '--folder', '123']);
    expect(folder.message).toContain('missing.pdf');
  });
});
