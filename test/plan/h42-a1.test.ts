// Session 42 second reading, part a1 (issue 32, notes/h42-a1.md, seed 20261371): all 30 drawn commands sent what
// upstream's bodies at c7521c1c send. These tests pin the readings the audit checked where a parser or a fallback chain
// decides the arguments, each against a model of the upstream helper written from its source, run as a user types the
// command against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a1-');

/** Go's strings.TrimSpace over the blanks the generators below use (Go and JS agree on these four). */
const goTrim = (s: string) => s.replace(/^[ \t\u00a0\u3000]+|[ \t\u00a0\u3000]+$/gu, '');
const blank = fc.constantFrom('', ' ', '\t', '\u00a0', '\u3000');
/** strconv.ParseInt(s, 10, 64) within the safe-integer range the tokens below stay in, else undefined (an int64 has no -0). */
const goParseInt = (s: string): number | undefined => (/^[+-]?[0-9]+$/u.test(s) ? Number(s) || 0 : undefined);

/** Integer-ish tokens: decimal ones (signed, zero-padded) and ones strconv's base 10 refuses. */
const intToken = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.integer({ min: 0, max: 999 }).map((n) => `+${n}`),
  fc.integer({ min: 0, max: 999 }).map((n) => `00${n}`),
  fc.constantFrom('-0', '0x10', '1_0', '1e3', 'x', '1.5', ''),
);
const padded = fc.tuple(blank, intToken, blank).map(([a, t, b]) => `${a}${t}${b}`);
const csvOf = (item: fc.Arbitrary<string>) => fc.array(item, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(','));

describe('chat toolbar hide: --shortcut-ids read by the chat package parseCSVInt64 (helpers/chat/deps.go:98-116, toolbar_hide.go:31-51@c7521c1c)', () => {
  /** upstream: the trimmed flag required, each trimmed part ParseInt'd base 10, empty parts skipped, none left refused. */
  function upstream(raw: string): number[] | 'refused' {
    if (goTrim(raw) === '') return 'refused';
    const ids: number[] = [];
    for (const part of goTrim(raw).split(',')) {
      const v = goTrim(part);
      if (v === '') continue;
      const n = goParseInt(v);
      if (n === undefined) return 'refused';
      ids.push(n);
    }
    return ids.length === 0 ? 'refused' : ids;
  }
  it('sends the ids upstream parses, and refuses before any call where upstream refuses', async () => {
    await fc.assert(fc.asyncProperty(csvOf(padded), async (raw) => {
      const run = await outputs.sent(['chat', 'toolbar', 'hide', '--conversation-id', ' cid1 ', `--shortcut-ids=${raw}`]);
      const expected = upstream(raw);
      if (expected === 'refused') {
        expect(run.reason).toBeDefined();
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['im/hide_shortcut_from_bar', { openConversationId: 'cid1', shortcutIds: expected }]]);
      }
    }), { numRuns: 40 });
  });
});

describe('contact user dismission search: --depts read by parseCSVInts, which drops what is not an integer (helpers/contact.go:1184-1186, :2000-2011@c7521c1c)', () => {
  const upstream = (raw: string) => raw.split(',').map(goTrim).filter((v) => v !== '').map(goParseInt).filter((n) => n !== undefined);
  it('sends searchVO.depts as upstream keeps it (a typed list with no integer is still sent, as [])', async () => {
    await fc.assert(fc.asyncProperty(csvOf(padded).filter((raw) => raw !== ''), async (raw) => {
      const run = await outputs.sent(['contact', 'user', 'dismission', 'search', `--depts=${raw}`]);
      expect(run.calls).toEqual([['hrmregister/query_dismission_employee_list', { searchVO: { depts: upstream(raw) }, pageNum: 1, pageSize: 20 }]]);
    }), { numRuns: 30 });
  });
  it('compares the typed --start and --end with "" before any trimming: a blank --end beside an empty --start is refused', async () => {
    expect(await outputs.argsOf(['contact', 'user', 'dismission', 'search', '--start=', '--end= '])).toBe('invalid_parameter');
  });
});

describe('dev app event subscribe: --event-codes split by splitDevAppList (helpers/devapp.go:2709-2733, corecmd.go:957@c7521c1c)', () => {
  const code = fc.constantFrom('user_add_org', 'bpms_task_change', 'a', '', ' ');
  const list = fc.array(fc.tuple(blank, code, blank, fc.constantFrom(',', ';')), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([a, c, b, sep]) => `${a}${c}${b}${sep}`).join(''));
  /** upstream: the whole value trimmed, `;` read as `,`, parts trimmed, empty parts dropped; nothing left refuses. */
  const upstream = (raw: string) => goTrim(raw).replaceAll(';', ',').split(',').map(goTrim).filter((v) => v !== '');
  it('sends the codes upstream keeps, and refuses before any call when none is left', async () => {
    await fc.assert(fc.asyncProperty(list, async (raw) => {
      const run = await outputs.sent(['dev', 'app', 'event', 'subscribe', '--unified-app-id', ' app1 ', `--event-codes=${raw}`, '--yes']);
      const expected = upstream(raw);
      if (expected.length === 0) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['devapp/subscribe_dev_app_events', { unifiedAppId: 'app1', eventCodes: expected }]]);
      }
    }), { numRuns: 30 });
  });
});

describe('chat group set-admin: the migrated --conversation-id (chat.go:240-262, :371-466, :7383-7405@c7521c1c)', () => {
  const argv = (...flags: string[]) => ['chat', 'group', 'set-admin', ...flags];
  it('a padded alias is trimmed into --conversation-id by the PreRunE; --users " " is typed, so the call goes out without ids', async () => {
    expect(await outputs.argsOf(argv('--group', ' g1 ', '--users', ' '))).toEqual([{ openConversationId: 'g1', admin: true }]);
  });
  it('a blank --conversation-id passes (the untrimmed fallback sees it) and is sent as typed', async () => {
    expect(await outputs.argsOf(argv('--conversation-id', ' ', '--user', 'u1', '--off'))).toEqual([{ openConversationId: ' ', admin: false, uids: ['u1'] }]);
  });
});

describe('chat +messages-resource-url: --type, an Enum flag with the default mediaId (chat_message.go:1856-1887, corecmd.go:761-797, :1009-1034@c7521c1c)', () => {
  const argv = (type: string) => ['chat', '+messages-resource-url', '--resource-id', 'r1', '--msg-id', 'm1', '--open-conversation-id', 'c1', `--type=${type}`];
  it('a typed "" passes the enum check (rawValue falls to the default) and rt.Str sends it as ""', async () => {
    expect(await outputs.argsOf(argv(''))).toEqual([{ resourceType: '', resourceId: 'r1', openMessageId: 'm1', openConversationId: 'c1' }]);
  });
  it('a typed blank is a value to rawValue, trimmed to "" by the check and refused', async () => {
    expect(await outputs.argsOf(argv(' '))).toBe('invalid_parameter');
  });
});

describe('aitable form field update: required is true only for the text "true" (helpers/aitable.go:4777-4779@c7521c1c)', () => {
  it('any other non-empty text sends false; an empty one sends nothing', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('true', 'TRUE', ' true', 'True', '1', 'false', 'x', ''), async (required) => {
      const [args] = await outputs.argsOf(['aitable', 'form', 'field', 'update', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--field-id', 'f', `--required=${required}`]) as Record<string, unknown>[];
      if (required === '') expect(args).not.toHaveProperty('required');
      else expect(args.required).toBe(required === 'true');
    }), { numRuns: 16 });
  });
});

describe('chat message list-all: --end without --start (helpers/chat.go:741-782, pkg/cmdutil/time.go:41-94@c7521c1c)', () => {
  it('the start is 24 hours before the end read in Asia/Shanghai, written YYYY-MM-DD HH:mm:ss; both texts are sent as typed', async () => {
    expect(await outputs.argsOf(['chat', 'message', 'list-all', '--end', '2025-03-01T00:00:00Z'])).toEqual([
      { startTime: '2025-02-28 08:00:00', endTime: '2025-03-01T00:00:00Z', limit: 50, cursor: '0' },
    ]);
  });
  it('a set --size wins over --limit and is sent as it is, even below 1', async () => {
    const [args] = await outputs.argsOf(['chat', 'message', 'list-all', '--end', '1740787200', '--start', ' 20250228 ', '--limit', '7', '--size', '-3']) as Record<string, unknown>[];
    expect(args).toEqual({ startTime: ' 20250228 ', endTime: '1740787200', limit: -3, cursor: '0' });
  });
});
