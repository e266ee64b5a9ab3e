// Session 56 lead (issue 32, notes/h56-lead.md): shortcuts that print the map rt.CallMCPData gives through rt.Output.
// Upstream's transport keeps only an object answer (transport/client.go:159-205@c7521c1c), its runner stamps
// `success: true` on one without a success key (app/runner.go:774-783), and its adapter writes a missing object as the
// text null (app/tool_caller_adapter.go:141-193), which CallMCPData decodes to Go's nil map. So an object answer prints
// stamped and a blank or null answer prints null; dws printed the object unstamped and a blank answer as {}. Each
// command runs as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h56lead-');
const { mcp } = outputs;

interface Case { name: string; argv: string[]; tool: string; before?: () => void }

const me = () => {
  mcp.answers['contact/get_current_user_profile'] = () => ({ result: { userId: 'me' } });
};
const cases: Case[] = [
  // whoamiProject finds no field and returns the map it was given (smart/whoami.go:68-100@c7521c1c)
  { name: 'contact +me', argv: ['contact', '+me'], tool: 'get_current_user_profile' },
  // rt.Output(data) (smart/my_attendance.go:103-113, this_month_attendance.go:103-113@c7521c1c)
  { name: 'attendance +my-attendance', argv: ['attendance', '+my-attendance'], tool: 'query_check_record', before: me },
  { name: 'attendance +this-month', argv: ['attendance', '+this-month'], tool: 'query_check_record', before: me },
];

async function printedFor(c: Case, text: string) {
  c.before?.();
  outputs.answerText(c.tool, text);
  const run = await outputs.sent(c.argv);
  expect(run.reason).toBeUndefined();
  expect(run.calls.map(([rpc]) => (rpc as string).split('/')[1])).toContain(c.tool);
  return run.printed;
}

describe('rt.Output prints the runner-stamped map, or null for no object (app/runner.go:774-783, tool_caller_adapter.go:141-193@c7521c1c)', () => {
  for (const c of cases) {
    it.each([
      ['{}', { success: true }],
      ['{"a":1}', { a: 1, success: true }],
    ])(`${c.name}: the answer %s prints %j`, async (text, want) => {
      expect(await printedFor(c, text)).toEqual(want);
    });
    it.each(['', ' \n', 'null'])(`${c.name}: the answer %j prints null`, async (text) => {
      expect(await printedFor(c, text)).toBeNull();
    });
    // control: an answer that says success already prints as it came
    it(`${c.name}: an answer with success true prints as it came`, async () => {
      expect(await printedFor(c, '{"success":true,"b":2}')).toEqual({ success: true, b: 2 });
    });
  }
  it('property: contact +me prints any object of no recognised shape stamped, and every nil-map answer null', async () => {
    const key = fc.constantFrom('a', 'status', 'list', 'success');
    const value = fc.oneof(fc.constant(true), fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null));
    const shape = fc.oneof(
      fc.dictionary(key, value, { maxKeys: 3 }).filter((o) => !('success' in o) || o.success === true).map((o) => ({ text: JSON.stringify(o), object: o as Record<string, unknown> | null })),
      fc.constantFrom('', '\t', 'null', ' null ').map((text) => ({ text, object: null as Record<string, unknown> | null })),
    );
    await fc.assert(fc.asyncProperty(shape, async ({ text, object }) => {
      const got = await printedFor(cases[0], text);
      expect(got).toEqual(object === null ? null : 'success' in object ? object : { ...object, success: true });
    }), { numRuns: 25 });
  });
});

describe('chat +messages-query-send-status keeps the stamped answer beside its receipt (send_status.go:61-131, chat_message.go:1257-1264@c7521c1c)', () => {
  const argv = ['chat', '+messages-query-send-status', '--open-task-id', 't1'];
  it('an object answer is merged stamped', async () => {
    outputs.answerText('query_message_send_status', '{"a":1}');
    const run = await outputs.sent(argv);
    expect(run.printed).toMatchObject({ a: 1, success: true, contractVersion: 'im.message-send-status.v1', openTaskId: 't1' });
  });
  // control: the nil map is cloned empty, so only the receipt is printed
  it.each(['', 'null'])('the answer %j prints the receipt alone', async (text) => {
    outputs.answerText('query_message_send_status', text);
    const run = await outputs.sent(argv);
    expect(run.printed).not.toHaveProperty('success');
    expect(run.printed).toMatchObject({ contractVersion: 'im.message-send-status.v1', openTaskId: 't1' });
  });
});
