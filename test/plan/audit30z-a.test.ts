// The twenty-sixth audit, part a (seed 20261227, notes/audit-30z-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-z1:` cases of
// test/fixtures/calls/{chat,report}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const { sent } = useOutputRuns('dws-audit30z-a-');


// chat message list-by-ids (chat.go:5703-5712, parseCSVValues contact.go:20-44@c7521c1c): the required check is
// untrimmed; parseCSVValues returns nil for a text TrimSpace leaves empty (sent as null), an empty list for commas.
describe('chat message list-by-ids sends null for a blank --msg-ids', () => {
  const ids = async (value: string) => {
    const run = await sent(['chat', 'message', 'list-by-ids', '--msg-ids', value]);
    return run.reason ?? (run.calls[0][1] as { openMsgIds: unknown }).openMsgIds;
  };

  it('sends null for Go spaces, [] for commas, the ids otherwise, and refuses ""', async () => {
    const got = [];
    for (const value of [' ', '\u0085', '\u3000 ', ',', ' , ', '\ufeff', 'a, b', '']) got.push(await ids(value));
    expect(got).toEqual([null, null, null, [], [], ['\ufeff'], ['a', 'b'], 'missing_parameter']);
  });

  it('sends null for any run of Go spaces (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 4 }), async (spaces) => {
      expect(await ids(spaces.join(''))).toBeNull();
    }), { numRuns: 20 });
  });
});

// chat message send (chat.go:3203-3206, :3362-3367@c7521c1c): a --user that isOpenDingTalkID recognizes (it trims
// before looking) becomes the receiver as typed.
describe('chat message send keeps a --user openDingTalkId as typed', () => {
  it('sends the padded value, and a --open-dingtalk-id unpadded', async () => {
    const got = [];
    for (const flags of [['--user', 'Db3BlbmlkMDMiE\u0085'], ['--user', ' Db3BlbmlkMDMiE '], ['--user', 'Db3BlbmlkMDMiE'], ['--open-dingtalk-id', 'Db3BlbmlkMDMiE']]) {
      const run = await sent(['chat', 'message', 'send', ...flags, '--text', 'hi']);
      got.push(run.reason ?? run.calls.map(([tool, args]) => [tool, (args as { receiverOpenDingTalkId: unknown }).receiverOpenDingTalkId]));
    }
    expect(got).toEqual([
      [['chat/send_personal_message', 'Db3BlbmlkMDMiE\u0085']],
      [['chat/send_personal_message', ' Db3BlbmlkMDMiE ']],
      [['chat/send_personal_message', 'Db3BlbmlkMDMiE']],
      [['chat/send_personal_message', 'Db3BlbmlkMDMiE']],
    ]);
  });
});

// report entry submit (reportRequiredString, report.go:1862-1878, :1853@c7521c1c): the key must be a text that Go's
// TrimSpace leaves non-empty; it is sent trimmed.
describe('report entry submit checks a contents key by Go\'s TrimSpace', () => {
  const submit = async (key: unknown) => {
    const contents = JSON.stringify([{ key, sort: '0', content: 'x', contentType: 'markdown', type: '1' }]);
    const run = await sent(['report', 'entry', 'submit', '--template-id', 't', '--contents', contents, '--yes']);
    return run.reason ?? (run.calls[0][1] as { contents: { key: unknown }[] }).contents[0].key;
  };

  it('refuses a key of U+0085 and sends one of U+FEFF', async () => {
    const got = [];
    for (const key of ['\u0085', '\ufeff', ' \u0085k\u3000', '\ufeffk ', 5, '']) got.push(await submit(key));
    expect(got).toEqual(['invalid_parameter', '\ufeff', 'k', '\ufeffk', 'invalid_parameter', 'invalid_parameter']);
  });

  it('refuses a key of Go spaces only, and keeps one led by U+FEFF (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 3 }), fc.boolean(), async (spaces, bom) => {
      const key = `${bom ? '\ufeff' : ''}${spaces.join('')}`;
      expect(await submit(key)).toBe(bom ? '\ufeff' : 'invalid_parameter');
    }), { numRuns: 20 });
  });
});

// The same class swept (parseCSVValues contact.go:20-24@c7521c1c, each body named in its plan's facts): a list flag
// that Go's TrimSpace leaves empty passes the untrimmed check and is sent as a nil slice, JSON null; commas send [].
describe('the comma-list flags parsed by parseCSVValues send null when blank', () => {
  const leaves: [string[], string, string][] = [
    [['aitable', 'record', 'delete', '--base-id', 'b1', '--table-id', 't1', '--yes'], '--record-ids', 'recordIds'],
    [['aitable', 'table', 'get', '--base-id', 'b1'], '--table-ids', 'tableIds'],
    [['aitable', 'table', 'list', '--base-id', 'b1'], '--table-ids', 'tableIds'],
    [['aitable', 'view', 'list', '--base-id', 'b1', '--table-id', 't1'], '--view-ids', 'viewIds'],
    [['calendar', 'event', 'create', '--title', 't', '--start', '2026-03-12T14:00:00+08:00', '--end', '2026-03-12T15:00:00+08:00'], '--attendees', 'attendees'],
    [['calendar', 'event', 'create', '--title', 't', '--start', '2026-03-12T14:00:00+08:00', '--end', '2026-03-12T15:00:00+08:00'], '--open-dingtalk-ids', 'openDingTalkIds'],
    [['calendar', 'event', 'create', '--title', 't', '--start', '2026-03-12T14:00:00+08:00', '--end', '2026-03-12T15:00:00+08:00'], '--rooms', 'roomIds'],
    [['calendar', 'event', 'suggest'], '--users', 'attendeeUserIds'],
    [['calendar', 'attendee', 'add', '--event', 'ev1'], '--attendees', 'attendeesToAdd'],
    [['calendar', 'attendee', 'delete', '--event', 'ev1', '--yes'], '--attendees', 'attendeesToRemove'],
    [['calendar', 'room', 'add', '--event', 'ev1'], '--rooms', 'roomIds'],
    [['calendar', 'room', 'delete', '--event', 'ev1', '--yes'], '--rooms', 'roomIds'],
    [['chat', 'message', 'combine-forward', '--src-conversation-id', 'c1', '--dest-conversation-id', 'c2'], '--msg-ids', 'srcOpenMessageIds'],
    [['chat', 'group', 'members', 'list-by-ids', '--id', 'c1'], '--users', 'memberOpenDingTalkIds'],
    [['chat', 'message', 'list-emotion-replies'], '--msg-ids', 'openMessageIds'],
    [['chat', 'group-role', 'remove-user', '--conversation-id', 'c1', '--user', 'u1', '--yes'], '--role-ids', 'openRoleIds'],
    [['chat', 'group-role', 'set-user', '--conversation-id', 'c1', '--user', 'u1'], '--role-ids', 'openRoleIds'],
    [['chat', 'search-common'], '--nicks', 'nicks'],
    [['minutes', 'get', 'batch'], '--ids', 'requestBody'],
    [['minutes', 'speaker', 'summary', 'get'], '--ids', 'uuids'],
    [['minutes', 'hot-word', 'add'], '--words', 'hotWordList'],
    [['minutes', 'hot-word', 'delete', '--yes'], '--words', 'hotWordList'],
    [['minutes', 'permission', 'add', '--member-uids', 'm1', '--policy', '3'], '--ids', 'uuids'],
    [['minutes', 'permission', 'add', '--ids', 't1', '--policy', '3'], '--member-uids', 'memberUids'],
    [['minutes', 'permission', 'add', '--ids', 't1', '--member-uids', 'm1', '--policy', '3'], '--sub-resources', 'roleSubResourceIds'],
    [['minutes', 'permission', 'remove', '--ids', 't1', '--yes'], '--member-uids', 'memberUids'],
    [['contact', 'user', 'get'], '--ids', 'user_id_list'],
    [['contact', 'dept', 'list-members'], '--depts', 'deptIds'],
    [['hrbrain', 'profile', 'labels'], '--staff-ids', 'staffIds'],
    [['hrbrain', 'talent-pool', 'list'], '--labels', 'labels'],
    [['hrbrain', 'search', 'employees-structured', '--origin-json', '{"rules":[]}', '--fields', '[{"label":"a","value":"b"}]'], '--order-by', 'orderByClauses'],
  ];

  it('sends null for a blank list and [] for commas', async () => {
    for (const [argv, flag, key] of leaves) {
      const got = [];
      for (const value of [' \u0085', ' , ']) {
        const run = await sent([...argv, flag, value]);
        const args = run.calls.at(-1)?.[1] as Record<string, unknown> | undefined;
        const v = args?.[key];
        got.push(run.reason ?? (key === 'requestBody' ? (v as { taskUuids: unknown }).taskUuids : v));
      }
      expect([argv.slice(0, 3).join(' '), flag, ...got]).toEqual([argv.slice(0, 3).join(' '), flag, null, []]);
    }
  });
});

// hrbrain talent-pool list / search employees-structured (hrbrain.go:78-80, :614-616@c7521c1c): the blank test was a
// JavaScript \\s pattern; Go's TrimSpace keeps U+FEFF, which is then a value of its own.
describe('hrbrain sends a U+FEFF list value as typed', () => {
  it('sends ["\\ufeff"] for --labels and --order-by of U+FEFF', async () => {
    const labels = await sent(['hrbrain', 'talent-pool', 'list', '--labels', '\ufeff']);
    const order = await sent(['hrbrain', 'search', 'employees-structured', '--origin-json', '{"rules":[]}', '--fields', '[{"label":"a","value":"b"}]', '--order-by', '\ufeff']);
    expect([(labels.calls[0][1] as { labels: unknown }).labels, (order.calls[0][1] as { orderByClauses: unknown }).orderByClauses]).toEqual([['\ufeff'], ['\ufeff']]);
  });
});
