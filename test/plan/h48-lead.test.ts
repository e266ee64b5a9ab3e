// Session 48, lead: h48-a2 noted that calendar +book's rollback (delete_calendar_event) counts any answer that is not
// an error as done, where upstream reads it through rt.CallMCPWriteData, which fails on an answer it cannot decode
// into an object (smart/book.go:148-157, runner.go:228-233, :255-271@c7521c1c) and then reports the rollback as
// failed. Checked: dws already reads the reverse call under its step's `answer_object` (the invite step's), so no
// difference. These cases pin that reading, run as a user types the command against the recording backend.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-h48-lead-');
const { sent } = outputs;

describe('calendar +book: the rollback\'s delete answer is read as upstream\'s rt.CallMCPWriteData reads it', () => {
  const argv = ['calendar', '+book', '--title', 'T', '--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T15:00:00+08:00', '--with', '张三', '--yes'];
  const run = async (deleted: unknown) => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userId: 'u1', name: '张三' }] });
    outputs.answer('calendar/create_calendar_event', { result: { eventId: 'e1' } });
    outputs.answer('calendar/add_calendar_participant', [{ failed: true }]); // a list: the invite fails (audit31b-b)
    outputs.answer('calendar/delete_calendar_event', deleted);
    const r = await sent(argv);
    expect(r.calls.map((c) => c[0]).slice(-2)).toEqual(['calendar/add_calendar_participant', 'calendar/delete_calendar_event']);
    expect(r.calls.at(-1)![1]).toEqual({ eventId: 'e1' });
    expect(r.printed).toBeUndefined();
    return r.reason;
  };

  it('a list, a number or a non-JSON text answer: the rollback failed too (partial_outcome, the event left to delete by hand)', async () => {
    expect([await run([1]), await run(7), await run(rawText('deleted'))]).toEqual(['partial_outcome', 'partial_outcome', 'partial_outcome']);
  });

  it('null, a blank text, {} and an object: the rollback took effect (rolled_back)', async () => {
    expect([await run(null), await run(rawText('  ')), await run({}), await run({ success: true })]).toEqual(['rolled_back', 'rolled_back', 'rolled_back', 'rolled_back']);
  });
});
