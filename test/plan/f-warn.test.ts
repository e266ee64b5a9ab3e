// Upstream's stderr notices (issue 32, f-warn): the `[WARN]` / `[FIX]` lines upstream writes while a command still runs
// and answers on stdout. dws emits them on the run's notice channel (src/errors.ts WARNINGS, the plan's `warnings:`,
// the jsonml transform), one JSON line each on stderr; stdout, the calls and the exit code stay what they were.
// Commands run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { runDispatch } from '../../src/dispatch/cli.js';
import { DwsError, WARNINGS } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env } = useOutputRuns('dws-fwarn-');

/** A run as the CLI makes it: stdout, the stderr notice lines parsed, the calls sent and the refusal (if any). */
async function typed(argv: string[], files?: Record<string, string>) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(files));
  return {
    out: outcome.out,
    notices: outcome.err.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { warning: { reason: string; message: string; details?: unknown } }),
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
    reason: outcome.error?.reason,
    error: outcome.error,
  };
}

/** The same run with no notice sink at all (what stdout was before the channel existed). */
async function silent(argv: string[], files?: Record<string, string>): Promise<{ out: string; reason?: string }> {
  let out = '';
  try {
    await runDispatch(argv, shippedEngine, { write: async (t) => void (out += t), env: env(files) });
  } catch (e) {
    if (e instanceof DwsError) return { out, reason: e.reason };
    throw e;
  }
  return { out };
}

const reasons = (r: { notices: { warning: { reason: string } }[] }) => r.notices.map((n) => n.warning.reason);
const prefixes = (r: { notices: { warning: { message: string } }[] }) => r.notices.map((n) => n.warning.message.slice(0, n.warning.message.indexOf(']') + 1));

describe('a deprecated command prints upstream\'s [WARN] line on stderr and answers as before', () => {
  it('doc copy names drive copy on stderr; stdout is the answer it printed without the notice', async () => {
    const argv = ['doc', 'copy', '--node', 'N1', '--folder', 'F1'];
    const run = await typed(argv);
    expect(run.notices).toEqual([{ warning: { reason: 'deprecated_command',
      message: '[WARN] `dws doc copy` is kept for compatibility only; use `dws drive copy` instead / 该命令仅为兼容保留，请改用 dws drive copy' } }]);
    expect(run.calls).toEqual([['doc/copy_document', { nodeId: 'N1', targetFolderId: 'F1' }]]);
    expect(run.out).toBe((await silent(argv)).out);
    expect(JSON.parse(run.out)).toEqual({ result: { server: 'doc', tool: 'copy_document', arguments: { nodeId: 'N1', targetFolderId: 'F1' } } });
  });

  it('each doc leaf upstream wraps (doc.go:4648-4673) and drive list-spaces (drive.go:1372) warns once, naming its replacement', async () => {
    const lines: [string[], string][] = [
      [['doc', 'move', '--node', 'N1', '--folder', 'F1'], 'dws drive move'],
      [['doc', 'rename', '--node', 'N1', '--name', 'x'], 'dws drive rename'],
      [['doc', 'delete', '--node', 'N1', '--yes'], 'dws drive delete'],
      [['doc', 'list'], 'dws drive list --workspace <workspaceId> or dws wiki node list --workspace <workspaceId>'],
      [['doc', 'file', 'create', '--name', 'a', '--type', 'adoc'], 'dws wiki node create --type <type>'],
      [['doc', 'folder', 'create', '--name', 'a'], 'dws drive mkdir or dws wiki node create --workspace <workspaceId> --name <name> --type folder'],
      [['doc', 'permission', 'list', '--node', 'N1'], 'dws drive permission list'],
      [['doc', 'search', '--query', 'q'], 'dws drive search or dws wiki node search --workspace <workspaceId>'],
      [['drive', 'list-spaces'], 'dws wiki space list --type orgSpace (or --type mySpace)'],
    ];
    for (const [argv, replacement] of lines) {
      const run = await typed(argv);
      expect({ argv, reason: run.reason, notices: run.notices.map((n) => [n.warning.reason, n.warning.message.startsWith('[WARN] '), n.warning.message.includes(`use \`${replacement}\``)]) })
        .toEqual({ argv, reason: undefined, notices: [['deprecated_command', true, true]] });
      expect(run.out).toBe((await silent(argv)).out);
    }
  });

  it('doc upload warns for the command, and once more when --workspace (or --workspace-id) is given (doc.go:140-142)', async () => {
    const plain = await typed(['doc', 'upload', '--file', 'a.txt', '--dry-run'], { 'a.txt': 'x' });
    expect(reasons(plain)).toEqual(['deprecated_command']);
    const spaced = await typed(['doc', 'upload', '--file', 'a.txt', '--workspace-id', 'W1', '--dry-run'], { 'a.txt': 'x' });
    expect(spaced.notices.map((n) => n.warning.message.slice(0, 40))).toEqual(['[WARN] `dws doc upload` is kept for comp', '[WARN] `dws doc upload --workspace` is k']);
    expect(spaced.out).toBe((await silent(['doc', 'upload', '--file', 'a.txt', '--workspace-id', 'W1', '--dry-run'], { 'a.txt': 'x' })).out);
  });

  it('report\'s old names warn only when typed (report.go:771-780); the new names of the same commands do not', async () => {
    const pairs: [string[], string[], string][] = [
      [['report', 'stats', '--report-id', 'R1'], ['report', 'entry', 'stats', '--report-id', 'R1'], 'dws report entry stats'],
      [['report', 'detail', '--report-id', 'R1'], ['report', 'entry', 'get', '--report-id', 'R1'], 'dws report entry get'],
      [['report', 'sent', '--dry-run'], ['report', 'outbox', 'list', '--dry-run'], 'dws report outbox list'],
      [['report', 'created', '--dry-run'], ['report', 'outbox', 'list', '--dry-run'], 'dws report outbox list'],
      [['report', 'list', '--start', '2026-03-01 00:00:00', '--end', '2026-03-02 00:00:00', '--dry-run'],
        ['report', 'inbox', 'list', '--start', '2026-03-01 00:00:00', '--end', '2026-03-02 00:00:00', '--dry-run'], 'dws report inbox list'],
    ];
    for (const [old, current, replacement] of pairs) {
      const typedOld = await typed(old);
      const typedNew = await typed(current);
      expect({ old, notices: typedOld.notices.map((n) => [n.warning.reason, n.warning.message.includes(`use \`${replacement}\``)]), fresh: typedNew.notices })
        .toEqual({ old, notices: [['deprecated_command', true]], fresh: [] });
      expect({ old, out: typedOld.out, calls: typedOld.calls, reason: typedOld.reason }).toEqual({ old, out: typedNew.out, calls: typedNew.calls, reason: typedNew.reason });
    }
  });

  it('a command that is not deprecated prints no notice', async () => {
    const run = await typed(['drive', 'copy', '--node', 'N1', '--folder', 'F1', '--workspace', 'W1']);
    expect(run.notices).toEqual([]);
  });
});

describe('the JSONML check prints what it let pass, removed and mended, in upstream\'s order, and sends as before', () => {
  const insert = (element: string, ...more: string[]) => ['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', element, ...more];

  it('an unknown attribute and a misplaced child are sent, with one [WARN] line listing them', async () => {
    const argv = insert('["p",{"colour":"red"},["p",{}]]');
    const run = await typed(argv);
    expect(run.calls).toEqual([['doc/insert_document_block', { nodeId: 'D1', format: 'jsonml', jsonml: '["p",{"colour":"red"},["p",{}]]' }]]);
    expect(run.notices).toEqual([{ warning: { reason: 'jsonml_schema_warning',
      message: '[WARN] the JSONML passes the schema check with 2 warnings (sent as it is): $.attrs.colour: unknown attribute "colour"; $[2:p]: "p" is not a child its parent takes',
      details: ['$.attrs.colour: unknown attribute "colour"', '$[2:p]: "p" is not a child its parent takes'] } }]);
    expect(run.out).toBe((await silent(argv)).out);
  });

  it('repair, unwrapping, fragment removal and schema warnings come in upstream\'s order: [FIX] [FIX] [WARN] [WARN]', async () => {
    const run = await typed(insert('{"jsonml":[["fragment",["mystery",{}]]]', '--fix-jsonml'));
    expect(run.calls).toEqual([['doc/insert_document_block', { nodeId: 'D1', format: 'jsonml', jsonml: '["mystery",{}]' }]]);
    expect(reasons(run)).toEqual(['jsonml_repaired', 'jsonml_unwrapped', 'jsonml_fragment_removed', 'jsonml_schema_warning']);
    expect(prefixes(run)).toEqual(['[FIX]', '[FIX]', '[WARN]', '[WARN]']);
  });

  it('a valid node prints nothing on stderr', async () => {
    const run = await typed(insert('["p",{"jc":"center"},["span",{},"hi"]]'));
    expect({ notices: run.notices, calls: run.calls.length }).toEqual({ notices: [], calls: 1 });
  });

  it('a repair whose result the schema refuses prints the [FIX] line, then refuses with no call', async () => {
    const run = await typed(insert('["p",{"jc":1}', '--fix-jsonml'));
    expect({ reason: run.reason, calls: run.calls, out: run.out, notices: reasons(run) }).toEqual({ reason: 'invalid_parameter', calls: [], out: '', notices: ['jsonml_repaired'] });
  });

  it('doc update overwrite with a fragment body warns that it was removed (body wording) and sends the root', async () => {
    const run = await typed(['doc', 'update', '--node', 'D1', '--content-format', 'jsonml', '--content', '{"jsonml":["fragment",{"scope":"s"},["p",{}]]}', '--mode', 'overwrite', '--yes']);
    expect(run.calls).toEqual([['doc/update_document', { nodeId: 'D1', format: 'jsonml', jsonml: '["root",{},["p",{}]]', mode: 'overwrite' }]]);
    expect(run.notices).toEqual([{ warning: { reason: 'jsonml_fragment_removed',
      message: '[WARN] 1 fragment wrapper was removed and its children kept: a fragment is what doc read --scope/--tags returns and is never written back; make sure this is the content you mean to write' } }]);
  });
});

describe('content that looks like JSONML while --content-format is not jsonml gets a [WARN] line (sniffJsonMLLike)', () => {
  /** doc_format_guard.go:80-100@c7521c1c as written: leading spaces trimmed, 64 bytes looked at, `[` then `"`/`[`, or `{` then `"jsonml"`. */
  const sniff = (content: string): boolean => {
    const t = content.replace(/^[ \t\r\n]+/u, '');
    if (t === '') return false;
    const rest = Buffer.from(t).subarray(0, 64).subarray(1).toString('latin1').replace(/^[ \t\r\n]+/u, '');
    if (t[0] === '[') return rest.startsWith('"') || rest.startsWith('[');
    if (t[0] === '{') return rest.startsWith('"jsonml"');
    return false;
  };
  const insert = (element: string) => ['doc', 'block', 'insert', '--node', 'D1', '--element', element, '--dry-run'];

  it('doc block insert with a JSONML-looking --element warns and plans the element call as before; doc create with markdown does not', async () => {
    const looks = await typed(insert(' ["p",{},"x"]'));
    expect(looks.notices.map((n) => n.warning.reason)).toEqual(['content_looks_like_jsonml']);
    expect(looks.out).toBe((await silent(insert(' ["p",{},"x"]'))).out);
    expect((await typed(['doc', 'create', '--name', 'n', '--content', '# 标题', '--dry-run'])).notices).toEqual([]);
    expect(reasons(await typed(['doc', 'create', '--name', 'n', '--content', '{ "jsonml": ["root",{}]}', '--dry-run']))).toEqual(['content_looks_like_jsonml']);
    expect((await typed(['doc', 'update', '--node', 'D1', '--content-format', 'jsonml', '--content', '["root",{}]', '--mode', 'overwrite', '--yes', '--dry-run'])).notices).toEqual([]);
  });

  it('warns exactly when upstream\'s sniff holds, for any text made of brackets, quotes, spaces and letters (property)', async () => {
    const text = fc.array(fc.constantFrom('[', '{', '"', ' ', '\n', '\t', 'jsonml', '"jsonml"', 'p', ',', ':'), { maxLength: 40 }).map((a) => a.join(''));
    await fc.assert(fc.asyncProperty(text, async (element) => {
      fc.pre(element !== '' && !element.startsWith('-'));
      const run = await typed(insert(element));
      expect({ element, warned: reasons(run).includes('content_looks_like_jsonml') }).toEqual({ element, warned: sniff(element) });
    }), { numRuns: 80 });
  });
});

describe('doc create --content-format jsonml creates the document, then overwrites its content (doc.go:1586-1613)', () => {
  const create = (content: string, ...more: string[]) => ['doc', 'create', '--name', '周报', '--content-format', 'jsonml', '--content', content, ...more];

  it('prints the overwrite\'s answer; the body is checked once and warns once', async () => {
    mcp.answers['doc/create_document'] = () => ({ nodeId: 'N9' });
    const run = await typed(create('["root",{},["p",{"colour":"x"}]]'));
    expect(run.calls).toEqual([
      ['doc/create_document', { name: '周报' }],
      ['doc/update_document', { nodeId: 'N9', format: 'jsonml', jsonml: '["root",{},["p",{"colour":"x"}]]', mode: 'overwrite' }],
    ]);
    expect(JSON.parse(run.out)).toEqual({ result: { server: 'doc', tool: 'update_document', arguments: { nodeId: 'N9', format: 'jsonml', jsonml: '["root",{},["p",{"colour":"x"}]]', mode: 'overwrite' } } });
    expect(reasons(run)).toEqual(['jsonml_schema_warning']);
  });

  it('a failed overwrite is a partial outcome naming the created document', async () => {
    mcp.answers['doc/create_document'] = () => ({ nodeId: 'N9' });
    mcp.answers['doc/update_document'] = () => ({ success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' });
    const run = await typed(create('["root",{}]'));
    expect({ reason: run.reason, exit: run.error?.exitCode, out: run.out, names: run.error?.message.includes('"nodeId":"N9"') }).toEqual({ reason: 'partial_outcome', exit: 7, out: '', names: true });
  });

  it('a body the check refuses creates nothing', async () => {
    const run = await typed(create('["root",{},["p",{"jc":"middle"}]]'));
    expect({ reason: run.reason, calls: run.calls }).toEqual({ reason: 'invalid_parameter', calls: [] });
  });
});

describe('notices never change stdout (property)', () => {
  const tags = ['p', 'span', 'mystery', 'h1', 'fragment', 'table'];
  const attrs = fc.dictionary(fc.constantFrom('jc', 'colour', 'uuid', 'x'), fc.constantFrom('left', 'center', 'red', 'u1'), { maxKeys: 2 });
  const node: fc.Arbitrary<unknown[]> = fc.letrec<{ node: unknown[] }>((tie) => ({
    node: fc.tuple(fc.constantFrom(...tags), attrs, fc.array(fc.oneof({ depthSize: 'small' }, fc.constantFrom('t'), tie('node')), { maxLength: 2 }))
      .map(([tag, a, kids]) => [tag, a, ...kids]),
  })).node;

  it('for any JSONML node (with or without notices, sent or refused), stdout and the refusal equal those of the run with no notice sink, and every stderr line is a notice', async () => {
    await fc.assert(fc.asyncProperty(node, fc.boolean(), async (n, cut) => {
      const text = JSON.stringify(n);
      const argv = ['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', cut ? text.slice(0, -1) : text, '--fix-jsonml'];
      const run = await typed(argv);
      const quiet = await silent(argv);
      expect({ out: run.out, reason: run.reason }).toEqual({ out: quiet.out, reason: quiet.reason });
      for (const notice of run.notices) {
        expect(Object.keys(notice)).toEqual(['warning']);
        expect(notice.warning.message.startsWith(`[${WARNINGS[notice.warning.reason as keyof typeof WARNINGS]}] `)).toBe(true);
      }
    }), { numRuns: 60 });
  });
});
