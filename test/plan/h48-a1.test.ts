// Session 48 helper a1, second-reading audit of seed 20261424 (issue 32, notes/h48-a1.md). One drawn command differed
// from upstream's body at c7521c1c (report template get's old name ran without upstream's deprecation line); the other
// readings matched. Each test runs the command as a user types it against the recording backend on 127.0.0.1, so a
// later change that breaks a reading fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { goTrim } from '../go-spaces.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h48a1-');

/** A run's stderr notices (reason and message), its refusal reason, and the calls it sent. */
async function noticed(argv: string[]) {
  outputs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, outputs.env());
  const notices = outcome.err.split('\n').filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { warning?: { reason: string; message: string } }).warning)
    .filter((w) => w !== undefined);
  return { notices, reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]) };
}

describe('report template get: the old name `report template detail` warns first (helpers/report.go:171-176, :771-780@c7521c1c)', () => {
  it('typed as `report template detail`, one deprecated_command notice naming `report template get`, then the same call', async () => {
    const run = await noticed(['report', 'template', 'detail', '--name', ' 日报 ']);
    expect(run.notices).toEqual([{ reason: 'deprecated_command', message: expect.stringMatching(/^\[WARN\] `dws report template detail` .*dws report template get/) }]);
    expect(run.calls).toEqual([['report/get_template_details_by_name', { report_template_name: ' 日报 ' }]]);
  });
  it('typed as `report template get`, no notice', async () => {
    const run = await noticed(['report', 'template', 'get', '--name', '周报']);
    expect(run.notices).toEqual([]);
    expect(run.calls).toEqual([['report/get_template_details_by_name', { report_template_name: '周报' }]]);
  });
  it('the old name warns before its flags are checked, as upstream prints the line before the body refuses a missing --name', async () => {
    const run = await noticed(['report', 'template', 'detail']);
    expect(run.notices.map((n) => n.reason)).toEqual(['deprecated_command']);
    expect(run.reason).toBe('missing_parameter');
    expect(run.calls).toEqual([]);
  });
});

/** Go's unicode.ToUpper on the letters the generator below uses (ß has no single upper letter, ı's is I). */
const goUpper = (s: string) => [...s].map((c) => (c === 'ß' ? c : c === 'ı' ? 'I' : c.toUpperCase())).join('');
/** parseRoleList (helpers/doc.go:5118-5134@c7521c1c): split on commas, each TrimSpace'd and upper-cased, blanks dropped. */
const parseRoleList = (raw: string) => raw.split(',').map((p) => goUpper(goTrim(p))).filter((p) => p !== '');
const roleText = fc.array(fc.constantFrom('manager', 'Editor', ' ', ',', '\t', '\u0085', '\u00a0', '\ufeff', 'ß', 'ı', 'a b', '"r"', ''), { maxLength: 7 })
  .map((parts) => parts.join(''));

describe('wiki member list (helpers/wiki.go:705-728@c7521c1c)', () => {
  it('--filter-role is parseRoleList of the text for any text; an empty --filter-role sends none', async () => {
    await fc.assert(fc.asyncProperty(roleText, async (roles) => {
      const run = await outputs.sent(['wiki', 'member', 'list', '--workspace', 'w', '--filter-role', roles]);
      expect(run.calls).toEqual([['wiki/list_member', roles === '' ? { workspaceId: 'w' } : { workspaceId: 'w', filterRoleIds: parseRoleList(roles) }]]);
    }), { numRuns: 40 });
  });
  it('maxResults is --limit when typed (0 sends none, the hidden --max-results is then not read), else --max-results; above 50 refused', async () => {
    expect(await outputs.argsOf(['wiki', 'member', 'list', '--workspace', 'w'])).toEqual([{ workspaceId: 'w' }]);
    expect(await outputs.argsOf(['wiki', 'member', 'list', '--workspace', 'w', '--limit', '0', '--max-results', '5'])).toEqual([{ workspaceId: 'w' }]);
    expect(await outputs.argsOf(['wiki', 'member', 'list', '--workspace-id', 'w', '--max-results', '0x10'])).toEqual([{ workspaceId: 'w', maxResults: 16 }]);
    expect(await outputs.argsOf(['wiki', 'member', 'list', '--workspace', 'w', '--limit', '51'])).toBe('invalid_parameter');
    expect(await outputs.argsOf(['wiki', 'member', 'list', '--workspace', 'w', '--max-results', '100'])).toBe('invalid_parameter');
  });
});

/** parseExecutorIds (helpers/todo.go:1871-1884@c7521c1c): nil for a blank text, else the comma parts TrimSpace'd, blanks dropped. */
const parseExecutorIds = (raw: string) => (goTrim(raw) === '' ? null : goTrim(raw).split(',').map(goTrim).filter((p) => p !== ''));
const idText = fc.array(fc.constantFrom('u1', ' u2 ', ',', ' ', '\u0085', '\u3000', '\ufeff', '"q"', '[a]'), { maxLength: 6 }).map((p) => p.join(''));

describe('todo task remove-participant reads --participants as parseExecutorIds (helpers/todo.go:795-812@c7521c1c)', () => {
  it('for any non-empty text: null when it is Go-blank, else the trimmed comma parts; the task id untrimmed', async () => {
    await fc.assert(fc.asyncProperty(idText, async (ids) => {
      fc.pre(ids !== '');
      const run = await outputs.sent(['todo', 'task', 'remove-participant', '--task-id', ' t ', '--participants', ids]);
      expect(run.calls).toEqual([['todo/remove_task_participants', { todoParticipantsRemoveRequest: { taskId: ' t ', participantIds: parseExecutorIds(ids) } }]]);
    }), { numRuns: 40 });
  });
});

/** A whole number spelled as strconv.ParseInt(s, 0, 64) reads it: decimal, 0x hex, 0o / leading-0 octal, 0b binary, `_` between digits, a sign. */
const goIntSpelling = fc.tuple(fc.integer({ min: 0, max: 2 ** 40 }), fc.constantFrom('dec', 'hex', 'oct', 'octo', 'bin', 'under'), fc.constantFrom('', '+', '-'))
  .map(([n, base, sign]) => {
    const body = base === 'hex' ? `0x${n.toString(16)}` : base === 'oct' ? `0${n.toString(8)}` : base === 'octo' ? `0o${n.toString(8)}`
      : base === 'bin' ? `0b${n.toString(2)}` : base === 'under' && n >= 10 ? `${String(n)[0]}_${String(n).slice(1)}` : String(n);
    return { text: `${sign}${body}`, value: sign === '-' ? -n : n };
  });

describe('integer flags read as pflag Int/Int64 (strconv.ParseInt base 0)', () => {
  it('attendance +get-adjustment-rule sends the number any Go spelling stands for (attendance.go:801-806@c7521c1c)', async () => {
    await fc.assert(fc.asyncProperty(goIntSpelling, async ({ text, value }) => {
      expect(await outputs.argsOf(['attendance', '+get-adjustment-rule', `--adjustment-id=${text}`])).toEqual([{ adjustmentId: value === 0 ? 0 : value }]);
    }), { numRuns: 30 });
  });
  it('chat group get-by-group-id sends the int64 any Go spelling stands for; 1e3, a padded number and a missing flag are refused (chat.go:5660-5664, :7451-7452@c7521c1c)', async () => {
    await fc.assert(fc.asyncProperty(goIntSpelling, async ({ text, value }) => {
      expect(await outputs.argsOf(['chat', 'group', 'get-by-group-id', `--group-id=${text}`])).toEqual([{ groupId: value === 0 ? 0 : value }]);
    }), { numRuns: 30 });
    for (const bad of [['--group-id', '1e3'], ['--group-id', ' 5'], ['--group-id=9223372036854775808'], []]) {
      const run = await outputs.sent(['chat', 'group', 'get-by-group-id', ...bad]);
      expect(run.reason).toMatch(/^(invalid_parameter|missing_parameter)$/);
      expect(run.calls).toEqual([]);
    }
  });
});

describe('chat +messages-send-by-webhook (chat_message.go:155-179@c7521c1c)', () => {
  it('texts trimmed; each list one CSV record per occurrence, sent only when it has an element; isAtAll only with --at-all', async () => {
    expect(await outputs.argsOf(['chat', '+messages-send-by-webhook', '--token', ' t ', '--title', ' ti ', '--text', ' x ',
      '--at-mobiles', '', '--at-users', ' ', '--at-all=false', '--yes'])).toEqual([{ robotToken: 't', title: 'ti', text: 'x', atUserIds: [' '] }]);
    expect(await outputs.argsOf(['chat', '+messages-send-by-webhook', '--token', 't', '--title', 'ti', '--text', 'x',
      '--at-mobiles', '"a,b", c,', '--at-mobiles', 'd', '--at-users', ',', '--at-all', '--yes']))
      .toEqual([{ robotToken: 't', title: 'ti', text: 'x', isAtAll: true, atMobiles: ['a,b', ' c', '', 'd'], atUserIds: ['', ''] }]);
  });
  it('a blank --text is refused, and a bare quote inside a field is a CSV error, both before any call', async () => {
    for (const extra of [['--text', ' ', '--at-users', 'u'], ['--text', 'x', '--at-mobiles', 'a"b']]) {
      const run = await outputs.sent(['chat', '+messages-send-by-webhook', '--token', 't', '--title', 'ti', ...extra, '--yes']);
      expect(run.reason).toMatch(/^(missing_parameter|invalid_argument|invalid_parameter)$/);
      expect(run.calls).toEqual([]);
    }
  });
});

describe('drive permission transfer-owner (helpers/drive.go:2356-2422@c7521c1c)', () => {
  it('node from the first non-empty of --node/--node-id/--doc-id/--file-id, untrimmed; reserveOldOwnerRole only when not empty; recursiveChange as typed', async () => {
    expect(await outputs.argsOf(['drive', 'permission', 'transfer-owner', '--node', '', '--node-id', ' n1 ', '--new-owner', ' u ',
      '--reserve-role', '', '--recursive=false', '--yes'])).toEqual([{ newOwnerId: ' u ', nodeId: ' n1 ', recursiveChange: false }]);
    expect(await outputs.argsOf(['drive', 'permission', 'transfer-owner', '--workspace-id', 'w', '--new-owner', 'u',
      '--reserve-role', 'EDITOR', '--recursive', '--yes'])).toEqual([{ newOwnerId: 'u', workspaceId: 'w', reserveOldOwnerRole: 'EDITOR', recursiveChange: true }]);
  });
  it('both targets (through aliases too), neither, or no --reserve-role / --recursive under --yes: refused before any call', async () => {
    for (const argv of [
      ['--workspace', '', '--workspace-id', 'w', '--file-id', 'f', '--reserve-role', 'E', '--recursive'],
      ['--reserve-role', 'E', '--recursive'],
      ['--node', 'n', '--recursive'],
      ['--node', 'n', '--reserve-role', 'E'],
    ]) {
      const run = await outputs.sent(['drive', 'permission', 'transfer-owner', '--new-owner', 'u', ...argv, '--yes']);
      // neither target is the declared require_one_of (constraint_violation); the rest are the plan's refusals
      expect(run.reason).toMatch(/^(invalid_parameter|constraint_violation)$/);
      expect(run.calls).toEqual([]);
    }
  });
});

describe('chat +bot-search projects the first list of its containers (chat_bot.go:55-139@c7521c1c)', () => {
  it('a container that is an object without a list is passed over; a list of non-objects ends the search with no rows', async () => {
    outputs.answer('bot/search_my_robots', { result: { x: [1] }, bots: [{ id: 5, robot_name: 'n', state: null, create_time: 1 }, { code: 'c' }, 3, {}] });
    expect((await outputs.sent(['chat', '+bot-search', '--page', '010', '--size', '-3', '--name', ' '])))
      .toEqual({ reason: undefined, category: undefined, calls: [['bot/search_my_robots', { currentPage: 8 }]],
        printed: { count: 2, robots: [{ robotCode: 5, robotName: 'n', status: null, gmtCreate: 1 }, { robotCode: 'c' }] } });
    outputs.answer('bot/search_my_robots', { result: [1], bots: [{ id: 1 }] });
    expect((await outputs.sent(['chat', '+bot-search'])).printed).toEqual({ count: 0, robots: [] });
  });
});
