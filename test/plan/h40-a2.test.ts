// Session 40 second reading, part a2 (issue 32; notes/h40-a2.md): where a drawn command still differed from upstream's
// body at c7521c1c, each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h40a2-');
const { sent } = outputs;

/** A search_doc_templates page as the generator writes it: candidates in `list`, the marks at the top. */
interface TemplatePage { list: { templateId: string }[]; hasMore?: unknown; nextCursor?: unknown }

/**
 * upstream's searchTemplateCandidatesForCreate and the Execute around it (shortcut/doc/history_template_shortcuts.go:439-481,
 * :491-543@c7521c1c), as a model over pages answered in turn (the last one again after them): the search calls made and
 * the template applied, or undefined when the run is refused before any write. docPageState (pagination.go:195-222) is
 * read at the top only, as the generator puts the marks there.
 */
function upstreamCreate(pages: TemplatePage[]): { searches: number; applied?: string } {
  let cursor = '';
  const seenCursors = new Set<string>();
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const answer = pages[Math.min(page - 1, pages.length - 1)];
    const onPage = [...new Set(answer.list.map((c) => c.templateId.trim()).filter((id) => id !== ''))];
    for (const id of onPage) if (!seen.has(id)) { seen.add(id); candidates.push(id); }
    const known = typeof answer.hasMore === 'boolean';
    const next = typeof answer.nextCursor === 'string' ? answer.nextCursor.trim() : '';
    if (candidates.length > 1) return { searches: page };
    const complete = (known && answer.hasMore === false) || (!known && next === '' && onPage.length < 2);
    if (complete) return candidates.length === 1 ? { searches: page, applied: candidates[0] } : { searches: page };
    if (next === '' || next === cursor || seenCursors.has(next)) return { searches: page };
    seenCursors.add(next);
    cursor = next;
  }
  return { searches: 20 };
}

const CREATE = ['doc', '+create-from-template', '--query', 'q'];

describe('doc +create-from-template --query: 20 search pages without an end refuse before the write (history_template_shortcuts.go:497-543@c7521c1c)', () => {
  const pagesSayingMore = (n: number) => Array.from({ length: n }, (_, i) => ({ list: [{ templateId: 'a' }], hasMore: true, nextCursor: `c${i + 1}` }));
  it('one candidate on every page, each saying more with a new cursor: 20 searches, then refused (max_pages), nothing applied', async () => {
    outputs.answersInTurn('doc/search_doc_templates', ...pagesSayingMore(25));
    const r = await sent(CREATE);
    expect(r.calls.map((c) => c[0])).toEqual(Array(20).fill('doc/search_doc_templates'));
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
  it('no candidate on any page and a cursor without hasMore: 20 searches and the same refusal, not not_found', async () => {
    outputs.answersInTurn('doc/search_doc_templates', ...Array.from({ length: 25 }, (_, i) => ({ list: [], nextCursor: `c${i + 1}` })));
    const r = await sent(CREATE);
    expect(r.calls).toHaveLength(20);
    expect(r.reason).toBe('backend_error');
  });
  it('the 20th page ends the list (hasMore false): its one candidate is applied', async () => {
    outputs.answersInTurn('doc/search_doc_templates', ...pagesSayingMore(19), { list: [{ templateId: 'a' }], hasMore: false });
    const r = await sent(CREATE);
    expect(r.calls.at(-1)).toEqual(['doc/apply_doc_template', { templateId: 'a' }]);
    expect(r.calls).toHaveLength(21);
  });
  it('a second candidate on the 20th page is the selection refusal (:524-526 comes before the page bound)', async () => {
    outputs.answersInTurn('doc/search_doc_templates', ...pagesSayingMore(19), { list: [{ templateId: 'b' }], hasMore: true, nextCursor: 'c20' });
    const r = await sent(CREATE);
    expect(r.calls).toHaveLength(20);
    expect(r.reason).toBe('ambiguous_match');
  });
  it('searches made and the write sent or not, as upstream, for any run of pages', async () => {
    const page: fc.Arbitrary<TemplatePage> = fc.record({
      list: fc.array(fc.record({ templateId: fc.constantFrom('a', 'a', 'a', 'b', ' ', ' a ') }), { maxLength: 2 }),
      hasMore: fc.constantFrom<unknown>(true, true, true, false, undefined, 'true'),
      nextCursor: fc.constantFrom<unknown>(undefined, '', ' ', 'x', 5),
    }, { requiredKeys: ['list'] });
    // a run of pages that go on (at most one candidate, a new cursor, hasMore true or absent), so that runs reach
    // the 20-page bound, then any pages
    const goingOn: fc.Arbitrary<TemplatePage> = fc.record({
      list: fc.constantFrom([], [{ templateId: 'a' }], [{ templateId: ' a ' }]),
      hasMore: fc.constantFrom<unknown>(true, undefined),
    });
    const run = fc.tuple(fc.integer({ min: 0, max: 21 }).chain((n) => fc.array(goingOn, { minLength: n, maxLength: n })), fc.array(page, { minLength: 1, maxLength: 3 }))
      .map(([on, tail]) => [...on, ...tail].map((p, i) => (i < on.length ? { ...p, nextCursor: `c${i + 1}` } : p)));
    await fc.assert(fc.asyncProperty(run, async (pages) => {
      outputs.answersInTurn('doc/search_doc_templates', ...pages);
      const r = await sent(CREATE);
      const expected = upstreamCreate(pages);
      const searches = r.calls.filter((c) => c[0] === 'doc/search_doc_templates').length;
      const applied = r.calls.filter((c) => c[0] === 'doc/apply_doc_template').map((c) => (c[1] as { templateId: string }).templateId);
      expect({ searches, applied }).toEqual({ searches: expected.searches, applied: expected.applied === undefined ? [] : [expected.applied] });
      if (expected.applied === undefined) expect(r.reason).toBeDefined();
    }), { numRuns: 60 });
  });
});

/**
 * upstream's drive read-object shortcuts (+cover, +stats: driveReadObjectShortcut shortcut/drive/operations.go:314-333;
 * +info drive.go:148-162; +publish-get catalog_operations.go:352-363@c7521c1c) as a model: requireDriveObject
 * (common.go:79-122) picks the object, then rt.Output stores it through resultForPayload -> shortcutCommandResult
 * (shortcut/runner.go:319-359, :382-413), which, for these RolloutUnifiedActive shortcuts (drive.go:694-700), fails on
 * the `success` of the object's `content` when that is an object, else of the object itself, when it is present and not
 * true. The object printed, or 'refused'.
 */
function upstreamDriveObject(answer: Record<string, unknown>): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  // the runner's detectBusinessError first (internal/app/runner.go:1108-1155): success false at any depth through
  // content/result/data
  const saysFalse = (v: unknown): boolean => isObject(v) && (v.success === false || ['content', 'result', 'data'].some((k) => saysFalse(v[k])));
  if (saysFalse(answer)) return 'refused';
  if (Object.keys(answer).length === 0) return 'refused';
  if ('success' in answer && answer.success !== true) return 'refused';
  // h55-stamp2: requireDriveObject reads the runner's stamped map (app/runner.go:774-783): no success key gains true
  const stamped: Record<string, unknown> = 'success' in answer ? answer : { ...answer, success: true };
  let printed: Record<string, unknown> = stamped;
  if ('result' in answer || 'data' in answer) {
    const inner = 'result' in answer ? answer.result : answer.data;
    if (!isObject(inner) || Object.keys(inner).length === 0) return 'refused';
    printed = inner;
  } else if (Object.keys(stamped).length === 1) return 'refused';
  const status = isObject(printed.content) ? printed.content : printed;
  if ('success' in status && status.success !== true) return 'refused';
  return printed;
}

const DRIVE_OBJECT_READS: [string[], string][] = [
  [['drive', '+cover', '--node', 'n1'], 'drive/get_cover'],
  [['drive', '+stats', '--node', 'n1'], 'drive/get_node_stats'],
  [['drive', '+info', '--node', 'n1'], 'drive/get_file_info'],
  [['drive', '+publish-get', '--node', 'n1'], 'drive/get_file_publish_status'],
];

// wiki +node-get and +space-get (wiki/nodes.go:40-52, wiki/wiki.go:76-88@c7521c1c) print requireWikiObject's object
// (common.go:83-101, the same picking as requireDriveObject) after an id check, through the same unified rt.Output
// (wiki/wiki.go:24); the objects here carry the id each checks
const WIKI_OBJECT_READS: [string[], string, Record<string, unknown>][] = [
  [['wiki', '+node-get', '--node', 'n1'], 'doc/get_document_info', { nodeId: 'n1' }],
  [['wiki', '+space-get', '--workspace', 'w1'], 'wiki/get_wikiSpace', { workspaceId: 'w1' }],
];

describe('wiki +node-get and +space-get, siblings of drive +cover: the printed object\'s success is read as shortcutCommandResult reads it (shortcut/runner.go:382-413@c7521c1c)', () => {
  for (const [argv, tool, id] of WIKI_OBJECT_READS) {
    it(`${argv.slice(0, 2).join(' ')}: a success that is not true in the object (or in its content object) is refused; without one it is printed`, async () => {
      outputs.answer(tool, { result: { ...id, success: 'yes' } });
      expect(await sent(argv)).toMatchObject({ reason: 'backend_error', printed: undefined });
      outputs.answer(tool, { data: { ...id, success: true, content: { success: 0 } } });
      expect((await sent(argv)).reason).toBe('backend_error');
      outputs.answer(tool, { result: { ...id, success: null, content: { x: 1 } } });
      expect((await sent(argv)).printed).toEqual({ ...id, success: null, content: { x: 1 } });
    });
  }
});

describe('drive +cover and its siblings +stats, +info, +publish-get: the printed object\'s success is read as upstream\'s shortcut result reads it (shortcut/runner.go:382-413@c7521c1c)', () => {
  for (const [argv, tool] of DRIVE_OBJECT_READS) {
    it(`${argv.slice(0, 2).join(' ')}: a result whose success is a text is refused after the read, nothing printed`, async () => {
      outputs.answer(tool, { success: true, result: { url: 'u', success: 'yes' } });
      const r = await sent(argv);
      expect(r.calls.map((c) => c[0])).toEqual([tool]);
      expect(r).toMatchObject({ reason: 'backend_error', printed: undefined });
    });
    it(`${argv.slice(0, 2).join(' ')}: a content object whose success is null is refused; one without success is printed whatever the object's own success says`, async () => {
      outputs.answer(tool, { result: { url: 'u', content: { success: null } } });
      expect((await sent(argv)).reason).toBe('backend_error');
      outputs.answer(tool, { result: { url: 'u', success: 'x', content: {} } });
      expect((await sent(argv)).printed).toEqual({ url: 'u', success: 'x', content: {} });
    });
  }
  it('refused or printed as upstream reads it, for any answer', async () => {
    const success = fc.constantFrom<unknown>(true, false, 'yes', null, 1, 'true');
    const object = fc.record({ url: fc.constant('u'), success, content: fc.oneof(fc.record({ success }, { requiredKeys: [] }), fc.constantFrom<unknown>('c', 5, null)) }, { requiredKeys: ['url'] });
    const answer = fc.record({ success: fc.constantFrom<unknown>(true, 'true'), result: object, data: object, url: fc.constant('top') }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(fc.constantFrom(...DRIVE_OBJECT_READS), answer, async ([argv, tool], body) => {
      outputs.answer(tool, body);
      const r = await sent(argv);
      const expected = upstreamDriveObject(body);
      if (expected === 'refused') expect(r.reason).toBeDefined();
      else expect(r).toMatchObject({ reason: undefined, printed: expected });
    }), { numRuns: 80 });
  });
});
