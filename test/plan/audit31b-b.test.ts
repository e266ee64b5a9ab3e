// What the composite commands audit-31b-b read (seed 20261229, issue 32, a-ab2) send and print where dws differed
// from upstream's bodies at c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-aab2-');
const { sent } = outputs;

describe('doc media upload: the hidden --file-path RegisterCrossProductAliases registers is never read (helpers/doc_media_upload.go:17-25, doc.go:4640-4644, cross_product_aliases.go:46@c7521c1c)', () => {
  const creds = { result: { uploadUrl: 'http://127.0.0.1:9/put', resourceId: 'r1', resourceUrl: 'https://x/r1' } };

  it('beside --file it is ignored: the credentials are asked for the --file upload', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', creds);
    const r = await sent(['doc', 'media', 'upload', '--node', 'd1', '--file', 'a.png', '--file-path', 'b.txt', '--yes'], { 'a.png': 'PNGDATA', 'b.txt': 'other' });
    expect(r.calls[0]).toEqual(['doc/get_doc_attachment_upload_info', { nodeId: 'd1', fileName: 'a.png', fileSize: 7, mimeType: 'image/png' }]);
  });

  it('alone it leaves --file missing: refused before any call', async () => {
    const r = await sent(['doc', 'media', 'upload', '--node', 'd1', '--file-path', 'b.txt', '--yes'], { 'b.txt': 'other' });
    expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
  });
});

describe('minutes +search: a time at the epoch itself (0 ms) is upstream\'s "not given" (minutesTimeRange alignment.go:542-565, executeMinutesSearch :244-249@c7521c1c)', () => {
  const page = { result: { itemList: [{ taskUuid: 't1', title: 'Weekly' }], hasMore: false } };

  it('--start/--end of 1970-01-01T00:00:00Z are left out of the call', async () => {
    outputs.answer('minutes/list_by_keyword_and_time_range', page);
    const r = await sent(['minutes', '+search', '--start', '1970-01-01T00:00:00Z', '--end', '1970-01-01T08:00:00+08:00']);
    expect(r.calls).toEqual([['minutes/list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20 }]]);
  });

  it('a --start after an --end at the epoch is not refused (no order check without both); a real inversion still is', async () => {
    outputs.answer('minutes/list_by_keyword_and_time_range', page);
    const r = await sent(['minutes', '+search', '--start', '2026-08-02T00:00:00Z', '--end', '1970-01-01T00:00:00Z']);
    expect(r.calls).toEqual([['minutes/list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults: 20, createTimeStart: 1785628800000 }]]);
    const inverted = await sent(['minutes', '+search', '--start', '2026-08-02T00:00:00Z', '--end', '2026-08-01T00:00:00Z']);
    expect([inverted.reason, inverted.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('calendar +book: add_calendar_participant is read by rt.CallMCPWriteData, so an answer that is no object fails it and the event is deleted (smart/book.go:142-157, runner.go:228-233, :255-271@c7521c1c)', () => {
  const argv = ['calendar', '+book', '--title', 'T', '--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T15:00:00+08:00', '--with', '张三', '--yes'];
  const run = async (invite: unknown) => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userId: 'u1', name: '张三' }] });
    outputs.answer('calendar/create_calendar_event', { result: { eventId: 'e1' } });
    outputs.answer('calendar/add_calendar_participant', invite);
    const r = await sent(argv);
    return [r.reason, r.calls.map((c) => c[0]).at(-1), r.printed === undefined];
  };

  it('a list, a number or a text answer: rolled back by delete_calendar_event, nothing printed', async () => {
    const rolled = ['rolled_back', 'calendar/delete_calendar_event', true];
    expect([await run([{ ok: true }]), await run(5), await run('ok')]).toEqual([rolled, rolled, rolled]);
  });

  it('null, a blank text and an object pass (nil, empty and decoded maps): the detail is read and printed', async () => {
    const detail = [undefined, 'calendar/get_calendar_detail', false];
    expect([await run(null), await run(rawText(' ')), await run({ success: true })]).toEqual([detail, detail, detail]);
  });
});
