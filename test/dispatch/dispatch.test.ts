// Dispatch against a real MCP server (test/fixtures/mcp/server.ts) on 127.0.0.1: argument mapping through
// `property`, refusals before any I/O, retries only where replay is safe, the token never printed, and parallel
// processes. In-process runs call runDispatch directly; the token and parallel checks spawn the built CLI.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { camelCase } from '../../src/plan/atomic.js';
import type { Engine } from '../../src/engine/engine.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { errorOf, fixtureEngine, runCliAsync, shippedEngine, PLANLESS, UNAVAILABLE, dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const TOKEN = 'tok-7f3a9c1e-never-print-me';
const mcp = useMcpServer();


function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...recordingEnv(mcp.urlTemplate, TOKEN), XDG_STATE_HOME: process.env.XDG_STATE_HOME!, ...extra };
}

function run(argv: string[], engine: Engine = shippedEngine(), extra: Record<string, string> = {}): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env(extra), () => engine);
}

const tool = (canonical: string): ToolSpec => {
  const t = shippedEngine().tools().find((x) => x.canonical_path === canonical);
  if (!t) throw new Error(`no tool ${canonical}`);
  return t;
};

function at(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

describe('argument mapping over MCP tools/call', () => {
  it('sends the rpc_name to the interface product server with each flag under its property', async () => {
    const r = await run(['chat', 'message', 'recall', '--conversation-id', 'cid1', '--msg-id', 'msg9']);
    expect(r.error).toBeUndefined();
    const ref = tool('chat.recall_message').interface_ref!;
    expect(mcp.calls).toEqual([{ server: ref.product_id, name: ref.rpc_name, arguments: { openConversationId: 'cid1', openMessageId: 'msg9' }, authorization: `Bearer ${TOKEN}`, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(JSON.parse(r.out)).toEqual({ result: { server: ref.product_id, tool: ref.rpc_name, arguments: { openConversationId: 'cid1', openMessageId: 'msg9' } } });
  });

  it('maps string flags of one MCP tool per interface server through property, dotted properties nested', async () => {
    const byServer = new Map<string, ToolSpec>();
    for (const t of shippedEngine().tools()) {
      // a reviewed atomic command declares its upstream conversions as a plan; this checks the plain property mapping
      if (t.interface_mode !== 'mcp' || t.plan || t.confirmation === 'user_required' || byServer.has(t.interface_ref!.product_id)) continue;
      const grouped = new Set(Object.values(t.constraints).flat(2));
      const ok = Object.entries(t.parameters).every(([n, p]) => !(p.required || p.cli_required) || (p.type === 'string' && !p.enum && !p.format && !grouped.has(n) && p.property !== null));
      if (ok && t.constraints.require_one_of.length === 0 && t.constraints.require_together.length === 0) byServer.set(t.interface_ref!.product_id, t);
    }
    // most atomic commands now declare their upstream conversions as plans; the rest still cover several servers
    expect(byServer.size).toBeGreaterThanOrEqual(5);
    for (const t of byServer.values()) {
      const grouped = new Set(Object.values(t.constraints).flat(2));
      // An alias (alias_of) is another spelling of a flag, not an argument of its own.
      const flags = Object.entries(t.parameters).filter(([n, p]) => p.type === 'string' && !p.enum && !p.format && !grouped.has(n) && p.property !== null && !p.alias_of);
      const argv = [...t.cli_path.split(' '), ...flags.flatMap(([n]) => [`--${n}`, `v-${n}`])];
      mcp.calls.length = 0;
      const r = await run(argv);
      expect(r.error, t.canonical_path).toBeUndefined();
      expect(mcp.calls.length).toBe(1);
      expect(mcp.calls[0].server).toBe(t.interface_ref!.product_id);
      expect(mcp.calls[0].name).toBe(t.interface_ref!.rpc_name);
      for (const [n, p] of flags) expect(at(mcp.calls[0].arguments, p.property!), `${t.canonical_path} --${n}`).toBe(`v-${n}`);
    }
  });

  it('builds nested objects from dotted properties and merges them into a JSON-object flag', async () => {
    const r = await run(['aitable', 'dashboard', 'create', '--base-id', 'b1', '--name', 'Sales', '--config', '{"charts":[]}']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls[0].arguments).toEqual({ baseId: 'b1', config: { charts: [], name: 'Sales' } });
  });

  it('sends integers as numbers and lists as arrays', async () => {
    const r = await run(['chat', 'group', 'list-all', '--limit', '25']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls[0].arguments).toEqual({ limit: 25 });
  });

  it('folds a hidden compatibility flag into the visible flag feeding the same property', async () => {
    const r = await run(['chat', 'category', 'add-conv', '--id', 'cidX', '--category-ids', '1,2']);
    expect(r.error).toBeUndefined();
    // upstream sends the folder ids as integers (helpers/chat.go)
    expect(mcp.calls[0].arguments).toEqual({ openConversationId: 'cidX', categoryIds: [1, 2] });
  });

  it('folds a visible alias (alias_of) into the flag it stands for, and takes the spelling upstream reads first', async () => {
    // chat group-mute: upstream c7521c1c keeps --group required and adds --conversation-id beside it.
    expect(tool('chat.set_group_mute').parameters['conversation-id'].alias_of).toBe('group');
    const r = await run(['chat', 'group-mute', '--conversation-id', 'cidX']);
    expect(r.error).toBeUndefined();
    // upstream always sends mute: !--off
    expect(mcp.calls[0].arguments).toEqual({ openConversationId: 'cidX', mute: true });
    // flagOrFallback(conversation-id, group, id, chat) (helpers/chat.go:7220@c7521c1c): --conversation-id first,
    // whichever of the two is typed first
    for (const argv of [['--conversation-id', 'cidX', '--group', 'cidY'], ['--group', 'cidY', '--conversation-id', 'cidX']]) {
      mcp.calls.length = 0;
      const both = await run(['chat', 'group-mute', ...argv]);
      expect(both.error).toBeUndefined();
      expect(mcp.calls[0].arguments).toEqual({ openConversationId: 'cidX', mute: true });
    }
  });

  it('checks a set-dropdown source range as upstream validateDropdownSourceRangeInput does (sheet_dimension.go:22-37@c7521c1c), before any call', async () => {
    const base = ['sheet', 'set-dropdown', '--node', 'n1', '--sheet-id', 's1', '--range', 'D2:D9', '--source-sheet-id', 's2', '--dry-run'];
    // p-sheet: upstream checks no A1 shape: only a sheet prefix, a leading = and a comma (of the trimmed text) are refused
    for (const ok of ['H2:H20', 'A1', 'A:C', '2:5', 'H2:', 'Sheet 1', 'A1:B2:C3', ' H2:H20 ']) expect((await run([...base, '--source-range', ok])).error, ok).toBeUndefined();
    for (const bad of ['Sheet1!H2:H20', ' =A1', 'A1,B2', ' ']) expect((await run([...base, '--source-range', bad])).error?.reason, bad).toBe('invalid_parameter');
    // an empty --source-range satisfies no one-of group (schema.ts), so that check refuses it first
    expect((await run([...base, '--source-range', ''])).error?.reason).toBe('constraint_violation');
    expect(mcp.calls).toEqual([]);
  });

  it('resolves aliases and command aliases to the same tool as the primary path', async () => {
    const t = tool('chat.query_message_send_status');
    expect(t.aliases.length).toBeGreaterThan(0);
    const plans = [];
    for (const path of [t.primary_cli_path, ...t.aliases]) {
      const r = await run([...path.split(' '), '--dry-run', '--open-task-id', 'task1']);
      plans.push(JSON.parse(r.out).canonical_path);
    }
    expect(plans).toEqual([t.primary_cli_path, ...t.aliases].map(() => t.canonical_path));
    const me = tool('contact.get_current_user_profile');
    for (const a of me.command_aliases!) {
      const r = await run(['contact', 'user', a, '--dry-run']);
      expect(JSON.parse(r.out).canonical_path).toBe(me.canonical_path);
    }
  });

  it('resolves a shortcut path (`<product> +<name>`) to its shortcut tool', async () => {
    const t = tool('chat.shortcut_messages_read_status');
    const r = await run([...t.cli_path.split(' '), '--conversation-id', 'c1', '--message-id', 'm1', '--dry-run']);
    // A shortcut is composite: resolved, then its plan (catalog/plans/) printed by --dry-run, calling nothing.
    expect(t.interface_mode).toBe('composite');
    expect(r.error).toBeUndefined();
    expect(JSON.parse(r.out)).toMatchObject({ dry_run: true, canonical_path: t.canonical_path, steps: [{ id: 'call' }] });
    expect(mcp.calls).toEqual([]);
  });
});

describe('refusals make zero backend calls', () => {
  const recall = ['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm'];
  const hashes = shippedEngine().catalogHashes;
  const STALE = 'sha256:' + '0'.repeat(64);
  const cases: [string, string[], string, number][] = [
    // a near miss (--message-idd) is upstream's ParamNameHandler's to fix (src/dispatch/preparse.ts); this is not near
    ['an unknown flag', ['chat', 'message', 'recall', '--message-identity', 'm'], 'unknown_option', 3],
    ['a missing required flag', ['chat', 'message', 'recall', '--conversation-id', 'c'], 'missing_parameter', 3],
    ['a non-integer for an int flag', ['chat', 'group', 'list-all', '--limit', 'ten'], 'invalid_parameter', 3],
    ['a value outside the enum', ['chat', 'message', 'send', '--group', 'g', '--msg-type', 'gif', '--text', 'x'], 'invalid_parameter', 3],
    ['mutually exclusive flags together', ['chat', 'message', 'send', '--group', 'g', '--user', 'u', '--text', 'x'], 'constraint_violation', 3],
    ['none of a require_one_of group', ['chat', 'message', 'send', '--text', 'x'], 'constraint_violation', 3],
    ['a drive list --type upstream does not take (a refuse step of its plan)', ['drive', 'list', '--type', 'doc'], 'invalid_parameter', 3],
    ['a drive list deeper than five levels, in a dry run too', ['drive', 'list', '--depth', '6', '--dry-run'], 'invalid_parameter', 3],
    ['a stale source hash', [...recall, '--expected-source-hash', STALE, '--expected-surface-hash', hashes.surface_hash], 'catalog_changed', 6],
    ['a stale surface hash', [...recall, '--expected-source-hash', hashes.source_hash, '--expected-surface-hash', STALE], 'catalog_changed', 6],
    ['one hash only', [...recall, '--expected-source-hash', hashes.source_hash], 'incomplete_catalog_version', 3],
    ['a malformed hash', [...recall, '--expected-source-hash', 'abc', '--expected-surface-hash', hashes.surface_hash], 'invalid_hash', 3],
    ['an upper-case hash', [...recall, '--expected-source-hash', hashes.source_hash.toUpperCase(), '--expected-surface-hash', hashes.surface_hash], 'invalid_hash', 3],
  ];
  for (const [what, argv, reason, exit] of cases) {
    it(`refuses ${what} with ${reason} (exit ${exit})`, async () => {
      const r = await run(argv);
      expect({ reason: r.error?.reason, exit: r.error?.exitCode, out: r.out }).toEqual({ reason, exit, out: '' });
      expect(mcp.calls).toEqual([]);
    });
  }

  it('names the flag in a validation error and suggests the nearest flag for a typo', async () => {
    expect((await run(['chat', 'group', 'list-all', '--limit', 'ten'])).error?.message).toContain('--limit');
    // three edits: beyond upstream's typo fix (two), within the suggestion's reach
    expect((await run(['chat', 'message', 'recall', '--messages-iddd', 'm'])).error?.hint).toContain('--message-id');
  });

  it('refuses a composite command without a plan with not_dispatchable (exit 3)', async () => {
    const t = fixtureEngine().tools().find((x) => x.canonical_path === PLANLESS)!;
    expect(t.plan).toBeUndefined();
    const r = await run([...t.primary_cli_path.split(' '), '--to', 'x', '--text', 'y'], fixtureEngine());
    expect({ reason: r.error?.reason, exit: r.error?.exitCode, out: r.out }).toEqual({ reason: 'not_dispatchable', exit: 3, out: '' });
    expect(mcp.calls).toEqual([]);
  });

  it('refuses an unavailable command with its interface reason', async () => {
    const t = fixtureEngine().tools().find((x) => x.canonical_path === UNAVAILABLE[0])!;
    const r = await run([...t.primary_cli_path.split(' '), '--dry-run'], fixtureEngine());
    expect(r.error?.reason).toBe('tool_unavailable');
    expect(r.error?.message).toContain(t.interface_reason!);
    expect(mcp.calls).toEqual([]);
  });

  it('refuses a command that needs confirmation without --yes, and runs it once with --yes', async () => {
    const t = tool('aitable.base_delete');
    expect(t.confirmation).toBe('user_required');
    const argv = [...t.primary_cli_path.split(' '), '--base-id', 'b1'];
    const refused = await run(argv);
    expect(refused.error?.reason).toBe('confirmation_required');
    expect(refused.error?.exitCode).toBe(3);
    expect(mcp.calls).toEqual([]);
    const confirmed = await run([...argv, '--yes']);
    expect(confirmed.error).toBeUndefined();
    expect(mcp.calls.map((c) => c.name)).toEqual([t.interface_ref!.rpc_name]);
  });

  it('prints the invocation plan on --dry-run and calls nothing, marking arguments named by the camelCase rule', async () => {
    // mail thread get has no reviewed plan of its own; --email declares no property (camelCase rule), --id does
    const t = tool('mail.get_thread');
    expect([t.plan, t.parameters.email.property, t.parameters.id.property]).toEqual([undefined, null, 'conversationId']);
    const r = await run(['mail', 'thread', 'get', '--email', 'a@b.c', '--id', 't1', '--dry-run']);
    // an atomic command's dry run is the one-step plan it is, in the shape every plan's dry run has
    expect(JSON.parse(r.out)).toEqual({
      dry_run: true,
      canonical_path: t.canonical_path,
      steps: [{
        id: 'call', server: t.interface_ref!.product_id, rpc: t.interface_ref!.rpc_name, effect: 'read',
        arguments: { email: 'a@b.c', conversationId: 't1' }, derived_arguments: ['email'],
      }],
      effect: t.effect,
      confirmation: t.confirmation,
      idempotency: t.idempotency,
    });
    expect(mcp.calls).toEqual([]);
  });
});

describe('retries and unknown outcomes', () => {
  it('retries a read that fails once with 503 and prints the second answer', async () => {
    const t = tool('chat.list_my_groups_pagination');
    expect(t.effect).toBe('read');
    mcp.faults.push({ tool: t.interface_ref!.rpc_name, status: 503, times: 1 });
    const r = await run(['chat', 'group', 'list-all', '--limit', '5']);
    expect(r.error).toBeUndefined();
    expect(mcp.calls.length).toBe(2);
    expect(JSON.parse(r.out).result.arguments).toEqual({ limit: 5 });
  });

  it('calls a write that fails with 503 exactly once and reports the outcome as unknown (exit 1)', async () => {
    const t = tool('chat.recall_message');
    expect([t.effect, t.idempotency]).toEqual(['write', 'unknown']);
    mcp.faults.push({ tool: t.interface_ref!.rpc_name, status: 503, times: 5 });
    const r = await run(['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode, out: r.out }).toEqual({ reason: 'outcome_unknown', exit: 1, out: '' });
    expect(mcp.calls.length).toBe(1);
  });

  it('calls a write that times out exactly once and reports the outcome as unknown (exit 1)', async () => {
    const t = tool('chat.recall_message');
    mcp.faults.push({ tool: t.interface_ref!.rpc_name, delayMs: 1500, times: 5 });
    const r = await run(['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm', '--timeout', '0.3']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'outcome_unknown', exit: 1 });
    expect(mcp.calls.length).toBe(1);
  });

  it('gives up on a read after the bounded number of attempts with a transport error (exit 1)', async () => {
    const t = tool('chat.list_my_groups_pagination');
    mcp.faults.push({ tool: t.interface_ref!.rpc_name, status: 502, times: 10 });
    const r = await run(['chat', 'group', 'list-all']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'transport_error', exit: 1 });
    expect(mcp.calls.length).toBe(3);
  });

  it('reports a refused token as auth_failed (exit 2) without retrying', async () => {
    mcp.token = 'the-right-token';
    const r = await run(['chat', 'group', 'list-all']);
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'auth_failed', exit: 2 });
    expect(mcp.calls).toEqual([]);
  });

  it('refuses to call when no server is configured (exit 3)', async () => {
    const r = await run(['chat', 'group', 'list-all'], shippedEngine(), { DWS_MCP_URL_TEMPLATE: '' });
    expect({ reason: r.error?.reason, exit: r.error?.exitCode }).toEqual({ reason: 'not_configured', exit: 3 });
  });
});

describe('help', () => {
  it('documents declared flags in English and Chinese and never shows hidden compatibility flags', async () => {
    const t = tool('chat.add_conv_to_categories');
    const r = await run(['chat', 'category', 'add-conv', '--help']);
    expect(r.out).toContain(t.title_en);
    expect(r.out).toContain(t.title);
    for (const [name, p] of Object.entries(t.parameters)) {
      expect(r.out).toContain(`--${name}`);
      expect(r.out).toContain(p.description_en);
      expect(r.out).toContain(p.description);
    }
    for (const name of Object.keys(t.hidden_parameters ?? {})) expect(r.out).not.toMatch(new RegExp(`--${name}\\b`));
  });
});

describe('processes', () => {
  it('never prints the token, on success or on an auth failure that echoes it', async () => {
    const ok = await runCliAsync(['chat', 'group', 'list-all', '--limit', '3'], '', env());
    expect(ok.status).toBe(0);
    mcp.token = 'another-token';
    const denied = await runCliAsync(['chat', 'group', 'list-all'], '', env());
    expect(denied.status).toBe(2);
    expect(errorOf(denied.stderr).reason).toBe('auth_failed');
    const failing = await runCliAsync(['chat', 'group', 'list-all'], '', env({ DWS_MCP_URL_TEMPLATE: 'http://127.0.0.1:9/mcp/{product}' }));
    expect(failing.status).toBe(1);
    for (const r of [ok, denied, failing]) {
      expect(r.stdout).not.toContain(TOKEN);
      expect(r.stderr).not.toContain(TOKEN);
    }
  });

  it('10 parallel processes each get their own result', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `msg-${i}`);
    const runs = await Promise.all(ids.map((id) => runCliAsync(['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', id], '', env())));
    expect(runs.map((r) => r.status)).toEqual(ids.map(() => 0));
    expect(runs.map((r) => JSON.parse(r.stdout).result.arguments.openMessageId)).toEqual(ids);
    expect(mcp.calls.map((c) => c.arguments.openMessageId).sort()).toEqual([...ids].sort());
  });
});

describe('boolean flags whose own name starts with no-', () => {
  it('are false unless given and true when given (--no-header is not the negation of a --header)', async () => {
    const base = ['sheet', 'table-get', '--node', 'n1', '--sheet-id', 's1', '--dry-run'];
    const args = async (extra: string[]) => (JSON.parse((await run([...base, ...extra])).out) as { steps: { arguments: Record<string, unknown> }[] }).steps[0].arguments;
    expect((await args([])).noHeader).toBeUndefined();
    expect((await args(['--no-header'])).noHeader).toBe(true);
    expect((await args(['--no-header=false'])).noHeader).toBe(false);
  });
});

/**
 * pflag's Int: Go's strconv.ParseInt(text, 0, 64), written from its documentation: no spaces, a sign, then a base
 * prefix (0x, 0o, 0b, or a leading 0 for octal) or decimal, an underscore only between digits (or after a prefix).
 */
function goParseInt0(text: string): number | undefined {
  const sign = text.startsWith('-') ? -1 : 1;
  let body = /^[+-]/.test(text) ? text.slice(1) : text;
  let base = 10;
  let prefixed = false;
  for (const [re, b, cut] of [[/^0[xX]/, 16, 2], [/^0[oO]/, 8, 2], [/^0[bB]/, 2, 2], [/^0./su, 8, 1]] as const) {
    if (re.test(body)) { base = b; body = body.slice(cut); prefixed = true; break; }
  }
  const digit = { 16: '[0-9a-fA-F]', 8: '[0-7]', 2: '[01]', 10: '[0-9]' }[base];
  const shape = prefixed ? `^_?${digit}+(_${digit}+)*$` : '^[0-9](_?[0-9])*$';
  return new RegExp(shape, 'u').test(body) ? sign * parseInt(body.replace(/_/g, ''), base) : undefined;
}

describe('properties', () => {
  it('an int flag accepts exactly the integer texts and sends them as numbers (group list-all: only a positive limit, as upstream)', async () => {
    expect(['010', '0x10', '1_0', ' 5', '+5', '0b11', '09', '0_7', '5_'].map(goParseInt0)).toEqual([8, 16, 10, undefined, 5, 3, undefined, 7, undefined]);
    await fc.assert(fc.asyncProperty(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }).map(String), fc.string({ maxLength: 6 }), fc.stringMatching(/^[ +-]?(0[xXoObB]?)?[0-9a-f_]{0,4} ?$/)), async (text) => {
      const r = await run(['chat', 'group', 'list-all', '--limit', text, '--dry-run']);
      const n = goParseInt0(text);
      if (n !== undefined) expect(JSON.parse(r.out).steps[0].arguments).toEqual(n > 0 ? { limit: n } : {});
      else expect(r.error?.reason).toMatch(/^(invalid_parameter|missing_argument|unknown_option)$/);
    }), { numRuns: 60 });
  });

  it('camelCase keeps letters and drops only separators', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), { minLength: 1, maxLength: 4 }), (words) => {
      const out = camelCase(words.join('-'));
      expect(out.toLowerCase()).toBe(words.join(''));
      expect(out.startsWith(words[0])).toBe(true);
    }));
  });
});
