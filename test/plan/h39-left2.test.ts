// Session 39 helper h39-left2 (issue 32, notes/h39-left2.md): differences the auditors left alone, each run as a user
// types the command against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39left2-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's reading of a dev app leaf's answer, as a model: the runner stamps `success: true` on an answer object that
 * has no `success` key (internal/app/runner.go:779-783@c7521c1c), then runDevAppTool unwraps `{success: true, result: X}`
 * to X when X is not null (normalizeDevAppServiceResult, helpers/devapp.go:2271-2285).
 */
function upstreamServiceResult(answer: unknown): unknown {
  if (!isObject(answer)) return answer;
  const content: Record<string, unknown> = Object.hasOwn(answer, 'success') ? answer : { ...answer, success: true };
  if (content.success !== true) return content;
  if (!Object.hasOwn(content, 'result') || content.result === null) return content;
  return content.result;
}

// the get leaves print the service result as it is (no per-tool fix, no status or paging in these answers)
const getLeaves: { argv: string[]; tool: string }[] = [
  { argv: ['dev', 'app', 'robot', 'get', '--unified-app-id', 'u1'], tool: 'devapp/get_extension_robot_config' },
  { argv: ['dev', 'app', 'get', '--unified-app-id', 'u1'], tool: 'devapp/get_dev_app' },
  { argv: ['dev', 'app', 'version', 'get', '--unified-app-id', 'u1', '--version-id', 'v1'], tool: 'devapp/get_dev_app_version_detail' },
  { argv: ['dev', 'app', 'webapp', 'get', '--unified-app-id', 'u1'], tool: 'devapp/get_extension_webapp_config' },
];

const plain = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 3 }), fc.constant([1]), fc.dictionary(fc.constantFrom('a', 'b', 'name'), fc.integer(), { maxKeys: 2 }));
const answers = fc.record({
  success: fc.constantFrom<unknown>(true),
  result: plain,
  a: fc.integer(),
}, { requiredKeys: [] });

describe('dev app leaves read an answer without success as the runner stamps it (app/runner.go:779-783@c7521c1c)', () => {
  it('dev app robot get answered {result: {a: 1}} prints {a: 1}', async () => {
    outputs.answer('devapp/get_extension_robot_config', { result: { a: 1 } });
    expect(await outputs.sent(['dev', 'app', 'robot', 'get', '--unified-app-id', 'u1'])).toMatchObject({ reason: undefined, printed: { a: 1 } });
  });
  it('an answer object without success and without a result prints with the stamp success: true', async () => {
    outputs.answer('devapp/get_dev_app', { a: 1 });
    expect((await outputs.sent(['dev', 'app', 'get', '--unified-app-id', 'u1'])).printed).toEqual({ a: 1, success: true });
  });
  it('dev app list answered {result: {items: [], hasMore: false}} reads the page inside result (not refused)', async () => {
    outputs.answer('devapp/list_dev_app', { result: { items: [], hasMore: false } });
    const run = await outputs.sent(['dev', 'app', 'list']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toEqual({ items: [], hasMore: false });
  });
  it('dev app disable answered {result: {a: 1}} prints {a: 1} with its disabled fix', async () => {
    outputs.answer('devapp/disable_dev_app', { result: { a: 1 } });
    expect((await outputs.sent(['dev', 'app', 'disable', '--unified-app-id', 'u1', '--yes'])).printed).toEqual({ a: 1, disabled: true });
  });
  it('dev app delete (confirmed by name) answered {result: {a: 1}} prints {a: 1}', async () => {
    outputs.answer('devapp/get_dev_app', { name: 'App' });
    outputs.answer('devapp/delete_dev_app', { result: { a: 1 } });
    const run = await outputs.sent(['dev', 'app', 'delete', '--unified-app-id', 'u1', '--confirm-name', 'App', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toEqual({ a: 1 });
  });
  it('a success that is not a JSON boolean is still refused (no stamp over a key that is there)', async () => {
    outputs.answer('devapp/get_dev_app', { success: 'true', result: { a: 1 } });
    expect((await outputs.sent(['dev', 'app', 'get', '--unified-app-id', 'u1'])).reason).toBe('backend_error');
  });
  for (const leaf of getLeaves) {
    it(`${leaf.argv.slice(0, 4).join(' ')}: prints upstream's service result for any answer with or without success`, async () => {
      await fc.assert(fc.asyncProperty(answers, async (answer) => {
        outputs.answer(leaf.tool, answer);
        const run = await outputs.sent(leaf.argv);
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual(upstreamServiceResult(answer));
      }), { numRuns: 40 });
    });
  }
});

// dev doc search: a declared deviation (catalog/plans/dev.yaml facts). Upstream's callMCPTool routes by the first product
// word of the path (resolveProductID, helpers.go:85-132@c7521c1c), `doc` here; the doc server lists no such tool, so dws
// keeps the devdoc server the leaf's contract names. This pins the kept route and the arguments upstream builds.
describe('dev doc search keeps the devdoc server (declared deviation from resolveProductID)', () => {
  it('dev doc search and devdoc article search send the same call to devdoc', async () => {
    const args = { keyword: 'MCP', page: 2, size: 10 };
    for (const argv of [['dev', 'doc', 'search', '--query', 'MCP', '--page', '2'], ['dev', 'doc', 'search', 'MCP', '--page', '+2'], ['devdoc', 'article', 'search', '--query', 'MCP', '--page', '2']]) {
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['devdoc/search_open_platform_docs', args]]);
    }
  });
});

// chat +at-me --page-all: readAllAtMePages (smart/at_me.go:230-300@c7521c1c) reads each page with rt.CallMCPData, which
// decodes a blank answer as an empty map; the page fails the pagination check and the items read so far are printed
// with the failure. NEW MECHANISM (engine): a last page that is no object keeps the collected items (src/plan/executor.ts).
describe('chat +at-me --page-all: a later page answering a blank text keeps the items already read', () => {
  /** page 1 answers `first`, page 2 the text `blank` (faults answer in the order they were queued). */
  const pages = (first: unknown, blank: string) => {
    outputs.mcp.faults.length = 0;
    for (const text of [JSON.stringify(first), blank]) {
      outputs.mcp.faults.push({ tool: 'search_at_me_message', times: 1, body: { contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text }] } }) } });
    }
  };
  type Ledger = { count: number; messages: { messageId: string }[]; failedCount: number; partial: boolean };
  it('the ledger lists the messages of page 1 and the failure of page 2', async () => {
    const first = { result: { messages: [{ messageId: 'm1', text: 'hi' }, { messageId: 'm2', text: 'yo' }], hasMore: true, nextCursor: 'c2' } };
    pages(first, '');
    const run = await outputs.paged(['chat', '+at-me', '--page-all'], 'chat/search_at_me_message', [first]);
    expect(run.exit).toBe(1);
    expect(run.envelope?.error.reason).toBe('pages_incomplete');
    expect(run.sent.map((a) => (a as { cursor: unknown }).cursor)).toEqual(['0', 'c2']);
    const ledger = run.envelope?.ledger as Ledger;
    expect(ledger.messages.map((m) => m.messageId)).toEqual(['m1', 'm2']);
    expect(ledger.count).toBe(2);
    expect(ledger.failedCount).toBe(1);
    expect(ledger.partial).toBe(true);
  });
  it('for any number of messages on page 1 and any blank text after it, every message read is kept', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.constantFrom('', ' ', '\n', '\t '), async (n, blank) => {
      const first = { result: { messages: Array.from({ length: n }, (_, i) => ({ messageId: `m${i}` })), hasMore: true, nextCursor: 'c2' } };
      pages(first, blank);
      const run = await outputs.paged(['chat', '+at-me', '--page-all'], 'chat/search_at_me_message', [first]);
      expect(run.envelope?.error.reason).toBe('pages_incomplete');
      expect((run.envelope?.ledger as Ledger).messages.map((m) => m.messageId)).toEqual(first.result.messages.map((m) => m.messageId));
    }), { numRuns: 12 });
  });
});
