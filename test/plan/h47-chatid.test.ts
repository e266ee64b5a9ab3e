// chat's migrated id flags with every spelling blank once trimmed (issue 32, h47-chatid). installChatFlagAliases'
// PreRunE (internal/helpers/chat.go:419-466@c7521c1c) compares the spellings trimmed (chatFlagOrAlias :198-215) and
// sets the flag only from a non-blank one; its required check (requireChatFlagOrAlias :217-226, over every spelling)
// falls back to pflag's untrimmed values (ValidateRequiredFlagWithAliases, pkg/cmdutil/flags.go:135-143), and cobra
// then wants the flag itself typed. Each body reads the spellings as typed with its own check and chain, written out
// below per command from its upstream lines (not from the catalog). `upstream` is that reading; every command runs as
// a user types it against the recording MCP server on 127.0.0.1 and must refuse or send what it gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { declarationProblemsOf, shippedEngine, type DeclarationDoc } from '../helpers.js';
import { goTrim } from '../go-spaces.js';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-h47-chatid-');

const CONV = ['conversation-id', 'group', 'id', 'chat', 'open-conversation-id'];
const MSG = ['message-id', 'msg-id', 'open-message-id'];

/** A body's reading: the spellings its own check wants one of non-empty, and its flagOrFallback chain (or the trimmed value). */
interface Body { check: readonly string[]; read: readonly string[] | 'trimmed' }
/** validateRequiredFlags(cmd, "conversation-id") then flagOrFallback(cmd, "conversation-id", "group", "id", "chat"). */
const CONV_OWN: Body = { check: ['conversation-id'], read: ['conversation-id', 'group', 'id', 'chat'] };
/** validateRequiredFlagWithAliases and flagOrFallback over message-id, msg-id. */
const MSG_PAIR: Body = { check: ['message-id', 'msg-id'], read: ['message-id', 'msg-id'] };
/** chatMessageID (requireChatFlagOrAlias over all three), then flagOrFallback(message-id, msg-id). */
const MSG_ALL: Body = { check: MSG, read: ['message-id', 'msg-id'] };

interface Command { argv: readonly string[]; spellings: readonly string[]; body: Body; at: string }

/** Each migrated command (chat.go:371-405) with its other flags; ID stands where the id's spellings go. */
const COMMANDS: Command[] = [
  ...([
    [['group', 'audit-join-validation', 'ID', '--record-id', '123456', '--applicant', 'u1', '--inviter', 'u2', '--status', 'AuditApprove'],
      { check: ['conversation-id', 'group'], read: ['conversation-id', 'group'] }, ':8866, :8881'],
    [['group', 'dismiss', 'ID'], CONV_OWN, ':8098, :8102'],
    [['group', 'invite-url', 'ID', '--expires-seconds', '86400'], CONV_OWN, ':6635, :6639'],
    [['group', 'notice', 'create', 'ID', '--content', 'c'], CONV_OWN, ':9792, :9796'],
    [['group', 'notice', 'edit', 'ID', '--notice-id', 'n1', '--content', 'c'], CONV_OWN, ':9862, :9866'],
    [['group', 'notice', 'get', 'ID', '--notice-id', 'n1'], CONV_OWN, ':9929, :9933'],
    [['group', 'notice', 'list', 'ID'], CONV_OWN, ':9984, :9988'],
    [['group', 'quit', 'ID'], CONV_OWN, ':6748, :6752'],
    [['group', 'set-admin', 'ID', '--users', 'u1,u2'], CONV_OWN, ':7384, :7394'],
    [['group', 'set-history', 'ID', '--option', 'ALL'], CONV_OWN, ':8157, :8167'],
    [['group', 'transfer-owner', 'ID', '--new-owner', 'u2'], CONV_OWN, ':6561, :6578, :6583'],
    [['group', 'update-alias', 'ID', '--alias-title', 't'], CONV_OWN, ':9497, :9501'],
    [['group', 'update-icon', 'ID', '--icon-media-id', '@m'], CONV_OWN, ':6799, :6807'],
    [['group', 'update-nick', 'ID'], CONV_OWN, ':9440, :9445'],
    [['group', 'update-settings', 'ID', '--setting-key', 'searchable', '--status', '0'], CONV_OWN, ':6874, :6882'],
    [['group', 'upgrade-to-external', 'ID'], CONV_OWN, ':10112, :10116'],
    [['group-role', 'add', 'ID', '--name', 'r'], CONV_OWN, ':7559, :7563'],
    [['group-role', 'list', 'ID'], { check: ['conversation-id', 'group', 'id'], read: ['conversation-id', 'group', 'id'] }, ':7512-7518'],
    [['group-role', 'query-user', 'ID', '--user', 'u1'], CONV_OWN, ':7843, :7851'],
    [['group-role', 'remove-user', 'ID', '--user', 'u1', '--role-ids', 'r1'], CONV_OWN, ':7778, :7787'],
    [['group-role', 'remove', 'ID', '--role-id', 'r1'], CONV_OWN, ':7661, :7665'],
    [['group-role', 'set-user', 'ID', '--user', 'u1', '--role-ids', 'r1,r2'], CONV_OWN, ':7713, :7722'],
    [['group-role', 'update', 'ID', '--role-id', 'r1', '--name', 'n'], CONV_OWN, ':7608, :7612'],
    [['message', 'list-topic-replies', 'ID', '--topic-id', 't1', '--limit', '50'],
      { check: ['conversation-id', 'group', 'id', 'chat'], read: ['conversation-id', 'group', 'id', 'chat'] }, ':3824, :3831'],
    // requireChatConversationID: the trimmed value, "" once one spelling passed the untrimmed check
    [['message', 'read-status', 'ID', '--message-id', 'm9'], { check: CONV, read: 'trimmed' }, ':4524, :217-230'],
  ] as const).map(([rest, body, at]) => ({ argv: ['chat', ...rest], spellings: CONV, body, at })),
  ...([
    [['edit', '--conversation-id', 'c9', '--text', 't'], MSG_PAIR, ':4432, :4461'],
    [['forward', '--src-conversation-id', 'c8', '--dest-conversation-id', 'c9'], MSG_PAIR, ':7047, :7052'],
    [['recall', '--conversation-id', 'c9'], MSG_PAIR, ':4366, :4371'],
    [['set-pin-msg', '--open-conversation-id', 'c9'], MSG_ALL, ':8358, :8363'],
    [['set-top-msg', '--open-conversation-id', 'c9'], MSG_ALL, ':9322, :9327'],
    [['unset-pin-msg', '--open-conversation-id', 'c9'], MSG_ALL, ':8415, :8420'],
    [['unset-top-msg', '--open-conversation-id', 'c9'], MSG_ALL, ':9382, :9387'],
    [['update-text-emotion', '--conversation-id', 'c9', '--old-emotion-id', 'e1', '--emotion-id', 'e2', '--emotion-name', 'n', '--text', 't', '--background-id', 'b'], MSG_ALL, ':6040, :6048'],
  ] as const).map(([[leaf, ...rest], body, at]) => ({ argv: ['chat', 'message', leaf, 'ID', ...rest], spellings: MSG, body, at })),
];

type Typed = (readonly [string, string])[];
type Outcome = { refused: 'missing_parameter' | 'invalid_parameter' } | { sent: string };

/** What upstream does with these spellings typed (each at most once): its refusal, or the id it sends. */
function upstream(c: Command, typed: Typed): Outcome {
  const [primary, ...aliases] = c.spellings;
  const flags = new Map<string, string>(typed);
  const text = (s: string) => flags.get(s) ?? '';
  // chatFlagOrAlias: the primary then each alias, trimmed; two different non-blank ones conflict
  let value = goTrim(text(primary));
  for (const a of aliases) {
    const v = goTrim(text(a));
    if (v === '') continue;
    if (value !== '' && v !== value) return { refused: 'invalid_parameter' };
    if (value === '') value = v;
  }
  const changed = flags.has(primary) || value !== '';
  if (value !== '') flags.set(primary, value);
  // the PreRunE's requireChatFlagOrAlias over every spelling (wasRequired: each flag was MarkFlagRequired), then cobra's
  // required check on the flag itself, then the body's own check
  if (!c.spellings.some((s) => text(s) !== '')) return { refused: 'missing_parameter' };
  if (!changed) return { refused: 'missing_parameter' };
  if (!c.body.check.some((s) => text(s) !== '')) return { refused: 'missing_parameter' };
  if (c.body.read === 'trimmed') return { sent: value };
  return { sent: c.body.read.map(text).find((v) => v !== '') ?? '' };
}

const argvOf = (c: Command, typed: Typed) => c.argv.flatMap((w) => (w === 'ID' ? typed.flatMap(([s, v]) => [`--${s}`, v]) : [w])).concat('--yes');
const label = (c: Command) => c.argv.slice(0, c.argv.indexOf('ID')).join(' ');

/** The argument that carries the id: the one holding a marker typed under the flag's own name. */
const keys = new Map<Command, string>();
async function idKey(c: Command): Promise<string> {
  const known = keys.get(c);
  if (known !== undefined) return known;
  const run = await sent(argvOf(c, [[c.spellings[0], 'MARK1']]));
  const args = run.calls.at(-1)?.[1] as Record<string, unknown> | undefined;
  const key = Object.entries(args ?? {}).find(([, v]) => v === 'MARK1')?.[0];
  expect(key, `${label(c)}: ${JSON.stringify(run)}`).toBeDefined();
  keys.set(c, key!);
  return key!;
}

/** What dws did: its refusal (nothing called), or the id its one call sent (`undefined` when the key was left out). */
async function dws(c: Command, typed: Typed): Promise<Outcome | { sentNothing: true } | { missingKey: true }> {
  const key = await idKey(c);
  const run = await sent(argvOf(c, typed));
  if (run.reason !== undefined) {
    expect(run.calls).toEqual([]);
    return { refused: run.reason as 'missing_parameter' };
  }
  if (run.calls.length === 0) return { sentNothing: true };
  const args = run.calls.at(-1)![1] as Record<string, unknown>;
  return Object.hasOwn(args, key) ? { sent: args[key] as string } : { missingKey: true };
}

/** The cases the brief names, for a primary and one alias. */
const cases = (p: string, a: string): Typed[] => [
  [[p, 'id1']],
  [[a, 'id1']],
  [[p, 'id1'], [a, 'id1']],
  [[p, 'id1'], [a, ' id1\u3000']],
  [[p, 'id1'], [a, 'id2']],
  [[p, ''], [a, ' ']],
  [[a, ' '], [p, '']],
  [[p, ' '], [a, 'id1']],
  [[p, ' '], [a, '']],
  [[p, '\u0085'], [a, '\t']],
  [[p, ''], [a, '']],
  [[p, ' ']],
  [[p, '']],
  [[a, ' ']],
  [[a, '']],
];

describe('chat migrated ids with every spelling blank once trimmed read as upstream\'s bodies read them (issue 32)', () => {
  it.each(COMMANDS.map((c) => [label(c), c] as const))('%s', async (_name, c) => {
    const [primary, ...aliases] = c.spellings;
    const seen: string[] = [];
    for (const alias of aliases) {
      for (const typed of [...cases(primary, alias), [[primary, ''], ...aliases.map((s) => [s, ' '] as const)] as Typed]) {
        const want = upstream(c, typed);
        expect(await dws(c, typed), `${label(c)} ${JSON.stringify(typed)} (chat.go${c.at}@c7521c1c)`).toEqual(want);
        seen.push('sent' in want ? `sent ${JSON.stringify(want.sent)}` : want.refused);
      }
    }
    // every command sends an id and refuses both ways somewhere in its table
    expect(new Set(seen.map((s) => s.split(' ')[0]))).toEqual(new Set(['sent', 'missing_parameter', 'invalid_parameter']));
  });

  it('the cases the issue names: set-pin-msg sends the blank --msg-id, and "" beside a blank --open-message-id', async () => {
    const pin = COMMANDS.find((c) => label(c) === 'chat message set-pin-msg')!;
    expect(await dws(pin, [['message-id', ''], ['msg-id', ' ']])).toEqual({ sent: ' ' });
    expect(await dws(pin, [['message-id', ''], ['open-message-id', ' ']])).toEqual({ sent: '' });
    expect(await dws(pin, [['message-id', '']])).toEqual({ refused: 'missing_parameter' });
    const recall = COMMANDS.find((c) => label(c) === 'chat message recall')!;
    expect(await dws(recall, [['message-id', ''], ['open-message-id', ' ']])).toEqual({ refused: 'missing_parameter' });
    expect(await dws(recall, [['message-id', ''], ['msg-id', ' ']])).toEqual({ sent: ' ' });
    const status = COMMANDS.find((c) => label(c) === 'chat message read-status')!;
    expect(await dws(status, [['conversation-id', ''], ['open-conversation-id', '\u3000']])).toEqual({ sent: '' });
    const roles = COMMANDS.find((c) => label(c) === 'chat group-role list')!;
    expect(await dws(roles, [['conversation-id', ''], ['id', ' ']])).toEqual({ sent: ' ' });
    expect(await dws(roles, [['conversation-id', ''], ['chat', ' ']])).toEqual({ refused: 'missing_parameter' });
  });

  const value = fc.constantFrom('', ' ', '\u3000', '\t ', '', ' ', 'id1', ' id1 ', 'id2');
  /** Some of a command's spellings, each once, in a random order, with values. */
  const typedOf = (c: Command) => fc.shuffledSubarray([...c.spellings], { minLength: 1 })
    .chain((names) => fc.tuple(...names.map((n) => value.map((v) => [n, v] as const))));

  it('any spellings typed in any order: dws refuses or sends what upstream does (property, runs)', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...COMMANDS).chain((c) => fc.tuple(fc.constant(c), typedOf(c))), async ([c, typed]) => {
      expect(await dws(c, typed), `${label(c)} ${JSON.stringify(typed)}`).toEqual(upstream(c, typed));
    }), { numRuns: 80 });
  });

  it('the fold alone agrees with the model: refusal, or the value the plan sends (property)', () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t] as const));
    const folded = (t: ToolSpec, c: Command, typed: Typed): Outcome => {
      const key = c.spellings[0];
      try {
        const data = foldInput(t, Object.fromEntries(typed), {});
        // absent: the schema's `required` refuses it (cobra's required check)
        if (!Object.hasOwn(data, key)) return { refused: 'missing_parameter' };
        const v = data[key] as string;
        // the plans send a filled id trimmed (trim_nonblank), a blank one as read; read-status's always trimmed (trim)
        return { sent: goTrim(v) === '' && c.body.read !== 'trimmed' ? v : goTrim(v) };
      } catch (e) {
        if (e instanceof DwsError) return { refused: e.reason as 'missing_parameter' };
        throw e;
      }
    };
    fc.assert(fc.property(fc.constantFrom(...COMMANDS).chain((c) => fc.tuple(fc.constant(c), typedOf(c))), ([c, typed]) => {
      const t = tools.get(label(c))!;
      expect(t, label(c)).toBeDefined();
      expect(folded(t, c, typed), `${label(c)} ${JSON.stringify(typed)}`).toEqual(upstream(c, typed));
    }), { numRuns: 2000 });
  });
});

describe('all_blank is declared only where it can mean something', () => {
  type Params = Record<string, Record<string, unknown>>;
  const paramsOf = (m: Map<string, DeclarationDoc>, name: string) =>
    (m.get('chat.yaml')!.tools.find((t) => t.name === name)! as unknown as { parameters: Params }).parameters;
  const problems = (mutate: (p: Params) => void) => declarationProblemsOf((m) => mutate(paramsOf(m, 'set_pin_message')));

  it('the shipped chat declarations pass, and the 12 commands declare it', () => {
    expect(problems(() => undefined)).toEqual([]);
    const declared = shippedEngine().tools().filter((t) => Object.values(t.parameters).some((p) => p.all_blank)).map((t) => t.cli_path);
    expect(declared.sort()).toEqual(COMMANDS.filter((c) => c.body !== CONV_OWN).map(label).sort());
  });

  it('refuses it on a flag without spellings_trimmed, on one not required, or naming a spelling that is not the flag\'s', () => {
    const refusal = 'parameter --message-id all_blank needs a required spellings_trimmed flag and lists only its spellings';
    expect(problems((p) => { delete p['message-id'].spellings_trimmed; })).toEqual([expect.stringContaining(refusal)]);
    expect(problems((p) => { p['message-id'].required = false; p['message-id'].cli_required = false; })).toEqual([expect.stringContaining(refusal)]);
    expect(problems((p) => { p['message-id'].all_blank = { required: ['message-id', 'open-conversation-id'], read: ['message-id'] }; }))
      .toEqual([expect.stringContaining(`${refusal} (not one: open-conversation-id)`)]);
    expect(problems((p) => { p['message-id'].all_blank = { required: [], read: ['message-id'] }; })).not.toEqual([]);
  });
});

