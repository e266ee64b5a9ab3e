// The order of checks and confirmation (issue 32, p-yesorder): a command that needs the user's confirmation refuses
// bad input first when its upstream validates first (corecmd: required, constraints, Validate, BuildArgs, then
// ConfirmSafety, corecmd.go:426-446, :483-506@c7521c1c); a plan's `confirm: first` (upstream ConfirmFirst, devapp.go:346, ...)
// or `confirm: {before: <step>}` (a body that checks --yes midway) places the gate earlier. Nothing is called before
// the gate. Commands run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dispatchInProcess, realCatalog } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { DISPATCH_READS } from '../../src/contract/control.js';
import { validatePlans } from '../../src/plan/validate.js';

const { mcp, env } = useOutputRuns('dws-yesorder-');

/**
 * A run as the CLI makes it: its exit code and reason (none when it succeeded), the calls sent and the notices; `files`
 * are local files in the run's directory.
 */
async function typed(argv: string[], stdin?: string, files?: Record<string, string>) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(files), undefined, stdin === undefined ? {} : { stdin });
  return {
    exit: outcome.error?.exitCode ?? 0,
    reason: outcome.error?.reason,
    message: outcome.error?.message,
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
    notices: outcome.err.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { warning: { reason: string } }).warning.reason),
  };
}

describe('a command whose upstream validates first refuses bad input before asking for confirmation', () => {
  it('chat category delete --category-id 0 is refused for the id without --yes (chat.go:5333-5343), and asks for confirmation once the id is good', async () => {
    expect(await typed(['chat', 'category', 'delete', '--category-id', '0'])).toEqual({
      exit: 3, reason: 'invalid_parameter', message: 'chat.delete_conv_category: flag --category-id is required', calls: [], notices: [],
    });
    expect(await typed(['chat', 'category', 'delete', '--category-id', '7'])).toEqual({
      exit: 3, reason: 'confirmation_required', message: 'chat.delete_conv_category (destructive, risk high) needs the user\'s confirmation', calls: [], notices: [],
    });
    expect((await typed(['chat', 'category', 'delete', '--category-id', '7', '--yes'])).calls).toEqual([['im/delete_conv_category', { categoryId: 7 }]]);
  });

  it('drive revert with --version 0 is refused for the version without --yes (drive.go:3242-3250, the gate at the call)', async () => {
    const bad = await typed(['drive', 'revert', '--node', 'N1', '--version', '0']);
    expect({ exit: bad.exit, reason: bad.reason, calls: bad.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(bad.message).toContain('--version must be a whole number above 0');
    const good = await typed(['drive', 'revert', '--node', 'N1', '--version', '3']);
    expect({ exit: good.exit, reason: good.reason, calls: good.calls }).toEqual({ exit: 3, reason: 'confirmation_required', calls: [] });
  });

  it('a file the flags name that cannot be read is refused before the gate: mail message send --attachment (mail.go:536-540, the gate at the call)', async () => {
    const argv = ['mail', 'message', 'send', '--from', 'a@example.com', '--to', 'b@example.com', '--subject', 's', '--content', 'c'];
    const missing = await typed([...argv, '--attachment', 'missing.pdf']);
    expect({ exit: missing.exit, reason: missing.reason, calls: missing.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(missing.message).toContain('missing.pdf');
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
  });

  it('doc update --content - reads the standard input before the gate: empty content is refused, text asks for confirmation (doc.go:1708-1726)', async () => {
    const argv = ['doc', 'update', '--node', 'N1', '--content', '-', '--mode', 'append'];
    const empty = await typed(argv, '');
    expect({ exit: empty.exit, reason: empty.reason, calls: empty.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(empty.message).toContain('the content is empty');
    expect(await typed(argv, 'hello')).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    expect((await typed([...argv, '--yes'], 'hello')).calls.length).toBeGreaterThan(0);
  });

  it('a missing required flag is refused before the gate, as before (dispatch validation)', async () => {
    const run = await typed(['chat', 'clear-messages']);
    expect({ exit: run.exit, calls: run.calls, confirmation: run.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
  });
});

describe('a command whose upstream confirms first asks for confirmation before any check', () => {
  it('dev app event subscribe with no event code asks for confirmation first (ConfirmFirst, devapp.go:346) and refuses the codes with --yes', async () => {
    const argv = ['dev', 'app', 'event', 'subscribe', '--unified-app-id', 'A1', '--event-codes', ',;'];
    expect(await typed(argv)).toEqual({
      exit: 3, reason: 'confirmation_required', message: 'dev.subscribe_dev_app_events (write, risk high) needs the user\'s confirmation', calls: [], notices: [],
    });
    const yes = await typed([...argv, '--yes']);
    expect({ exit: yes.exit, reason: yes.reason, calls: yes.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  it('dev app update without its required --unified-app-id asks for confirmation first (devapp.go:552); with --yes the flag is missing', async () => {
    expect((await typed(['dev', 'app', 'update', '--name', 'x'])).reason).toBe('confirmation_required');
    const yes = await typed(['dev', 'app', 'update', '--name', 'x', '--yes']);
    expect({ exit: yes.exit, calls: yes.calls, confirmation: yes.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
  });

  it('oa approval create-instance checks --yes before its request (oa.go:1155-1160): bad form values ask for confirmation first', async () => {
    const argv = ['oa', 'approval', 'create-instance', '--process-code', 'P1', '--form-values', 'not json'];
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    expect(await typed([...argv, '--yes'])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });
});

describe('a body that checks --yes midway: the gate stands before the step its plan names', () => {
  it('drive permission transfer-owner checks its targets, then asks; --reserve-role and --recursive are checked only with --yes (drive.go:2361-2379)', async () => {
    expect(await typed(['drive', 'permission', 'transfer-owner', '--node', 'N1', '--workspace', 'W1', '--new-owner', 'U1'])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(await typed(['drive', 'permission', 'transfer-owner', '--node', 'N1', '--new-owner', 'U1'])).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    const yes = await typed(['drive', 'permission', 'transfer-owner', '--node', 'N1', '--new-owner', 'U1', '--yes']);
    expect({ exit: yes.exit, reason: yes.reason, calls: yes.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(yes.message).toContain('--reserve-role is required');
  });

  it('a sheet deletion asks for --yes before its body checks the values (sheet_batch.go:407-426, sheet_dimension.go:466-469): delete-dimension --length 6000', async () => {
    const argv = ['sheet', 'delete-dimension', '--node', 'N1', '--sheet-id', 'S1', '--dimension', 'ROWS', '--position', '1', '--length', '6000'];
    const no = await typed(argv);
    expect({ exit: no.exit, reason: no.reason, calls: no.calls }).toEqual({ exit: 3, reason: 'confirmation_required', calls: [] });
    expect(await typed([...argv, '--yes'])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });
});

describe('a shortcut without a Validate hook asks before its Execute checks and builds the arguments (corecmd.go:426-436)', () => {
  it('chat +category-add-conversation --category-ids 1,x asks for confirmation first, and refuses the id with --yes (chat_conversation.go:1206-1209)', async () => {
    const argv = ['chat', '+category-add-conversation', '--group', 'cid0123456789ab', '--category-ids', '1,x'];
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    const yes = await typed([...argv, '--yes']);
    expect({ exit: yes.exit, reason: yes.reason, calls: yes.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  it('chat +chat-create refuses no members before the gate (its AtLeastOne constraint), a malformed owner id only after it (lark_alignment.go:46-57)', async () => {
    const none = await typed(['chat', '+chat-create', '--name', 'g', '--users', ',']);
    expect({ exit: none.exit, calls: none.calls, confirmation: none.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
    const argv = ['chat', '+chat-create', '--name', 'g', '--users', 'u1', '--owner-open-dingtalk-id', 'x'];
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    const yes = await typed([...argv, '--yes']);
    expect({ exit: yes.exit, calls: yes.calls, confirmation: yes.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
  });

  it('aitable +chart-update with a --config that is no JSON object asks first; Execute refuses it with --yes (aitable.go:2448)', async () => {
    const argv = ['aitable', '+chart-update', '--base-id', 'B1', '--dashboard-id', 'D1', '--chart-id', 'C1', '--config', '[1]'];
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    const yes = await typed([...argv, '--yes']);
    expect({ exit: yes.exit, calls: yes.calls, confirmation: yes.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
  });
});

// p-yes2a: the aitable, drive, doc and wiki shortcuts the first pass left (notes/p-yes2a.md). A Shortcut confirms after
// its preflight (Required, enums, constraints, its Validate hook) and before Execute (corecmd.go:426-436,
// shortcut/adapter.go:49-77@c7521c1c).
describe('an aitable/drive/doc shortcut asks before the checks its Execute makes, and refuses them only with --yes', () => {
  const empty = { 'empty.pdf': '', 'note.txt': 'x' };
  const cases: [string, string[], string][] = [
    // attachment_composite.go:96-101: openAttachmentFile in Execute
    ['aitable +attachment-put with an empty file', ['aitable', '+attachment-put', '--base-id', 'B1', '--table-id', 'T1', '--record-id', 'R1', '--field-id', 'F1', '--file', 'empty.pdf'], 'a regular file of 1 byte to 100 MiB'],
    // attachment_composite.go:192-197
    ['aitable +attachment-remove with neither --remove-name nor --clear-all', ['aitable', '+attachment-remove', '--base-id', 'B1', '--table-id', 'T1', '--record-id', 'R1', '--field-id', 'F1'], 'give exactly one of --remove-name'],
    // base_composite.go:171-175: parseBootstrapTables in Execute
    ['aitable +base-bootstrap with --tables that is no list', ['aitable', '+base-bootstrap', '--name', 'b', '--tables', '{}'], '--tables must be a non-empty JSON list'],
    // record_bulk_patch.go:49-56
    ['aitable +record-bulk-patch with an empty --patch', ['aitable', '+record-bulk-patch', '--base-id', 'B1', '--table-id', 'T1', '--patch', '{}', '--all'], '--patch must be a non-empty JSON object'],
    // record_upsert_by_key.go:87-95, :184-205: recordKeyValue in Execute, before --cells is read
    ['aitable +record-upsert-by-key with a list as --key-value-json and a list as --cells', ['aitable', '+record-upsert-by-key', '--base-id', 'B1', '--table-id', 'T1', '--key-field-id', 'K1', '--key-value-json', '[1]', '--cells', '[]'], '--key-value-json takes one JSON scalar'],
    // table_copy.go:55-61
    ['aitable +table-copy with --max-records 0', ['aitable', '+table-copy', '--source-base-id', 'B1', '--source-table-id', 'T1', '--target-base-id', 'B2', '--new-name', 'n', '--max-records', '0'], '--max-records must be in 1..10000'],
    // aitable.go:742-756, record_batch.go:50-53: parseRecordObjects in Execute
    ['aitable +record-update with an empty --records list', ['aitable', '+record-update', '--base-id', 'B1', '--table-id', 'T1', '--records', '[]'], '--records must be a non-empty JSON list'],
    // aitable.go:941-955, record_batch.go:58-61
    ['aitable +record-upsert with a record without cells', ['aitable', '+record-upsert', '--base-id', 'B1', '--table-id', 'T1', '--records', '[{"cells":{}}]'], 'cells'],
    // aitable.go:759-773, record_batch.go:66-69, :153-155: parseRecordIDs in Execute
    ['aitable +record-delete with 10001 distinct ids', ['aitable', '+record-delete', '--base-id', 'B1', '--table-id', 'T1', '--record-ids', Array.from({ length: 10001 }, (_, i) => `r${i}`).join(',')], 'at most 10000 distinct ids'],
    // catalog_operations.go:452, :510-537: resolveDriveUploadInput in Execute
    ['drive +upload with an absolute --file', ['drive', '+upload', '--file', '/etc/hostname'], 'relative to the working directory'],
    ['drive +upload with an empty file', ['drive', '+upload', '--file', 'empty.pdf'], 'an empty file'],
    // content_shortcuts.go:526-531: validateJSONML in Execute
    ['doc +update --doc-format jsonml with an empty array', ['doc', '+update', '--node', 'N1', '--command', 'overwrite', '--doc-format', 'jsonml', '--content', '[]'], 'the top-level array is empty'],
    // review_shortcuts.go:118-126: normalizeMentionUserIDs in Execute
    ['doc +comment-create with a --mention of no id', ['doc', '+comment-create', '--node', 'N1', '--content', 'c', '--mention', ','], '--mention needs at least one non-empty user id'],
    // media_style_shortcuts.go:145, helpers/doc_style.go:309, :398-414: validateCoverImageFile in Execute
    ['doc +resource-update with a --file that is no image', ['doc', '+resource-update', '--node', 'N1', '--file', 'note.txt'], 'must be an image'],
  ];

  it.each(cases)('%s: confirmation_required without --yes, the refusal with it, no call either way', async (_label, argv, refusal) => {
    expect(await typed(argv, undefined, empty)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    const yes = await typed([...argv, '--yes'], undefined, empty);
    expect({ exit: yes.exit, reason: yes.reason, calls: yes.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(yes.message).toContain(refusal);
  });

  it('doc +resource-update checks the size before the image type, both after the gate (helpers/doc_style.go:406-412)', async () => {
    const files = { 'big.txt': 'x'.repeat(20 * 1024 * 1024 + 1) };
    const argv = ['doc', '+resource-update', '--node', 'N1', '--file', 'big.txt'];
    expect(await typed(argv, undefined, files)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    expect(await typed([...argv, '--yes'], undefined, files)).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect((await typed([...argv, '--yes'], undefined, files)).message).toContain('at most 20 MiB');
  });
});

describe('a shortcut\'s preflight and Validate hook still refuse before the gate', () => {
  const files = { 'note.txt': 'x', 'cover.png': 'png' };
  const cases: [string, string[], string][] = [
    // aitable.go:2622-2627 (Validate)
    ['aitable +import-upload --file-size 0', ['aitable', '+import-upload', '--base-id', 'B1', '--file-name', 'a.xlsx', '--file-size', '0'], '--file-size is required and must be a positive integer'],
    // content_shortcuts.go:398-400 (Validate)
    ['doc +update appending JSONML', ['doc', '+update', '--node', 'N1', '--command', 'append', '--doc-format', 'jsonml', '--content', '["p"]'], 'JSONML content cannot be appended'],
    // content_shortcuts.go:376-380 (Validate)
    ['doc +update block_replace without --block-id', ['doc', '+update', '--node', 'N1', '--command', 'block_replace', '--content', 'x'], 'needs --block-id'],
    // review_shortcuts.go:109-111 (Validate)
    ['doc +comment-create with --end before --start', ['doc', '+comment-create', '--node', 'N1', '--content', 'c', '--block-id', 'b', '--start', '3', '--end', '1'], '--end must be greater than --start'],
    // media_style_shortcuts.go:54 (the --where enum, preflight)
    ['doc +media-insert --where middle', ['doc', '+media-insert', '--node', 'N1', '--file', 'note.txt', '--where', 'middle'], '--where must be before or after'],
    // media_style_shortcuts.go:56, common.go:112-115 (Validate: validateWorkspaceInputPath)
    ['doc +media-insert with a missing --file', ['doc', '+media-insert', '--node', 'N1', '--file', 'missing.pdf'], 'missing.pdf'],
    // media_style_shortcuts.go:135-140 (Validate)
    ['doc +resource-update with a missing --file', ['doc', '+resource-update', '--node', 'N1', '--file', 'missing.png'], 'missing.png'],
    // version_operations.go:157-162 (Validate)
    ['drive +version-revert --version 0', ['drive', '+version-revert', '--node', 'N1', '--version', '0'], '--version must be a whole number above 0'],
    // dws's own refusal of a flag it does not carry out (table_copy.go:116-121 copies the records)
    ['aitable +table-copy --include-records', ['aitable', '+table-copy', '--source-base-id', 'B1', '--source-table-id', 'T1', '--target-base-id', 'B2', '--new-name', 'n', '--include-records'], '--include-records is not supported by dws'],
  ];

  it.each(cases)('%s is refused without --yes, before any call', async (_label, argv, refusal) => {
    const run = await typed(argv, undefined, files);
    expect({ exit: run.exit, reason: run.reason, calls: run.calls }).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(run.message).toContain(refusal);
  });

  it.each([
    ['aitable +import-upload', ['aitable', '+import-upload', '--base-id', 'B1', '--file-name', 'a.xlsx', '--file-size', '10']],
    ['doc +media-insert', ['doc', '+media-insert', '--node', 'N1', '--file', 'note.txt', '--where', 'after']],
    ['doc +resource-update', ['doc', '+resource-update', '--node', 'N1', '--file', 'cover.png']],
    ['drive +version-revert', ['drive', '+version-revert', '--node', 'N1', '--version', '2']],
  ])('%s with good input asks for confirmation and calls nothing', async (_label, argv) => {
    expect(await typed(argv, undefined, files)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
  });
});

describe('a doc/wiki shortcut whose Execute starts with a call asks before it', () => {
  it.each([
    // smart/doc_access.go:395-404, :206-241
    ['doc +share', ['doc', '+share', '--to', '张三', '--url', 'https://alidocs.dingtalk.com/i/nodes/D1'], 'contact/search_contact_by_key_word'],
    // history_template_shortcuts.go:151-160
    ['doc +version-revert', ['doc', '+version-revert', '--node', 'N1', '--version', '3'], 'doc/list_doc_versions'],
    ['doc +history-revert', ['doc', '+history-revert', '--node', 'N1', '--version', '3'], 'doc/list_doc_versions'],
    // wiki/nodes.go:111-143, :145-195, :201-224
    ['wiki +node-copy', ['wiki', '+node-copy', '--workspace', 'W1', '--node', 'N1'], 'doc/copy_document'],
    ['wiki +move', ['wiki', '+move', '--workspace', 'W1', '--node', 'N1'], 'doc/get_document_info'],
    ['wiki +move-to-drive', ['wiki', '+move-to-drive', '--node', 'N1'], 'doc/get_document_info'],
    ['wiki +node-delete', ['wiki', '+node-delete', '--workspace', 'W1', '--node', 'N1'], 'doc/get_document_info'],
  ])('%s: confirmation_required and no call without --yes; with it the first call is %s', async (_label, argv, first) => {
    expect(await typed(argv)).toMatchObject({ exit: 3, reason: 'confirmation_required', calls: [] });
    expect((await typed([...argv, '--yes'])).calls[0]?.[0]).toBe(first);
  });
});

// p-odds (issue 32): upstream's drive upload leaf needs no confirmation (helpers/drive.go:1305-1309@c7521c1c); its body
// asks only when --node (or a hidden spelling) overwrites, on the drive and the knowledge-base route, after its checks
// and before the first call (confirmDangerousAction, drive.go:138, :194). The plan says so: `confirm: {when: {flag: node}}`.
describe('a plan whose upstream asks only on one path: drive upload asks only when --node overwrites', () => {
  /** A run in its own directory holding x.txt, from a clean call record. */
  const upload = async (flags: string[]) => {
    mcp.calls.length = 0;
    mcp.answers['drive/get_upload_info'] = () => ({ result: { uploadId: 'u1', resourceUrl: `${mcp.base}/upload/x.txt` } });
    mcp.answers['drive/commit_upload'] = () => ({ success: true, fileId: 'f1' });
    mcp.answers['doc/get_file_upload_info'] = () => ({ resourceUrl: `${mcp.base}/upload/x.txt`, uploadKey: 'k1' });
    mcp.answers['doc/commit_uploaded_file'] = () => ({ success: true, nodeId: 'n1' });
    const outcome = await dispatchInProcess(['drive', 'upload', '--file', 'x.txt', ...flags], env({ 'x.txt': 'abc' }));
    return { exit: outcome.error?.exitCode ?? 0, reason: outcome.error?.reason, calls: mcp.calls.map((c) => `${c.server}/${c.name}`) };
  };

  it('a new upload into a folder, the root or a knowledge base runs without --yes', async () => {
    expect(await upload(['--folder', 'fldA'])).toEqual({ exit: 0, reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload'] });
    expect(await upload([])).toEqual({ exit: 0, reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload'] });
    expect(await upload(['--workspace', 'ws1'])).toEqual({ exit: 0, reason: undefined, calls: ['doc/get_file_upload_info', 'doc/commit_uploaded_file'] });
  });

  it('an overwrite (--node, its hidden spellings, a padded id, either route) asks for confirmation and sends nothing; with --yes it overwrites', async () => {
    const asked = { exit: 3, reason: 'confirmation_required', calls: [] };
    for (const flags of [['--node', 'N1'], ['--file-id', 'N1'], ['--doc-id', 'N1'], ['--node-id', 'N1'], ['--node', ' '], ['--workspace', 'ws1', '--node', 'N1']]) {
      expect({ flags, run: await upload(flags) }).toEqual({ flags, run: asked });
    }
    expect(await upload(['--node', 'N1', '--yes'])).toEqual({ exit: 0, reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload'] });
    expect(mcp.calls[0].arguments).toEqual({ fileName: 'x.txt', fileSize: 3, overwriteFileId: 'N1' });
  });

  it('an overwrite with bad input is refused for the input first (drive.go:86-104 before :138): --node with --folder', async () => {
    const run = await upload(['--node', 'N1', '--folder', 'F1']);
    expect({ exit: run.exit, calls: run.calls, confirmation: run.reason === 'confirmation_required' }).toEqual({ exit: 3, calls: [], confirmation: false });
  });

  it('--help says when --yes is needed', async () => {
    const { out } = await dispatchInProcess(['drive', 'upload', '--help'], env());
    expect(out).toContain('Confirmation / 确认: --yes is needed only when --node is set');
  });

  it('any overwrite without --yes, whatever else is typed, sends nothing', async () => {
    const other = fc.subarray([['--folder', 'F1'], ['--space-id', 'S1'], ['--workspace', 'W1'], ['--file-name', 'y.txt'], ['--mime-type', 'text/plain'], ['--convert']]);
    await fc.assert(fc.asyncProperty(fc.string({ minLength: 1 }).filter((v) => !v.startsWith('-')), fc.constantFrom('--node', '--file-id', '--doc-id', '--node-id'), other,
      async (node, spelling, rest) => {
        const run = await upload([spelling, node, ...rest.flat()]);
        expect({ calls: run.calls, refused: run.exit === 2 || run.exit === 3 }).toEqual({ calls: [], refused: true });
      }), { numRuns: 60 });
  });
});

describe('a deprecated command\'s notice comes before dispatch\'s checks, as upstream\'s wrapper prints it', () => {
  it('report list without its required flags prints the notice, then is refused (report.go wrapper before the body\'s checks)', async () => {
    const run = await typed(['report', 'list']);
    expect({ exit: run.exit, notices: run.notices, calls: run.calls }).toEqual({ exit: 3, notices: ['deprecated_command'], calls: [] });
  });

  it('doc delete without --yes prints the notice, then asks for confirmation (doc.go:4648-4660)', async () => {
    expect(await typed(['doc', 'delete', '--node', 'N1'])).toMatchObject({ exit: 3, reason: 'confirmation_required', notices: ['deprecated_command'], calls: [] });
  });
});

describe('the checks ahead of the gate never call the backend', () => {
  // a plan whose gate stands only when a flag condition holds (`confirm: {when}`) has its own property above
  const gated = realCatalog().tools.filter((t) => t.confirmation === 'user_required' && t.visibility !== 'hidden' && !(typeof t.plan?.confirm === 'object' && t.plan.confirm.when));
  const VALUES = ['', ' ', 'x', '0', '1', '-1', '5001', '[]', '{}', '[1]', '{"a":1}', ',', ',;', 'a,b', '2026-01-01', 'null', '-'];
  // never --yes itself, which some tools declare (sheet cond-format delete's bool --yes): since h33-flags a detached
  // `--yes 1` is upstream's BoolValueHandler's `--yes=1` (root.go:2055@c7521c1c), a confirmation, not a stray word
  // nor the other flags dispatch itself reads (DISPATCH_READS): upstream's other confirmation spellings (attendance's
  // --user-say-yes), which confirm as --yes does, and a declared --dry-run (markdown overwrite's), which sends nothing
  // and exits 0
  const flagsOf = (t: ToolSpec) => Object.entries(t.parameters).filter(([name, p]) => p.alias_of === undefined && !DISPATCH_READS.has(name));
  const argvFor = (t: ToolSpec) => fc.subarray(flagsOf(t)).chain((picked) => fc.tuple(...picked.map(([name, p]) =>
    p.type === 'bool' || p.type === 'boolean' ? fc.constantFrom([`--${name}`], [`--${name}=false`]) : fc.constantFrom(...VALUES).map((v) => [`--${name}`, v])))
    .map((parts) => [...t.cli_path.split(' '), ...parts.flat()]));

  it('every catalog write command that needs confirmation, run without --yes on any flags, refuses (exit 2 or 3) and sends nothing', async () => {
    expect(gated.length).toBeGreaterThan(300);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...gated).chain(argvFor), async (argv) => {
      const run = await typed(argv, '');
      expect({ argv, calls: run.calls, refused: run.exit === 2 || run.exit === 3 }).toEqual({ argv, calls: [], refused: true });
    }), { numRuns: 400 });
  });
});

describe('the build checks where a plan places its confirmation gate', () => {
  const tools = realCatalog().tools;
  const problems = (path: string, body: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { [path]: { facts: 'test', ...body } } } }], tools).problems;
  const refuse = { id: 'zero', when: { equals: [{ flag: 'category-id', transform: ['int'] }, 0] }, refuse: 'flag --category-id is required' };
  const call = { id: 'call', server: 'im', rpc: 'delete_conv_category', args: { categoryId: { flag: 'category-id', transform: ['int'] } } };
  const after = { id: 'after', when: { flag: 'category-id' }, refuse: 'never' };

  it('accepts first, and before a step with no call ahead of it', () => {
    expect(problems('chat.delete_conv_category', { confirm: 'first', steps: [refuse, call] })).toEqual([]);
    expect(problems('chat.delete_conv_category', { confirm: { before: 'call' }, steps: [refuse, call] })).toEqual([]);
  });

  it('refuses a step the plan lacks, a step after a call, an unknown shape, and a command that needs no confirmation', () => {
    expect(problems('chat.delete_conv_category', { confirm: { before: 'nope' }, steps: [refuse, call] }))
      .toEqual(['catalog/plans/x.yaml: chat.delete_conv_category: confirm: before names "nope", which is no step of the plan']);
    expect(problems('chat.delete_conv_category', { confirm: { before: 'after' }, steps: [refuse, call, after] }))
      .toEqual(['catalog/plans/x.yaml: chat.delete_conv_category: confirm: step "call" before "after" reaches the backend, and nothing is called before the confirmation gate']);
    expect(problems('chat.delete_conv_category', { confirm: 'last', steps: [refuse, call] }))
      .toEqual(['catalog/plans/x.yaml: chat.delete_conv_category: confirm: must be "first" or {before?: <step id>, when?: <condition>}']);
    expect(problems('chat.shortcut_conversation_list', { confirm: 'first', steps: [{ id: 'call', server: 'im', rpc: 'list_all_conversations', args: {} }] }))
      .toEqual(['catalog/plans/x.yaml: chat.shortcut_conversation_list: confirm: only a command whose confirmation is user_required has a confirmation gate to place (this one is not_required)']);
  });

  it('accepts a gate that stands only when a flag condition holds, alone or with before; refuses one that reads more than the flags, and an empty or unknown shape', () => {
    const when = { flag: 'category-id' };
    expect(problems('chat.delete_conv_category', { confirm: { when }, steps: [refuse, call] })).toEqual([]);
    expect(problems('chat.delete_conv_category', { confirm: { before: 'call', when }, steps: [refuse, call] })).toEqual([]);
    const readsMore = 'whether a confirmation is asked is decided before the run starts, so its condition reads flags only (no step result, standard input, file, environment or dry run)';
    expect(problems('chat.delete_conv_category', { confirm: { when: { from: 'call' } }, steps: [refuse, call] }))
      .toEqual([`catalog/plans/x.yaml: chat.delete_conv_category: confirm.when: ${readsMore}`]);
    expect(problems('chat.delete_conv_category', { confirm: { when: { not: { dry_run: true } } }, steps: [refuse, call] }))
      .toEqual([`catalog/plans/x.yaml: chat.delete_conv_category: confirm.when: ${readsMore}`]);
    expect(problems('chat.delete_conv_category', { confirm: { when: { flag: 'nope' } }, steps: [refuse, call] })).toHaveLength(1);
    for (const confirm of [{}, { when, after: 'call' }, { before: 3 }]) {
      expect(problems('chat.delete_conv_category', { confirm, steps: [refuse, call] }))
        .toEqual(['catalog/plans/x.yaml: chat.delete_conv_category: confirm: must be "first" or {before?: <step id>, when?: <condition>}']);
    }
  });

  it('refuses a deprecation notice whose condition reads more than the flags', () => {
    const notice = { reason: 'deprecated_command', message: 'old', when: { from: 'call' } };
    expect(problems('chat.delete_conv_category', { warnings: [notice], steps: [refuse, call] }).filter((p) => p.includes('warnings')))
      .toEqual(['catalog/plans/x.yaml: chat.delete_conv_category: warnings[0].when: a deprecated_command notice is given before the run starts, so its condition reads flags only (no step result, standard input, file or environment)']);
  });
});
