// Issue 33, round 2: a chosen candidate's id must be usable before any write; a cancelled run stops before its next
// step; every spelling of a secret is redacted; a symlinked journal is refused. Backend calls go to the canned
// MCP backend on 127.0.0.1 (test/fixtures/multi-step/backend.ts).
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import { redactSecrets } from '../../src/backend/secrets.js';
import { appendRecord, openJournal } from '../../src/journal/journal.js';
import { startCannedBackend, type CannedBackend } from '../fixtures/multi-step/backend.js';
import { inputsFor, makeFileRoot, toolOf } from '../plan/multi-step/support.js';
import { executeOptions, runCliAsync } from '../helpers.js';

let backend: CannedBackend;
let dir: string;
beforeAll(async () => {
  backend = await startCannedBackend();
});
afterAll(async () => {
  await backend?.close();
});
beforeEach(() => {
  backend.reset();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-round2-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

async function run(canonical: string, flags: Record<string, unknown>, respond: CannedBackend['respond'], signal?: AbortSignal): Promise<{ result?: unknown; error?: DwsError }> {
  const tool = toolOf(canonical);
  backend.respond = respond;
  const root = makeFileRoot();
  const env = { DWS_MCP_URL_TEMPLATE: backend.urlTemplate, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_CONFIG: '/nonexistent/dws.json', DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(dir, 'journal.jsonl') };
  try {
    const outcome = await executePlan(tool, tool.plan, { ...inputsFor(tool, root), ...flags }, { ...executeOptions(tool, { env, dryRun: false, backoffMs: 1 }), signal });
    return { result: 'result' in outcome ? outcome.result : undefined };
  } catch (e) {
    if (e instanceof DwsError) return { error: e };
    throw e;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const names = () => backend.log.map((op) => op.name);

describe('a chosen candidate must carry a usable id', { timeout: 300_000 }, () => {
  // chat +dm resolves its person as upstream's ResolveUser does (resolve mode user): only a non-blank text id makes a
  // person a candidate (stringValue, resolver.go:1089), so a person without one is no match at all
  it.each([[null], [''], ['   '], [{ id: 'x' }], [['od_1']], [true], [77]])('chat +dm finds no person whose openDingTalkId is %j, and sends nothing', async (id) => {
    const r = await run('chat.shortcut_dm', { to: '张三', text: 'hi' }, () => ({ result: [{ name: '张三', userId: 'u1', openDingTalkId: id }] }));
    expect(r.error?.reason).toBe('not_found');
    expect(names()).toEqual(['search_contact_by_key_word']);
  });

  it('chat +send-to-group refuses a group whose openConversationId is null instead of sending the name as the id', async () => {
    const r = await run('chat.shortcut_send_to_group', { group: '发布群', text: 'hi' }, () => ({ result: [{ title: '发布群', openConversationId: null }], hasMore: false }));
    // the group target (src/plan/chat-target.ts, upstream ResolveChat) reads a row without an id as no group at all
    expect(r.error?.reason).toBe('not_found');
    expect(names()).toEqual(['search_groups']);
  });

  it('still accepts a text id, trimmed', async () => {
    const r = await run('chat.shortcut_dm', { to: '张三', text: 'hi' }, (_s, tool) => (tool === 'search_contact_by_key_word' ? { result: [{ name: '张三', openDingTalkId: ' od_1 ' }] } : { result: { ok: true } }));
    expect(r.error).toBeUndefined();
    expect(names()).toEqual(['search_contact_by_key_word', 'send_personal_message']);
    expect(backend.log[1].arguments).toMatchObject({ receiverOpenDingTalkId: 'od_1' });
  });
});

describe('a cancelled run', { timeout: 300_000 }, () => {
  it('stops before its next step: the write after a cancelled lookup is never sent', async () => {
    const cancel = new AbortController();
    const r = await run('chat.shortcut_dm', { to: '张三', text: 'hi' }, (_s, tool) => {
      // The caller gives up while the lookup is in flight; the lookup itself still completes.
      if (tool === 'search_contact_by_key_word') cancel.abort();
      return { result: [{ name: '张三', openDingTalkId: 'od_1' }] };
    }, cancel.signal);
    expect(r.error?.reason).toBe('request_cancelled');
    expect(names()).toEqual(['search_contact_by_key_word']);
  });
});

describe('secrets in every spelling', () => {
  const secret = 'tok"en\\with/odd chars&=+';
  it('redacts the literal, JSON-escaped and URL-encoded spellings', () => {
    const text = [
      `literal ${secret}`,
      `json ${JSON.stringify({ token: secret })}`,
      `url ?t=${encodeURIComponent(secret)}`,
      `form ${new URLSearchParams({ t: secret }).toString()}`,
    ].join('\n');
    const out = redactSecrets(text, [secret]);
    expect(out).toBe(['literal ***', 'json {"token":"***"}', 'url ?t=***', 'form t=***'].join('\n'));
  });
});

describe('a symlinked journal', () => {
  it('is refused (journal_symlink): the target is neither appended to nor re-moded', () => {
    const target = path.join(dir, 'elsewhere.txt');
    writeFileSync(target, 'precious\n');
    chmodSync(target, 0o644);
    const link = path.join(dir, 'journal.jsonl');
    symlinkSync(target, link);
    let refused: unknown;
    try {
      openJournal({ DWS_JOURNAL: link });
    } catch (e) {
      refused = e;
    }
    expect((refused as DwsError).reason).toBe('journal_symlink');
    expect(() => appendRecord(link, {
      canonical_path: 'x.y', catalog: { source_hash: 'h', surface_hash: 'h' }, step: 0, server: 's', rpc: 'r', args_sha256: 'a', outcome: 'ok', ids: {},
    } as never)).toThrow();
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });
});

describe('a deep answer', { timeout: 300_000 }, () => {
  it('a successful write whose answer nests 4,000 levels is journaled ok, and reported as succeeded, never as a failed call', async () => {
    let deep: unknown = { messageId: 'm1' };
    for (let i = 0; i < 4000; i++) deep = { inner: deep };
    backend.respond = (_s, tool) => (tool === 'search_contact_by_key_word' ? { result: [{ name: '张三', openDingTalkId: 'od_1' }] } : { result: deep });
    const journal = path.join(dir, 'cli.jsonl');
    const r = await runCliAsync(['chat', '+dm', '--to', '张三', '--text', 'hi', '--yes'], '', {
      DWS_MCP_URL_TEMPLATE: backend.urlTemplate, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_CONFIG: '/nonexistent/dws.json', DWS_JOURNAL: journal, DWS_TOKEN: 'tok-deep-answer-secret',
    });
    const records = readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc: string; outcome: string }).filter((r) => r.outcome !== 'sent');
    expect(records.map((x) => [x.rpc, x.outcome])).toEqual([['search_contact_by_key_word', 'ok'], ['send_personal_message', 'ok']]);
    expect(r.status, r.stderr).toBe(0);
    // the canned backend answers the tool's structured content, here {result: deep}
    let printed = (JSON.parse(r.stdout) as { result: { result: unknown } }).result.result;
    for (let i = 0; i < 4000; i++) printed = (printed as { inner: unknown }).inner;
    expect(printed).toEqual({ messageId: 'm1' });
  });
});
