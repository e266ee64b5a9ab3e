// Session 54 helper a5, second-reading audit of seed 20261451 (issue 32, notes/h54-a5.md). All 30 drawn commands sent
// what their upstream bodies at c7521c1c send, so nothing here is a fix: these are regression pins for the drawn
// commands that no earlier test ran as a user types them (chat message remove-favorite, doc +background-delete,
// aitable form field hide, aitable base search) and for the edges this reading checked by hand (chat toolbar sort's
// parseCSVInt64 lists, the blank group mention of doc comment update, sheet export-csv's answer rules). Each runs
// against the recording backend on 127.0.0.1 and would fail if the behaviour moved away from upstream's.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent } = useOutputRuns('dws-h54a5-');

describe('chat message remove-favorite (helpers/chat.go:8572-8619; param_aliases_generated.go:1494-1503@c7521c1c)', () => {
  it('sends both ids as typed (mustGetFlag of the helpers package does not trim)', async () => {
    const run = await sent(['chat', 'message', 'remove-favorite', '--open-message-id', ' m ', '--open-conversation-id', ' c ']);
    expect(run.calls).toEqual([['im/remove_message_favorite', { openMessageId: ' m ', openConversationId: ' c ' }]]);
  });

  it('folds the generated aliases --message-id and --conversation-id', async () => {
    const run = await sent(['chat', 'message', 'remove-favorite', '--message-id', 'm', '--conversation-id', 'c']);
    expect(run.calls).toEqual([['im/remove_message_favorite', { openMessageId: 'm', openConversationId: 'c' }]]);
  });

  it('refuses an empty --open-message-id before any call (validateRequiredFlags)', async () => {
    const run = await sent(['chat', 'message', 'remove-favorite', '--open-message-id', '', '--open-conversation-id', 'c']);
    expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
  });
});

describe('doc +background-delete (shortcut/doc/media_style_shortcuts.go:217-234@c7521c1c)', () => {
  it('needs --yes, then clears the background of the trimmed node', async () => {
    const refused = await sent(['doc', '+background-delete', '--node', 'n']);
    expect([refused.reason, refused.calls]).toEqual(['confirmation_required', []]);
    const run = await sent(['doc', '+background-delete', '--node', ' n1 ', '--yes']);
    expect(run.calls).toEqual([['doc/update_document_style', { nodeId: 'n1', background: { action: 'clear' } }]]);
  });

  it('refuses a blank --node (Shortcut Required: the token, and a non-blank value)', async () => {
    const run = await sent(['doc', '+background-delete', '--node', ' ', '--yes']);
    expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
  });
});

describe('aitable form field hide (helpers/aitable.go:4806-4830, flags :7565-7569@c7521c1c)', () => {
  it.each([
    ['true', true],
    ['TRUE', false],
    ['1', false],
    [' true', false],
    ['false', false],
  ])('--hidden %j sends hidden %j (the text is compared with "true" as typed)', async (typed, hidden) => {
    const run = await sent(['aitable', 'form', 'field', 'hide', '--base', ' b ', '--table-id', 't', '--view-id', 'v', '--field-id', 'f', '--hidden', typed]);
    expect(run.calls).toEqual([['aitable-helper/update_form_field_hidden', { baseId: ' b ', tableId: 't', viewId: 'v', fieldId: 'f', hidden }]]);
  });

  it('an absent --hidden sends false', async () => {
    const run = await sent(['aitable', 'form', 'field', 'hide', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--field-id', 'f']);
    expect(run.calls).toEqual([['aitable-helper/update_form_field_hidden', { baseId: 'b', tableId: 't', viewId: 'v', fieldId: 'f', hidden: false }]]);
  });
});

describe('aitable base search (helpers/aitable.go:1208-1233, flags :7066-7069@c7521c1c)', () => {
  it('without a query it lists the bases (list_bases with the cursor when given)', async () => {
    const run = await sent(['aitable', 'base', 'search', '--query', '', '--cursor', 'c']);
    expect(run.calls).toEqual([['aitable/list_bases', { cursor: 'c' }]]);
  });

  it('the first non-empty of --query, --keyword is sent untrimmed, and so is the cursor', async () => {
    const run = await sent(['aitable', 'base', 'search', '--keyword', ' k ', '--cursor', ' ']);
    expect(run.calls).toEqual([['aitable/search_bases', { query: ' k ', cursor: ' ' }]]);
  });
});

describe('chat toolbar sort (helpers/chat/toolbar_sort.go:25-72; deps.go:98-116; toolbar_helpers.go:25-39, :72-84@c7521c1c)', () => {
  it('parseCSVInt64: parts trimmed, empties skipped, base 10 with a sign; the conversation id trimmed', async () => {
    const run = await sent(['chat', 'toolbar', 'sort', '--conversation-id', ' c ', '--sorted-ids', ' +5, 010,,-0', '--unsorted-ids', '7']);
    expect(run.calls).toEqual([['im/sort_shortcut_bar', { openConversationId: 'c', sortedShortcutIds: [5, 10, 0], unsortedShortcutIds: [7] }]]);
  });

  it.each([
    ['an id in both lists (02 is 2)', ['--sorted-ids', '1,2', '--unsorted-ids', '3,02']],
    ['a blank --unsorted-ids (no id left)', ['--sorted-ids', '1', '--unsorted-ids', ' ']],
    ['a hex id', ['--sorted-ids', '0x1']],
    ['an underscore id', ['--sorted-ids', '1_0']],
  ])('refuses %s before any call', async (_name, flags) => {
    const run = await sent(['chat', 'toolbar', 'sort', '--conversation-id', 'c', ...flags]);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('doc comment update: group mentions (helpers/doc.go:3298-3318, commentGroupMentionIDs :5076-5102@c7521c1c)', () => {
  it('an explicit empty --mentioned-open-conversation-id is refused (pflag reads "" as no id; none left is refused)', async () => {
    const run = await sent(['doc', 'comment', 'update', '--node', 'n', '--comment-key', 'k', '--content', 'c', '--mentioned-open-conversation-id', '']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });

  it('CSV quoting, trimming and de-duplication across repeats; --mention a blank list sends []', async () => {
    const run = await sent(['doc', 'comment', 'update', '--node', 'n', '--comment-key', 'k', '--content', 'c', '--mention', ' , ',
      '--mentioned-open-conversation-id', '"a,b", c', '--mentioned-open-conversation-id', 'c']);
    expect(run.calls).toEqual([['doc-comment/update_comment', {
      nodeId: 'n', commentKey: 'k', content: 'c', mentionedUserIds: [], mentionedOpenConversationIds: ['a,b', 'c'],
    }]]);
  });
});

describe('sheet export-csv answers (helpers/sheet_export_csv.go:120-208, parseGetRangeAsCsvResult :216-241@c7521c1c)', () => {
  it('a result key that is not an object is refused, even when csv sits beside it', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: null, csv: 'x' });
    const run = await sent(['sheet', 'export-csv', '--node', 'n']);
    expect([run.reason, run.printed]).toEqual(['backend_error', undefined]);
  });

  it('a hasMore that is not a boolean is no truncation; a true one refuses without --allow-truncated', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: { csv: 'y', hasMore: 'true' } });
    expect((await sent(['sheet', 'export-csv', '--node', 'n'])).printed).toBe('y');
    mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: 'y', hasMore: true });
    expect((await sent(['sheet', 'export-csv', '--node', 'n'])).reason).toBe('invalid_parameter');
  });

  it('--value-render-option is trimmed and lower-cased; a blank one is not sent', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: '' });
    const run = await sent(['sheet', 'export-csv', '--node', ' n ', '--value-render-option', ' RAW_Value ']);
    expect(run.calls).toEqual([['sheet/get_range_as_csv', { nodeId: ' n ', annotateRowNumbers: false, valueRenderOption: 'raw_value' }]]);
    const blank = await sent(['sheet', 'export-csv', '--node', 'n', '--value-render-option', ' ']);
    expect(blank.calls).toEqual([['sheet/get_range_as_csv', { nodeId: 'n', annotateRowNumbers: false }]]);
  });
});
