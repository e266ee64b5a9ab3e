// No silent no-op (issue 32 item 6): a plan run (not a dry run) that reaches no backend, because every call, upload
// and download was skipped by its `when` (or its for_each list was empty) and nothing was handed over to a local
// command, is refused with plan_skipped (exit 3, category validation) naming the conditions that did not hold; a
// run in which one step reaches the backend is not. Against the recording MCP backend on 127.0.0.1.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import type { PlanSpec, PlanStep } from '../../src/plan/spec.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { loadEngine } from '../../src/index.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import { dispatchInProcess, executeOptions, realCatalog, shippedEngine } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dws-skipped-'));
});

const env = () => ({
  ...recordingEnv(mcp.urlTemplate, 'tok-skipped'), DWS_FILE_ROOT: dir,
  DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state'),
});

/** chat +conversation-list (flags --cursor, --exclude-muted, --limit with a default, --max-items, ...) with a test plan. */
const CANONICAL = 'chat.shortcut_conversation_list';
const toolWith = (steps: PlanStep[]): ToolSpec => {
  const tool = structuredClone(shippedEngine().tools().find((t) => t.canonical_path === CANONICAL)!);
  tool.plan = { facts: 'test', steps } as PlanSpec;
  return tool;
};
const call = (id: string, over: Record<string, unknown> = {}): PlanStep =>
  ({ kind: 'call', id, server: 'im', rpc: 'list_all_conversations', effect: 'read', args: { limit: { flag: 'limit', transform: [] } }, ...over }) as PlanStep;

async function execute(tool: ToolSpec, data: Record<string, unknown>, dryRun = false): Promise<{ outcome?: unknown; error?: DwsError }> {
  try {
    return { outcome: await executePlan(tool, tool.plan!, data, executeOptions(tool, { env: env(), dryRun })) };
  } catch (e) {
    if (e instanceof DwsError) return { error: e };
    throw e;
  }
}

describe('a plan run that reaches no backend is refused (plan_skipped)', () => {
  it('is a validation error with exit code 3', () => {
    const e = new DwsError('plan_skipped', 'x');
    expect([e.category, e.exitCode]).toEqual(['validation', 3]);
  });

  it('every call skipped by its when: refused, naming each condition that did not hold, and nothing is sent', async () => {
    const tool = toolWith([
      call('muted', { when: { flag: 'exclude-muted' } }),
      call('resume', { when: { all: [{ given: 'cursor' }, { not: { equals: [{ flag: 'limit', transform: [] }, 100] } }] } }),
      call('one', { when: { in: [{ flag: 'max-items', transform: [] }, [1, 2]] } }),
    ]);
    const r = await execute(tool, {});
    expect(r.error?.reason).toBe('plan_skipped');
    expect(r.error?.exitCode).toBe(3);
    expect(r.error?.message).toBe(`${CANONICAL}: nothing was sent: `
      + 'step "muted" (im.list_all_conversations) runs only when --exclude-muted is set; '
      + 'step "resume" (im.list_all_conversations) runs only when (--cursor is given and not (--limit is 100)); '
      + 'step "one" (im.list_all_conversations) runs only when --max-items is one of 1, 2');
    expect(r.error?.hint).toContain('nothing was changed');
    expect(mcp.calls).toEqual([]);
  });

  it('a catalog default counts as the flag\'s value in a condition: --limit (default 100) makes its step run', async () => {
    const tool = toolWith([call('muted', { when: { flag: 'exclude-muted' } }), call('paged', { when: { equals: [{ flag: 'limit', transform: [] }, 100] } })]);
    const r = await execute(tool, {});
    expect(r.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ limit: 100 }]);
  });

  it('one step that runs is enough: the run succeeds with its call', async () => {
    const tool = toolWith([call('muted', { when: { flag: 'exclude-muted' } }), call('always')]);
    const r = await execute(tool, {});
    expect(r.error).toBeUndefined();
    expect(mcp.calls.length).toBe(1);
  });

  it('a for_each over an empty list makes no call: refused, naming the list', async () => {
    const tool = toolWith([call('each', { for_each: { flag: 'cursor', transform: [] }, max_items: 10, args: { cursor: { item: true, transform: [] } } })]);
    const r = await execute(tool, {});
    expect(r.error?.reason).toBe('plan_skipped');
    expect(r.error?.message).toBe(`${CANONICAL}: nothing was sent: step "each" (im.list_all_conversations) has no element to call it for (--cursor is empty)`);
    const given = await execute(tool, { cursor: 7 });
    expect(given.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ cursor: 7 }]);
  });

  it('a call the backend failed still reached it: a tolerated probe that failed is not plan_skipped', async () => {
    mcp.faults.push({ tool: 'list_all_conversations', rpcError: { code: -32000, message: 'probe failed' }, times: 1 });
    const tool = toolWith([call('probe', { tolerate_failure: true })]);
    const r = await execute(tool, {});
    expect(r.error).toBeUndefined();
    expect(mcp.calls.length).toBe(1);
  });

  it('a dry run is not refused: it shows the steps that would run (none)', async () => {
    const tool = toolWith([call('muted', { when: { flag: 'exclude-muted' } })]);
    const r = await execute(tool, {}, true);
    expect(r.error).toBeUndefined();
    expect(r.outcome).toMatchObject({ plan: { dry_run: true, steps: [] } });
  });

  it('through dispatch: exit 3 with the plan_skipped envelope, and the journal records no call', async () => {
    const catalog = realCatalog();
    const t = catalog.tools.find((x) => x.canonical_path === CANONICAL)!;
    t.plan = { facts: 'test', steps: [call('muted', { when: { flag: 'exclude-muted' } })] } as PlanSpec;
    const engine = loadEngine({ snapshot: snapshotFromCatalog(catalog) });
    const journal = path.join(mkdtempSync(path.join(tmpdir(), 'dws-skipped-journal-')), 'journal.jsonl');
    const r = await dispatchInProcess(['chat', '+conversation-list'], { ...env(), DWS_JOURNAL: journal }, () => engine);
    expect(r.out).toBe('');
    expect(JSON.parse(r.error!.envelope())).toEqual({
      error: {
        category: 'validation', reason: 'plan_skipped',
        message: `${CANONICAL}: nothing was sent: step "muted" (im.list_all_conversations) runs only when --exclude-muted is set`,
        hint: r.error!.hint,
      },
    });
    expect(r.error!.exitCode).toBe(3);
    expect(mcp.calls).toEqual([]);
    expect(existsSync(journal) ? readFileSync(journal, 'utf8') : '').not.toContain('list_all_conversations');
    const ok = await dispatchInProcess(['chat', '+conversation-list', '--exclude-muted'], { ...env(), DWS_JOURNAL: journal }, () => engine);
    expect(ok.error).toBeUndefined();
    expect(mcp.calls.length).toBe(1);
    expect(readFileSync(journal, 'utf8')).toContain('list_all_conversations');
  });
});
