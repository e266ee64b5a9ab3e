// Build-time validation of plan files: each rule of docs/PLANS.md with its precise message (file, plan, step, key),
// and the shipped plans attached to their tools (so source_hash covers them).
import { describe, expect, it } from 'vitest';
import { validatePlans } from '../../src/plan/validate.js';
import { attachPlans } from '../../src/build/plans.js';
import { CatalogInvalid } from '../../src/catalog/validate.js';
import { catalogHashes } from '../../src/build/hash.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { realCatalog } from '../helpers.js';

const catalog = realCatalog();
const tools = catalog.tools;
const composite = tools.find((t) => t.canonical_path === 'chat.shortcut_conversation_list')!;
const atomic = tools.find((t) => t.interface_mode === 'mcp')!;

function problems(plans: Record<string, unknown>, extra: Record<string, unknown> = {}): string[] {
  return validatePlans([{ file: 'x.yaml', doc: { plans, ...extra } }], tools).problems;
}

const step = (over: Record<string, unknown> = {}) => ({ id: 'call', server: 'im', rpc: 'list_all_conversations', args: { limit: { flag: 'limit' } }, ...over });
const plan = (steps: unknown[], over: Record<string, unknown> = {}) => ({ [composite.canonical_path]: { facts: 'test', steps, ...over } });

describe('plan validation', () => {
  it('accepts a well-formed plan', () => {
    expect(problems(plan([step()]))).toEqual([]);
  });

  it('accepts typed_lists on a call: the argument paths whose list upstream builds as a typed Go slice', () => {
    expect(problems(plan([step({ typed_lists: ['limit', 'Req.userIds'] })]))).toEqual([]);
    expect(problems(plan([step({ typed_lists: ['limit', { path: 'Req.userIds', when: { not: { flag: 'limit' } } }] })]))).toEqual([]);
    expect(problems(plan([step({ untyped_lists: ['fields', { path: 'ids', when: { flag: 'limit' } }] })]))).toEqual([]);
  });

  it('accepts an equals with a literal object that is no source ({} and a plain object)', () => {
    expect(problems(plan([step(), { id: 'no', refuse: 'x', when: { equals: [{ from: 'call' }, {}] } }, { id: 'no2', refuse: 'y', when: { equals: [{ from: 'call' }, { success: true }] } }]))).toEqual([]);
  });

  it('accepts a ledger on a for_each call, and a read-back poll on a timetable with a condition on the answer', () => {
    expect(problems(plan([step({ for_each: { const: ['a'] }, args: { x: { item: true } }, ledger: { continue: { equals: [{ flag: 'limit' }, 1] } } })]))).toEqual([]);
    expect(problems(plan([step({ poll: { until: { holds: { present: { item: true, path: 'a' } } }, delays_ms: [250, 500], verify: true } })]))).toEqual([]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['an unknown command', { 'chat.no_such': { facts: 'f', steps: [step()] } }, 'catalog/plans/x.yaml: chat.no_such: no such command in the catalog'],
    ['an unknown flag', plan([step({ args: { limit: { flag: 'limits' } } })]), 'catalog/plans/x.yaml: chat.shortcut_conversation_list: steps[0] (call).args.limit: flag "limits" is not a parameter of chat.shortcut_conversation_list'],
    ['an unknown server', plan([step({ server: 'nope' })]), 'steps[0] (call).server: "nope" is not a known MCP server'],
    ['a from naming a later step', plan([step({ args: { x: { from: 'later', path: 'a' } } }), step({ id: 'later' })]), 'steps[0] (call).args.x: from "later" is not an earlier step'],
    ['a from naming itself', plan([step({ args: { x: { from: 'call' } } })]), 'steps[0] (call).args.x: from "call" is not an earlier step'],
    ['a transform outside the closed set', plan([step({ args: { limit: { flag: 'limit', transform: ['rot13'] } } })]), 'steps[0] (call).args.limit.transform[0]: "rot13" is not a transform of the closed set'],
    ['a page without max_pages', plan([step({ page: { cursor_arg: 'cursor', next: 'n', items: 'i' } })]), 'steps[0] (call).page: needs max_pages (a hard bound on calls)'],
    ['a fetch_all without its next keys', plan([step({ page: { cursor_arg: 'cursor', next: 'n', items: 'i', max_pages: 2, fetch_all: { payload: 'data', items: 'records', next: [] } } })]), 'steps[0] (call).page.fetch_all.next: a key name or a list of them'],
    ['a fetch_all with page-number paging', plan([step({ page: { number_arg: 'page', next: 'n', items: 'i', max_pages: 2, fetch_all: { payload: 'data', items: 'records', next: 'nextCursor' } } })]), 'steps[0] (call).page.fetch_all: cursor paging only (no number_arg or offset_arg)'],
    ['a page bound out of range', plan([step({ page: { cursor_arg: 'cursor', next: 'n', items: 'i', max_pages: 0 } })]), 'steps[0] (call).page.max_pages: must be an integer from 1 to 1000'],
    ['a resolve without items', plan([step({ resolve: { value: 'id' } })]), 'steps[0] (call).resolve: needs items'],
    ['a malformed path', plan([step({ args: { x: { from: 'call' } } }), step({ id: 'two', args: { x: { from: 'call', path: 'a..b' } } })]), 'steps[1] (two).args.x.path: malformed path "a..b": empty segment'],
    ['a duplicate step id', plan([step(), step()]), 'steps[1]: step id "call" is used twice'],
    ['a bad step id', plan([step({ id: 'Call' })]), 'steps[0]: id must match [a-z][a-z0-9_]*'],
    ['two kinds in one source', plan([step({ args: { x: { flag: 'limit', const: 1 } } })]), 'steps[0] (call).args.x: a source needs exactly one of'],
    ['item outside for_each', plan([step({ args: { x: { item: true } } })]), 'steps[0] (call).args.x: {item: true} is only meaningful inside a for_each step'],
    ['an upload with a server', plan([step({ upload: { file: { flag: 'cursor' }, url: { const: 'u' } } })]), 'steps[0] (call): an upload step has no server'],
    ['no facts line', { [composite.canonical_path]: { steps: [step()] } }, 'chat.shortcut_conversation_list: needs a facts line'],
    ['an unknown step key', plan([step({ retries: 3 })]), 'steps[0] (call): unknown key "retries"'],
    ['a rollback of a read', plan([step({ effect: 'read', compensate: { server: 'im', rpc: 'x' } })]), 'steps[0] (call).compensate: only a single write (an upload, or a call without for_each, page, poll, resolve or rpc_if) is rolled back'],
    ['a rollback of a for_each write', plan([step({ effect: 'write', for_each: { const: [1] }, compensate: { server: 'im', rpc: 'x' } })]), 'steps[0] (call).compensate: only a single write'],
    ['a rollback on an unknown server', plan([step({ effect: 'write', compensate: { server: 'nope', rpc: 'x' } })]), 'steps[0] (call).compensate.server: "nope" is not a known MCP server'],
    ['a rollback reading its own step', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', args: { id: { from: 'call', path: 'id' } } } })]), 'steps[0] (call).compensate.args.id: from "call" is not an earlier step'],
    ['a rollback without its rpc', plan([step({ effect: 'write', compensate: { server: 'im' } })]), 'steps[0] (call).compensate'],
    ['a rollback with an unknown key', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', retries: 2 } })]), 'steps[0] (call).compensate: unknown key "retries"'],
    ['a rollback check without its answer id', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', took_effect: { const: true } } })]), 'steps[0] (call).compensate: answer_as (the id took_effect reads'],
    ['a rollback answer id without its check', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', answer_as: 'undo' } })]), 'steps[0] (call).compensate: answer_as (the id took_effect reads'],
    ['a rollback answer id that is a step id', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', answer_as: 'call', took_effect: { present: { from: 'call' } } } })]), 'steps[0].compensate.answer_as: "call" is already a step id'],
    ['a rollback check reading an unknown id', plan([step({ effect: 'write', compensate: { server: 'im', rpc: 'x', answer_as: 'undo', took_effect: { present: { from: 'other' } } } })]), 'steps[0] (call).compensate.took_effect'],
    ['a ledger without for_each', plan([step({ ledger: { continue: { flag: 'limit' } } })]), 'steps[0] (call).ledger: only on a for_each call'],
    ['a ledger without its condition', plan([step({ for_each: { const: [1] }, ledger: {} })]), 'steps[0] (call).ledger: must be {continue: condition, report?: error | result'],
    ['a ledger on a polled step', plan([step({ for_each: { const: [1] }, poll: { until: { path: 'a', present: true }, delays_ms: [1] }, ledger: { continue: { flag: 'limit' } } })]), 'steps[0] (call).ledger: only on a for_each call (no poll'],
    ['a paged for_each that resolves', plan([step({ for_each: { const: [1] }, page: { cursor_arg: 'c', next: 'n', items: 'i', max_pages: 2 }, resolve: { items: 'i', value: 'id' } })]), 'steps[0] (call): page with for_each takes no interleave or resolve'],
    ['one rpc_if case in a list', plan([step({ for_each: { const: [1] }, rpc_if: [{ when: { flag: 'limit' }, rpc: 'x' }] })]), 'steps[0] (call).rpc_if: a list of cases chooses an RPC per element of a for_each call (at least two cases'],
    ['rpc_if cases without for_each', plan([step({ rpc_if: [{ when: { flag: 'limit' }, rpc: 'x' }, { when: { flag: 'limit' }, rpc: 'y' }] })]), 'steps[0] (call).rpc_if: a list of cases chooses an RPC per element'],
    ['an RPC named twice in rpc_if cases', plan([step({ for_each: { const: [1] }, rpc_if: [{ when: { flag: 'limit' }, rpc: 'x' }, { when: { flag: 'cursor' }, rpc: 'x' }] })]), 'steps[0] (call).rpc_if: names an RPC twice'],
    ['a value step with server', plan([step({ value: { const: 1 } })]), 'steps[0] (call): a value step has no server'],
    ['a value step with for_each', plan([step(), { id: 'v', for_each: { const: [1] }, value: { const: 1 } }]), 'steps[1] (v): a value step has no for_each'],
    ['a poll with a timetable and an interval', plan([step({ poll: { until: { path: 'a', present: true }, delays_ms: [10], interval_seconds: { const: 1 } } })]), 'steps[0] (call).poll.delays_ms: the timetable replaces interval_seconds'],
    ['a poll waiting first without a timetable', plan([step({ poll: { until: { path: 'a', present: true }, interval_seconds: { const: 1 }, max_attempts: 2, wait_first: true } })]), 'steps[0] (call).poll.wait_first: must be true, with delays_ms'],
    ['a read-back that also declares retry_failed', plan([step({ poll: { until: { path: 'a', present: true }, delays_ms: [10], verify: true, retry_failed: true } })]), 'steps[0] (call).poll.retry_failed: must be true, without verify'],
    ['a timetable wait that is not whole milliseconds', plan([step({ poll: { until: { path: 'a', present: true }, delays_ms: [0.5] } })]), 'steps[0] (call).poll.delays_ms: must be a list of 1..100 waits'],
    ['a poll with neither interval nor timetable', plan([step({ poll: { until: { path: 'a', present: true }, max_attempts: 3 } })]), 'steps[0] (call).poll: needs until and either interval_seconds with max_attempts'],
    ['verify that is not true', plan([step({ poll: { until: { path: 'a', present: true }, delays_ms: [1], verify: 'yes' } })]), 'steps[0] (call).poll.verify: must be true'],
    ['typed_lists that are not argument paths', plan([step({ typed_lists: ['a..b'] })]), 'steps[0] (call).typed_lists: a non-empty list of argument paths'],
    ['an empty typed_lists', plan([step({ typed_lists: [] })]), 'steps[0] (call).typed_lists: a non-empty list of argument paths'],
    ['a typed_lists entry with a key besides path and when', plan([step({ typed_lists: [{ path: 'a', when: { flag: 'limit' }, also: 1 }] })]), 'steps[0] (call).typed_lists: a non-empty list of argument paths'],
    ['typed_lists on a step that makes no MCP call', plan([step(), { id: 'no', refuse: 'x', when: { flag: 'limit' }, typed_lists: ['a'] }]), 'steps[1] (no).typed_lists: only on an MCP call'],
    ['untyped_lists below the top of the arguments', plan([step({ untyped_lists: ['Req.ids'] })]), 'steps[0] (call).untyped_lists: a non-empty list of top-level argument keys'],
    ['an empty untyped_lists', plan([step({ untyped_lists: [] })]), 'steps[0] (call).untyped_lists: a non-empty list of top-level argument keys'],
    ['untyped_lists on a step that makes no MCP call', plan([step(), { id: 'no', refuse: 'x', when: { flag: 'limit' }, untyped_lists: ['a'] }]), 'steps[1] (no).untyped_lists: only on an MCP call'],
    // h37-b5: equals / in compare with literals; a source spelled there was never read (two plans checked nothing)
    ['an equals whose literal reads like a source', plan([step(), { id: 'no', refuse: 'x', when: { equals: [{ flag: 'limit' }, { from: 'call', path: 'a' }] } }]), 'equals compares with literals, and {"from":"call","path":"a"} reads like a source'],
    ['an in whose literals hold a source', plan([step(), { id: 'no', refuse: 'x', when: { in: [{ flag: 'limit' }, [1, { flag: 'limit' }]] } }]), 'in compares with literals'],
  ];
  for (const [what, plans, message] of cases) {
    it(`rejects ${what}`, () => {
      expect(problems(plans).join('\n')).toContain(message);
    });
  }

  describe('an atomic (mcp) command\'s plan: one call of its own RPC (interface_ref), besides it only refusals, reads and transfers', () => {
    const ref = atomic.interface_ref!;
    const own = (over: Record<string, unknown> = {}) => ({
      id: 'call', server: ref.product_id, rpc: ref.rpc_name,
      args: Object.fromEntries(Object.entries(atomic.parameters).filter(([, p]) => p.required).map(([f, p]) => [p.property ?? f, { flag: f }])), ...over,
    });
    const refuse = (id: string) => ({ id, when: { given: Object.keys(atomic.parameters)[0] }, refuse: 'not supported' });
    const atomicPlan = (steps: unknown[]) => ({ [atomic.canonical_path]: { facts: 'f', steps } });
    const name = `${ref.product_id}.${ref.rpc_name}`;
    const message = `catalog/plans/x.yaml: ${atomic.canonical_path}: an atomic command's plan makes exactly one call of ${name}, maybe paged (no for_each, resolve or poll)`;
    const read = (id: string, over: Record<string, unknown> = {}) => ({ id, server: ref.product_id, rpc: `${ref.rpc_name}_lookup`, effect: 'read', args: {}, ...over });

    it('accepts one call of its own RPC, alone, after refusals, paged, or with the reads and transfers its upstream body makes', () => {
      expect(problems(atomicPlan([own()]))).toEqual([]);
      expect(problems(atomicPlan([refuse('no_a'), refuse('no_b'), own()]))).toEqual([]);
      expect(problems(atomicPlan([own({ page: { cursor_arg: 'cursor', next: 'next', items: 'items', max_pages: 2 } })]))).toEqual([]);
      expect(problems(atomicPlan([own(), refuse('late')]))).toEqual([]);
      expect(problems(atomicPlan([{ id: 'put', upload: { file: { const: 'a.txt' }, url: { const: 'https://example.invalid/u' } } }, own()]))).toEqual([]);
      // an upload may POST (upstream's mail attachment upload, mail.go:4166); no other method is taken
      expect(problems(atomicPlan([{ id: 'put', upload: { file: { const: 'a.txt' }, url: { const: 'https://example.invalid/u' }, method: 'POST' } }, own()]))).toEqual([]);
      expect(problems(atomicPlan([{ id: 'put', upload: { file: { const: 'a.txt' }, url: { const: 'https://example.invalid/u' }, method: 'PATCH' } }, own()])).join('\n')).toContain('method: must be PUT or POST');
      expect(problems(atomicPlan([read('before'), own(), read('wait', { poll: { until: { path: 'done', equals: true }, interval_seconds: { const: 1 }, max_attempts: 2 } }),
        { id: 'fetch', download: { url: { from: 'wait', path: 'url' }, file: { const: 'out.bin' } } }]))).toEqual([]);
    });
    // session 43: chat message search-advanced's one call or paged command, and its scoped scan (helpers/chat.go:513-556@c7521c1c)
    it('counts two steps of its own RPC as its one call only when one runs exactly when the other does not', () => {
      const when = { given: Object.keys(atomic.parameters)[0] };
      expect(problems(atomicPlan([own({ when: { not: when } }), own({ id: 'scan', when })]))).toEqual([]);
      expect(problems(atomicPlan([own({ when }), own({ id: 'scan', when: { not: when } })]))).toEqual([]);
      expect(problems(atomicPlan([own({ when }), own({ id: 'scan', when })]))).toContain(message);
      expect(problems(atomicPlan([own({ when: { not: when } }), own({ id: 'scan' })]))).toContain(message);
      expect(problems(atomicPlan([own({ when: { not: when } }), own({ id: 'scan', when: { not: { flag: 'other' } } })]))).toContain(message);
      expect(problems(atomicPlan([own({ when: { not: when } }), own({ id: 'scan', when }), own({ id: 'third', when })]))).toContain(message);
    });
    it('a page record counts duplicates only with unique, and only as true', () => {
      const paged = (page: Record<string, unknown>) => atomicPlan([own({ page: { cursor_arg: 'cursor', next: 'next', items: 'items', max_pages: 2, ...page } })]);
      expect(problems(paged({ unique: { item: true, path: 'id' }, record: { at: 'paging', failures: 'list', duplicates: true } }))).toEqual([]);
      expect(problems(paged({ record: { at: 'paging', failures: 'list', duplicates: true } })).join('\n')).toContain('record.duplicates: goes with unique');
      expect(problems(paged({ unique: { item: true, path: 'id' }, record: { at: 'paging', failures: 'list', duplicates: 1 } })).join('\n')).toContain('record.duplicates: only true');
    });
    const pieces = (over: Record<string, unknown> = {}) => read('more', { effect: 'write', for_each: { const: ['a', 'b'], transform: ['rest'] }, max_items: 2, ...over });
    it('accepts the rest of a chunked write after its own call: a for_each write on its server over a list ending in rest', () => {
      expect(problems(atomicPlan([own(), pieces()]))).toEqual([]);
      expect(problems(atomicPlan([own(), pieces({ rpc: ref.rpc_name })]))).toEqual([]);
    });
    it('accepts a download named after the answer or into a temporary directory, and refuses a bad temp_dir', () => {
      const dl = (download: Record<string, unknown>) => atomicPlan([own(), { id: 'fetch', download: { url: { from: 'call', path: 'url' }, ...download } }]);
      expect(problems(dl({ file: { const: 'out/' }, name: { from: 'call', path: 'fileName', optional: true } }))).toEqual([]);
      expect(problems(dl({ temp_dir: 'dws-preview', name: { from: 'call', path: 'fileName' } }))).toEqual([]);
      expect(problems(dl({ temp_dir: '../x' }))).toEqual([`catalog/plans/x.yaml: ${atomic.canonical_path}: steps[1] (fetch).download.temp_dir: a directory name prefix of lower-case letters, digits and dashes`]);
      expect(problems(dl({ temp_dir: 'p', file: { const: 'a' } }))).toEqual([`catalog/plans/x.yaml: ${atomic.canonical_path}: steps[1] (fetch).download: temp_dir takes the place of file and overwrite`]);
    });
    // f-mix8: upstream downloadSingleWithAuthRetry (drive_transfer.go:318-330@c7521c1c) asks the command's own RPC once
    // more for a fresh link after a GET answered 401/403
    const dlRefused = { id: 'fetch', download: { url: { from: 'call', path: 'url' }, file: { const: 'out.bin' }, refused_statuses: [401, 403] } };
    it('accepts its own read once more, failure tolerated, after a transfer that declares refused_statuses (a fresh link)', () => {
      expect(problems(atomicPlan([own(), dlRefused, own({ id: 'call_again', effect: 'read', tolerate_failure: true })]))).toEqual([]);
      const putRefused = { id: 'put', upload: { file: { const: 'a.txt' }, url: { from: 'call', path: 'url' }, refused_statuses: [403] } };
      expect(problems(atomicPlan([own(), putRefused, own({ id: 'again', effect: 'read', tolerate_failure: true })]))).toEqual([]);
    });
    it('refuses that read again without a refused transfer before it, without tolerate_failure, or as a write; and a bad refused_statuses', () => {
      const plain = { id: 'fetch', download: { url: { from: 'call', path: 'url' }, file: { const: 'out.bin' } } };
      expect(problems(atomicPlan([own(), plain, own({ id: 'again', effect: 'read', tolerate_failure: true })]))).toContain(message);
      expect(problems(atomicPlan([own(), dlRefused, own({ id: 'again', effect: 'read' })]))).toContain(message);
      expect(problems(atomicPlan([own(), dlRefused, own({ id: 'again', effect: 'write', tolerate_failure: true })]))).toContain(message);
      expect(problems(atomicPlan([own(), { ...dlRefused, download: { ...dlRefused.download, refused_statuses: [500] } }])))
        .toEqual([`catalog/plans/x.yaml: ${atomic.canonical_path}: steps[1] (fetch).download.refused_statuses: must be a non-empty list of HTTP 4xx statuses`]);
    });
    it('accepts read-only checks and lookups before its call: an expect (todo task done reads the task first) or a resolve', () => {
      const check = read('exists', { args: { id: { const: 'a' } }, expect: { path: 'result.id', equals: { const: 'a' } } });
      const lookup = read('find', { resolve: { items: 'result', value: 'id' } });
      expect(problems(atomicPlan([check, lookup, own()]))).toEqual([]);
      expect(problems(atomicPlan([{ ...check, effect: 'write' }, own()]))).toContain(
        `catalog/plans/x.yaml: ${atomic.canonical_path}: step "exists": besides ${name}, an atomic command's plan only reads (${ref.product_id}.${ref.rpc_name}_lookup is a write)`);
    });
    const refused: [string, unknown[], string][] = [
      ['a call of another RPC only', [own({ rpc: `${ref.rpc_name}_other` })], message],
      ['a call of its RPC on another server', [own({ server: 'im' === ref.product_id ? 'chat' : 'im' })], message],
      ['two calls', [own(), own({ id: 'again' })], message],
      ['a for_each call', [own({ for_each: { const: ['a', 'b'] }, max_items: 2 })], message],
      ['a resolving call', [own({ resolve: { items: ['result'], value: 'id' } })], message],
      ['a polled call', [own({ effect: 'read', poll: { until: { path: 'done', equals: true }, interval_seconds: 1, max_attempts: 2 } })], message],
      ['only refusals', [refuse('no_a')], message],
      ['a write of another RPC', [own(), read('more', { effect: 'write' })],
        `catalog/plans/x.yaml: ${atomic.canonical_path}: step "more": besides ${name}, an atomic command's plan only reads (${ref.product_id}.${ref.rpc_name}_lookup is a write)`],
      ['a for_each write whose list is not the rest of a split', [own(), pieces({ for_each: { const: ['a', 'b'] } })],
        `catalog/plans/x.yaml: ${atomic.canonical_path}: step "more": besides ${name}, an atomic command's plan only reads (${ref.product_id}.${ref.rpc_name}_lookup is a write)`],
      ['the rest of a chunked write before its own call', [pieces(), own()],
        `catalog/plans/x.yaml: ${atomic.canonical_path}: step "more": besides ${name}, an atomic command's plan only reads (${ref.product_id}.${ref.rpc_name}_lookup is a write)`],
      ['the rest of a chunked write on another server', [own(), pieces({ server: 'im' === ref.product_id ? 'chat' : 'im' })],
        `catalog/plans/x.yaml: ${atomic.canonical_path}: step "more": besides ${name}, an atomic command's plan only reads (${'im' === ref.product_id ? 'chat' : 'im'}.${ref.rpc_name}_lookup is a write)`],
      ['a hand-over', [own(), { id: 'go', handoff: { local: 'event.consume' } }], `catalog/plans/x.yaml: ${atomic.canonical_path}: step "go": an atomic command's plan has no handoff step`],
    ];
    for (const [what, steps, msg] of refused) {
      it(`rejects ${what}`, () => {
        expect(problems(atomicPlan(steps))).toContain(msg);
      });
    }
    it('rejects a plan for a local command', () => {
      const local = tools.find((t) => t.interface_mode === 'local')!;
      expect(problems({ [local.canonical_path]: { facts: 'f', steps: [step()] } }))
        .toEqual([`catalog/plans/x.yaml: ${local.canonical_path}: is a local command; only composite and atomic (mcp) commands take a plan`]);
    });
  });

  it('rejects a plan that leaves a required parameter unused, naming it', () => {
    const t = tools.find((x) => x.interface_mode === 'composite' && Object.values(x.parameters).some((p) => p.required))!;
    const required = Object.entries(t.parameters).find(([, p]) => p.required)![0];
    const got = validatePlans([{ file: 'x.yaml', doc: { plans: { [t.canonical_path]: { facts: 'f', steps: [{ id: 'a', server: t.product_id, rpc: 'r' }] } } } }], tools).problems;
    expect(got).toContain(`catalog/plans/x.yaml: ${t.canonical_path}: required parameter --${required} is not used by any step`);
  });

  it('counts a required parameter read by one of its alias spellings as used (chat group update-nick: --group for --conversation-id)', () => {
    const t = tools.find((x) => x.canonical_path === 'chat.update_group_nick')!;
    expect([t.parameters['conversation-id'].required, t.hidden_parameters?.group?.alias_of]).toEqual([true, 'conversation-id']);
    const viaAlias = { facts: 'f', steps: [{ id: 'a', server: 'im', rpc: 'update_group_nick', args: { openConversationId: { flag: 'group' }, nick: { flag: 'nick' } } }] };
    expect(validatePlans([{ file: 'x.yaml', doc: { plans: { [t.canonical_path]: viaAlias } } }], tools).problems).toEqual([]);
    const neither = { facts: 'f', steps: [{ id: 'a', server: 'im', rpc: 'update_group_nick', args: { nick: { flag: 'nick' } } }] };
    expect(validatePlans([{ file: 'x.yaml', doc: { plans: { [t.canonical_path]: neither } } }], tools).problems)
      .toContain('catalog/plans/x.yaml: chat.update_group_nick: required parameter --conversation-id is not used by any step');
  });

  it('takes a group the plan refuses itself only with a refuse step before the first call naming its flags (dev app update: --name, --desc, --icon-media-id)', () => {
    const t = tools.find((x) => x.canonical_path === 'dev.update_dev_app')!;
    expect(t.constraints.plan_refuses).toEqual({ require_one_of: [['name', 'desc', 'icon-media-id']] });
    const call = { id: 'call', server: 'devapp', rpc: 'update_dev_app', args: { unifiedAppId: { flag: 'unified-app-id' }, name: { flag: 'name' }, desc: { flag: 'desc' }, iconMediaId: { flag: 'icon-media-id' } } };
    const none = { not: { any: [{ flag: 'name' }, { flag: 'desc' }, { flag: 'icon-media-id' }] } };
    const check = (steps: unknown[]) => validatePlans([{ file: 'x.yaml', doc: { plans: { [t.canonical_path]: { facts: 'f', steps } } } }], tools).problems;
    const missing = 'catalog/plans/x.yaml: dev.update_dev_app: no refuse step before the first call names every flag of the group --name, --desc, --icon-media-id (constraints.plan_refuses)';
    expect(check([{ id: 'no_field', when: none, refuse: 'give --name, --desc or --icon-media-id' }, call])).toEqual([]);
    expect(check([call])).toEqual([missing]);
    expect(check([{ id: 'no_field', when: none, refuse: 'give --name or --desc' }, call])).toEqual([missing]);
    expect(check([call, { id: 'no_field', when: none, refuse: 'give --name, --desc or --icon-media-id' }])).toEqual([missing]);
  });

  it('rejects one canonical path declared in two files', () => {
    const doc = { plans: plan([step()]) };
    const got = validatePlans([{ file: 'a.yaml', doc }, { file: 'multi-step/b.yaml', doc }], tools).problems;
    expect(got).toEqual([`catalog/plans/multi-step/b.yaml: ${composite.canonical_path}: declared twice (also in catalog/plans/a.yaml)`]);
  });

  it('knows a server listed under servers: in any file', () => {
    expect(problems(plan([step({ server: 'extra-server' })]), { servers: ['extra-server'] })).toEqual([]);
  });

  it('attachPlans fails the build listing every problem, and a plan changes source_hash', () => {
    const files = [{ file: 'x.yaml', doc: { plans: plan([step({ server: 'nope', args: { x: { flag: 'nope' } } })]) } }];
    expect(() => attachPlans(catalog, files)).toThrow(CatalogInvalid);
    const bare = { ...catalog, tools: catalog.tools.map((t): ToolSpec => ({ ...t, plan: undefined })) };
    const withPlan = attachPlans(bare, [{ file: 'x.yaml', doc: { plans: plan([step()]) } }]);
    expect(withPlan.tools.find((t) => t.canonical_path === composite.canonical_path)!.plan!.steps[0].effect).toBe('read');
    expect(catalogHashes(withPlan).source_hash).not.toBe(catalogHashes(bare).source_hash);
  });
});

describe('local plans (catalog/plans/local/)', () => {
  const local = (body: unknown) => ({ [composite.canonical_path]: { facts: 'runs from the local registry', local: body } });
  const normalized = (body: unknown) => validatePlans([{ file: 'local/x.yaml', doc: { plans: local(body) } }], tools).plans.get(composite.canonical_path)!;

  it('accept {} (no backend call) and a walk of known calls with a page bound, and say so in the execution summary', () => {
    expect(problems(local({}))).toEqual([]);
    expect(normalized({})).toEqual({ facts: 'runs from the local registry', steps: [], local: { calls: [] } });
    const walk = { calls: ['im.list_all_conversations', 'download'], max_pages: 40 };
    expect(problems(local(walk))).toEqual([]);
    expect(normalized(walk).local).toEqual(walk);
  });

  const cases: [string, unknown, Record<string, unknown>, string][] = [
    ['steps next to local', {}, { steps: [step()] }, 'a local plan has no steps or output'],
    ['a call on an unknown server', { calls: ['nope.list'] }, {}, 'local.calls must be a non-empty list of "<server>.<rpc>"'],
    ['an empty call list', { calls: [] }, {}, 'local.calls must be a non-empty list'],
    ['a page bound out of range', { calls: ['im.list_all_conversations'], max_pages: 0 }, {}, 'local.max_pages must be an integer in 1..1000'],
    ['an unknown key', { calls: ['im.list_all_conversations'], pages: 3 }, {}, 'local: unknown key "pages"'],
    ['a local that is not an object', 'yes', {}, 'local must be an object'],
  ];
  for (const [what, body, extra, message] of cases) {
    it(`reject ${what}`, () => {
      const got = validatePlans([{ file: 'x.yaml', doc: { plans: { [composite.canonical_path]: { facts: 'f', local: body, ...extra } } } }], tools).problems;
      expect(got.join('\n')).toContain(message);
    });
  }
});
