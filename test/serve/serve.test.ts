// `dws serve` as a real process, driven by the MCP SDK's client over stdio: the tool list and its schemas, the
// bytes of search and Inspect against the CLI's, execute against the dispatch test MCP backend, 200 concurrent
// calls, and malformed arguments answered with typed tool errors while the server keeps serving.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { DwsError, REASONS } from '../../src/errors.js';
import { LIMITS } from '../../src/engine/request.js';
import type { Engine } from '../../src/engine/engine.js';
import { ROOT, runCliAsync } from '../helpers.js';
import type { McpFixture } from '../fixtures/mcp/server.js';
import { reasonOf, useServedBackend, expectedHashes, type Answer, type Served } from './client.js';
import { inspect } from '../../src/schema/browse.js';
import { JsonNumber } from '../../src/json-number.js';

const TOKEN = 'tok-serve-2b8e-never-print-me';
let mcp: McpFixture;
let served: Served;
let engine: Engine;
let env: Record<string, string>;

useServedBackend(TOKEN, (b) => ({ mcp, engine, env, served } = b));

/** What the library answers for the same thing: the JSON text, or the error envelope. */
function expected(run: () => string): Answer {
  try {
    return { isError: false, text: run() };
  } catch (e) {
    if (e instanceof DwsError) return { isError: true, text: e.envelope() };
    throw e;
  }
}

const hashes = () => expectedHashes(engine);
const inspectArgs = (p: string) => ({ canonical_path: p, ...hashes() });
const requestLines = readFileSync(path.join(ROOT, 'test', 'fixtures', 'requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim());

/** Runs async jobs `width` at a time (the machine is shared; dozens of CLI processes at once would only queue). */
async function pooled<T, R>(items: T[], width: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i]);
    }
  }));
  return out;
}

describe('tools/list', () => {
  it('lists schema_search, schema_inspect and execute with strict input schemas that ajv compiles', async () => {
    const { tools } = await served.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['schema_search', 'schema_inspect', 'execute']);
    const ajv = new Ajv({ strict: true });
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect((t.inputSchema as { additionalProperties?: boolean }).additionalProperties).toBe(false);
      expect(() => ajv.compile(t.inputSchema)).not.toThrow();
    }
    const [search, inspect, execute] = tools;
    expect(inspect.inputSchema.required).toEqual(['canonical_path', 'expected_source_hash', 'expected_surface_hash']);
    expect(execute.inputSchema.required).toEqual(['canonical_path', 'expected_source_hash', 'expected_surface_hash']);
    expect(Object.keys(execute.inputSchema.properties!)).toEqual(['canonical_path', 'arguments', 'expected_source_hash', 'expected_surface_hash', 'confirmed', 'dry_run', 'profile']);
    expect(search.annotations?.readOnlyHint).toBe(true);
    expect(execute.annotations?.readOnlyHint).toBe(false);
  });

  it('advertises the search budgets of SPEC 4.2 and the catalog products as the schema limits', async () => {
    const search = (await served.client.listTools()).tools[0];
    const p = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect({
      query: p.query.maxLength,
      subqueries: p.subqueries.maxItems,
      limit: [p.limit.minimum, p.limit.maximum, p.limit.default],
      candidate_limit: [p.candidate_limit.minimum, p.candidate_limit.maximum, p.candidate_limit.default],
      products: (p.product_ids.items as { enum: string[] }).enum,
      effects: (p.effects.items as { enum: string[] }).enum,
    }).toEqual({
      query: LIMITS.maxQueryScalars,
      subqueries: LIMITS.maxSubqueries,
      limit: [0, LIMITS.maxLimit, LIMITS.defaultLimit],
      candidate_limit: [0, LIMITS.maxCandidateLimit, LIMITS.defaultCandidateLimit],
      products: engine.products.map((x) => x.id).sort(),
      effects: ['read', 'write', 'destructive'],
    });
  });

  it('accepts every valid fixture request under the advertised search schema, so the schema never refuses what the server serves', async () => {
    const search = (await served.client.listTools()).tools[0];
    const validate = new Ajv({ strict: true }).compile(search.inputSchema);
    const valid = requestLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((r) => !expected(() => engine.search(JSON.stringify({ version: 'tool-search.v1', ...r }))).isError);
    expect(valid.length).toBeGreaterThan(50);
    for (const r of valid) expect(validate(r), JSON.stringify(r)).toBe(true);
  });

  it('teaches the path in the descriptions: search, inspect with both hashes, execute; stop on abstained or exact_filtered', async () => {
    const { tools } = await served.client.listTools();
    const d = Object.fromEntries(tools.map((t) => [t.name, t.description ?? '']));
    expect(d.schema_search).toMatch(/schema_inspect/);
    expect(d.schema_search).toMatch(/abstained/);
    expect(d.schema_search).toMatch(/exact_filtered/);
    expect(d.schema_inspect).toMatch(/both hashes/);
    expect(d.schema_inspect).toMatch(/never invent/i);
    expect(d.execute).toMatch(/confirmed/);
    expect(d.execute).toMatch(/dry_run/);
    expect(served.client.getInstructions()).toMatch(/search -> inspect -> execute/);
  });
});

describe('bytes equal the CLI', () => {
  it(`answers ${requestLines.length - 1} search requests with exactly the lines dws schema search --batch prints`, async () => {
    const withVersion = requestLines.filter((l) => 'version' in JSON.parse(l));
    expect(withVersion.length).toBeGreaterThanOrEqual(30);
    const cli = await runCliAsync(['schema', 'search', '--batch'], withVersion.join('\n') + '\n', env);
    expect(cli.status).toBe(0);
    const lines = cli.stdout.split('\n').slice(0, -1);
    const answers = [];
    for (const l of withVersion) answers.push(await served.call('schema_search', JSON.parse(l)));
    expect(answers.map((a) => a.text)).toEqual(lines);
    // Errors come back as tool errors carrying the same envelope the batch line holds.
    expect(answers.map((a) => a.isError)).toEqual(lines.map((l) => l.startsWith('{"error"')));
    expect(answers.filter((a) => a.isError).length).toBeGreaterThan(0);
  });

  it('treats version as optional: a request without it answers as the CLI does with it', async () => {
    const request = { query: '撤回我刚发的群消息', limit: 3 };
    const cli = await runCliAsync(['schema', 'search', '--request-json', '-'], JSON.stringify({ version: 'tool-search.v1', ...request }), env);
    expect(await served.call('schema_search', request)).toEqual({ isError: false, text: cli.stdout.trimEnd() });
  });

  it('answers 34 versioned Inspects with exactly the bytes of dws schema <path> --compact --expected-*-hash', async () => {
    const refs = engine.refs;
    const paths = refs.filter((_, i) => i % 37 === 5).map((r) => r.canonical_path);
    paths.push(refs[0].primary_cli_path, refs[refs.length - 1].cli_path, 'dws chat message recall', 'chat.recall_message');
    expect(paths.length).toBeGreaterThanOrEqual(30);
    const h = hashes();
    const cli = await pooled(paths, 3, (p) =>
      runCliAsync(['schema', p, '--compact', '--expected-source-hash', h.expected_source_hash, '--expected-surface-hash', h.expected_surface_hash], '', env));
    const answers = [];
    for (const p of paths) answers.push(await served.call('schema_inspect', inspectArgs(p)));
    expect(cli.map((r) => r.status)).toEqual(paths.map(() => 0));
    expect(answers).toEqual(cli.map((r) => ({ isError: false, text: r.stdout.trimEnd() })));
    expect(JSON.parse(answers[0].text).version).toBe('schema-inspect.v1');
  });

  it('refuses an Inspect with stale hashes with the same catalog_changed envelope the CLI prints (exit 6)', async () => {
    const stale = { canonical_path: 'chat.recall_message', expected_source_hash: 'sha256:' + '0'.repeat(64), expected_surface_hash: hashes().expected_surface_hash };
    const cli = await runCliAsync(['schema', stale.canonical_path, '--compact', '--expected-source-hash', stale.expected_source_hash, '--expected-surface-hash', stale.expected_surface_hash], '', env);
    expect(cli.status).toBe(6);
    expect(await served.call('schema_inspect', stale)).toEqual({ isError: true, text: cli.stderr.trim() });
  });
});

describe('execute against the dispatch test MCP backend', () => {
  const recall = { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'cid1', 'msg-id': 'msg9' } };

  it('returns the invocation plan on dry_run, byte for byte the CLI --dry-run output, and calls nothing', async () => {
    const a = await served.call('execute', { ...recall, ...hashes(), dry_run: true });
    const cli = await runCliAsync(['chat', 'message', 'recall', '--conversation-id', 'cid1', '--msg-id', 'msg9', '--dry-run'], '', env);
    expect(a).toEqual({ isError: false, text: cli.stdout.trimEnd() });
    expect(JSON.parse(a.text).dry_run).toBe(true);
    expect(mcp.calls).toEqual([]);
  });

  it('makes one real tools/call with arguments mapped through property and returns what the CLI prints', async () => {
    const t = engine.tools().find((x) => x.canonical_path === 'chat.recall_message')!;
    const a = await served.call('execute', { ...recall, ...hashes() });
    expect(mcp.calls).toEqual([{ server: t.interface_ref!.product_id, name: t.interface_ref!.rpc_name, arguments: { openConversationId: 'cid1', openMessageId: 'msg9' }, authorization: `Bearer ${TOKEN}`, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    const cli = await runCliAsync(['chat', 'message', 'recall', '--conversation-id', 'cid1', '--msg-id', 'msg9'], '', env);
    expect(a).toEqual({ isError: false, text: cli.stdout.trimEnd() });
    expect(a.text).not.toContain(TOKEN);
  });

  it('types JSON arguments as the CLI types flag text: "25" for an int flag is sent as 25, a scalar for a list flag as one element', async () => {
    const a = await served.call('execute', { canonical_path: 'chat.list_my_groups_pagination', arguments: { limit: '25' }, ...hashes(), dry_run: true });
    expect(JSON.parse(a.text).steps[0].arguments).toEqual({ limit: 25 });
    const b = await served.call('execute', { canonical_path: 'chat.list_my_groups_pagination', arguments: { limit: 7 }, ...hashes(), dry_run: true });
    expect(JSON.parse(b.text).steps[0].arguments).toEqual({ limit: 7 });
  });

  it('a deprecated command\'s notice comes as a second text item, the CLI\'s stderr line; the answer is the CLI\'s stdout', async () => {
    const a = await served.call('execute', { canonical_path: 'doc.copy_document', arguments: { node: 'N1', folder: 'F1' }, ...hashes() });
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['copy_document', { nodeId: 'N1', targetFolderId: 'F1' }]]);
    const cli = await runCliAsync(['doc', 'copy', '--node', 'N1', '--folder', 'F1'], '', env);
    expect(cli.status).toBe(0);
    expect(a).toEqual({ isError: false, text: cli.stdout.trimEnd(), notices: cli.stderr.trimEnd() });
    expect(JSON.parse(a.notices!)).toEqual({ warning: { reason: 'deprecated_command', message: expect.stringMatching(/^\[WARN\] `dws doc copy` .*dws drive copy/) } });
  });

  it('a refusal after a notice keeps both: the error envelope first, then the notices, as the CLI writes them on stderr', async () => {
    const element = '["p",{"jc":1}';
    const a = await served.call('execute', { canonical_path: 'doc.insert_document_block', arguments: { node: 'D1', 'content-format': 'jsonml', element, 'fix-jsonml': true }, ...hashes() });
    expect(mcp.calls).toEqual([]);
    const cli = await runCliAsync(['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', element, '--fix-jsonml'], '', env);
    const lines = cli.stderr.trimEnd().split('\n');
    expect(cli.status).toBe(3);
    expect(lines.length).toBe(2);
    expect(a).toEqual({ isError: true, text: lines[1], notices: lines[0] });
    expect(reasonOf(a)).toBe('invalid_parameter');
    expect(JSON.parse(a.notices!).warning.reason).toBe('jsonml_repaired');
  });

  it('a run without notices has one text item (search, inspect and a plain execute alike)', async () => {
    const a = await served.call('execute', { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'cid1', 'msg-id': 'msg9' }, ...hashes() });
    expect(a.isError).toBe(false);
    expect('notices' in a).toBe(false);
  });

  it('refuses a command that needs confirmation unless confirmed is true, with zero backend calls when refused', async () => {
    const t = engine.tools().find((x) => x.canonical_path === 'aitable.base_delete')!;
    expect(t.confirmation).toBe('user_required');
    const args = { canonical_path: t.canonical_path, arguments: { 'base-id': 'b1' }, ...hashes() };
    const refused = await served.call('execute', args);
    expect(reasonOf(refused)).toBe('confirmation_required');
    expect(mcp.calls).toEqual([]);
    const confirmed = await served.call('execute', { ...args, confirmed: true });
    expect(confirmed.isError).toBe(false);
    expect(mcp.calls.map((c) => c.name)).toEqual([t.interface_ref!.rpc_name]);
  });

  it('f-bignum: an answer decoded with UseNumber (whiteboard query) comes back with its big integer whole, the CLI\'s bytes', async () => {
    mcp.answers['whiteboard/read_whiteboard_content'] = () => ({ result: { id: new JsonNumber('1234567890123456789'), x: new JsonNumber('1.0') } });
    const query = { canonical_path: 'whiteboard.query', arguments: { node: 'n1', 'part-id': 'p1' }, ...hashes() };
    const done = await served.call('execute', { ...query, confirmed: true });
    expect(done).toEqual({ isError: false, text: '{"result":{"result":{"id":1234567890123456789,"x":1.0}}}' });
    const cli = await runCliAsync(['whiteboard', 'query', '--node', 'n1', '--part-id', 'p1', '--yes'], '', env);
    expect(done.text).toBe(cli.stdout.trimEnd());
  });

  it('runs a composite command\'s plan with the CLI\'s gates and bytes: dry run, confirmation, the calls, the result', async () => {
    const share = { canonical_path: 'minutes.shortcut_share', arguments: { id: 'm1', 'member-uids': 'u1,u2', permission: 'view' }, ...hashes() };
    const argv = ['minutes', '+share', '--id', 'm1', '--member-uids', 'u1,u2', '--permission', 'view'];
    // each member's answer acknowledges the write, as upstream checks (minutes workflows.go:648)
    mcp.answers['minutes/add_member_permission'] = () => ({ success: true, result: true });
    const dry = await served.call('execute', { ...share, dry_run: true });
    const cliDry = await runCliAsync([...argv, '--dry-run'], '', env);
    expect(dry).toEqual({ isError: false, text: cliDry.stdout.trimEnd() });
    expect(JSON.parse(dry.text).steps[0].for_each).toEqual(['u1', 'u2']);
    expect(reasonOf(await served.call('execute', share))).toBe('confirmation_required');
    expect(mcp.calls).toEqual([]);
    const done = await served.call('execute', { ...share, confirmed: true });
    expect(mcp.calls.map((c) => [c.server, c.name, c.arguments.memberUids])).toEqual([['minutes', 'add_member_permission', ['u1']], ['minutes', 'add_member_permission', ['u2']]]);
    const cli = await runCliAsync([...argv, '--yes'], '', env);
    expect(done).toEqual({ isError: false, text: cli.stdout.trimEnd() });
  });

  it('runs a multi-step plan (resolve, then writes) with the CLI\'s gates and bytes: dry run, one confirmation, the calls, the result', async () => {
    mcp.answers = {
      'contact/search_contact_by_key_word': (args) => ({ result: [{ name: String(args.keyword), userId: `u-${String(args.keyword)}` }] }),
      'calendar/create_calendar_event': () => ({ result: { eventId: 'evt-7' } }),
    };
    try {
      const flags = { title: '周会', start: '2026-03-10T14:00:00+08:00', end: '2026-03-10T15:00:00+08:00', with: '张三' };
      const book = { canonical_path: 'calendar.shortcut_book', arguments: flags, ...hashes() };
      const argv = ['calendar', '+book', ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])];
      const dry = await served.call('execute', { ...book, dry_run: true });
      expect(dry).toEqual({ isError: false, text: (await runCliAsync([...argv, '--dry-run'], '', env)).stdout.trimEnd() });
      // the eventId check after the create shows because the create's answer decides it
      expect((JSON.parse(dry.text) as { steps: { id: string }[] }).steps.map((x) => x.id)).toEqual(['attendees', 'create', 'no_event_id', 'invite', 'detail']);
      expect(reasonOf(await served.call('execute', book))).toBe('confirmation_required');
      expect(mcp.calls).toEqual([]);
      const done = await served.call('execute', { ...book, confirmed: true });
      expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word', 'create_calendar_event', 'add_calendar_participant', 'get_calendar_detail']);
      const cli = await runCliAsync([...argv, '--yes'], '', env);
      expect(done).toEqual({ isError: false, text: cli.stdout.trimEnd() });
    } finally {
      mcp.answers = {};
    }
  });

  it('refuses stale source or surface hashes with catalog_changed and calls nothing', async () => {
    const zero = 'sha256:' + '0'.repeat(64);
    const a = await served.call('execute', { ...recall, ...hashes(), expected_source_hash: zero });
    const b = await served.call('execute', { ...recall, ...hashes(), expected_surface_hash: zero });
    const c = await served.call('execute', { ...recall, canonical_path: 'no.such_tool', ...hashes(), expected_surface_hash: zero });
    expect([a, b, c].map(reasonOf)).toEqual(['catalog_changed', 'catalog_changed', 'catalog_changed']);
    expect(mcp.calls).toEqual([]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['an unknown flag, suggesting the nearest', { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'c', 'message-idd': 'm' } }, 'unknown_option'],
    ['yes given as a flag', { canonical_path: 'aitable.base_delete', arguments: { 'base-id': 'b', yes: true } }, 'unknown_option'],
    ['a missing required flag', { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'c' } }, 'missing_parameter'],
    ['a non-integer for an int flag', { canonical_path: 'chat.list_my_groups_pagination', arguments: { limit: 'ten' } }, 'invalid_parameter'],
    ['a boolean given as text', { canonical_path: 'chat.list_my_groups_pagination', arguments: { limit: true } }, 'invalid_parameter'],
    ['mutually exclusive flags together', { canonical_path: 'chat.send_personal_message', arguments: { group: 'g', user: 'u', text: 'x' } }, 'constraint_violation'],
    ['an unknown command', { canonical_path: 'chat.recal_message', arguments: {} }, 'unknown_command'],
    ['a group instead of a command', { canonical_path: 'chat message', arguments: {} }, 'unknown_command'],
  ];
  for (const [what, args, reason] of refusals) {
    it(`refuses ${what} with ${reason} and calls nothing`, async () => {
      const a = await served.call('execute', { ...args, ...hashes() });
      expect(reasonOf(a)).toBe(reason);
      expect(mcp.calls).toEqual([]);
    });
  }

  it('names the nearest flag in the hint for a typo and points yes at confirmed', async () => {
    const typo = JSON.parse((await served.call('execute', { ...refusals[0][1], ...hashes() })).text).error;
    expect(typo.hint).toContain('"message-id"');
    const yes = JSON.parse((await served.call('execute', { ...refusals[1][1], ...hashes() })).text).error;
    expect(yes.hint).toContain('confirmed');
  });
});

describe('concurrency', () => {
  it('answers 200 concurrent calls (search, inspect, dry runs, real calls) each with its own correct answer', async () => {
    const paths = engine.refs.map((r) => r.canonical_path);
    const jobs = Array.from({ length: 200 }, (_, i) => {
      const kind = i % 4;
      if (kind === 0) {
        const request = JSON.parse(requestLines[i % requestLines.length]) as Record<string, unknown>;
        return { name: 'schema_search', args: request, check: (a: Answer) => expect(a).toEqual(expected(() => engine.search(JSON.stringify({ version: 'tool-search.v1', ...request })))) };
      }
      if (kind === 1) {
        const p = paths[(i * 7) % paths.length];
        return { name: 'schema_inspect', args: inspectArgs(p), check: (a: Answer) => expect(a).toEqual(expected(() => inspect(engine, p, { compact: true, expectedSourceHash: hashes().expected_source_hash, expectedSurfaceHash: hashes().expected_surface_hash }))) };
      }
      const id = `msg-${i}`;
      const dry = kind === 2;
      return {
        name: 'execute',
        args: { canonical_path: 'chat.recall_message', arguments: { 'conversation-id': 'c', 'msg-id': id }, ...hashes(), dry_run: dry },
        check: (a: Answer) => {
          expect(a.isError).toBe(false);
          const out = JSON.parse(a.text);
          expect(dry ? out.steps[0].arguments.openMessageId : out.result.arguments.openMessageId).toBe(id);
        },
      };
    });
    const answers = await Promise.all(jobs.map((j) => served.call(j.name, j.args)));
    answers.forEach((a, i) => jobs[i].check(a));
    const real = jobs.filter((j, i) => i % 4 === 3).map((j) => (j.args as { arguments: Record<string, string> }).arguments['msg-id']);
    expect(mcp.calls.map((c) => c.arguments.openMessageId as string).sort()).toEqual(real.sort());
  });
});

describe('malformed arguments', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['a query that is not a string', 'schema_search', { query: 5 }, 'invalid_request_json'],
    ['an unknown search field', 'schema_search', { query: 'x', bogus: 1 }, 'invalid_request_json'],
    ['no query at all', 'schema_search', {}, 'query_required'],
    ['a limit over the maximum', 'schema_search', { query: 'x', limit: 99 }, 'invalid_limit'],
    ['a zero-width character', 'schema_search', { query: 'a\u200bb' }, 'dangerous_query_unicode'],
    ['another version', 'schema_search', { version: 'tool-search.v0', query: 'x' }, 'unsupported_version'],
    ['an unknown product', 'schema_search', { query: 'x', product_ids: ['nope'] }, 'unknown_product'],
    ['a request over 64 KiB', 'schema_search', { query: 'x', exclude_canonical: ['a'.repeat(70_000)] }, 'request_too_large'],
    ['only one hash', 'schema_inspect', { canonical_path: 'chat.recall_message', expected_source_hash: 'sha256:1' }, 'incomplete_catalog_version'],
    ['no canonical_path', 'schema_inspect', { expected_source_hash: 'a', expected_surface_hash: 'b' }, 'missing_argument'],
    ['a canonical_path that is a number', 'schema_inspect', { canonical_path: 7, expected_source_hash: 'a', expected_surface_hash: 'b' }, 'invalid_argument'],
    ['an unknown inspect field', 'schema_inspect', { canonical_path: 'chat.recall_message', expected_source_hash: 'a', expected_surface_hash: 'b', compact: false }, 'invalid_argument'],
    ['execute arguments that are text', 'execute', { canonical_path: 'chat.recall_message', arguments: '--msg-id m', expected_source_hash: 'a', expected_surface_hash: 'b' }, 'invalid_argument'],
    ['confirmed as text', 'execute', { canonical_path: 'chat.recall_message', expected_source_hash: 'a', expected_surface_hash: 'b', confirmed: 'yes' }, 'invalid_argument'],
    ['execute without hashes', 'execute', { canonical_path: 'chat.recall_message', arguments: {} }, 'incomplete_catalog_version'],
    ['a tool that does not exist', 'schema_browse', { path: 'chat' }, 'unknown_command'],
  ];
  for (const [what, tool, args, reason] of cases) {
    it(`answers ${what} with a ${REASONS[reason as keyof typeof REASONS]} tool error ${reason} and keeps serving`, async () => {
      const a = await served.call(tool, args);
      expect(a.isError).toBe(true);
      const { error } = JSON.parse(a.text);
      expect({ reason: error.reason, category: error.category }).toEqual({ reason, category: REASONS[reason as keyof typeof REASONS] });
      expect(typeof error.message).toBe('string');
      const after = await served.call('schema_search', { query: 'chat.recall_message' });
      expect(JSON.parse(after.text).candidates[0].canonical_path).toBe('chat.recall_message');
      expect(mcp.calls).toEqual([]);
    });
  }

  it('answers arbitrary search arguments exactly as the library does, success or typed error', async () => {
    const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue() });
    const args = fc.record({
      query: field(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('撤回群消息', 'chat.recall_message', 'upload a file', '  '))),
      subqueries: field(fc.array(fc.constantFrom('撤回消息', '创建待办', '', 'search groups'), { maxLength: 10 })),
      limit: field(fc.integer({ min: -2, max: 25 })),
      product_ids: field(fc.array(fc.constantFrom('chat', 'todo', 'drive', 'nope'), { maxLength: 3 })),
      effects: field(fc.array(fc.constantFrom('read', 'WRITE', 'destructive', 'delete'), { maxLength: 2 })),
      bogus: fc.jsonValue(),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(args, async (a) => {
      const want = expected(() => engine.search(JSON.stringify({ version: 'tool-search.v1', ...a })));
      expect(await served.call('schema_search', a)).toEqual(want);
    }), { numRuns: 120 });
  });
});

describe('start-up', () => {
  it('keeps the MCP server out of what `dws schema search` loads: the serve module is only imported dynamically', () => {
    const dist = path.join(ROOT, 'dist');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g)) visit(path.resolve(path.dirname(file), m[1]));
    };
    const statics = (entry: string) => {
      seen.clear();
      visit(path.join(dist, entry));
      return [...seen].map((f) => readFileSync(f, 'utf8'));
    };
    // dws.cjs (the hot path: schema search and Inspect) is one file that requires only built-ins and imports
    // nothing; bin/dws.cjs imports cli.mjs for every other command (test/cli/entry.test.ts).
    const hot = readFileSync(path.join(dist, 'dws.cjs'), 'utf8');
    expect([...hot.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]).filter((m) => !m.startsWith('node:'))).toEqual([]);
    expect(hot).not.toMatch(/import\(/);
    expect(hot.includes('StdioServerTransport')).toBe(false);
    // The commander program loads the serve module only when `dws serve` runs.
    const cli = statics('cli.mjs');
    expect(cli.length).toBeGreaterThan(1);
    expect(cli.some((t) => t.includes('StdioServerTransport'))).toBe(false);
    expect(readFileSync(path.join(dist, 'cli.mjs'), 'utf8')).toMatch(/import\(["']\.\/chunks\/server-[^"']+["']\)/);
  });
});
