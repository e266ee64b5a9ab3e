// The executor primitives of branch audit-fix (notes/audit-30b.md "Primitives needed", docs/PLANS.md): the
// transform regex_all with the condition subset (minutes +summary keeps the images of the current summary), the
// stdin source, the join source, an RPC chosen by a condition (call `rpc_if`) and a page-number start from a source.
// Each runs through the real validator and executor with a fake effects port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, fake, planOf, problemsOf, run, tool } from './fake-plan.js';
import { executePlan, type PlanDryRun } from '../../src/plan/executor.js';
import type { BackendCall } from '../../src/plan/effects.js';
import { validatePlans } from '../../src/plan/validate.js';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCliAsync, shippedEngine } from '../helpers.js';
import { startMcpServer, recordingEnv } from '../fixtures/mcp/server.js';

const IMAGE = '!\\[[^\\]]*\\]\\(([^)]+)\\)';

describe('transform regex_all', () => {
  it('gives the first capture group of every match, in order', () => {
    expect(apply([{ regex_all: IMAGE }], 'a ![x](u1) b ![](u2) [y](u3) ![z](u1)')).toEqual(['u1', 'u2', 'u1']);
    expect(apply([{ regex_all: 'b+' }], 'abbcb')).toEqual(['bb', 'b']);
    expect(apply([{ regex_all: IMAGE }], 'no image')).toEqual([]);
  });
  it('refuses a value that is not text, and a bad expression at build', () => {
    expect(() => apply([{ regex_all: IMAGE }], 3)).toThrow(/not text/u);
    const plan = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name', transform: [{ regex_all: '(' }] } } }] };
    expect(problemsOf(plan).join('\n')).toContain('regex_all needs a valid regular expression');
  });
  it('finds every image target a text holds (property)', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z ]{0,5}$/u), fc.stringMatching(/^[a-z0-9./:]{1,8}$/u))), (imgs) => {
      const text = imgs.map(([alt, url]) => `x ![${alt}](${url}) y`).join('\n');
      expect(apply([{ regex_all: IMAGE }], text)).toEqual(imgs.map(([, url]) => url));
    }));
  });
});

describe('condition subset', () => {
  const refuseUnless = (c: unknown) => ({
    facts: 'test plan',
    steps: [{ id: 'kept', when: { not: c }, refuse: 'dropped' }, { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } }],
  });
  it('holds when every element of the first list is in the second', async () => {
    for (const [a, b, holds] of [
      [['u1', 'u2'], ['u2', 'u3', 'u1'], true], [['u1', 'u2'], ['u1'], false], [[], ['u1'], true], ['u1', ['u1'], true], [[{ k: 1 }], [{ k: 1 }], true], [['1'], [1], false],
    ] as const) {
      const p = run(refuseUnless({ subset: [{ const: a }, { const: b }] }), { name: 'n' });
      if (holds) expect((await p).calls.length).toBe(1);
      else await expect(p).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('dropped') });
    }
  });
  it('an absent first list is empty; an absent second list holds nothing', async () => {
    expect((await run(refuseUnless({ subset: [{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: [] }] }), { name: 'n' })).calls.length).toBe(1);
    await expect(run(refuseUnless({ subset: [{ const: ['a'] }, { flag: 'name', when: { equals: [{ const: 1 }, 2] } }] }), { name: 'n' })).rejects.toMatchObject({ message: expect.stringContaining('dropped') });
  });
  it('is unknown in a dry run when it reads an earlier result (the refusal is shown with its condition)', async () => {
    const plan = {
      facts: 't',
      steps: [
        { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } },
        { id: 'kept', when: { not: { subset: [{ from: 'a', path: 'text', transform: [{ regex_all: IMAGE }] }, { flag: 'name', transform: [{ regex_all: IMAGE }] }] } }, refuse: 'dropped' },
      ],
    };
    const f = fake(() => ({}));
    const out = await executePlan(tool(), planOf(plan), { name: 'n' }, { env: {}, dryRun: true, effects: f.effects });
    expect((out as { plan: PlanDryRun }).plan.steps.map((s) => s.id)).toEqual(['a', 'kept']);
    expect(f.calls).toEqual([]);
  });
  it('is checked at build: two sources', () => {
    expect(problemsOf(refuseUnless({ subset: [{ const: [] }] })).join('\n')).toContain('subset must be [source, source] (two lists)');
  });
});

describe('source stdin', () => {
  const echo = (max: number) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { name: { flag: 'name' }, keyword: { stdin: { max_bytes: max } }, again: { stdin: { max_bytes: max } } } }] });
  it('reads the standard input once per run, as read', async () => {
    let reads = 0;
    const r = await run(echo(100), { name: 'n' }, () => ({}), { stdin: () => (reads++, ' 纪要\n') });
    expect(r.calls[0].args).toEqual({ name: 'n', keyword: ' 纪要\n', again: ' 纪要\n' });
    expect(reads).toBe(1);
  });
  it('refuses a text over its bound (in bytes), and a run without a standard input', async () => {
    await expect(run(echo(5), { name: 'n' }, () => ({}), { stdin: () => '纪要' })).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('larger than 5 bytes') });
    await expect(run(echo(5), { name: 'n' })).rejects.toMatchObject({ reason: 'invalid_parameter', message: expect.stringContaining('not available') });
  });
  it('is not read by a dry run', async () => {
    let reads = 0;
    const f = fake(() => ({}));
    const out = await executePlan(tool(), planOf(echo(100)), { name: 'n' }, { env: {}, dryRun: true, effects: f.effects, stdin: () => (reads++, 'x') });
    expect(reads).toBe(0);
    expect(JSON.parse(JSON.stringify((out as { plan: PlanDryRun }).plan.steps[0].arguments))).toEqual({ name: 'n', keyword: '<standard input>', again: '<standard input>' });
  });
  it('is checked at build: a positive bound', () => {
    expect(problemsOf(echo(0)).join('\n')).toContain('stdin: must be {max_bytes: n}');
  });
});

describe('source join', () => {
  const joined = (parts: unknown[]) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { join: parts } } }] });
  it('joins texts and numbers; absent when a part is', async () => {
    expect((await run(joined([{ flag: 'name' }, { const: '.' }, { const: 2 }]), { name: 'a' })).calls[0].args).toEqual({ keyword: 'a.2' });
    expect((await run(joined([{ flag: 'name', when: { equals: [{ const: 1 }, 2] } }, { const: '.md' }]), { name: 'a' })).calls[0].args).toEqual({});
  });
  it('refuses a part that is not text, and needs two parts at build', async () => {
    await expect(run(joined([{ const: ['a'] }, { flag: 'name' }]), { name: 'a' })).rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect(problemsOf(joined([{ const: 'a' }])).join('\n')).toContain('join: must be a list of at least two sources');
  });
  it('joins as text concatenation (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.string(), fc.string({ minLength: 1 }), async (a, b) => {
      expect((await run(joined([{ const: a }, { flag: 'name' }]), { name: b })).calls[0].args).toEqual({ keyword: a + b });
    }), { numRuns: 30 });
  });
});

describe('stdin through the CLI (a spawned dws, as a user pipes text in)', () => {
  it('minutes +summary --content - sends the piped text; --dry-run neither reads it nor calls', async () => {
    const mcp = await startMcpServer();
    try {
      let reads = 0;
      mcp.answers['minutes/get_minutes_ai_summary'] = () => ({ result: { fullSummary: reads++ === 0 ? '旧纪要' : '管道 ![图](u1)\n' } });
      mcp.answers['minutes/update_minutes_summary'] = () => ({ success: true });
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-stdin-'));
      const env = { ...recordingEnv(mcp.urlTemplate, 'tok'), DWS_FILE_ROOT: dir,
        DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state') };
      const dry = await runCliAsync(['minutes', '+summary', '--id', 't1', '--content', '-', '--dry-run'], '', env);
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain('<standard input>');
      expect(mcp.calls).toEqual([]);
      const r = await runCliAsync(['minutes', '+summary', '--id', 't1', '--content', '-', '--yes'], '管道 ![图](u1)\n', env);
      expect(r.stderr).toBe('');
      expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
        ['get_minutes_ai_summary', { taskUuid: 't1' }], ['update_minutes_summary', { taskUuid: 't1', summaryText: '管道 ![图](u1)\n' }], ['get_minutes_ai_summary', { taskUuid: 't1' }],
      ]);
    } finally {
      await mcp.close();
    }
  }, 300_000);
});

describe('call rpc_if (the other RPC of a declared pair)', () => {
  const pair = (when: unknown) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', rpc_if: { when, rpc: 'y' }, effect: 'read', args: { keyword: { flag: 'name' } } }] });
  it('calls the other RPC, with the same arguments, only when its condition holds', async () => {
    expect((await run(pair({ equals: [{ flag: 'name' }, 'all'] }), { name: 'all' })).calls.map((c) => [c.rpc, c.args])).toEqual([['y', { keyword: 'all' }]]);
    expect((await run(pair({ equals: [{ flag: 'name' }, 'all'] }), { name: 'one' })).calls.map((c) => [c.rpc, c.args])).toEqual([['x', { keyword: 'one' }]]);
  });
  it('the dry run shows the RPC chosen', async () => {
    const f = fake(() => ({}));
    const out = await executePlan(tool(), planOf(pair({ equals: [{ flag: 'name' }, 'all'] })), { name: 'all' }, { env: {}, dryRun: true, effects: f.effects });
    expect((out as { plan: PlanDryRun }).plan.steps[0].rpc).toBe('y');
  });
  it('is checked at build: a condition and another name; in an atomic plan only on the command\'s own call', () => {
    expect(problemsOf(pair(undefined)).join('\n')).toContain('rpc_if: must be {when: condition, rpc: name}');
    const same = { facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', rpc_if: { when: { flag: 'name' }, rpc: 'x' }, effect: 'read', args: { keyword: { flag: 'name' } } }] };
    expect(problemsOf(same).join('\n')).toContain("names the step's own rpc");
    const todo = shippedEngine().tools().find((t) => t.canonical_path === 'todo.get_user_todos_in_current_org')!;
    const atomic = (steps: unknown[]) => validatePlans([{ file: 'todo.yaml', doc: { plans: { [todo.canonical_path]: { facts: 't', steps } } } }], shippedEngine().tools()).problems;
    const own = { id: 'call', server: 'todo', rpc: 'get_user_todos_in_current_org', args: { pageNum: { flag: 'page' }, pageSize: { flag: 'size' } } };
    expect(atomic([{ ...own, rpc_if: { when: { flag: 'query-all' }, rpc: 'get_user_todos' } }]).filter((p) => p.includes('rpc_if'))).toEqual([]);
    expect(atomic([{ id: 'look', server: 'todo', rpc: 'other', rpc_if: { when: { flag: 'query-all' }, rpc: 'get_user_todos' }, args: {} }, own]).join('\n'))
      .toContain("only the command's own call chooses its RPC");
  });
});

describe('page.when and a number_start source', () => {
  const numbered = (page: Record<string, unknown>) => ({
    facts: 't',
    steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, pageNum: { const: 'as typed' } },
      page: { number_arg: 'pageNum', number_text: true, items: 'items', page_size: 2, max_pages: 10, ...page } }],
  });
  const twoEach = (last: number) => (c: BackendCall) => ({ items: Number(c.args.pageNum) <= last ? ['a', 'b'] : [] });
  it('starts at the source read as Go Atoi: a whole number or its text; anything else or below 1 is 1', async () => {
    for (const [start, first] of [[{ const: '3' }, '3'], [{ const: '+4' }, '4'], [{ const: 5 }, '5'], [{ const: 'x' }, '1'], [{ const: '0' }, '1'], [{ const: '-2' }, '1'], [{ const: ' 3' }, '1'], [{ const: 2.5 }, '1']] as const) {
      const r = await run(numbered({ number_start: start, pages: { const: 2 } }), { name: 'n' }, twoEach(99));
      expect(r.calls.map((c) => c.args.pageNum)).toEqual([first, String(Number(first) + 1)]);
    }
  });
  it('pages only when page.when holds; otherwise one call with the argument as declared', async () => {
    const when = { equals: [{ flag: 'name' }, 'many'] };
    expect((await run(numbered({ when, number_start: { const: '2' } }), { name: 'many' }, twoEach(3))).calls.map((c) => c.args.pageNum)).toEqual(['2', '3', '4']);
    expect((await run(numbered({ when, number_start: { const: '2' } }), { name: 'one' }, twoEach(3))).calls.map((c) => c.args.pageNum)).toEqual(['as typed']);
  });
  it('the dry run shows the first page number, and no page when paging does not apply', async () => {
    const f = fake(() => ({}));
    const dry = async (name: string) => ((await executePlan(tool(), planOf(numbered({ when: { equals: [{ flag: 'name' }, 'many'] }, number_start: { const: '7' } })), { name }, { env: {}, dryRun: true, effects: f.effects })) as { plan: PlanDryRun }).plan.steps[0];
    expect((await dry('many')).arguments?.pageNum).toBe('7');
    expect((await dry('one')).arguments?.pageNum).toBe('as typed');
    expect((await dry('one')).page).toBeUndefined();
  });
  it('is checked at build', () => {
    expect(problemsOf(numbered({ number_start: 1.5 })).join('\n')).toContain('number_start: must be an integer or a source');
    expect(problemsOf(numbered({ when: { nope: 1 } })).join('\n')).toContain('page.when: a condition is exactly one of');
  });
});

describe('source unwrap_mentions (upstream normalizeAtPlaceholders, bare @id)', () => {
  const unwrap = (text: unknown, ids: unknown) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { name: { flag: 'name' }, keyword: { unwrap_mentions: { in: text, ids } } } }] });
  const sent = async (text: string, ids: unknown) => (await run(unwrap({ const: text }, { const: ids }), { name: 'n' })).calls[0].args.keyword;
  it('turns <@id> into @id for each declared id (trimmed), leaving other mentions as typed', async () => {
    expect(await sent('<@u1> <@u1> <@u2> <@u3> @u1 <@all>', [' u1 ', 'u2', ''])).toBe('@u1 @u1 @u2 <@u3> @u1 <@all>');
    expect(await sent('<@u1>', 'u1')).toBe('@u1');
  });
  it('keeps the text when no id is declared', async () => {
    expect((await run(unwrap({ const: 'hi <@u1>' }, { flag: 'name', when: { equals: [{ const: 1 }, 2] } }), { name: 'n' })).calls[0].args.keyword).toBe('hi <@u1>');
  });
  it('equals replacing every wrapped id in turn (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.stringMatching(/^[a-z0-9]{1,4}$/u), { maxLength: 4 }), fc.array(fc.stringMatching(/^[a-z0-9]{1,4}$/u), { maxLength: 6 }), async (ids, used) => {
      const text = used.map((u) => `x<@${u}>y`).join(' ');
      const want = used.map((u) => (ids.includes(u) ? `x@${u}y` : `x<@${u}>y`)).join(' ');
      expect(await sent(text, ids)).toBe(want);
    }), { numRuns: 30 });
  });
  it('is checked at build', () => {
    expect(problemsOf(unwrap({ const: 'a' }, undefined)).join('\n')).toContain('unwrap_mentions: must be {in: source, ids: source}');
  });
});

describe('source wrap_mentions (upstream normalizeAtPlaceholders wrapping, addMissingCurrentUserMentionPlaceholders)', () => {
  const wrap = (text: unknown, ids: unknown, extra: Record<string, unknown> = {}) =>
    ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { name: { flag: 'name' }, keyword: { wrap_mentions: { in: text, ids, ...extra } } } }] });
  const sent = async (text: string, ids: unknown, addMissing = false) =>
    (await run(wrap({ const: text }, { const: ids }, addMissing ? { add_missing: true } : {}), { name: 'n' })).calls[0].args.keyword;
  it('wraps a bare @id of each declared id (trimmed) and keeps an <@id> as it is', async () => {
    expect(await sent('看下 @u1 和 <@u1>，@u3 不动', [' u1 ', '', 'u2'])).toBe('看下 <@u1> 和 <@u1>，@u3 不动');
    expect(await sent('@u12 @u1', ['u1'])).toBe('<@u1>2 <@u1>');
  });
  it('with add_missing puts each id the text lacks before it, once and in order, after a leading <@all>', async () => {
    expect(await sent('请看 @u2', ['u1', 'u2', 'u1'], true)).toBe('<@u1> 请看 <@u2>');
    expect(await sent('<@all> 开会', ['u1', 'u2'], true)).toBe('<@all> <@u1> <@u2> 开会');
    expect(await sent('<@u1> 好', ['u1'], true)).toBe('<@u1> 好');
    expect(await sent('好', [], true)).toBe('好');
  });
  it('undoes unwrap_mentions for texts whose mentions are all wrapped (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.uniqueArray(fc.stringMatching(/^[a-z]{3}$/u), { maxLength: 4 }), fc.array(fc.nat(3), { maxLength: 6 }), async (ids, picks) => {
      const used = picks.filter((i) => i < ids.length).map((i) => ids[i]);
      const wrapped = used.map((u) => `x <@${u}> y`).join(' ');
      expect(await sent(used.map((u) => `x @${u} y`).join(' '), ids)).toBe(wrapped);
    }), { numRuns: 30 });
  });
  it('is checked at build', () => {
    expect(problemsOf(wrap({ const: 'a' }, undefined)).join('\n')).toContain('wrap_mentions: must be {in: source, ids: source, add_missing?: true|false}');
    expect(problemsOf(wrap({ const: 'a' }, { const: [] }, { add_missing: 'yes' })).join('\n')).toContain('wrap_mentions: must be');
    expect(problemsOf(wrap({ const: 'a' }, { const: [] }, { missing_ids: { const: [] } })).join('\n')).toContain('wrap_mentions: must be');
  });
  it('with missing_ids wraps with ids and adds the absent <@id> of missing_ids instead (h54-a2, chat message reply)', async () => {
    const keyword = async (text: string, ids: unknown, missing: unknown) =>
      (await run(wrap({ const: text }, { const: ids }, { add_missing: true, missing_ids: { const: missing } }), { name: 'n' })).calls[0].args.keyword;
    expect(await keyword('@a @b hi', ['a', "'b'"], ['a', 'b'])).toBe('<@b> <@a> @b hi');
    expect(await keyword('@a hi', [], [' a ', ''])).toBe('<@a> @a hi');
    expect(await keyword('@a hi', ['a'], [])).toBe('<@a> hi');
  });
});
