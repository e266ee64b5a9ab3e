// What the composite commands audit-31a-b read (seed 20261228, issue 32, a-aa2) send and print where dws differed
// from upstream's bodies at c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { rawText } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-aaa2-');
const { sent } = outputs;

describe('dev app version publish: the LeafSpec ConstParams {precheckOnly: false} go with every call (helpers/devapp.go:1686, corecmd/corecmd.go:442-444@c7521c1c)', () => {
  it('with only the required flags and with the full set, precheckOnly false is sent after the flags', async () => {
    const bare = await sent(['dev', 'app', 'version', 'publish', '--unified-app-id', 'U', '--version-id', 'V', '--yes']);
    const full = await sent(['dev', 'app', 'version', 'publish', '--unified-app-id', ' U ', '--version-id', 'V', '--approver-user-id', 'a1', '--confirmed-sensitive', '--yes']);
    expect([bare.calls, full.calls]).toEqual([
      [['devapp/publish_dev_app_version', { unifiedAppId: 'U', versionId: 'V', precheckOnly: false }]],
      [['devapp/publish_dev_app_version', { unifiedAppId: 'U', versionId: 'V', approverUserId: 'a1', confirmedSensitive: true, precheckOnly: false }]],
    ]);
  });
});

describe('attendance vacation update-type: the company-wide sentinel is a dept rule whose visible list holds a text that TrimSpace makes "-1" (helpers/attendance.go:3502-3524@c7521c1c)', () => {
  const rulesSent = async (rules: unknown) => {
    const r = await sent(['attendance', 'vacation', 'update-type', '--leave-code', 'lc', '--visibility-rules', JSON.stringify(rules), '--yes']);
    expect(r.reason).toBeUndefined();
    return (r.calls[0][1] as { McpSaveLeaveTypeRequest: { visibilityRules: unknown } }).McpSaveLeaveTypeRequest.visibilityRules;
  };
  const sentinel = [{ type: 'dept', visible: ['-1'] }];

  it('Go-space padding (tab, newline, U+0085) and a text holding "]" before it still make the sentinel', async () => {
    for (const visible of [['\t-1'], ['-1\n'], ['\u0085-1'], ['a]b', ' -1 ']]) {
      expect(await rulesSent([{ type: 'dept', visible }])).toEqual(sentinel);
    }
  });

  it('"-1" inside a nested list or object, under a deeper visible key, padded with U+FEFF or for another type is no sentinel: the rules are sent as typed', async () => {
    const rules = [
      { type: 'dept', visible: [['-1']] },
      { type: 'dept', visible: [{ a: '-1' }] },
      { type: 'dept', o: { visible: ['-1'] }, visible: ['2'] },
      { type: 'dept', visible: ['\ufeff-1'] },
      { type: ' dept', visible: ['-1'] },
      { type: 'staff', visible: ['-1'] },
    ];
    expect(await rulesSent(rules)).toEqual(rules);
  });

  it('a visible that is the text "-1" rather than a list is neither the sentinel nor a valid rule: refused before any call', async () => {
    const r = await sent(['attendance', 'vacation', 'update-type', '--leave-code', 'lc', '--visibility-rules', '[{"type":"dept","visible":"-1"}]', '--yes']);
    expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('attendance +my-attendance reads both answers with rt.CallMCPData and prints the second with rt.Output (smart/my_attendance.go:84-113, runner.go:250-271@c7521c1c)', () => {
  const me = { result: { userId: 'u1' } };
  // lead-s56: a blank answer reaches the shortcut as the text null (app/tool_caller_adapter.go:141-193@c7521c1c), printed null
  it('a records answer that is a list, a number, a boolean or a text is backend_error after the call; null and a blank text print null', async () => {
    const got = [];
    for (const answer of [[{ checkTime: 1 }], 5, true, 'oops', null, rawText(' ')]) {
      outputs.answer('contact/get_current_user_profile', me);
      outputs.answer('attendance-wukong/query_check_record', answer);
      const r = await sent(['attendance', '+my-attendance']);
      got.push([r.reason, r.calls.length, r.printed]);
    }
    const refused = ['backend_error', 2, undefined];
    expect(got).toEqual([refused, refused, refused, refused, [undefined, 2, null], [undefined, 2, null]]);
  });

  it('a profile answer that is not an object is backend_error before the records call (not a missing user)', async () => {
    outputs.answer('contact/get_current_user_profile', [{ userId: 'u1' }]);
    const r = await sent(['attendance', '+my-attendance']);
    expect([r.reason, r.calls.length]).toEqual(['backend_error', 1]);
  });
});
