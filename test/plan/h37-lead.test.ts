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
