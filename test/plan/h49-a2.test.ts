// Session 49 helper a2, second-reading audit of seed 20261429 (issue 32, notes/h49-a2.md). One drawn command differed
// from upstream's body at c7521c1c: doc media insert refused a file above 20 MiB (the upload step's default cap) after
// reading the upload credentials, where runMediaInsert checks no size and httpPutFile sends any size (helpers/doc.go:
// 294-322, :501-560); its siblings +media-insert and doc upload (runDocUpload :139-219) had the same cap. The other
// tests hold readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1, so
// that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49a2-');
const { mcp } = outputs;

/** 20 MiB and one byte: above the upload step's default cap, a size upstream's httpPutFile sends as any other. */
const OVER_20_MIB = 20 * 1024 * 1024 + 1;

/** A run in a private directory holding one sparse file of `size` bytes (waits recorded, not slept). */
const runWithFile = async (argv: string[], name: string, size: number) => {
  const { reason, calls, uploaded, printed } = await outputs.withBigFile(argv, name, size);
  return { reason, calls, uploaded: uploaded.map(([, bytes]) => bytes), printed };
};

describe('doc uploads send a file of any size, as httpPutFile does (helpers/doc.go:294-322@c7521c1c)', () => {
  const attachment = () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${mcp.base}/upload/big.pdf`, resourceId: 'r1' });
    outputs.answer('doc/insert_document_block', { blockId: 'b1' });
    outputs.answer('doc/list_document_blocks', { blocks: [{ blockId: 'b1', resourceId: 'r1' }], hasMore: false });
  };

  for (const argv of [['doc', 'media', 'insert'], ['doc', '+media-insert']]) {
    it(`${argv.join(' ')} PUTs a file above 20 MiB and inserts it as an attachment block (runMediaInsert :501-560)`, async () => {
      attachment();
      const run = await runWithFile([...argv, '--node', 'd1', '--file', 'big.pdf', '--yes'], 'big.pdf', OVER_20_MIB);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual(['doc/get_doc_attachment_upload_info', 'doc/insert_document_block', 'doc/list_document_blocks']);
      expect(run.uploaded).toEqual([OVER_20_MIB]);
      expect(run.printed?.data).toMatchObject({ blockId: 'b1', sizeBytes: OVER_20_MIB, mimeType: 'application/pdf', verified: true });
    });
  }

  it('doc upload PUTs a file above 20 MiB and commits it (runDocUpload :139-219)', async () => {
    outputs.answer('doc/get_file_upload_info', { resourceUrl: `${mcp.base}/upload/big.pdf`, uploadKey: 'k1' });
    outputs.answer('doc/commit_uploaded_file', { success: true, nodeId: 'n1' });
    const run = await runWithFile(['doc', 'upload', '--file', 'big.pdf', '--yes'], 'big.pdf', OVER_20_MIB);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual(['doc/get_file_upload_info', 'doc/commit_uploaded_file']);
    expect(run.uploaded).toEqual([OVER_20_MIB]);
  });

  it('doc style cover set keeps upstream\'s own 20 MiB bound, checked before any call (validateCoverImageFile, doc_style.go:397-414)', async () => {
    const run = await runWithFile(['doc', 'style', 'cover', 'set', '--node', 'd1', '--file', 'big.png', '--yes'], 'big.png', OVER_20_MIB);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });
});

/**
 * upstream's VerifyStreamingCardUpdate over one flat answer object, stamped (shortcut/chatmsg/card_update.go:73-215@c7521c1c),
 * its counts given as JSON literals: json.Number.Int64 reads decimal digits only, so `1.0` and `1e0` are no count.
 */
function cardVerdict(a: { success?: boolean; updated?: boolean; count?: string; errorCode?: string; bizId?: string }, sent: string) {
  if (a.bizId !== undefined && a.bizId.trim() !== '' && a.bizId.trim() !== sent) return 'refused';
  let positive = false, negative = false;
  // h56-left: the answer it reads came through the runner, which stamps success: true on one without the key
  // (app/runner.go:774-783@c7521c1c)
  const accepted = a.success === true || a.success === undefined;
  if (a.updated === true) positive = true;
  if (a.updated === false) negative = true;
  if (a.count !== undefined && /^-?\d+$/u.test(a.count)) {
    const n = Number(a.count);
    if (n > 0) positive = true;
    else if (n === 0) negative = true;
  }
  if (a.errorCode !== undefined && a.errorCode !== 'null' && a.errorCode !== '" "') negative = true;
  if (a.success === false) negative = true;
  if (negative && (positive || accepted)) return 'refused';
  if (positive) return 'printed';
  if (negative) return 'refused';
  return accepted ? 'printed' : 'refused';
}

describe('chat message update-card succeeds only on the evidence upstream accepts (helpers/chat.go:6304-6319, chatmsg/card_update.go@c7521c1c)', () => {
  it('any answer of success/updated/count/errorCode/bizId: printed exactly when VerifyStreamingCardUpdate passes it', async () => {
    const answer = fc.record({
      success: fc.boolean(),
      updated: fc.boolean(),
      count: fc.constantFrom('0', '1', '2', '-1', '1.0', '1e0', '0.5', '-0'),
      errorCode: fc.constantFrom('null', '" "', '0', '"0"', '"E1"'),
      bizId: fc.constantFrom('b1', ' b1 ', 'b2', ''),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      const fields: string[] = [];
      if (a.success !== undefined) fields.push(`"success":${a.success}`);
      if (a.updated !== undefined) fields.push(`"updated":${a.updated}`);
      if (a.count !== undefined) fields.push(`"affectedCount":${a.count}`);
      if (a.errorCode !== undefined) fields.push(`"errorCode":${a.errorCode}`);
      if (a.bizId !== undefined) fields.push(`"bizId":${JSON.stringify(a.bizId)}`);
      outputs.answerText('update_streaming_card', `{${fields.join(',')}}`);
      const run = await outputs.sent(['chat', 'message', 'update-card', '--biz-id', 'b1', '--content', 'x', '--flow-status', '3']);
      expect(run.calls).toEqual([['im/update_streaming_card', { bizId: 'b1', msgContent: 'x', flowStatus: 3 }]]);
      expect(run.printed === undefined ? 'refused' : 'printed').toBe(cardVerdict(a, 'b1'));
    }), { numRuns: 60 });
  });
});

describe('todo task reset-reminder reads the rules as parseTodoReminderRules does (helpers/todo.go:1737-1793@c7521c1c)', () => {
  it('a dueDateOffset literal is taken only when strconv.ParseInt reads it (sent as that integer), else refused before the call', async () => {
    const literal = fc.oneof(
      fc.integer({ min: -100000, max: 100000 }).map(String),
      fc.constantFrom('-0', '5.0', '1e2', '-3.5', '9223372036854775807', '9223372036854775808', '007'),
    );
    await fc.assert(fc.asyncProperty(literal, async (lit) => {
      const run = await outputs.sent(['todo', 'task', 'reset-reminder', '--task-id', ' t ', '--reminder-rules',
        `[{"baseTime":" dueTime ","dueDateOffset":${lit}}]`]);
      const json = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/u.test(lit);
      const readable = json && /^-?\d+$/u.test(lit) && BigInt(lit) <= 9223372036854775807n;
      if (!readable) {
        expect(run.calls).toEqual([]);
        expect(run.reason).toBe('invalid_parameter');
        return;
      }
      expect(run.calls).toHaveLength(1);
      const rules = (run.calls[0]![1] as { todoReminderUpdateRequest: { taskId: string; reminderRules: { dueDateOffset: unknown }[] } }).todoReminderUpdateRequest;
      expect(rules.taskId).toBe(' t ');
      // the wire literal, as the fake server keeps it (a JsonNumber beyond 2^53)
      const offset = rules.reminderRules[0]!.dueDateOffset;
      expect(offset instanceof JsonNumber ? offset.literal : String(offset)).toBe(BigInt(lit).toString());
    }), { numRuns: 40 });
  });

  it('without --reminder-rules the rules go out as null; a customTime stamp becomes epoch ms (Asia/Shanghai date only)', async () => {
    expect(await outputs.argsOf(['todo', 'task', 'reset-reminder', '--task-id', 't']))
      .toEqual([{ todoReminderUpdateRequest: { taskId: 't', reminderRules: null } }]);
    expect(await outputs.argsOf(['todo', 'task', 'reset-reminder', '--task-id', 't', '--reminder-rules',
      '[{"baseTime":"customTime","reminderTimeStamp":" 2026-03-10 "}]']))
      .toEqual([{ todoReminderUpdateRequest: { taskId: 't', reminderRules: [{ baseTime: 'customTime', reminderTimeStamp: 1773072000000 }] } }]);
  });
});

describe('calendar room delete: roomIds are parseCSVValues of the first non-empty room spelling (helpers/calendar.go:1245-1261@c7521c1c)', () => {
  it('JSON lists, quoted and padded parts, empty parts, blank-only (null) as upstream', async () => {
    const part = fc.constantFrom('a', ' b ', '"c"', "'d'", '', ' ', '[', ']', '"e, f"');
    const raw = fc.oneof(
      fc.array(part, { minLength: 1, maxLength: 5 }).map((p) => p.join(',')),
      fc.array(fc.constantFrom('a', ' b ', '', 'x y'), { maxLength: 4 }).map((p) => JSON.stringify(p)),
    );
    await fc.assert(fc.asyncProperty(raw, fc.constantFrom('--rooms', '--room-ids', '--roomIds'), async (rooms, flag) => {
      const sent = await outputs.argsOf(['calendar', 'room', 'delete', '--event', ' e ', flag, rooms === '' ? ' ' : rooms]);
      expect(sent).toEqual([{ eventId: ' e ', roomIds: parseCSVValues(rooms === '' ? ' ' : rooms) }]);
    }), { numRuns: 50 });
  });
});

describe('chat +messages-recall takes the conversation from the first message, as fmt.Sprint writes it (chat_message.go:214-238@c7521c1c)', () => {
  it('a number, a boolean or a text id; a blank text falls to the next key', async () => {
    for (const [message, conversation] of [
      [{ openConversationId: 12, conversationId: 'c' }, '12'],
      [{ openConversationId: ' ', chat_id: true }, 'true'],
      [{ conversation_id: ' cid ' }, 'cid'],
    ] as const) {
      outputs.answer('im/list_messages_by_ids', { result: [5, message] });
      expect(await outputs.argsOf(['chat', '+messages-recall', '--msg-id', ' m ', '--yes'])).toEqual([
        { openMsgIds: ['m'] },
        { openConversationId: conversation, openMessageId: 'm' },
      ]);
    }
  });
});

describe('chat +broadcast resolves and sends name by name, a failure listed and the rest sent (smart/broadcast.go:80-160@c7521c1c)', () => {
  it('the sent list names the person (meta name first), else the name typed; an ambiguous name and a non-object send answer are failures', async () => {
    outputs.answersInTurn('aisearch/enterprise_person_search',
      { result: [{ userId: 'u1', name: ' A ', meta: { nick: 'AA' } }] },
      { result: [{ userId: 'u2', openDingTalkId: 'o2' }, { userId: 'u3' }] },
      { data: { list: [{ userId: 'u4', openDingTalkId: 'o4' }] } },
      { items: [{ userId: 'u1' }] });
    outputs.answersInTurn('chat/send_personal_message', {}, [1], null);
    const run = await outputs.sent(['chat', '+broadcast', '--to', ' a , ,b,"c,d",a', '--text', ' t ', '--yes']);
    expect(run.calls.filter(([tool]) => tool === 'chat/send_personal_message').map(([, args]) => args)).toEqual([
      { msgType: 'markdown', content: '{"text":"t","title":"t"}', receiverUserId: 'u1', clawType: 'openClaw' },
      { msgType: 'markdown', content: '{"text":"t","title":"t"}', receiverOpenDingTalkId: 'o4', clawType: 'openClaw' },
      { msgType: 'markdown', content: '{"text":"t","title":"t"}', receiverUserId: 'u1', clawType: 'openClaw' },
    ]);
    const printed = run.printed as { sentCount: number; failedCount: number; sent: string[]; failed: string[] };
    expect(printed).toMatchObject({ sentCount: 2, failedCount: 2, sent: ['AA', 'a'] });
    expect(printed.failed.map((f) => f.slice(0, 4))).toEqual(['b（ch', 'c,d（']);
  });
});

describe('chat group-role list: --conversation-id and its migrated aliases (helpers/chat.go:240-260, :419-468, :7506-7520@c7521c1c)', () => {
  it('a padded id is trimmed by the alias PreRunE, a blank one is sent as typed, an alias fills an empty primary, two different ids conflict', async () => {
    const args = (...flags: string[]) => outputs.argsOf(['chat', 'group-role', 'list', ...flags]);
    expect(await args('--conversation-id', ' c ')).toEqual([{ openConversationId: 'c' }]);
    expect(await args('--conversation-id', ' ')).toEqual([{ openConversationId: ' ' }]);
    expect(await args('--conversation-id', ' ', '--id', ' y')).toEqual([{ openConversationId: 'y' }]);
    expect(await args('--conversation-id', 'a', '--group', ' a ')).toEqual([{ openConversationId: 'a' }]);
    expect(await args('--conversation-id', 'a', '--group', 'b')).toBe('invalid_parameter');
  });
});

describe('mail +tag-list projects the first list it finds (shortcut/mail/mail.go:351-423@c7521c1c)', () => {
  it('an object without a list passes to the next key; nulls kept; rows with none of the keys or not objects dropped', async () => {
    outputs.answer('mail/list_tags', {
      result: { x: 1 },
      data: { foo: [1], data: [{ tagId: null, displayName: 'd', tag_name: 't' }, { zz: 1 }, 's', { parent_id: 0 }] },
      tags: [{ id: 9 }],
    });
    expect(await outputs.run(['mail', '+tag-list', '--email', ' e '])).toEqual({ count: 2, tags: [{ id: null, name: 't' }, { parentId: 0 }] });
    expect(mcp.calls.at(-1)?.arguments).toEqual({ email: 'e' });
  });
});
