// Session 37 second reading by the lead (issue 32, notes/h37-lead.md): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37lead-');

const CONTENTS = JSON.stringify([{ key: 'k', sort: '1', content: 'c', type: '1', contentType: 'markdown' }]);
const SUBMIT = ['report', 'entry', 'submit', '--template-id', 't', '--contents', CONTENTS, '--yes'];

describe('report entry submit prints a create answer that is not a JSON object as it came (printReportCreateWithDetailURL, helpers/report.go:1506-1521@c7521c1c)', () => {
  it('a list, text, number, boolean or null answer: printed as decoded, exit 0, no detail read', async () => {
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.array(fc.integer()), fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
      async (answer) => {
        outputs.answerText('create_report', JSON.stringify(answer));
        const run = await outputs.sent(SUBMIT);
        expect(run.reason).toBeUndefined();
        expect(run.calls.map(([tool]) => tool)).toEqual(['report/create_report']);
        expect(run.printed).toEqual(answer);
      },
    ), { numRuns: 25 });
  });

  it('a text that is not JSON is printed as that text (upstream PrintRaw), exit 0', async () => {
    outputs.answerText('create_report', 'created, id pending');
    const run = await outputs.sent(SUBMIT);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toBe('created, id pending');
  });

  it('an object answer still gets the link read with get_report_entry_details', async () => {
    outputs.answer('report/create_report', { result: { reportId: ' r1 ' } });
    outputs.answer('report/get_report_entry_details', { result: { url: ' http://127.0.0.1/r1 ' } });
    const run = await outputs.sent(SUBMIT);
    expect(run.calls).toEqual([
      ['report/create_report', { templateId: 't', contents: JSON.parse(CONTENTS), ddFrom: 'dws', toChat: false }],
      ['report/get_report_entry_details', { report_id: 'r1' }],
    ]);
    expect(run.printed).toMatchObject({ url: 'http://127.0.0.1/r1', result: { reportId: ' r1 ', url: 'http://127.0.0.1/r1' } });
  });
});

describe('calendar busy search prints an answer that is not a JSON object as it came (callFilteredBusyStatus, helpers/calendar.go:2851-2864@c7521c1c)', () => {
  const BUSY = ['calendar', 'busy', 'search', '--users', 'u1', '--start', '2026-12-05T10:00:00+08:00', '--end', '2026-12-05T11:00:00+08:00'];

  it('a list, text, number, boolean or null answer: printed as decoded, exit 0', async () => {
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.array(fc.integer()), fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
      async (answer) => {
        outputs.answerText('query_busy_status', JSON.stringify(answer));
        const run = await outputs.sent(BUSY);
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual(answer);
      },
    ), { numRuns: 25 });
  });

  it('an object answer still has its schedule items without a status filtered out', async () => {
    outputs.answer('calendar/query_busy_status', { result: [{ userId: 'u1', scheduleItems: [{ status: null }, { status: '' }, { status: 'BUSY' }] }] });
    const run = await outputs.sent(BUSY);
    expect(run.calls).toEqual([['calendar/query_busy_status', { startTime: 1796436000000, endTime: 1796439600000, userIds: ['u1'] }]]);
    expect(run.printed).toEqual({ result: [{ userId: 'u1', scheduleItems: [{ status: 'BUSY' }] }] });
  });
});

// parseConversationFileUploadInfo (helpers/chat.go:2041-2072@c7521c1c): the credentials object is `result` when that is
// an object, else the answer; the URL the first of resourceUrl, resourceURL, url (a text trimmed, a number its text),
// then resourceUrls[0]; the key uploadKey, then key; the headers `headers` then `ossHeaders`, scalar values only.
describe('chat file sends read the upload credentials as parseConversationFileUploadInfo (one reader with todo add-attachment)', () => {
  const { mcp } = outputs;
  const credentials = () => ({
    resourceUrl: 'http://127.0.0.1:1/not-this-one',
    result: {
      url: ` ${mcp.base}/upload/c.txt `, key: 'k2',
      headers: { 'x-a': ' one ', 'x-b': true, 'x-n': 5 },
      ossHeaders: { 'x-o': 'oss', 'x-a': 'over', 'x-e': ' ' },
    },
  });
  const check = () => {
    expect(mcp.uploads.map((u) => u.name)).toEqual(['c.txt']);
    const h = mcp.uploads[0].headers;
    expect({ a: h['x-a'], b: h['x-b'], n: h['x-n'], o: h['x-o'], e: h['x-e'] }).toEqual({ a: 'over', b: undefined, n: '5', o: 'oss', e: undefined });
  };

  it('chat message send-by-bot --msg-type file: url/key under result, ossHeaders merged', async () => {
    mcp.uploads.length = 0;
    outputs.answer('im/init_conversation_file_upload', credentials());
    outputs.answer('im/commit_conversation_file_upload', { result: { downloadUrl: 'https://d.example.invalid/f' } });
    const run = await outputs.sent(['chat', 'message', 'send-by-bot', '--robot-code', 'r', '--group', 'g', '--msg-type', 'file', '--file-path', 'a.txt', '--yes'], { 'a.txt': 'hello' });
    expect(run.reason).toBeUndefined();
    check();
    expect(run.calls.find(([tool]) => tool === 'im/commit_conversation_file_upload')?.[1]).toMatchObject({ uploadKey: 'k2' });
  });

  it('chat +messages-send --file (as the user): the same reading', async () => {
    mcp.uploads.length = 0;
    outputs.answer('im/init_conversation_file_upload', credentials());
    outputs.answer('im/commit_conversation_file_upload', { result: { dentryId: 7, spaceId: 8 } });
    const run = await outputs.sent(['chat', '+messages-send', '--chat-id', 'cidAbcdefghij', '--file', 'a.txt', '--yes'], { 'a.txt': 'hello' });
    expect(run.calls.find(([tool]) => tool === 'im/commit_conversation_file_upload')?.[1]).toMatchObject({ uploadKey: 'k2' });
    check();
  });
});
