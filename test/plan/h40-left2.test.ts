// Session 40 review gaps (issue 32, notes/h40-left2.md): the upstream-flag scanner's `missing` findings, minutes
// +detail --artifacts (and the list enum check it shares), the chat upload readers and calendar +cancel-event's
// printed documents. Commands run as a user types them against the recording backend on 127.0.0.1; upstream at
// c7521c1c.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declAt, NOT_REGISTERED, varFlags } from '../../scripts/scan-upstream-flags.mjs';
import { JsonNumber } from '../../src/json-number.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { fake, planOf, tool } from './fake-plan.js';
import { executePlan } from '../../src/plan/executor.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h40left2-');

/** Every line a run printed on stdout, parsed; the run must succeed. */
async function documents(argv: string[], files?: Record<string, string>): Promise<unknown[]> {
  runs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, runs.env(files));
  expect(outcome.error?.envelope()).toBeUndefined();
  return outcome.out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}

const trimSpace = (s: string) => s.replace(/^[\s\u0085\u00a0]+|[\s\u0085\u00a0]+$/g, '');

describe('scripts/scan-upstream-flags.mjs reads the flags upstream registers (item 1)', () => {
  it('a `var X = builder(...)` declaration ends at its closing parenthesis, not in the next declaration (wiki.go:191-200)', () => {
    const go = [
      'package wiki',
      'var MemberAdd = memberWrite("+member-add", "add_member", true)',
      'var MemberList = readShortcut("+member-list", []shortcut.Flag{{Name: "limit", Type: shortcut.FlagInt, Desc: "d"}}, func(rt *shortcut.RuntimeContext) error {',
      '\treturn nil',
      '})',
    ].join('\n');
    const unit = declAt(go, go.indexOf('var MemberAdd'));
    expect(unit).toBe('var MemberAdd = memberWrite("+member-add", "add_member", true)');
    expect(declAt(go, go.indexOf('var MemberList'))).toContain('"limit"');
  });

  it('a copied shortcut has the Flags of the variable it copies: a later `X.Flags =` first (history_template_shortcuts.go:40, :64-67)', () => {
    const pkg = [
      'package doc',
      'var VersionSave = shortcut.Shortcut{',
      '\tFlags: []shortcut.Flag{{Name: "node", Type: shortcut.FlagString, Desc: "d"}},',
      '}',
      'var VersionList = shortcut.Shortcut{',
      '\tFlags: []shortcut.Flag{{Name: "node", Type: shortcut.FlagString, Desc: "d"}},',
      '}',
      'func canonicalize() {',
      '\tVersionList.Flags = []shortcut.Flag{{Name: "limit", Type: shortcut.FlagInt, Desc: "d", Aliases: []string{"page-size"}}}',
      '\tcompatHistorySave = compatibilityHistoryShortcut(VersionSave, "+history-save", "+version-save")',
      '}',
    ].join('\n');
    expect(varFlags(pkg, 'VersionSave')).toContain('"node"');
    expect(varFlags(pkg, 'VersionSave')).not.toContain('"limit"');
    expect(varFlags(pkg, 'VersionList')).toContain('"page-size"');
    expect(varFlags(pkg, 'VersionList')).not.toContain('"node"');
  });

  it('the spellings upstream registers only under a true bool (NOT_REGISTERED) are not parameters of these dws commands either', () => {
    const tools = new Map(shippedEngine().tools().map((t) => [t.cli_path, t]));
    const declared: string[] = [];
    for (const [cli, spellings] of Object.entries(NOT_REGISTERED)) {
      const tool = tools.get(cli);
      expect(tool, cli).toBeDefined();
      for (const [name, where] of Object.entries(spellings)) {
        expect(where).toMatch(/@c7521c1c/);
        if (Object.hasOwn(tool!.parameters, name) || Object.hasOwn(tool!.hidden_parameters ?? {}, name)) declared.push(`${cli} --${name}`);
      }
    }
    expect(declared).toEqual([]);
  });
});

/**
 * Upstream's minutes +detail reading of --artifacts (one occurrence typed as `typed`): pflag's readAsCSV gives the
 * slice ("" is empty), corecmd's validateEnum checks each element through sliceValue (trimmed, blanks left out,
 * corecmd.go:683-708, :761-797, :846-864), and readMinutesDetail reads each raw element lower-cased and trimmed,
 * skipping unknown names; an empty slice is every artifact (minutes_detail.go:135-138, :181-186). Typed without
 * commas or quotes.
 */
function upstreamDetail(typed: string): 'refused' | string[] {
  const enumValues = ['basic', 'summary', 'keywords', 'transcript', 'todos'];
  const slice = typed === '' ? [] : typed.split(',');
  if (slice.some((e) => trimSpace(e) !== '' && !enumValues.includes(trimSpace(e)))) return 'refused';
  const want = slice.length ? slice : enumValues;
  return want.map((e) => trimSpace(e).toLowerCase()).filter((e) => enumValues.includes(e));
}

const TOOL_OF: Record<string, string> = {
  basic: 'get_minutes_basic_info', summary: 'get_minutes_ai_summary', keywords: 'get_minutes_keywords', todos: 'list_minutes_todos',
};
const answerArtifacts = () => {
  runs.answer('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
  runs.answer('minutes/get_minutes_ai_summary', { result: { fullSummary: 's' } });
  runs.answer('minutes/get_minutes_keywords', { result: { keywords: [] } });
  runs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
};

describe('minutes +detail --artifacts as upstream reads it (item 2; minutes_detail.go:127-230, corecmd.go:846-864@c7521c1c)', () => {
  it('a blank element passes the enum check and is skipped by the read: `basic,` reads basic alone', async () => {
    answerArtifacts();
    const run = await runs.sent(['minutes', '+detail', '--id', 't1', '--artifacts', 'basic,']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['minutes/get_minutes_basic_info', { taskUuid: 't1' }]]);
  });

  it('blank elements only (`,` or " ") are a non-empty slice: nothing is read and the bundle prints', async () => {
    for (const typed of [',', ' ']) {
      const run = await runs.sent(['minutes', '+detail', '--id', 't1', '--artifacts', typed]);
      expect(run).toMatchObject({ reason: undefined, calls: [], printed: { complete: true, failureCount: 0, taskUuid: 't1' } });
    }
  });

  it('any list of names, padded names, blanks and wrong names: refused, or read in the typed order, as upstream (property)', async () => {
    const element = fc.constantFrom('basic', 'summary', ' todos ', 'keywords', '', ' ', 'Basic', 'foo');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (elements) => {
      const typed = elements.join(',');
      fc.pre(typed !== '');
      answerArtifacts();
      const run = await runs.sent(['minutes', '+detail', '--id', 't1', '--artifacts', typed]);
      const expected = upstreamDetail(typed);
      if (expected === 'refused') expect(run.reason).toBe('invalid_parameter');
      else {
        expect(run.reason).toBeUndefined();
        expect(run.calls.map(([tool]) => tool)).toEqual(expected.map((a) => `minutes/${TOOL_OF[a]}`));
      }
    }), { numRuns: 40 });
  });
});

describe('the list enum check leaves blank elements out for every shortcut list flag (siblings of item 2)', () => {
  it('minutes +share --sub-resources "Summary," sends the slice as typed, blank element included (workflows.go:603-612)', async () => {
    runs.answer('minutes/add_member_permission', { success: true });
    const run = await runs.sent(['minutes', '+share', '--id', 't1', '--member-uids', 'u1', '--permission', 'view', '--sub-resources', 'Summary,', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['minutes/add_member_permission', { memberUids: ['u1'], policyId: 4, roleSubResourceIds: ['Summary', ''], uuids: ['t1'] }]]);
  });

  it('a wrong element is still refused before any call, and the message names it', async () => {
    const run = await runs.sent(['minutes', '+share', '--id', 't1', '--member-uids', 'u1', '--permission', 'view', '--sub-resources', ',Bad', '--yes']);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
    expect((await runs.failure(['minutes', '+share', '--id', 't1', '--member-uids', 'u1', '--permission', 'view', '--sub-resources', ' ,Bad', '--yes'])).message).toContain('got "Bad"');
  });

  it('minutes +record-wrap-up --artifacts "basic," waits for basic alone (selectedWorkflowArtifacts, workflows.go:251-257)', async () => {
    runs.answer('minutes/执行听记指令-发起AI听记录音', { success: true, result: { cmd: 'end', uuid: 't1' } });
    answerArtifacts();
    const run = await runs.sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'basic,', '--wait-timeout', '1', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['minutes/执行听记指令-发起AI听记录音', 'minutes/get_minutes_basic_info']);
  });

  it('minutes +export-pack --artifacts "," reads nothing and publishes the manifest alone, files {} (workflows.go:513-577)', async () => {
    runs.mcp.calls.length = 0;
    const place = runs.env();
    const outcome = await dispatchInProcess(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', ',', '--yes'], place);
    expect(outcome.error?.envelope()).toBeUndefined();
    expect(runs.mcp.calls).toEqual([]);
    const printed = (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result;
    expect(printed).toEqual({ complete: true, files: {}, manifest: 'pack/manifest.json', operation: 'minutes.export_pack', path: 'pack', published: true, taskUuid: 't1' });
    const manifest = JSON.parse(readFileSync(path.join(place.DWS_FILE_ROOT, 'pack', 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ complete: true, files: {}, operation: 'minutes.export_pack', taskUuid: 't1', version: 1 });
  });
});

/** stringFromJSONScalar (helpers/chat.go:1809-1828@c7521c1c) on a UseNumber-decoded value: the header it sends, or none. */
function upstreamHeader(v: unknown): string | undefined {
  if (typeof v === 'string') return trimSpace(v) || undefined;
  if (v instanceof JsonNumber) return v.literal;
  if (typeof v === 'number') return String(v);
  return undefined;
}

const uploads: { name: string; argv: string[]; init: string; commit: string; commitAnswer: unknown }[] = [
  {
    name: 'chat +messages-send --file', argv: ['chat', '+messages-send', '--chat-id', 'cid1', '--file', 'a.txt', '--yes'],
    init: 'im/init_conversation_file_upload', commit: 'im/commit_conversation_file_upload', commitAnswer: { result: { dentryId: 11, spaceId: 22 } },
  },
  {
    name: 'chat message send-by-bot --msg-type file', argv: ['chat', 'message', 'send-by-bot', '--robot-code', 'r1', '--group', 'cid1', '--msg-type', 'file', '--file-path', 'a.txt', '--yes'],
    init: 'im/init_conversation_file_upload', commit: 'im/commit_conversation_file_upload', commitAnswer: { result: { downloadUrl: 'https://d/x' } },
  },
  {
    name: 'todo task add-attachment (sibling)', argv: ['todo', 'task', 'add-attachment', '--task-id', 't1', '--file-path', 'a.txt', '--yes'],
    init: 'todo/init_todo_file_upload', commit: 'todo/commit_todo_file_upload', commitAnswer: { result: { dentryId: 11, spaceId: 22 } },
  },
];

describe('the chat upload readers: the init answer\'s URL, key and headers as parseConversationFileUploadInfo reads them (item 3; chat.go:2041-2072@c7521c1c)', () => {
  for (const u of uploads) {
    it(`${u.name}: each header value as stringFromJSONScalar writes it, a number as its literal (property)`, async () => {
      const value = fc.oneof(
        fc.constantFrom<unknown>(' v1 ', '  ', '', true, null, { a: 1 }, [1], 7),
        fc.constantFrom('1e2', '1.50', '-0', '12345678901234567890', '2.5E-3').map((l) => new JsonNumber(l)),
      );
      const names = fc.constantFrom('x-a', 'x-b', 'x-c');
      await fc.assert(fc.asyncProperty(fc.dictionary(names, value), fc.dictionary(names, value), async (headers, ossHeaders) => {
        runs.mcp.uploads.length = 0;
        runs.answer(u.init, { result: { resourceUrl: `${runs.mcp.base}/upload/h40`, uploadKey: 'k1', headers, ossHeaders } });
        runs.answer(u.commit, u.commitAnswer);
        await documents(u.argv, { 'a.txt': 'hello' });
        const expected: Record<string, string> = {};
        for (const h of [headers, ossHeaders]) {
          for (const [k, v] of Object.entries(h)) {
            const text = upstreamHeader(v);
            if (text !== undefined) expected[k] = text;
          }
        }
        expect(runs.mcp.uploads).toHaveLength(1);
        const sent = Object.fromEntries(Object.entries(runs.mcp.uploads[0].headers).filter(([k]) => k.startsWith('x-')));
        expect(sent).toEqual(expected);
      }), { numRuns: 25 });
    });

    it(`${u.name}: a missing or blank upload key or URL fails before the PUT, and nothing is committed (chat.go:2056-2059)`, async () => {
      for (const init of [
        { result: { resourceUrl: `${runs.mcp.base}/upload/h40`, uploadKey: '  ' } },
        { result: { resourceUrl: ' ', uploadKey: 'k1' } },
        { result: { uploadKey: 'k1' }, resourceUrl: `${runs.mcp.base}/upload/h40` },
      ]) {
        runs.mcp.uploads.length = 0;
        runs.answer(u.init, init);
        const run = await runs.sent(u.argv, { 'a.txt': 'hello' });
        expect(run.reason).toBe('partial_outcome');
        expect(run.calls.map(([tool]) => tool)).toEqual([u.init]);
        expect(runs.mcp.uploads).toEqual([]);
      }
    });
  }
});

/** cancelEventExtractTitle (smart/cancel_event.go:117-146@c7521c1c) over the decoded detail ({} for a blank answer). */
function upstreamTitle(detail: Record<string, unknown>): string {
  const fromMap = (m: Record<string, unknown>) => {
    for (const k of ['summary', 'title', 'subject', 'name']) {
      const v = m[k];
      if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
    }
    return '';
  };
  const top = fromMap(detail);
  if (top) return top;
  for (const k of ['detail', 'event', 'data', 'result']) {
    const nested = detail[k];
    if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
      const t = fromMap(nested as Record<string, unknown>);
      if (t) return t;
    }
  }
  return '';
}

describe('calendar +cancel-event prints what upstream prints (item 4; cancel_event.go:80-111, runner.go:130-177@c7521c1c)', () => {
  const argv = ['calendar', '+cancel-event', '--event', ' e1 ', '--yes'];

  it('a blank detail answer names no title: only the delete answer is printed', async () => {
    runs.answerText('get_calendar_detail', '');
    runs.answer('calendar/delete_calendar_event', { success: true, result: { deleted: true } });
    expect(await documents(argv)).toEqual([{ result: { success: true, result: { deleted: true } } }]);
    expect(runs.mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['get_calendar_detail', { eventId: 'e1' }], ['delete_calendar_event', { eventId: 'e1' }]]);
  });

  it('a detail naming a title prints {action, eventId, title} first, then the delete answer', async () => {
    runs.answer('calendar/get_calendar_detail', { result: { summary: '  周会 ' } });
    runs.answer('calendar/delete_calendar_event', { success: true });
    expect(await documents(argv)).toEqual([{ result: { action: 'about_to_cancel', eventId: 'e1', title: '周会' } }, { result: { success: true } }]);
  });

  it('for any detail shape, the title document appears exactly when upstream finds a title, with that title (property)', async () => {
    const text = fc.constantFrom<unknown>('  ', 'T1', ' T2 ', 5, null, true);
    const titled = fc.dictionary(fc.constantFrom('summary', 'title', 'subject', 'name', 'other'), text);
    const detail = fc.dictionary(fc.constantFrom('summary', 'title', 'subject', 'name', 'detail', 'event', 'data', 'result'),
      fc.oneof(text, titled, fc.constant<unknown>([{ title: 'L' }])));
    await fc.assert(fc.asyncProperty(detail, async (d) => {
      runs.answer('calendar/get_calendar_detail', d);
      runs.answer('calendar/delete_calendar_event', { success: true });
      const title = upstreamTitle(d);
      const expected = title ? [{ result: { action: 'about_to_cancel', eventId: 'e1', title } }, { result: { success: true } }] : [{ result: { success: true } }];
      expect(await documents(argv)).toEqual(expected);
    }), { numRuns: 40 });
  });
});

describe('NEW MECHANISM: a plan\'s `outputs` document that yields nothing is not printed (src/plan/executor.ts)', () => {
  const plan = (when: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
    outputs: [{ const: 'first', when }, { from: 'a' }],
  });
  it('the document whose when holds is printed first; when it does not, the next one is the result and nothing follows', async () => {
    const f = fake(() => ({ ok: 1 }));
    const options = { env: {}, dryRun: false, effects: f.effects };
    expect(await executePlan(tool(), planOf(plan({ equals: [{ flag: 'name' }, 'n'] })), { name: 'n' }, options))
      .toEqual({ result: 'first', more: [{ ok: 1 }] });
    expect(await executePlan(tool(), planOf(plan({ equals: [{ flag: 'name' }, 'other'] })), { name: 'n' }, options))
      .toEqual({ result: { ok: 1 }, more: [] });
  });
});
