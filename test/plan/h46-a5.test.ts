// Session 46 second reading, part a5 (issue 32, notes/h46-a5.md, seed 20261413): where a drawn command (or a sibling of
// its upstream body) still differed from upstream at c7521c1c. Each run as a user types it against the recording backend
// on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { WARNINGS, warningLine } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a5-');
const { mcp } = outputs;

/** A run as the CLI makes it: the calls sent, the stderr notice lines parsed, what it printed and its refusal (if any). */
async function typed(argv: string[]) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, outputs.env());
  return {
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, unknown]),
    notices: outcome.err.split('\n').filter((l) => l.startsWith('{"warning"')).map((l) => JSON.parse(l) as { warning: { reason: string; message: string; details?: unknown } }),
    printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined,
    reason: outcome.error?.reason,
  };
}

// ── minutes +mindmap (drawn) and +upload-and-analyze --mindmap (sibling): createAttempted is runMinutesMindmap's
// `create` argument (workflows.go:338, :310, :370@c7521c1c), not what the create call answered ─────────────────────

describe('minutes +mindmap prints createAttempted as runMinutesMindmap\'s create flag (workflows.go:338, :370@c7521c1c)', () => {
  const argv = (...more: string[]) => ['minutes', '+mindmap', '--id', 'u1', '--timeout', '2', '--interval', '1', '--yes', ...more];
  const done = { result: { taskStatus: 1 } };

  it('a create answered with JSON null or a blank text was still attempted: createAttempted true, createAcknowledged false', async () => {
    for (const text of ['null', '', '  ']) {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', done);
      const run = await typed(argv());
      expect({ text, calls: run.calls.map(([tool]) => tool), printed: run.printed }).toMatchObject({
        text,
        calls: ['minutes/create_mind_graph', 'minutes/query_mind_graph_status'],
        printed: { createAttempted: true, createAcknowledged: false, complete: true },
      });
    }
  });

  it('with --resume no create is sent and createAttempted is false', async () => {
    outputs.answer('query_mind_graph_status', done);
    const run = await typed(argv('--resume'));
    expect([run.calls.map(([tool]) => tool), run.printed]).toMatchObject([
      ['minutes/query_mind_graph_status'], { createAttempted: false, createAcknowledged: false }]);
  });

  it('for any create answer that is not a backend failure and decodes into an object (or null, or blank), createAttempted is true', async () => {
    const answer = fc.oneof(
      fc.constantFrom('null', '', ' ', '{}', '{"success":true}', '{"result":{}}', '{"result":{"a":1}}'),
      fc.dictionary(fc.constantFrom('result', 'data', 'x', 'taskUuid'), fc.constantFrom<unknown>(true, false, null, 0, '0', {}, { a: 1 }, []))
        .map((o) => JSON.stringify(o)));
    await fc.assert(fc.asyncProperty(answer, async (text) => {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', done);
      const run = await typed(argv());
      expect((run.printed as { createAttempted?: unknown } | undefined)?.createAttempted).toBe(true);
    }), { numRuns: 25 });
  });
});

describe('minutes +upload-and-analyze --mindmap: the mindmap stage says createAttempted true (runMinutesMindmap(..., true), workflows.go:310@c7521c1c)', () => {
  it('also when the create answered JSON null or a blank text', async () => {
    for (const text of ['null', '']) {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', { result: { taskStatus: 1 } });
      const run = await typed(['minutes', '+upload-and-analyze', '--resume-id', 'u1', '--mindmap', '--artifacts', ',',
        '--wait-timeout', '2', '--poll-interval', '1', '--yes']);
      const stages = (run.printed as { stages: { name: string; result?: Record<string, unknown> }[] }).stages;
      expect(stages.find((s) => s.name === 'mindmap')?.result).toMatchObject({ createAttempted: true, createAcknowledged: false });
    }
  });
});

// ── NEW MECHANISM (h46-a5): the notice reason json_flag_overlap, upstream's `⚠️` line when --json and a typed flag give
// the same key (helpers/aitable.go:901-905, :3724-3726@c7521c1c) ─────────────────────────────────────────────────────

describe('the notice reason json_flag_overlap (src/errors.ts WARNINGS)', () => {
  it('is a [WARN] notice: one JSON line, the message led by [WARN], details kept', () => {
    expect(WARNINGS.json_flag_overlap).toBe('WARN');
    expect(JSON.parse(warningLine({ reason: 'json_flag_overlap', message: 'm', details: ['fldA'] }))).toEqual(
      { warning: { reason: 'json_flag_overlap', message: '[WARN] m', details: ['fldA'] } });
  });
});

// ── aitable view update aggregate (drawn) and its siblings card / timebar / field-widths (mergeUpdateBlock) and
// visible-fields: upstream's `⚠️` stderr line when --json and a typed flag give the same key (aitable.go:889-908,
// :3724-3726@c7521c1c) ─────────────────────────────────────────────────────────────────────────────────────────────

const viewOf = (viewType: string) => ({ data: { views: [{ viewId: 'v', viewType }] } });
const ids = ['--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
const overlapKeys = (run: Awaited<ReturnType<typeof typed>>) =>
  run.notices.filter((n) => n.warning.reason === 'json_flag_overlap').map((n) => (n.warning.details as { key: string }).key).sort();

describe('aitable view update aggregate: a key given in --json and by --field-id/--clear-field-id is a json_flag_overlap notice (mergeUpdateBlock, aitable.go:901-905@c7521c1c)', () => {
  const aggregate = (...more: string[]) => ['aitable', 'view', 'update', 'aggregate', ...ids, ...more];

  it('each key both give is named in one [WARN] notice of its own (upstream prints a line per key); the typed values are sent', async () => {
    outputs.answer('get_views', viewOf('Grid'));
    const run = await typed(aggregate('--json', '{"f1":"SUM","f2":"AVG","f9":"MIN"}', '--field-id', 'f1', '--action', 'MAX', '--clear-field-id', 'f2,f3'));
    expect(overlapKeys(run)).toEqual(['f1', 'f2']);
    expect(run.notices[0].warning.message.startsWith('[WARN] ')).toBe(true);
    expect(run.calls.at(-1)).toEqual(['aitable/update_view',
      { baseId: 'b', tableId: 't', viewId: 'v', config: { aggregate: { f1: 'MAX', f2: null, f3: null, f9: 'MIN' } } }]);
  });

  it('no notice when the keys differ, when --json is null or empty, or when the pair check refuses first', async () => {
    for (const more of [['--json', '{"f9":"SUM"}', '--field-id', 'f1', '--action', 'MAX'], ['--json', 'null', '--field-id', 'f1', '--action', 'MAX'],
      ['--json', '', '--clear-field-id', 'f1'], ['--json', '{"f1":"SUM"}', '--field-id', 'f1']]) {
      outputs.answer('get_views', viewOf('Grid'));
      const run = await typed(aggregate(...more));
      expect({ more, notices: run.notices }).toEqual({ more, notices: [] });
    }
  });

  it('for any --json keys and typed keys: a notice for exactly each shared key', async () => {
    const key = fc.constantFrom('fa', 'fb', 'fc', 'fd');
    await fc.assert(fc.asyncProperty(fc.uniqueArray(key, { maxLength: 3 }), fc.option(key, { nil: undefined }), fc.uniqueArray(key, { maxLength: 3 }),
      async (jsonKeys, fieldId, clear) => {
        outputs.answer('get_views', viewOf('Grid'));
        const more = ['--json', JSON.stringify(Object.fromEntries(jsonKeys.map((k) => [k, 'SUM'])))];
        if (fieldId) more.push('--field-id', fieldId, '--action', 'MAX');
        if (clear.length) more.push('--clear-field-id', clear.join(','));
        const run = await typed(aggregate(...more));
        const shared = [...new Set([...(fieldId ? [fieldId] : []), ...clear])].filter((k) => jsonKeys.includes(k)).sort();
        expect(overlapKeys(run)).toEqual(shared);
        expect(run.reason).toBeUndefined();
      }), { numRuns: 30 });
  });
});

describe('the siblings over mergeUpdateBlock warn the same way: view update card, timebar and field-widths (aitable.go:3489, :3550, :3670@c7521c1c)', () => {
  it('card: --json coverFieldId beside --cover-field-id (or --no-cover), a typed bool beside its --json key', async () => {
    outputs.answer('get_views', viewOf('Kanban'));
    const cover = await typed(['aitable', 'view', 'update', 'card', ...ids, '--json', '{"coverFieldId":"x","coverMode":"auto"}', '--cover-field-id', 'f']);
    expect(overlapKeys(cover)).toEqual(['coverFieldId']);
    expect(cover.calls.at(-1)?.[1]).toMatchObject({ config: { kanbanCard: { coverFieldId: 'f', coverMode: 'auto' } } });
    outputs.answer('get_views', viewOf('Gallery'));
    const off = await typed(['aitable', 'view', 'update', 'card', ...ids, '--json', '{"coverFieldId":"x","displayFieldName":true}', '--no-cover', '--display-field-name=false']);
    expect(overlapKeys(off)).toEqual(['coverFieldId', 'displayFieldName']);
    outputs.answer('get_views', viewOf('Kanban'));
    expect((await typed(['aitable', 'view', 'update', 'card', ...ids, '--json', '{"coverMode":"auto"}', '--cover-field-id', 'f'])).notices).toEqual([]);
  });
  it('timebar: --json startField beside --start-field', async () => {
    outputs.answer('get_views', viewOf('Gantt'));
    const run = await typed(['aitable', 'view', 'update', 'timebar', ...ids, '--json', '{"startField":"a","endField":"e"}', '--start-field', 'b']);
    expect(overlapKeys(run)).toEqual(['startField']);
    expect(run.calls.at(-1)?.[1]).toMatchObject({ config: { ganttTimebar: { startField: 'b', endField: 'e' } } });
  });
  it('field-widths: --json fldA beside --field-id fldA --width 200', async () => {
    outputs.answer('get_views', viewOf('Grid'));
    const run = await typed(['aitable', 'view', 'update', 'field-widths', ...ids, '--json', '{"fldA":100,"fldB":90}', '--field-id', 'fldA', '--width', '200']);
    expect(overlapKeys(run)).toEqual(['fldA']);
    expect(run.calls.at(-1)?.[1]).toMatchObject({ config: { fieldWidths: { fldA: 200, fldB: 90 } } });
  });
});

describe('aitable view update visible-fields: --json beside --field-ids is a notice, --json is sent (aitable.go:3718-3733@c7521c1c)', () => {
  const visible = (...more: string[]) => ['aitable', 'view', 'update', 'visible-fields', ...ids, ...more];
  it('a JSON list beside field ids: one notice, the JSON list sent', async () => {
    const run = await typed(visible('--json', '["a","b"]', '--field-ids', 'c'));
    expect(run.notices.map((n) => n.warning.reason)).toEqual(['json_flag_overlap']);
    expect(run.calls).toEqual([['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v', config: { visibleFieldIds: ['a', 'b'] } }]]);
  });
  it('the notice comes before the element check refuses a non-text element; no notice for --field-ids blank, --json alone, or --json not a list', async () => {
    const refused = await typed(visible('--json', '[1]', '--field-ids', 'c'));
    expect([refused.notices.map((n) => n.warning.reason), refused.reason, refused.calls]).toEqual([['json_flag_overlap'], 'invalid_parameter', []]);
    for (const more of [['--json', '["a"]', '--field-ids', ' , '], ['--json', '["a"]'], ['--json', '{"a":1}', '--field-ids', 'c']]) {
      expect({ more, notices: (await typed(visible(...more))).notices }).toEqual({ more, notices: [] });
    }
  });
});

// ── chat +chat-messages (drawn): a run without a sender condition prints upstream's senderFilter / identityResult
// (attachUnfilteredSenderIdentitySemantics, smart/chat_messages.go:484-498, :590-592@c7521c1c) ──────────────────────

describe('chat +chat-messages prints senderFilter {requested: false, applied: false, status: not_requested} and identityResult (chat_messages.go:484-498@c7521c1c)', () => {
  const page = (more: boolean, cursor?: number) => ({ result: { messages: [{ openMessageId: `m${cursor ?? 0}`, senderId: 'u1', createTime: 1741600000000 }], hasMore: more, ...(cursor ? { nextCursor: cursor } : {}) } });
  const semantics = {
    senderFilter: { requested: false, applied: false, status: 'not_requested' },
    identityResult: { status: 'requires_query_check', negativeConclusionAllowed: false, hint: expect.any(String) },
  };
  it('one page and --page-all', async () => {
    outputs.answer('list_conversation_message_v2', page(false));
    expect((await typed(['chat', '+chat-messages', '--id', 'c1'])).printed).toMatchObject(semantics);
    outputs.answer('list_individual_chat_message', page(false));
    expect((await typed(['chat', '+chat-messages', '--user', 'u9', '--page-all'])).printed).toMatchObject(semantics);
  });
  it('--page-all that fails after a page read keeps them in the ledger; a failing first read (no page) has none, as upstream returns before attaching', async () => {
    mcp.calls.length = 0;
    outputs.answer('list_conversation_message_v2', page(true, 5));
    outputs.answer('list_conversation_message_v2', page(true, 5));
    const stalled = await dispatchInProcess(['chat', '+chat-messages', '--id', 'c1', '--page-all'], outputs.env());
    const ledger = (JSON.parse(stalled.error!.envelope()) as { ledger: Record<string, unknown> }).ledger;
    expect([stalled.error?.reason, ledger.pagesFetched, ledger.senderFilter, ledger.identityResult]).toEqual(
      ['pages_incomplete', 2, semantics.senderFilter, expect.objectContaining({ status: 'requires_query_check' })]);
    outputs.answerText('list_conversation_message_v2', '[1]');
    const first = await dispatchInProcess(['chat', '+chat-messages', '--id', 'c1', '--page-all'], outputs.env());
    const firstLedger = (JSON.parse(first.error!.envelope()) as { ledger?: Record<string, unknown> }).ledger;
    expect([firstLedger?.pagesFetched, firstLedger && 'senderFilter' in firstLedger, firstLedger && 'identityResult' in firstLedger]).toEqual([0, false, false]);
  });
});
