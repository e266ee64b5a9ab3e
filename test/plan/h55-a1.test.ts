// Session 55 helper a1, second-reading audit of seed 20261461 (issue 32, notes/h55-a1.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: chat +messages-update-card refused (backend_error, exit 1, after
// the write) an update_streaming_card answer that is a JSON object without a success key and without other evidence,
// where upstream accepts it. Upstream's rt.CallMCPWriteData reads the answer as the runner hands it on: the runner
// stamps success: true on a JSON object that has no success key (internal/app/runner.go:779-783, through
// toolCallerAdapter.CallTool and convertResult, app/tool_caller_adapter.go:45-66, :160-193@c7521c1c), so
// VerifyStreamingCardUpdate (chatmsg/card_update.go:73-100) finds success=true, the answer is accepted and printed
// with accepted true, verified false and the warning (ProjectStreamingCardUpdate, chatmsg/card_ref.go:58-69), the
// stamp included. The same verdict reads +messages-send-card's update (chat_message.go:1644-1667@c7521c1c), fixed with
// it. Each runs as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent, answerText } = useOutputRuns('dws-h55a1-');

const WARNING = '服务端接受了这次卡片更新，但返回里没有能证明卡片内容已变化的字段；请勿重复发送同一更新';
const update = ['chat', '+messages-update-card', '--biz-id', ' B1 ', '--content', ' hi ', '--flow-status', '3', '--yes'];
const sentUpdate = [['im/update_streaming_card', { bizId: 'B1', msgContent: 'hi', flowStatus: 3 }]];

describe('chat +messages-update-card: the answer is read with the runner\'s success stamp (app/runner.go:779-783@c7521c1c)', () => {
  it.each([
    [{}],
    [{ bizId: ' B1 ' }],
    [{ result: { cardId: 'c1' } }],
    [{ errorCode: null, data: { note: 'queued' } }],
  ])('an object without success and without evidence, %j, is accepted and printed with the stamp and the warning', async (answer) => {
    mcp.answers['im/update_streaming_card'] = () => answer;
    const run = await sent(update);
    expect(run).toEqual({
      reason: undefined,
      category: undefined,
      calls: sentUpdate,
      printed: {
        ...answer,
        success: true,
        contractVersion: 'im.streaming-card.v1',
        cardRef: { bizId: 'B1' },
        accepted: true,
        verified: false,
        verificationEvidence: 'success=true',
        warning: WARNING,
      },
    });
  });

  it('evidence of the update is verified, and the printed answer carries the stamp', async () => {
    mcp.answers['im/update_streaming_card'] = () => ({ updated: true });
    const run = await sent(update);
    expect(run.printed).toEqual({
      updated: true, success: true, contractVersion: 'im.streaming-card.v1', cardRef: { bizId: 'B1' },
      accepted: true, verified: true, verificationEvidence: 'updated=true',
    });
  });

  it('a success key the answer already has is not stamped over: a text success is no acceptance, so it is refused', async () => {
    mcp.answers['im/update_streaming_card'] = () => ({ success: 'yes' });
    expect((await sent(update)).reason).toBe('backend_error');
  });

  it.each([
    // evidence against beside the stamped acceptance: upstream's conflicting evidence (ErrCardUpdateUnverified)
    [{ updated: false }],
    [{ data: { affectedCount: 0 } }],
    // another card's id
    [{ bizId: 'B2' }],
  ])('%j is still refused after the write (backend_error)', async (answer) => {
    mcp.answers['im/update_streaming_card'] = () => answer;
    const run = await sent(update);
    expect([run.reason, run.calls, run.printed]).toEqual(['backend_error', sentUpdate, undefined]);
  });

  it.each(['null', '[true]', 'done'])('an answer text %j that is no JSON object is not stamped (the runner hands on null), so it is refused', async (text) => {
    answerText('update_streaming_card', text);
    const run = await sent(update);
    expect([run.reason, run.printed]).toEqual(['backend_error', undefined]);
  });

  it('property: any object answer without success and without evidence keys is accepted and printed as it came plus success: true', async () => {
    const evidence = new Set(['success', 'bizId', 'bizID', 'biz_id', 'updated', 'applied', 'affectedCount', 'updatedCount', 'modifiedCount', 'errorCode', 'result', 'data', 'response', 'card']);
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !evidence.has(k) && k !== '__proto__');
    const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
    await fc.assert(fc.asyncProperty(fc.dictionary(key, leaf, { maxKeys: 4 }), async (answer) => {
      mcp.answers['im/update_streaming_card'] = () => answer;
      const run = await sent(update);
      expect(run.reason).toBeUndefined();
      expect(run.printed).toEqual({
        ...answer, success: true, contractVersion: 'im.streaming-card.v1', cardRef: { bizId: 'B1' },
        accepted: true, verified: false, verificationEvidence: 'success=true', warning: WARNING,
      });
    }), { numRuns: 12 });
  });
});

describe('chat +messages-send-card --content: the update answer is read with the same stamp (chat_message.go:1644-1667@c7521c1c)', () => {
  const argv = ['chat', '+messages-send-card', '--group', 'cid0123456789ab', '--content', 'hi', '--yes'];

  it('an update answer naming the bizId and nothing else is accepted; `updated` carries the stamp', async () => {
    mcp.answers['im/create_and_send_card'] = () => ({ result: { bizId: 'B1' } });
    mcp.answers['im/update_streaming_card'] = () => ({ bizId: 'B1' });
    const run = await sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['im/create_and_send_card', { openConversationId: 'cid0123456789ab' }],
      ['im/update_streaming_card', { bizId: 'B1', msgContent: 'hi', flowStatus: 3 }],
    ]);
    const printed = run.printed as Record<string, unknown>;
    expect([printed.updated, printed.updateAccepted, printed.updateVerified, printed.updateVerificationEvidence, printed.updateWarning])
      .toEqual([{ bizId: 'B1', success: true }, true, false, 'success=true', WARNING]);
  });

  it('an update answer saying it was not applied is still refused after both writes', async () => {
    mcp.answers['im/create_and_send_card'] = () => ({ result: { bizId: 'B1' } });
    mcp.answers['im/update_streaming_card'] = () => ({ applied: false });
    expect((await sent(argv)).reason).toBe('partial_outcome');
  });
});
