// Session 35 second reading, part a2 (issue 32): where the drawn commands differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1 (notes/h35-a2.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35a2-');
const { sent } = outputs;
const goTrim = (s: string) => s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');

// chat message remove-text-emotion (and add-emoji, remove-emoji, add-text-emotion, the same body): chatMessageID's
// chatFlagOrAlias refuses two spellings that differ once trimmed, then the body sends flagOrFallback(message-id, msg-id)
// as typed (helpers/chat.go:198-215, :5749-5764, :5818-5833, :5887-5902, :5967-5975@c7521c1c)
describe('chat message emoji and text-emotion commands check --message-id and --msg-id as chatFlagOrAlias does', () => {
  const emotion = ['--emotion-id', 'e', '--emotion-name', 'n', '--text', 't', '--background-id', 'b'];
  const commands: [string, string[], string][] = [
    ['remove-text-emotion', emotion, 'im/remove_text_emotion'],
    ['add-text-emotion', emotion, 'im/add_text_emotion'],
    ['add-emoji', ['--emoji', '赞'], 'im/add_emoji_reaction'],
    ['remove-emoji', ['--emoji', '赞'], 'im/remove_emoji_reaction'],
  ];
  const run = (command: string, rest: string[], spellings: string[]) => sent(['chat', 'message', command, '--conversation-id', 'c', ...spellings, ...rest]);
  it('two spellings that differ once trimmed are refused before any call; equal once trimmed, the first is sent as typed', async () => {
    for (const [command, rest, rpc] of commands) {
      const both = await run(command, rest, ['--message-id', 'a', '--msg-id', 'b']);
      expect([command, both.reason, both.calls]).toEqual([command, 'invalid_parameter', []]);
      const padded = await run(command, rest, ['--message-id', ' a', '--msg-id', 'a ']);
      expect(padded.calls.map(([tool, args]) => [tool, (args as { openMsgId: string }).openMsgId])).toEqual([[rpc, ' a']]);
      const blank = await run(command, rest, ['--message-id', ' ', '--msg-id', 'b']);
      expect(blank.calls.map((c) => (c[1] as { openMsgId: string }).openMsgId)).toEqual([' ']);
    }
    const removed = await run('remove-text-emotion', emotion, ['--message-id', 'm']);
    expect(removed.calls).toEqual([['im/remove_text_emotion', { openConversationId: 'c', openMsgId: 'm', emotionId: 'e', emotionName: 'n', text: 't', backgroundId: 'b' }]]);
  });
  it('for any two spellings: refused exactly when both hold different text once trimmed, else the first non-empty is sent (property)', async () => {
    const value = fc.constantFrom('', ' ', 'a', ' a', 'a ', 'b', '\u3000a');
    await fc.assert(fc.asyncProperty(fc.constantFrom(...commands), value, value, async ([command, rest], m, g) => {
      fc.pre(m !== '' || g !== '');
      const r = await run(command, rest, ['--message-id', m, '--msg-id', g]);
      if (goTrim(m) !== '' && goTrim(g) !== '' && goTrim(m) !== goTrim(g)) {
        expect([r.reason, r.calls.length]).toEqual(['invalid_parameter', 0]);
      } else {
        expect(r.calls.map((c) => (c[1] as { openMsgId: string }).openMsgId)).toEqual([m !== '' ? m : g]);
      }
    }), { numRuns: 40 });
  });
});

// minutes +detail: minutesDetailIDs splits --id on commas; only one result without --ids prints the bare bundle
// (minutes_detail.go:154-172, :237-252@c7521c1c)
describe('minutes +detail prints the several-minutes payload when --id names more than one', () => {
  it('--id "T,U" prints {operation, results, ...}; --id T prints the bundle (property over 1 to 3 ids)', async () => {
    outputs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 3 }), async (n) => {
      const ids = ['T', 'U', 'V'].slice(0, n);
      const r = await sent(['minutes', '+detail', '--id', ids.join(','), '--artifacts', 'summary']);
      expect(r.calls.map((c) => (c[1] as { taskUuid: string }).taskUuid)).toEqual(ids);
      const printed = r.printed as Record<string, unknown>;
      if (n === 1) expect(printed).toEqual({ taskUuid: 'T', complete: true, failureCount: 0, summary: { result: { fullSummary: 's' } } });
      else expect([printed.operation, printed.requested, (printed.results as unknown[]).length]).toEqual(['minutes.detail', n, n]);
    }), { numRuns: 6 });
  });
});

// sheet create-with-data: parseCreatedNodeID reads a non-empty text nodeId inside result when that is an object, else
// at the top (sheet_create_with_data.go:235-239, :1295-1306, unwrapSheetResult :1402-1411@c7521c1c)
describe('sheet create-with-data stops after a create answer without a nodeId', () => {
  const rest = { 'sheet/get_all_sheets': { result: { sheets: [{ sheetId: 'S1' }] } }, 'sheet/set_range_from_csv': { success: true }, 'sheet/get_range_as_csv': { result: { csv: '[row=1] 1' } } };
  const create = async (answer: unknown) => {
    outputs.answer('sheet/create_workspace_sheet', answer);
    for (const [k, v] of Object.entries(rest)) outputs.answer(k, v);
    return sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[[1]]']);
  };
  it('no nodeId, an empty one, one that is no text, or one only at the top beside a result object: only the create is sent', async () => {
    for (const answer of [{ result: {} }, { result: { nodeId: '' } }, { result: { nodeId: 5 } }, { result: { x: 1 }, nodeId: 'N' }, { ok: true }]) {
      const r = await create(answer);
      expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['partial_outcome', ['sheet/create_workspace_sheet']]);
    }
  });
  it('a nodeId in result, or at the top when result is no object, is written to', async () => {
    for (const answer of [{ result: { nodeId: 'N' } }, { nodeId: 'N', result: 'x' }]) {
      const r = await create(answer);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map((c) => (c[1] as { nodeId?: string }).nodeId)).toEqual([undefined, 'N', 'N', 'N', 'N']);
    }
  });
});

// dev app version publish: normalizeDevAppVersionApproval turns a SELECT_APPROVER answer with options into a pending
// one, which devAppPendingResult fails (type internal) without an operation id (devapp.go:2208-2247, :2314-2396@c7521c1c)
describe('dev app version publish reads a SELECT_APPROVER answer as pending', () => {
  const PUB = 'devapp/publish_dev_app_version';
  const publish = async (result: Record<string, unknown>) => {
    outputs.answer(PUB, { success: true, result });
    return sent(['dev', 'app', 'version', 'publish', '--unified-app-id', 'U', '--version-id', 'V', '--yes']);
  };
  it('without taskId, versionId, unifiedAppId or requestId it fails as internal_error; with one it is printed', async () => {
    const candidates = [{ userId: 'u1', name: 'n' }];
    const bare = await publish({ approvalMode: 'select_approver', approvalCandidates: candidates });
    expect([bare.reason, bare.calls.length]).toEqual(['internal_error', 1]);
    const named = await publish({ approvalMode: 'SELECT_APPROVER', approvalCandidates: candidates, requestId: 'r' });
    expect((named.printed as { completionState: string }).completionState).toBe('WAITING_FOR_APPROVER_SELECTION');
  });
  it('another mode, or candidates none of which is an object, is no pending answer (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('SELECT_APPROVER', 'AUTO', ''), fc.boolean(), async (mode, objects) => {
      const r = await publish({ approvalMode: mode, approvalCandidates: objects ? [{ userId: 'u' }] : ['u', 1], published: true });
      expect(r.reason).toBe(mode === 'SELECT_APPROVER' && objects ? 'internal_error' : undefined);
    }), { numRuns: 12 });
  });
});
