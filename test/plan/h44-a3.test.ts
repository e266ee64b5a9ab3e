// Session 44 second reading, part a3 (issue 32, notes/h44-a3.md, seed 20261392): where a drawn command, or a sibling
// reading its answer the same way, still differed from upstream's body at c7521c1c. Each run as a user types it
// against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h44a3-');

/** Go's strings.TrimSpace (unicode.IsSpace: ASCII spaces, U+0085, U+00A0 and the Z categories; not U+FEFF, which JavaScript's \s holds). */
const goSpace = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const goTrim = (s: string) => s.replace(new RegExp(`^[${goSpace}]+|[${goSpace}]+$`, 'gu'), '');

/**
 * upstream's firstString / firstWikiString (shortcut/drive/common.go:198-205, shortcut/wiki/common.go:165-172@c7521c1c):
 * the first of the keys holding a JSON text that is not blank, trimmed; a list, number, boolean, object or null there
 * is passed over. "" when none.
 */
function firstString(data: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const v = data[key];
    if (typeof v === 'string' && goTrim(v) !== '') return goTrim(v);
  }
  return '';
}

/** Values an answer's id or name key may hold: texts, blank ones, and the shapes firstString passes over. */
const fieldValue = fc.constantFrom<unknown>('w1', ' w2 ', ' ', '', ['w3'], [' '], [], 5, true, { a: 'w4' }, null);

describe('wiki +space-get: the workspace id is read as firstWikiString, texts only (wiki.go:76-89, common.go:165-172@c7521c1c)', () => {
  const argv = ['wiki', '+space-get', '--workspace', 'ws1'];
  it('a workspaceId holding a list of texts is no id: the answer is refused (upstream missing_workspace_id)', async () => {
    outputs.answer('wiki/get_wikiSpace', { result: { workspaceId: ['ws1'], name: 'n' } });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.printed).toBeUndefined();
  });
  it('printed or refused as upstream reads workspaceId, spaceId and id, for any values', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ workspaceId: fieldValue, spaceId: fieldValue, id: fieldValue }, { requiredKeys: [] }), async (fields) => {
      const object = { ...fields, name: 'n' };
      outputs.answer('wiki/get_wikiSpace', { result: object });
      const run = await outputs.sent(argv);
      if (firstString(object, 'workspaceId', 'spaceId', 'id') === '') expect(run.reason).toBe('backend_error');
      else expect(run).toMatchObject({ reason: undefined, printed: object });
    }), { numRuns: 60 });
  });
});

/**
 * upstream normalizedDriveRename (shortcut/drive/operations.go:254-270@c7521c1c) as a model: the name sent and the
 * read-back names accepted. Names here are ASCII, so byte and character lengths agree.
 */
function driveRename(name: string, info: Record<string, unknown>): { request: string; expected: string[] } {
  name = goTrim(name);
  const nodeType = firstString(info, 'type', 'nodeType', 'fileType').toLowerCase();
  if (['folder', 'dir', 'directory'].includes(nodeType)) return { request: name, expected: [name] };
  const extension = firstString(info, 'extension', 'fileExtension', 'ext').toLowerCase().replace(/^\.+/, '');
  if (extension === '') return { request: name, expected: [name] };
  const suffix = `.${extension}`;
  if (name.length > suffix.length && name.slice(-suffix.length).toLowerCase() === suffix) return { request: name.slice(0, -suffix.length), expected: [name] };
  return { request: name, expected: [name, name + suffix] };
}

describe('drive +rename: the preflight type and extension and the read-back name are read as firstString, texts only (operations.go:221-270, common.go:198-205@c7521c1c)', () => {
  const argv = ['drive', '+rename', '--node', 'n1', '--name', 'report.pdf', '--yes'];
  it('an extension held in a list is none: the name is sent whole', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { extension: ['pdf'], name: 'old.pdf' } }, { result: { name: 'report.pdf' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['doc/rename_document', { nodeId: 'n1', newName: 'report.pdf' }]);
    expect(run.reason).toBeUndefined();
  });
  it('a type held in a list is no folder: the extension is dropped', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { type: ['folder'], extension: 'pdf', name: 'old.pdf' } }, { result: { name: 'report.pdf' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['doc/rename_document', { nodeId: 'n1', newName: 'report' }]);
  });
  it('a read-back name held in a list is passed over for fileName', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { name: 'old' } }, { result: { name: ['other'], fileName: 'report.pdf' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toEqual({ success: true, nodeId: 'n1', file: { name: ['other'], fileName: 'report.pdf' } });
  });
  it('sends and accepts what upstream does, for any preflight and read-back values', async () => {
    const info = fc.record({ type: fc.constantFrom<unknown>('folder', ' Dir ', ['folder'], 'file', 5), extension: fc.constantFrom<unknown>('pdf', '.PDF', ['pdf'], '..', ' ', 7), ext: fc.constantFrom<unknown>('pdf', ['pdf']) }, { requiredKeys: [] });
    const back = fc.record({ name: fc.constantFrom<unknown>('report.pdf', 'report', ['report.pdf'], ' ', 3), fileName: fc.constantFrom<unknown>('report.pdf', 'report', ['report']) }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(info, back, async (before, after) => {
      outputs.answersInTurn('drive/get_file_info', { result: { ...before, id: 'n1' } }, { result: { ...after, id: 'n1' } });
      outputs.answer('doc/rename_document', { success: true });
      const run = await outputs.sent(argv);
      const model = driveRename('report.pdf', before);
      expect(run.calls[1]).toEqual(['doc/rename_document', { nodeId: 'n1', newName: model.request }]);
      const readBack = firstString(after, 'name', 'fileName');
      if (readBack !== '' && model.expected.includes(readBack)) expect(run.reason).toBeUndefined();
      else expect(run.reason).toBe('partial_outcome');
    }), { numRuns: 60 });
  });
});

/**
 * upstream extractSelectedScopes (internal/pat/chmod.go:917-951@c7521c1c) as a model: the scopes granted after a
 * batch plan, 'all granted' (the plan printed, nothing granted) or 'refused'. data.selectedScopes counts only as a
 * JSON list, and of it only the texts Go's TrimSpace leaves something of, sent as they are.
 */
function selectedScopes(plan: Record<string, unknown>): string[] | 'all granted' | 'refused' {
  const data = plan.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'refused';
  const d = data as Record<string, unknown>;
  const raw = Array.isArray(d.selectedScopes) ? d.selectedScopes : [];
  const scopes = raw.filter((s): s is string => typeof s === 'string' && goTrim(s) !== '');
  if (scopes.length > 0) return scopes;
  return d.allGranted === true ? 'all granted' : 'refused';
}

describe('pat chmod --products: the batch plan\'s selectedScopes read as extractSelectedScopes (chmod.go:917-951@c7521c1c)', () => {
  const argv = ['pat', 'chmod', '--products', 'calendar', '--yes'];
  it('a selectedScopes that is a text, not a list, selects nothing: refused, no grant sent', async () => {
    outputs.answer('pat/pat.batch_plan', { data: { selectedScopes: 'calendar.event:read' } });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['pat/pat.batch_plan']);
  });
  it('a scope blank only by Go\'s spaces (U+0085) is dropped; one holding U+FEFF is kept', async () => {
    outputs.answer('pat/pat.batch_plan', { data: { selectedScopes: ['\u0085', '\ufeff', ' a:b '] } });
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['pat/pat.batch_grant', { scopes: ['\ufeff', ' a:b '], grantType: 'permanent' }]);
  });
  it('granted, printed or refused as upstream reads the plan, for any plan answer', async () => {
    const scope = fc.constantFrom<unknown>('a:b', ' c:d ', ' ', '\u0085', '\ufeff', 5, null);
    const plan = fc.record({
      data: fc.oneof(fc.constant<unknown>(null), fc.constant<unknown>([]), fc.record({
        selectedScopes: fc.oneof(fc.array(scope, { maxLength: 3 }), scope),
        allGranted: fc.constantFrom<unknown>(true, false, 'true'),
      }, { requiredKeys: [] })),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(plan, async (answer) => {
      outputs.answer('pat/pat.batch_plan', answer);
      const run = await outputs.sent(argv);
      const expected = selectedScopes(answer);
      if (expected === 'refused') {
        expect(run.reason).toBeDefined();
        expect(run.calls).toHaveLength(1);
      } else if (expected === 'all granted') {
        expect(run.reason).toBeUndefined();
        expect(run.calls).toHaveLength(1);
        expect(run.printed).toEqual(answer);
      } else {
        expect(run.calls[1]).toEqual(['pat/pat.batch_grant', { scopes: expected, grantType: 'permanent' }]);
      }
    }), { numRuns: 60 });
  });
});

describe('todo task reset-reminder: --reminder-rules is trimmed by Go\'s TrimSpace before it is checked and decoded (parseTodoReminderRules todo.go:1737-1750@c7521c1c)', () => {
  const argv = (rules: string) => ['todo', 'task', 'reset-reminder', '--task-id', 't1', '--reminder-rules', rules];
  it('rules padded with Unicode spaces JSON does not allow (U+00A0, U+0085, U+3000) are read as the rules inside', async () => {
    expect(await outputs.argsOf(argv('\u00a0[{"baseTime":" dueTime ","dueDateOffset":-30}]\u3000'))).toEqual([
      { todoReminderUpdateRequest: { taskId: 't1', reminderRules: [{ baseTime: 'dueTime', dueDateOffset: -30 }] } },
    ]);
    expect(await outputs.argsOf(argv('\u0085[]'))).toEqual([{ todoReminderUpdateRequest: { taskId: 't1', reminderRules: [] } }]);
  });
  it('any padding of Go spaces around a valid list is sent as the list; U+FEFF, no Go space, is still refused', async () => {
    const pad = fc.array(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u0085', '\u2000', '\u3000', '\u2028'), { maxLength: 3 }).map((a) => a.join(''));
    await fc.assert(fc.asyncProperty(pad, pad, async (before, after) => {
      expect(await outputs.argsOf(argv(`${before}[]${after}`))).toEqual([{ todoReminderUpdateRequest: { taskId: 't1', reminderRules: [] } }]);
    }), { numRuns: 25 });
    expect(await outputs.argsOf(argv('\ufeff[]'))).toBe('invalid_parameter');
  });
});

describe('siblings of the firstString reading: an id held in a list is no id', () => {
  it('calendar +book reads the created eventId as shortcutPickID, texts only (smart/book.go:168-192@c7521c1c): a list there is passed over for the next place', async () => {
    const argv = ['calendar', '+book', '--title', 'T', '--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T15:00:00+08:00', '--with', '张三', '--yes'];
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userId: 'u1', name: '张三' }] });
    outputs.answer('calendar/create_calendar_event', { eventId: ['e-list'], result: { eventId: 'e1' } });
    outputs.answer('calendar/add_calendar_participant', { success: true });
    const run = await outputs.sent(argv);
    expect(run.calls.find(([tool]) => tool === 'calendar/add_calendar_participant')?.[1]).toMatchObject({ eventId: 'e1' });
  });
  it('drive +move reads the read-back node and folder as firstString (shortcut/drive/drive.go:550-565@c7521c1c): ids held in lists are passed over for the next key', async () => {
    outputs.answer('doc/move_document', { success: true });
    outputs.answer('doc/get_document_info', { result: { nodeId: ['other'], fileId: 'n1', folderId: ['elsewhere'], parentId: 'f1' } });
    const run = await outputs.sent(['drive', '+move', '--node', 'n1', '--folder', 'f1', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ success: true, nodeId: 'n1' });
  });
  it('drive +create-folder reads the created id as nestedString and the read-back name as firstString (operations.go:128-143@c7521c1c): lists passed over', async () => {
    outputs.answer('drive/create_folder', { success: true, fileId: ['x-list'], result: { fileId: 'f9' } });
    outputs.answer('drive/get_file_info', { result: { name: ['Other'], fileName: 'Docs' } });
    const run = await outputs.sent(['drive', '+create-folder', '--name', 'Docs', '--yes']);
    expect(run.calls).toEqual([['drive/create_folder', { name: 'Docs' }], ['drive/get_file_info', { fileId: 'f9' }]]);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ success: true, nodeId: 'f9' });
  });
  it('wiki +node-create reads the created nodeId as nestedWikiString and the read-back id as firstWikiString (nodes.go:85-108@c7521c1c): lists passed over', async () => {
    outputs.answer('doc/create_file', { success: true, nodeId: ['x-list'], data: { nodeId: 'nd1' } });
    outputs.answer('doc/get_document_info', { result: { nodeId: ['other'], id: 'nd1', name: 'N' } });
    const run = await outputs.sent(['wiki', '+node-create', '--workspace', 'ws1', '--name', 'N', '--yes']);
    expect(run.calls.map(([tool, args]) => [tool, (args as { nodeId?: string }).nodeId])).toEqual([['doc/create_file', undefined], ['doc/get_document_info', 'nd1']]);
    expect(run.reason).toBeUndefined();
  });
  it('wiki +space-create reads the created workspaceId as nestedWikiString, texts only (wiki.go:103-124, common.go:174-185@c7521c1c): a list is no id', async () => {
    outputs.answer('wiki/create_wikiSpace', { success: true, workspaceId: ['ws-list'] });
    const run = await outputs.sent(['wiki', '+space-create', '--name', 'N', '--yes']);
    expect(run.calls.map(([tool]) => tool)).toEqual(['wiki/create_wikiSpace']);
    expect(run.reason).toBeDefined();
  });
});
