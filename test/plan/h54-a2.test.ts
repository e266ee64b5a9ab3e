// Session 54 helper a2, second-reading audit of seed 20261447 (issue 32, notes/h54-a2.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: chat message reply wrapped the text's bare @id mentions with the
// --at-open-dingtalk-ids list as parseCSVValues reads it (JSON list, quotes stripped). Upstream's
// applyCurrentUserGroupMentions (internal/helpers/chat.go:1435-1451@c7521c1c) wraps with strings.Split(raw, ",") (each
// part only trimmed, normalizeAtPlaceholders :1392-1410), and only addMissingCurrentUserMentionPlaceholders (:1453-1475)
// reads the ids through parseCSVValues (contact.go:20-45). So `'b'` or a JSON list wraps nothing, and the missing
// placeholders are put first instead. Each case runs as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-h54a2-');

/** A current-format openDingTalkId (D + the escaped canonical Base64 of one 8-byte block), so no lookup runs first. */
const SENDER = 'DAAAAAAAAAAAiE';

/** The reply's send_personal_message arguments and its content JSON, parsed. */
async function reply(text: string, ids: string, ...more: string[]) {
  const run = await sent(['chat', 'message', 'reply', '--conversation-id', 'cid1', '--ref-msg-id', 'm1', '--ref-sender', SENDER,
    '--text', text, '--at-open-dingtalk-ids', ids, ...more]);
  expect(run.reason).toBeUndefined();
  expect(run.calls.map(([tool]) => tool)).toEqual(['chat/send_personal_message']);
  const args = run.calls[0]![1] as Record<string, unknown>;
  return { args, content: JSON.parse(args.content as string) as Record<string, unknown> };
}

describe('chat message reply: bare @id are wrapped with the ids strings.Split reads, the missing ones added with the ids parseCSVValues reads (chat.go:1435-1475, contact.go:20-45@c7521c1c)', () => {
  it("a quoted id ('b') wraps nothing (its @'b' is not in the text), so <@b> is put first and the bare @b stays", async () => {
    const { args, content } = await reply('@a @b hi', "a,'b'");
    expect(content.content).toBe('<@b> <@a> @b hi');
    expect(args.atOpenDingTalkIds).toEqual(['a', "'b'"]);
  });

  it('a JSON list wraps nothing (its parts are ["a" and "b"]), so both placeholders are put before the untouched text', async () => {
    const { args, content } = await reply('@a @b hi', '["a","b"]');
    expect(content.content).toBe('<@a> <@b> @a @b hi');
    expect(args.atOpenDingTalkIds).toEqual(['["a"', '"b"]']);
  });

  it('with --at-all, a double-quoted id is added after the leading <@all> and its bare mention stays', async () => {
    const { args, content } = await reply('hi @a', '"a"', '--at-all');
    expect(content.content).toBe('<@all> <@a> hi @a');
    expect(args.atAll).toBe(true);
  });

  it('plain ids are wrapped where they stand and only the absent ones are added (unchanged by the fix)', async () => {
    const { content } = await reply('@a hi', ' a , ,b');
    expect(content.content).toBe('<@b> <@a> hi');
  });
});
