// chat's migrated id flags (chatPendingConversationIDMigrationPaths / chatPendingMessageIDMigrationPaths,
// internal/helpers/chat.go:371-405@c7521c1c): installChatFlagAliases (:419-466) gives --conversation-id the hidden
// spellings --group/--id/--chat/--open-conversation-id and --message-id --msg-id/--open-message-id; its PreRunE reads
// them with chatFlagOrAlias (:198-215), each trimmed as Go's TrimSpace: a blank spelling yields, two that differ once
// trimmed conflict, and the flag is set to the trimmed value before the body reads it. So every padded or aliased
// spelling of an id sends exactly what the plain id sends. Run as a user types it against the recording backend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const { sent } = useOutputRuns('dws-chat-id-spellings-');

const CONV = ['--conversation-id', '--group', '--id', '--chat', '--open-conversation-id'];
const MSG = ['--message-id', '--msg-id', '--open-message-id'];

/** Each migrated command with its other flags; ID stands where the conversation (or message) id goes. */
const COMMANDS: { argv: string[]; spellings: string[] }[] = [
  ...[
    ['group', 'audit-join-validation', 'ID', '--record-id', '123456', '--applicant', 'odtA', '--inviter', 'odtI', '--status', 'AuditApprove'],
    ['group', 'dismiss', 'ID'],
    ['group', 'invite-url', 'ID', '--expires-seconds', '86400'],
    ['group', 'notice', 'create', 'ID', '--content', 'c'],
    ['group', 'notice', 'edit', 'ID', '--notice-id', 'n1', '--content', 'c'],
    ['group', 'notice', 'get', 'ID', '--notice-id', 'n1'],
    ['group', 'notice', 'list', 'ID'],
    ['group', 'quit', 'ID'],
    ['group', 'set-admin', 'ID', '--users', 'u1,u2'],
    ['group', 'set-history', 'ID', '--option', 'ALL'],
    ['group', 'transfer-owner', 'ID', '--new-owner', 'u2'],
    ['group', 'update-alias', 'ID', '--alias-title', 't'],
    ['group', 'update-icon', 'ID', '--icon-media-id', '@m'],
    ['group', 'update-nick', 'ID', '--nick', 'n'],
    ['group', 'update-settings', 'ID', '--setting-key', 'searchable', '--status', '0'],
    ['group', 'upgrade-to-external', 'ID'],
    ['group-role', 'add', 'ID', '--name', 'r'],
    ['group-role', 'list', 'ID'],
    ['group-role', 'query-user', 'ID', '--user', 'u1'],
    ['group-role', 'remove-user', 'ID', '--user', 'u1', '--role-ids', 'r1'],
    ['group-role', 'remove', 'ID', '--role-id', 'r1'],
    ['group-role', 'set-user', 'ID', '--user', 'u1', '--role-ids', 'r1,r2'],
    ['group-role', 'update', 'ID', '--role-id', 'r1', '--name', 'n'],
    ['message', 'list-topic-replies', 'ID', '--topic-id', 't1', '--limit', '50'],
    ['message', 'read-status', 'ID', '--message-id', 'm9'],
  ].map((rest) => ({ argv: ['chat', ...rest], spellings: CONV })),
  ...[
    ['edit', '--conversation-id', 'c9', '--text', 't'],
    ['forward', '--src-conversation-id', 'c8', '--dest-conversation-id', 'c9'],
    ['recall', '--conversation-id', 'c9'],
    ['set-pin-msg', '--open-conversation-id', 'c9'],
    ['set-top-msg', '--open-conversation-id', 'c9'],
    ['unset-pin-msg', '--open-conversation-id', 'c9'],
    ['unset-top-msg', '--open-conversation-id', 'c9'],
    ['update-text-emotion', '--conversation-id', 'c9', '--old-emotion-id', 'e1', '--emotion-id', 'e2', '--emotion-name', 'n', '--text', 't', '--background-id', 'b'],
  ].map(([leaf, ...rest]) => ({ argv: ['chat', 'message', leaf, 'ID', ...rest], spellings: MSG })),
];

/** The command's words with `flags` where ID stands, confirmed. */
const argvOf = (c: { argv: string[] }, flags: string[]) => c.argv.flatMap((w) => (w === 'ID' ? flags : [w])).concat('--yes');
const outcome = async (argv: string[]) => {
  const run = await sent(argv);
  return run.reason ?? run.calls;
};

describe('chat\'s migrated id flags fold their spellings trimmed, as installChatFlagAliases does', () => {
  it.each(COMMANDS.map((c) => [c.argv.slice(0, c.argv.indexOf('ID')).join(' '), c] as const))('%s', async (_name, c) => {
    const [primary, ...aliases] = c.spellings;
    const plain = await outcome(argvOf(c, [primary, 'id1']));
    expect(Array.isArray(plain) && plain.length > 0, JSON.stringify(plain)).toBe(true);
    for (const alias of aliases) {
      expect(await outcome(argvOf(c, [primary, ' id1\u0085']))).toEqual(plain);
      expect(await outcome(argvOf(c, [primary, ' ', alias, 'id1']))).toEqual(plain);
      expect(await outcome(argvOf(c, [alias, '\u3000id1 ']))).toEqual(plain);
      expect(await outcome(argvOf(c, [primary, 'id1', alias, ' id1 ']))).toEqual(plain);
      expect(await outcome(argvOf(c, [alias, ' ']))).toBe('missing_parameter');
      expect(await outcome(argvOf(c, [primary, 'id1', alias, 'id2']))).toBe('invalid_parameter');
    }
  });

  it('any two spellings padded with Go spaces send the plain id, or conflict when they differ once trimmed (property)', async () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    const command = fc.constantFrom(...COMMANDS);
    await fc.assert(fc.asyncProperty(command, fc.nat(), fc.nat(), pad, pad, fc.boolean(), async (c, i, j, p1, p2, differ) => {
      const a = c.spellings[i % c.spellings.length];
      const b = c.spellings[j % c.spellings.length];
      fc.pre(a !== b);
      const got = await outcome(argvOf(c, [a, `${p1}id1${p2}`, b, `${p2}id${differ ? '2' : '1'}${p1}`]));
      expect(got).toEqual(differ ? 'invalid_parameter' : await outcome(argvOf(c, [c.spellings[0], 'id1'])));
    }), { numRuns: 30 });
  });
});
