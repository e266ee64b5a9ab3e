// Every single-call and paged plan (catalog/plans/<product>.yaml: composite commands, and atomic commands that declare
// their conversions as a one-step plan) runs against the recording MCP backend
// (test/fixtures/mcp/server.ts, real SDK transport on 127.0.0.1), in process, with a representative flag set derived
// from its plan and parameters: the dry-run plan is pinned by a golden file (written only with UPDATE_GOLDEN=1), and
// the calls actually made are exactly the ones the dry run announced, each reported once to the journal.
process.env.TZ = 'Asia/Shanghai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import type { CallRecord } from '../../src/journal/call-record.js';
import { flagUses, valueFor } from './sample-values.js';
import { ROOT, shippedEngine, dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { useMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';
import { singleCallPlanPaths } from './plan-paths.js';
import { LOOKUP_CALLS } from '../../src/plan/open-dingtalk-ids.js';

const journal: CallRecord[] = [];
vi.mock('../../src/journal/journal.js', () => ({ openJournal: () => {}, journalSent: () => ({ seq: 1 }), journalCall: (_env: unknown, r: CallRecord) => void journal.push(r) }));

const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'plans-dry-run.golden.jsonl');
/** A fixed clock for the plans that compute a day from today (calendar +conflicts, +free-slots). */
const NOW = new Date('2026-04-08T10:00:00+08:00');

const mcp = useMcpServer();
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'dws-plans-'));
  writeFileSync(path.join(root, 'upload.txt'), 'hello upload\n');
  writeFileSync(path.join(root, 'whiteboard.json'), JSON.stringify({ overwrite: false, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [{ id: 'n1' }] } }));
  mkdirSync(path.join(root, 'out'));
});
beforeEach(() => {
  journal.length = 0;
  mcp.answers = cannedAnswers();
  mcp.files = { 'media.bin': Buffer.from('downloaded bytes') };
});

/** Answers the echo cannot give: URLs for transfers, candidates for resolve steps. */
function cannedAnswers(): McpFixture['answers'] {
  const file = `${mcp.base}/files/media.bin`;
  return {
    'im/get_resource_download_url': () => ({ result: { resourceUrl: file } }),
    'drive/download_file': () => ({ downloadUrl: file }),
    'doc/get_doc_attachment_upload_info': () => ({ result: { uploadUrl: `${mcp.base}/upload/att`, resourceId: 'r1', resourceUrl: 'https://example.invalid/r1' } }),
    'aitable/search_bases': () => ({ bases: [{ baseName: 'v-name', baseId: 'b1' }] }),
    'aitable/get_tables': () => ({ tables: [{ name: 'v-name', tableId: 't1' }, { name: 'other', tableId: 't2' }] }),
    'drive/list_file_versions': () => ({ versions: [{ version: 1 }, { version: 2, name: 'v2' }], hasMore: false }),
    'wiki/search_wikiSpaces': () => ({ wikiSpaces: [{ name: 'v-name', workspaceId: 'ws1' }] }),
  };
}

function env(): Record<string, string> {
  return { ...recordingEnv(mcp.urlTemplate, 'tok-plans'), DWS_FILE_ROOT: root };
}

function run(argv: string[]): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env());
}

/** Flag sets the generic choice below cannot make: here a matrix must have the shape of the ranges. */
const REPRESENTATIVE: Record<string, string[]> = {
  'sheet.range_batch_set_style': ['--node', 'v-node', '--ranges', '["Sheet1!A1:B2"," 二月 ! c3:d4 "]',
    '--bg-colors-json', '[["#FFF2CC","#DDEBF7"],["",null]]', '--font-weight', 'bold', '--font-size', '12', '--h-align', 'center',
    '--v-align', 'middle', '--font-color', '#C00000', '--word-wrap', 'autoWrap', '--number-format', '#,##0.00', '--font-style', 'italic',
    '--font-line', 'underline', '--font-family', 'Arial', '--border-styles-json', '{"bottom":{"style":"solid","color":"#000000"}}',
    '--continue-on-error'],
  // a-j2: the --i18n-* flags must be JSON objects (devAppRobotConfigParams, devapp.go:1520)
  'dev.set_extension_robot_config': ['--unified-app-id', 'app-123', '--name', '审批小助手', '--brief', 'v-brief', '--desc', 'v-desc',
    '--icon-media-id', 'v-icon-media-id', '--outgoing-url', 'https://example.com/bot/callback', '--event-callback-url', 'v-event-callback-url',
    '--mode', 'HTTPS', '--add-scope', '--disable-ssl-verify', '--skills', 'v-skills', '--i18n-name', '{"en_US":"Bot"}',
    '--i18n-brief', '{"en_US":"Brief"}', '--i18n-description', '{"en_US":"Desc"}', '--yes'],
  // f-mix7: the table name is matched in value steps (no resolve step names the flag); upper case still finds the
  // canned answer's `v-name` (upstream compares ignoring case, aitabletarget/resolver.go:271)
  'aitable.shortcut_resolve_table': ['--base', 'bse_8Kq2Lm', '--name', 'V-NAME', '--fuzzy'],
  // --page-limit goes with --page-all, whose strict paging the recording backend's empty answers cannot satisfy
  'chat.shortcut_messages_list_direct': ['--time', '2025-03-01 14:00:00', '--open-dingtalk-id', 'Db3BlbmlkMDEiE', '--limit', '50', '--user', 'user001', '--forward'],
  // p-chat: the openDingTalkId list is checked by the call's own transform now (no refuse step names it first), so the
  // generic choice would give it plain texts; the same flag set as before
  'chat.shortcut_messages_batch_send_by_bot': ['--robot-code', 'dingxyz123', '--text', '请今天提交周报', '--title', '提醒', '--open-dingtalk-ids', 'Db3BlbmlkMDEiE,Db3BlbmlkMDIiE', '--at-all', '--users', 'user001,user002'],
  // h38-left: the openDingTalkId list is checked by a value step's transform now (no refuse step names it), so the
  // generic choice would give it plain texts; the same flag set as before
  'chat.shortcut_chat_members_get': ['--id', 'cidAbc123==', '--users', 'Db3BlbmlkMDEiE,Db3BlbmlkMDIiE'],
  // a-r2: upstream refuses properties without values (readPivotProperties, sheet_pivot_table.go:36-46@c7521c1c)
  'sheet.create_pivot_table': ['--node', 'dnt_sheet01', '--properties', '{"rows":[{"field":"部门"}],"values":[{"field":"销售额","summarize_by":" Sum "}]}', '--source', "'明细'!A1:D500", '--target-position', 'A1', '--target-sheet-id', 'st_sum'],
};

/** Required flags, one of each require_one_of group, then every other visible flag the plan uses, skipping conflicts. */
function representativeArgv(tool: ToolSpec): string[] {
  const fixed = REPRESENTATIVE[tool.canonical_path];
  if (fixed) return [...tool.primary_cli_path.split(' '), ...fixed];
  const uses = flagUses(tool.plan);
  const chosen: string[] = [];
  const conflicts = (f: string) => tool.constraints.mutually_exclusive.some((g) => g.includes(f) && g.some((o) => o !== f && chosen.includes(o)));
  const add = (f: string) => {
    // Aliases (alias_of) are other spellings of a flag the set already gives.
    if (!chosen.includes(f) && Object.hasOwn(tool.parameters, f) && !tool.parameters[f].alias_of && !conflicts(f)) chosen.push(f);
  };
  for (const [f, p] of Object.entries(tool.parameters)) if (p.required || p.cli_required) add(f);
  for (const g of tool.constraints.require_one_of) if (!g.some((f) => chosen.includes(f))) add(g[0]);
  for (const f of uses.keys()) if (!['page-all', 'yes', 'dry-run'].includes(f)) add(f);
  for (const g of tool.constraints.require_together) if (g.some((f) => chosen.includes(f))) g.forEach(add);
  const argv = [...tool.primary_cli_path.split(' ')];
  for (const p of [...(tool.positionals ?? [])].sort((a, b) => a.index - b.index)) if (p.required) argv.push(`v-${p.name}`);
  for (const f of chosen) {
    const v = valueFor(tool, f, uses.get(f) ?? []);
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  return argv;
}

const planTools = (): ToolSpec[] => {
  const byPath = new Map(shippedEngine().tools().map((t) => [t.canonical_path, t]));
  return singleCallPlanPaths().map((p) => byPath.get(p)!);
};

/** Replaces "<item>" placeholders in dry-run arguments by the element a for_each call got. */
function withItem(v: unknown, item: unknown): unknown {
  if (v === '<item>') return item;
  if (Array.isArray(v)) return v.map((x) => withItem(x, item));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withItem(x, item)]));
  return v;
}

interface PreviewStep {
  id: string;
  server?: string;
  rpc?: string;
  arguments?: Record<string, unknown>;
  for_each?: unknown[];
  /** Shown only when the step's condition depends on an earlier answer (a follow-up read). */
  when?: string;
  page?: unknown;
  resolve?: { items: string; value: string };
  upload?: unknown;
  download?: unknown;
}

describe('every single-call and paged plan against the recording MCP backend', () => {
  it('covers the 504 composite commands this build plans (the 505 single-call and paged commands of the c7521c1c facts minus drive status and dev connect list, local commands, plus minutes +unshare, whose preflight read made it multi-step; sheet write-image, which p-sheet made composite, is multi-step) and every atomic command that declares its conversions', () => {
    const tools = planTools();
    for (const t of tools) expect(t.plan, t.canonical_path).toBeDefined();
    expect(tools.filter((t) => t.interface_mode === 'composite').length).toBe(504);
    // The rest are atomic commands whose one-step plan declares their conversions (issue 32): no other kind.
    const atomic = tools.filter((t) => t.interface_mode !== 'composite');
    expect(atomic.filter((t) => t.interface_mode !== 'mcp' || !t.interface_ref).map((t) => t.canonical_path)).toEqual([]);
    expect(atomic.map((t) => t.canonical_path)).toContain('todo.create_personal_todo');
  });

  it('each runs with a representative flag set: its dry run matches the golden file, and its calls are the announced ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    try {
      const lines: string[] = [];
      for (const t of planTools()) {
        const argv = [...representativeArgv(t), '--yes'];
        mcp.calls.length = 0;
        const dry = await run([...argv, '--dry-run']);
        expect(mcp.calls, t.canonical_path).toEqual([]);
        // A reviewed plan refuses some combinations of its flags as upstream's body does (--scope all with a table
        // id, ...): the generated set may hit one. The refusal is pinned in the golden, and the real run must refuse
        // the same way with no call.
        if (dry.error?.category === 'validation') {
          lines.push(JSON.stringify({ canonical_path: t.canonical_path, argv: argv.slice(t.primary_cli_path.split(' ').length), refused: dry.error.reason }));
          const real = await run(argv);
          expect(real.error?.reason, t.canonical_path).toBe(dry.error.reason);
          expect(mcp.calls, t.canonical_path).toEqual([]);
          continue;
        }
        expect(dry.error, `${t.canonical_path}: ${argv.join(' ')}: ${dry.error?.message}`).toBeUndefined();
        const plan = JSON.parse(dry.out) as { steps: PreviewStep[] };
        lines.push(JSON.stringify({ canonical_path: t.canonical_path, argv: argv.slice(t.primary_cli_path.split(' ').length), plan }));

        mcp.calls.length = 0;
        journal.length = 0;
        // each plan saves into an empty out/ (a download refuses to overwrite what an earlier plan saved there)
        rmSync(path.join(root, 'out'), { recursive: true, force: true });
        mkdirSync(path.join(root, 'out'));
        const real = await run(argv);
        // the recording backend echoes its arguments: a reviewed plan that reads a list or a URL from the answer (a
        // resolve, a download) may find none there (not_found, backend_error); the outcome is pinned in the golden
        if (real.error && real.error.category !== 'internal') {
          lines[lines.length - 1] = JSON.stringify({ ...JSON.parse(lines[lines.length - 1]) as object, run_refused: real.error.reason });
          continue;
        }
        expect(real.error, `${t.canonical_path}: ${real.error?.reason}: ${real.error?.message}`).toBeUndefined();
        expect(Object.keys(JSON.parse(real.out))).toEqual(['result']);
        const expected: { server: string; name: string; arguments: unknown }[] = [];
        // a step whose condition reads an earlier answer (drive info's doc read, report entry submit's link lookup)
        // runs or not by what the echo answered: its call, when made, is the announced one
        const maybe: { server: string; name: string; arguments: unknown }[] = [];
        for (const s of plan.steps) {
          if (!s.server) continue;
          const items = s.for_each ?? [undefined];
          for (const item of items) (s.when ? maybe : expected).push({ server: s.server, name: s.rpc!, arguments: s.for_each ? withItem(s.arguments, item) : s.arguments });
        }
        // an openDingTalkId lookup (resolve open_dingtalk_ids) announces the chain's first call; the later ones (aisearch,
        // contact search) depend on what the echo answered, and so does a key whose announced value reads a step's result
        const lookup = plan.steps.some((s) => s.resolve && s.server === LOOKUP_CALLS[0].server && s.rpc === LOOKUP_CALLS[0].rpc);
        type Call = { server: string; name: string; arguments: unknown };
        const fromKeys = (c: Call | undefined) => new Set(Object.entries((c?.arguments ?? {}) as Record<string, unknown>)
          .filter(([, v]) => JSON.stringify(v).includes('"<from ')).map(([k]) => k));
        const without = (c: Call, keys: Set<string>): Call => ({ ...c, arguments: Object.fromEntries(Object.entries(c.arguments as Record<string, unknown>).filter(([k]) => !keys.has(k))) });
        const made = mcp.calls.map((c) => ({ server: c.server, name: c.name, arguments: c.arguments }));
        const isMaybe = (c: (typeof made)[number]) => maybe.some((m) => JSON.stringify(m) === JSON.stringify(c))
          || (lookup && LOOKUP_CALLS.slice(1).some((l) => l.server === c.server && l.rpc === c.name));
        // a call equal to the next announced one is that call, even when a conditional step announces the same call
        // (drive download's second download_file after a refused GET, h43-a8); another call a conditional step
        // announces is that step's
        const same = (c: Call, e: Call) => JSON.stringify(lookup ? without(c, fromKeys(e)) : c) === JSON.stringify(lookup ? without(e, fromKeys(e)) : e);
        const firm: Call[] = [];
        const extra: Call[] = [];
        for (const c of made) {
          if (firm.length < expected.length && same(c, expected[firm.length])) firm.push(c);
          else if (isMaybe(c)) extra.push(c);
          else firm.push(c);
        }
        if (lookup) {
          expect(firm.map((c, i) => without(c, fromKeys(expected[i]))), t.canonical_path).toEqual(expected.map((c) => without(c, fromKeys(c))));
        } else expect(firm, t.canonical_path).toEqual(expected);
        expected.push(...extra);
        // a transfer under a condition (doc +export-get saves only a finished export) runs or not by the echo too
        const transfers = plan.steps.filter((s) => (s.upload || s.download) && !s.when).length;
        const maybeTransfers = plan.steps.filter((s) => (s.upload || s.download) && s.when).length;
        expect(journal.length, t.canonical_path).toBeGreaterThanOrEqual(expected.length + transfers);
        expect(journal.length, t.canonical_path).toBeLessThanOrEqual(expected.length + transfers + maybeTransfers);
        expect(journal.every((r) => r.outcome === 'ok' && r.canonical_path === t.canonical_path)).toBe(true);
      }
      const text = lines.join('\n') + '\n';
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, text);
      expect(existsSync(GOLDEN), 'golden missing: run UPDATE_GOLDEN=1 npx vitest run test/plan/plans.test.ts').toBe(true);
      expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
    } finally {
      vi.useRealTimers();
    }
  }, 300_000);
});
