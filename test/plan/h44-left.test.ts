// Session 44 helper "left" (issue 32 / 34, notes/h44-left.md): differences earlier audits left alone, each run as a
// user types the command against the fake MCP server on 127.0.0.1.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downloadUrl, saveValue } from '../../src/backend/transfer.js';
import { warningLine } from '../../src/errors.js';
import { goIndentRaw } from '../../src/plan/transforms/json.js';
import { validatePlans } from '../../src/plan/validate.js';
import { privateEnv } from '../fixtures/mcp/server.js';
import { dispatchInProcess, realCatalog } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h44left-');

describe('chat message shortcuts read --output-dir / --overwrite only with --download-resources (ValidateMessageResourceDownload, shortcut/chat/chat_message.go:951-956@c7521c1c)', () => {
  const lone: [string, string[], string][] = [
    ['+messages-mget', ['chat', '+messages-mget', '--msg-ids', 'm1'], 'im/list_messages_by_ids'],
    ['+thread-replies', ['chat', '+thread-replies', '--message-id', 'm1'], 'im/list_messages_by_ids'],
    ['+at-me', ['chat', '+at-me'], 'chat/search_at_me_message'],
    ['+search-msg', ['chat', '+search-msg', '--query', 'q'], 'im/search_messages'],
  ];
  for (const [name, argv, tool] of lone) {
    it(`${name}: --output-dir and --overwrite typed without --download-resources are ignored: the run is the one without them`, async () => {
      const plain = await runs.sent(argv);
      expect(plain.calls[0]?.[0]).toBe(tool);
      for (const extra of [['--output-dir', 'x'], ['--overwrite'], ['--output-dir', '../abs', '--overwrite'], ['--download-resources=false', '--output-dir', 'x']]) {
        const run = await runs.sent([...argv, ...extra]);
        expect({ extra, reason: run.reason, tools: run.calls.map(([t]) => t) }).toEqual({ extra, reason: plain.reason, tools: plain.calls.map(([t]) => t) });
      }
    });
    it(`${name}: --download-resources is still refused before any call (declared: downloads are not reproduced)`, async () => {
      const run = await runs.sent([...argv, '--download-resources']);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    });
  }
  const chatMessages = ['chat', '+chat-messages', '--group', 'cidG1=='];
  it('+chat-messages: a lone --output-dir and --overwrite=false are ignored; --overwrite without --output is refused as upstream (smart/chat_messages.go:209-215)', async () => {
    const plain = await runs.sent(chatMessages);
    expect(plain.calls.length).toBeGreaterThan(0);
    for (const extra of [['--output-dir', 'x'], ['--overwrite=false']]) {
      const run = await runs.sent([...chatMessages, ...extra]);
      expect({ extra, reason: run.reason, calls: run.calls }).toEqual({ extra, reason: plain.reason, calls: plain.calls });
    }
    for (const extra of [['--overwrite'], ['--output', 'o.json'], ['--download-resources']]) {
      const run = await runs.sent([...chatMessages, ...extra]);
      expect({ extra, reason: run.reason, calls: run.calls }).toEqual({ extra, reason: 'invalid_parameter', calls: [] });
    }
  });
});

describe('confirm: first asks before a blank required flag is refused (ConfirmFirst, runDeclaredPreflight corecmd.go:482-490@c7521c1c)', () => {
  const cases: [string, string[]][] = [
    ['dev app create --name " " (devapp.go:514)', ['dev', 'app', 'create', '--name', ' ']],
    ['dev app create --name "" (devapp.go:514)', ['dev', 'app', 'create', '--name', '']],
    ['dev app update --unified-app-id "" --name x (devapp.go:552)', ['dev', 'app', 'update', '--unified-app-id', '', '--name', 'x']],
    ['dev app event subscribe --unified-app-id " " (devapp.go:346)', ['dev', 'app', 'event', 'subscribe', '--unified-app-id', ' ', '--event-codes', 'e1']],
  ];
  for (const [name, argv] of cases) {
    it(`${name}: without --yes confirmation_required, with --yes missing_parameter; nothing sent either way`, async () => {
      const asked = await runs.sent(argv);
      const refused = await runs.sent([...argv, '--yes']);
      expect([asked.reason, asked.calls, refused.reason, refused.calls]).toEqual(['confirmation_required', [], 'missing_parameter', []]);
    });
  }
  it('a plan with the default gate still refuses the blank first (checks, then confirmation: doc +comment-delete)', async () => {
    expect((await runs.sent(['doc', '+comment-delete', '--node', ' ', '--comment-id', 'c1'])).reason).toBe('missing_parameter');
  });
});

describe('a notice of the hint kind is led by upstream\'s plain `hint:` (src/errors.ts WARNINGS / warningLine)', () => {
  it('empty_query_ignored renders `hint: <message>`; the bracketed kinds keep their leads', () => {
    expect(JSON.parse(warningLine({ reason: 'empty_query_ignored', message: 'm' }))).toEqual({ warning: { reason: 'empty_query_ignored', message: 'hint: m' } });
    expect(JSON.parse(warningLine({ reason: 'jsonml_repaired', message: 'm' })).warning.message).toBe('[FIX] m');
    expect(JSON.parse(warningLine({ reason: 'deprecated_command', message: 'm' })).warning.message).toBe('[WARN] m');
  });
});

describe('doc search prints upstream\'s stderr hint when --query/--keyword is typed and neither holds text (helpers/doc.go:1208-1216@c7521c1c)', () => {
  /** upstream's test: Changed(query) || Changed(keyword), and no keyword set (GetString != "" for either) */
  const upstreamHints = (query?: string, keyword?: string) => (query !== undefined || keyword !== undefined) && !query && !keyword;
  const text = fc.constantFrom<string | undefined>(undefined, '', ' ', 'q');
  it('the hint, and only it, is added: stdout and the call are those of the same run without it', async () => {
    const answer = { documents: [{ nodeId: 'd1', name: '周报' }] };
    runs.answer('doc/search_documents', answer);
    await fc.assert(fc.asyncProperty(text, text, async (query, keyword) => {
      const argv = ['doc', 'search', ...(query === undefined ? [] : ['--query', query]), ...(keyword === undefined ? [] : ['--keyword', keyword])];
      runs.mcp.calls.length = 0;
      const outcome = await dispatchInProcess(argv, runs.env());
      const notices = outcome.err.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { warning: { reason: string; message: string } }).warning);
      const hints = notices.filter((n) => n.reason === 'empty_query_ignored');
      expect({ argv, hints: hints.map((n) => n.message.startsWith('hint: ')) }).toEqual({ argv, hints: upstreamHints(query, keyword) ? [true] : [] });
      const keywordSent = query ? query : keyword ? keyword : undefined;
      expect({ argv, out: JSON.parse(outcome.out), calls: runs.mcp.calls.map((c) => c.arguments) })
        .toEqual({ argv, out: { result: answer }, calls: [keywordSent === undefined ? {} : { keyword: keywordSent }] });
    }), { numRuns: 16 });
  });
});

/**
 * A model of Go's json.MarshalIndent(json.RawMessage(text), "", "  ") for a text that JSON.stringify wrote (so its
 * escapes, numbers and key order are JavaScript's): the same value laid out with two-space indents, `<`, `>`, `&`,
 * U+2028 and U+2029 escaped as Go's encoder escapes them (they occur only inside strings).
 */
const goIndentModel = (value: unknown) => JSON.stringify(value, null, 2)
  .replace(/[<>&\u2028\u2029]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('transform go_indent_raw is Go\'s json.MarshalIndent of a json.RawMessage (compact with HTML escaping, then json.Indent)', () => {
  const keyed = fc.string().filter((k) => !/^(0|[1-9][0-9]*)$/u.test(k));
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, fc.string({ unit: fc.constantFrom('a', '<', '>', '&', '\u2028', '\u2029', '"', '\\', '\n', 'é', '\u0001') }),
      fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
      fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(keyed, tie('v'), { maxKeys: 3 })),
  })).v;
  it('matches the model for any value, whatever whitespace the text carries', () => {
    fc.assert(fc.property(value, fc.constantFrom<string | number | undefined>(undefined, 1, '\t', ' \n '), (v, space) => {
      expect(goIndentRaw(JSON.stringify(v, null, space), '  ')).toBe(goIndentModel(v));
    }), { numRuns: 300 });
  });
  it('keeps what the text wrote: key order, repeated keys, escapes and number spellings; absent when it is not JSON', () => {
    expect(goIndentRaw('{"b":1.50, "a":[ ], "b":{ }, "\\u00e9":"\\/x<"}', '  ')).toBe('{\n  "b": 1.50,\n  "a": [],\n  "b": {},\n  "\\u00e9": "\\/x\\u003c"\n}');
    expect(goIndentRaw('[1,]', '  ')).toBeUndefined();
    expect(goIndentRaw(' "x" ', '  ')).toBe('"x"');
  });
});

describe('doc read --content-format jsonml --output writes the text upstream writes (runDocReadJsonML helpers/doc.go:4782-4796, runDocReadScope :4854-4866@c7521c1c)', () => {
  const jsonml = '["root", {"b": 1, "a": "<x&y>", "n": 1.50}, [], ["p", "\\u00e9"]]';
  const fileText = (revision?: string) => `{\n  "jsonml": [\n    "root",\n    {\n      "b": 1,\n      "a": "\\u003cx\\u0026y\\u003e",\n      "n": 1.50\n    },\n    [],\n    [\n      "p",\n      "\\u00e9"\n    ]\n  ]${revision === undefined ? '' : `,\n  "revision": ${revision}`}\n}`;
  const read = (...more: string[]) => ['doc', 'read', '--node', 'n1', '--content-format', 'jsonml', ...more];
  it('without --scope: {jsonml, revision} as MarshalIndent writes it, revision int(v) of a number or Sscanf %d of a text, left out otherwise', async () => {
    for (const [revision, written] of [[7.9, '7'], ['12abc', '12'], ['x', undefined], [undefined, undefined]] as const) {
      runs.answer('doc/get_document_content', { jsonml, ...(revision === undefined ? {} : { revision }) });
      runs.mcp.calls.length = 0;
      const run = await runs.timed(read('--output', 'out.json'));
      expect({ revision, printed: run.result, calls: run.calls, file: readFileSync(path.join(run.dir, 'out.json'), 'utf8') })
        .toEqual({ revision, printed: '[INFO] JSONML written to out.json', calls: [['get_document_content', { nodeId: 'n1', format: 'jsonml' }]], file: fileText(written) });
    }
  });
  it('an existing file is replaced, as os.WriteFile replaces it', async () => {
    runs.answer('doc/get_document_content', { jsonml, revision: 2 });
    const run = await runs.timed(read('--output', 'out.json'), { 'out.json': 'old' });
    expect([run.outcome.error?.reason, readFileSync(path.join(run.dir, 'out.json'), 'utf8')]).toEqual([undefined, fileText('2')]);
  });
  it('with --scope: the fragment as MarshalIndent writes it, and {success: true, output} printed', async () => {
    runs.answer('doc/get_document_content', { jsonml });
    const run = await runs.timed(read('--scope', 'outline', '--output', 'frag.json'));
    const fragment = fileText().slice(fileText().indexOf('['), fileText().lastIndexOf(']') + 1).split('\n').map((l, i) => (i === 0 ? l : l.slice(2))).join('\n');
    expect({ printed: run.result, file: readFileSync(path.join(run.dir, 'frag.json'), 'utf8') }).toEqual({ printed: { success: true, output: 'frag.json' }, file: fragment });
  });
  it('a scope read that matched nothing writes nothing and prints {matched: false, jsonml: null} (doc.go:4840-4848)', async () => {
    runs.answer('doc/get_document_content', { jsonml: '' });
    const run = await runs.timed(read('--scope', 'outline', '--output', 'frag.json'));
    expect([run.result, existsSync(path.join(run.dir, 'frag.json'))]).toEqual([{ matched: false, jsonml: null }, false]);
  });
  it('markdown mode still never reads --output: the read is printed, no file (doc.go:1486-1488)', async () => {
    runs.answer('doc/get_document_content', { markdown: '# t' });
    const run = await runs.timed(['doc', 'read', '--node', 'n1', '--output', 'out.md']);
    expect([run.result, existsSync(path.join(run.dir, 'out.md'))]).toEqual([{ markdown: '# t' }, false]);
  });
});

describe('NEW MECHANISM: a download\'s targetExists is the reason an existing target is refused with (src/backend/transfer.ts)', () => {
  it('backend_error or internal_error where declared, invalid_parameter otherwise; the file untouched and nothing fetched either way', async () => {
    runs.mcp.files['t.bin'] = Buffer.from('new');
    for (const targetExists of [undefined, 'backend_error', 'internal_error'] as const) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h44left-t-'));
      writeFileSync(path.join(dir, 'have.bin'), 'old');
      runs.mcp.fetched.length = 0;
      await expect(downloadUrl({ url: `${runs.mcp.base}/files/t.bin`, file: 'have.bin', overwrite: false, maxBytes: 100, timeoutMs: 5000, ...(targetExists ? { targetExists } : {}) },
        privateEnv(runs.mcp.urlTemplate, 't', dir))).rejects.toMatchObject({ reason: targetExists ?? 'invalid_parameter' });
      expect([readFileSync(path.join(dir, 'have.bin'), 'utf8'), runs.mcp.fetched.length]).toEqual(['old', 0]);
    }
  });
});

describe('NEW MECHANISM (session 45): save step target_exists, the reason an existing file is refused with (src/backend/transfer.ts saveValue)', () => {
  it('backend_error or internal_error where declared, invalid_parameter otherwise; the file untouched; overwrite still replaces it', async () => {
    for (const targetExists of [undefined, 'backend_error', 'internal_error'] as const) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h44left-s-'));
      writeFileSync(path.join(dir, 'have.txt'), 'old');
      const env = privateEnv(runs.mcp.urlTemplate, 't', dir);
      await expect(saveValue({ file: 'have.txt', content: 'new', overwrite: false, ...(targetExists ? { targetExists } : {}) }, env)).rejects.toMatchObject({ reason: targetExists ?? 'invalid_parameter' });
      expect(readFileSync(path.join(dir, 'have.txt'), 'utf8')).toBe('old');
      await saveValue({ file: 'have.txt', content: 'new', overwrite: true, ...(targetExists ? { targetExists } : {}) }, env);
      expect(readFileSync(path.join(dir, 'have.txt'), 'utf8')).toBe('new');
    }
  });
  it('the plan validator takes it on a save: backend_error or internal_error, nothing else', () => {
    const tools = realCatalog().tools;
    const problems = (targetExists: string) => validatePlans([{ file: 'x.yaml', doc: { plans: { 'mail.export_message_mime': { facts: 't', steps: [
      { id: 'export', server: 'mail', rpc: 'export_message_mime', args: { email: { flag: 'email' }, id: { flag: 'id' } } },
      { id: 'eml', save: { file: { flag: 'filename' }, content: { from: 'export' }, target_exists: targetExists } }] } } } }], tools).problems;
    expect([problems('backend_error'), problems('internal_error'), problems('invalid_parameter')]).toEqual([[], [],
      ['catalog/plans/x.yaml: mail.export_message_mime: steps[1] (eml).save.target_exists: must be backend_error or internal_error']]);
  });
});

describe('the plan validator takes target_exists: backend_error or internal_error, beside a file (src/plan/validate.ts)', () => {
  it('accepts both reasons with a file, refuses another reason or a missing file', () => {
    const tools = realCatalog().tools;
    const composite = tools.find((t) => t.canonical_path === 'drive.shortcut_download')!;
    const problems = (download: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { [composite.canonical_path]: { facts: 't', steps: [
      { id: 'call', server: 'drive', rpc: 'download_file', args: { fileId: { flag: 'node' } } },
      { id: 'fetch', download: { url: { from: 'call', path: 'url' }, ...download } }] } } } }], tools).problems;
    const file = { file: { flag: 'output' } };
    expect([problems({ ...file, target_exists: 'backend_error' }), problems({ ...file, target_exists: 'internal_error' })]).toEqual([[], []]);
    const refused = 'catalog/plans/x.yaml: drive.shortcut_download: steps[1] (fetch).download.target_exists: must be backend_error or internal_error, beside a file';
    expect([problems({ ...file, target_exists: 'invalid_parameter' }), problems({ temp_dir: 'p', target_exists: 'internal_error', url: { from: 'call', path: 'url', when: { flag: 'output' } } })]).toEqual([[refused], [refused]]);
  });
});

describe('download step target_exists: an existing target is refused with the reason upstream\'s caller gives it (LOCAL_FILE_EXISTS, localio/download.go:253-265@c7521c1c)', () => {
  const { mcp } = runs;
  const cases: { name: string; argv: string[]; answers: (url: string) => Record<string, unknown>; reason: string; exit: number }[] = [
    {
      name: 'doc +export-get (docExportRecoveryError, an API error: content_shortcuts.go:1571-1575)', reason: 'backend_error', exit: 1,
      argv: ['doc', '+export-get', '--job-id', 'j1', '--output', 'have.docx'],
      answers: (url) => ({ 'doc/query_export_job': { result: { status: 'SUCCESS', downloadUrl: url } } }),
    },
    {
      name: 'doc +media-download (docMediaRecoveryError, an API error: media_style_shortcuts.go:249-252)', reason: 'backend_error', exit: 1,
      argv: ['doc', '+media-download', '--node', 'n1', '--resource-id', 'r1', '--output', 'have.docx'],
      answers: (url) => ({ 'doc/download_doc_attachment': { result: { downloadUrl: url } } }),
    },
    {
      // the job was submitted (a write) first: dws's partial outcome names the failed save, now a backend_error inside
      name: 'doc +export (docExportRecoveryError after the submit: content_shortcuts.go:1523-1525)', reason: 'partial_outcome', exit: 7,
      argv: ['doc', '+export', '--node', 'n1', '--output', 'have.docx', '--yes'],
      answers: (url) => ({ 'doc/submit_export_job': { result: { jobId: 'j1' } }, 'doc/query_export_job': { result: { status: 'SUCCESS', downloadUrl: url } } }),
    },
    // session 45: the callers that return localio's error bare, an untyped error upstream's ExitCode maps to 5
    // (internal/errors/errors.go:364-374@c7521c1c)
    {
      name: 'drive +download (the bare error: shortcut/drive/drive.go:209-214)', reason: 'internal_error', exit: 5,
      argv: ['drive', '+download', '--node', 'n1', '--output', 'have.docx'],
      answers: (url) => ({ 'drive/download_file': { result: { downloadUrl: url } } }),
    },
    {
      name: 'drive +version-download (the bare error: shortcut/drive/version_operations.go:127-130)', reason: 'internal_error', exit: 5,
      argv: ['drive', '+version-download', '--node', 'n1', '--version', '3', '--output', 'have.docx'],
      answers: (url) => ({ 'drive/list_file_versions': { result: { versions: [{ version: 3 }] } }, 'drive/download_file_version': { result: { downloadUrl: url } } }),
    },
    {
      name: 'doc +resource-download (the bare error: shortcut/doc/media_style_shortcuts.go:308-311)', reason: 'internal_error', exit: 5,
      argv: ['doc', '+resource-download', '--node', 'n1', '--output', 'have.docx'],
      answers: (url) => ({ 'doc/get_document_style': { result: { cover: { imageUrl: url } } } }),
    },
  ];
  for (const c of cases) {
    it(`${c.name}: refused after the reads, exit ${c.exit}, nothing fetched, the file left as it was`, async () => {
      mcp.files['x.docx'] = Buffer.from('new bytes');
      for (const [key, body] of Object.entries(c.answers(`${mcp.base}/files/x.docx`))) runs.answer(key, body);
      mcp.calls.length = 0;
      mcp.fetched.length = 0;
      const run = await runs.timed(c.argv, { 'have.docx': 'old' });
      expect({ reason: run.outcome.error?.reason, exit: run.outcome.error?.exitCode, file: readFileSync(path.join(run.dir, 'have.docx'), 'utf8'),
        fetched: mcp.fetched.length }).toEqual({ reason: c.reason, exit: c.exit, file: 'old', fetched: 0 });
      if (c.reason === 'partial_outcome') expect(run.outcome.error?.message).toContain('backend_error: the target "have.docx" already exists');
    });
  }
});

describe('mail message export to an existing .eml without --overwrite: upstream\'s bare fmt.Errorf, exit 5 (helpers/mail.go:2282-2285@c7521c1c)', () => {
  it('refused as internal_error after the export read, the file left as it was; --overwrite replaces it', async () => {
    runs.answer('mail/export_message_mime', { result: { emlContent: 'EML-NEW' } });
    const refused = await runs.timed(['mail', 'message', 'export', '--email', 'a@b.c', '--id', 'm1', '--filename', 'm1'], { 'm1.eml': 'old' });
    expect({ reason: refused.outcome.error?.reason, exit: refused.outcome.error?.exitCode, file: readFileSync(path.join(refused.dir, 'm1.eml'), 'utf8') })
      .toEqual({ reason: 'internal_error', exit: 5, file: 'old' });
    const replaced = await runs.timed(['mail', 'message', 'export', '--email', 'a@b.c', '--id', 'm1', '--filename', 'm1', '--overwrite'], { 'm1.eml': 'old' });
    expect([replaced.outcome.error, readFileSync(path.join(replaced.dir, 'm1.eml'), 'utf8')]).toEqual([undefined, 'EML-NEW']);
  });
});

describe('markdown fetch --output replaces an existing file, as os.WriteFile does (runMarkdownFetch helpers/markdown.go:161-168@c7521c1c; h43-a8\'s left-alone)', () => {
  it('the file gets the fetched text and the payload names it; a missing folder is still refused (WriteFile makes none)', async () => {
    runs.mcp.files['n1.md'] = Buffer.from('# new\n');
    runs.answer('drive/get_file_info', { result: { fileId: 'n1' } });
    runs.answer('drive/download_file', { downloadUrl: `${runs.mcp.base}/files/n1.md`, fileName: 'n1.md' });
    const run = await runs.timed(['markdown', 'fetch', '--node', 'n1', '--output', 'have.md'], { 'have.md': 'old' });
    expect([run.outcome.error, run.result, readFileSync(path.join(run.dir, 'have.md'), 'utf8')])
      .toEqual([undefined, { content: '# new\n', file_name: 'n1.md', node_id: 'n1', saved_to: 'have.md', source: 'drive' }, '# new\n']);
    const missing = await runs.timed(['markdown', 'fetch', '--node', 'n1', '--output', 'nodir/x.md']);
    expect([missing.outcome.error?.reason, existsSync(path.join(missing.dir, 'nodir'))]).toEqual(['invalid_parameter', false]);
  });
});
