// What the commands audit-30u-b read accept and print (issue 32, a-u2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-au2-');
const { sent } = outputs;

describe('drive read-object shortcuts refuse a JSON null answer as requireDriveObject does (shortcut/drive/common.go:79-122)', () => {
  const reads: [string, string, string][] = [
    ['+info', 'get_file_info', 'fileId'], ['+cover', 'get_cover', 'nodeId'],
    ['+stats', 'get_node_stats', 'nodeId'], ['+publish-get', 'get_file_publish_status', 'fileId'],
  ];

  it('a null answer (Go\'s nil map) is an empty response: backend_error, nothing printed', async () => {
    for (const [cmd, rpc, arg] of reads) {
      outputs.answer(`drive/${rpc}`, null);
      expect(await sent(['drive', cmd, '--node', ' n1 '])).toEqual({
        reason: 'backend_error', category: 'backend', calls: [[`drive/${rpc}`, { [arg]: 'n1' }]], printed: undefined,
      });
    }
  });

  it('an answer holding an object still prints its result, else data, else the answer itself', async () => {
    const answers = [{ result: { name: 'r' } }, { data: { name: 'd' } }, { name: 'a', size: 1 }, { success: true, result: { n: 1 }, data: { n: 2 } }];
    const printed = [];
    for (const answer of answers) {
      outputs.answer('drive/get_file_info', answer);
      printed.push((await sent(['drive', '+info', '--node', 'n1'])).printed);
    }
    // the answer itself as upstream's runner stamped it (app/runner.go:774-783@c7521c1c; h55-stamp2)
    expect(printed).toEqual([{ name: 'r' }, { name: 'd' }, { name: 'a', size: 1, success: true }, { n: 1 }]);
  });
});

// Upstream parseAttachmentUploadInfo (helpers/doc.go:963-981): the answer's result when it is an object, else the
// answer; uploadUrl, resourceId, resourceUrl each Go's `.(string)` (anything else ""); no uploadUrl or resourceId stops.
const uploadInfo = (answer: Record<string, unknown>) => {
  const result = answer.result;
  const data = result !== null && typeof result === 'object' && !Array.isArray(result) ? result as Record<string, unknown> : answer;
  const text = (k: string) => (typeof data[k] === 'string' ? data[k] as string : '');
  return { uploadUrl: text('uploadUrl'), resourceId: text('resourceId'), resourceUrl: text('resourceUrl') };
};

describe('doc +media-insert reads the upload credentials as parseAttachmentUploadInfo (helpers/doc.go:963-981, :568-630)', () => {
  const value = fc.constantFrom<unknown>(undefined, null, '', 'R', 5, true, { id: 'R' });
  const holder = fc.record({ uploadUrl: fc.boolean(), resourceId: value, resourceUrl: value });
  const place = (h: { uploadUrl: boolean; resourceId: unknown; resourceUrl: unknown }, tag: string) => {
    const o: Record<string, unknown> = {};
    if (h.uploadUrl) o.uploadUrl = `${outputs.mcp.base}/upload/${tag}`;
    if (h.resourceId !== undefined) o.resourceId = h.resourceId;
    if (h.resourceUrl !== undefined) o.resourceUrl = h.resourceUrl;
    return o;
  };

  it('uploads and inserts exactly when the object upstream reads holds a text uploadUrl and resourceId; an image is inlined only with a text resourceUrl', async () => {
    await fc.assert(fc.asyncProperty(holder, holder, fc.constantFrom('object', 'text', 'none'), async (top, inner, resultKind) => {
      const answer = place(top, 'top');
      if (resultKind === 'object') answer.result = place(inner, 'inner');
      if (resultKind === 'text') answer.result = 'x';
      const want = uploadInfo(answer);
      outputs.mcp.reset();
      outputs.answer('doc/get_doc_attachment_upload_info', answer);
      outputs.answer('doc/insert_document_block', { result: { blockId: 'b1' } });
      const block = want.resourceUrl !== ''
        ? { blockId: 'b1', jsonml: `["p",{"uuid":"b1"},["img",{"src":"${want.resourceUrl}"}]]` }
        : { blockId: 'b1', attachment: { resourceId: want.resourceId } };
      outputs.answer('doc/list_document_blocks', { blocks: [block], hasMore: false });
      // the read-back's waits are recorded, not slept (a failed proof would wait 15.75 s)
      const outcome = await dispatchInProcess(['doc', '+media-insert', '--node', 'D1', '--file', 'a.png', '--yes'], outputs.env({ 'a.png': 'PNG' }), undefined, { sleep: async () => {} });
      const run = {
        reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
        printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined,
      };
      if (want.uploadUrl === '' || want.resourceId === '') {
        return run.reason === 'backend_error' && run.calls.length === 1 && outputs.mcp.uploads.length === 0;
      }
      const element = want.resourceUrl !== ''
        ? { blockType: 'paragraph', paragraph: { text: '' }, children: [{ elementType: 'image', properties: { src: want.resourceUrl } }] }
        : { blockType: 'attachment', attachment: { resourceId: want.resourceId, type: 'image/png', name: 'a.png', viewType: 'preview' } };
      expect({ reason: run.reason, insert: run.calls[1], upload: outputs.mcp.uploads.map((u) => u.name), data: (run.printed as { data: Record<string, unknown> }).data })
        .toEqual({
          reason: undefined, insert: ['doc/insert_document_block', { nodeId: 'D1', element }], upload: [want.uploadUrl.replace(/.*\/upload\//, '')],
          data: { nodeId: 'D1', resourceId: want.resourceId, resourceUrl: want.resourceUrl, blockId: 'b1', fileName: 'a.png', mimeType: 'image/png', sizeBytes: 3, inserted: true, verified: true },
        });
      return true;
    }), { numRuns: 25 });
  });
});

describe('attendance schedule import checks keys and reads the group as upstream (helpers/attendance.go:3800-3860, :193-222)', () => {
  const entry = (o: Record<string, unknown>) => JSON.stringify([{ userId: 'u', workDate: '2026-12-07', classId: 1, isRest: 'N', ...o }]);
  const run = (group: string, vos: string) => sent(['attendance', 'schedule', 'import', '--groupId', group, '--scheduleVOS', vos, '--user-say-yes']);

  it('sends an entry whose keys hold null or empty values as it is, the workDate normalized', async () => {
    const r = await run('5', entry({ userId: null, classId: '', isRest: '' }));
    expect(r.calls).toEqual([['attendance-wukong/generateTurnSchedule', {
      GenerateTurnScheduleRequest: { groupId: 5, scheduleVOS: [{ userId: null, workDate: '2026-12-07 00:00:00', classId: '', isRest: '' }], param: { useHistoryGroupAndShift: false } },
    }]]);
  });

  it('refuses a missing key, and a workDate that is null, a boolean, an object, empty or blank, before any call', async () => {
    const vos = [JSON.stringify([{ userId: 'u', classId: 1, isRest: 'N' }]), ...[null, true, {}, '', '  '].map((w) => entry({ workDate: w }))];
    const reasons = [];
    for (const v of vos) reasons.push(await run('5', v));
    expect(reasons).toEqual(vos.map(() => ({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined })));
  });

  it('reads --groupId as strconv.ParseInt(text, 10, 64): an int64 beyond 2^53 goes whole, anything else is refused', async () => {
    const inRange = [];
    for (const g of ['-9223372036854775808', '9007199254740993']) inRange.push(await run(g, entry({})));
    expect(inRange.map((r) => [r.reason, (r.calls[0][1] as { GenerateTurnScheduleRequest: { groupId: unknown } }).GenerateTurnScheduleRequest.groupId]))
      .toEqual([[undefined, new JsonNumber('-9223372036854775808')], [undefined, new JsonNumber('9007199254740993')]]);
    const refused = [];
    for (const g of ['9223372036854775808', ' 5', '0x10', '1_0', '1.5', '']) refused.push((await run(g, entry({}))).calls.length);
    expect(refused).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
