// Session 46 second reading, part a4 (issue 32, notes/h46-a4.md, seed 20261412): where a drawn command (or a sibling
// of one) still differed from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warningLine } from '../../src/errors.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a4-');

describe('chat +at-me --page-all: the next cursor is atMeCursorString of the page\'s nextCursor, a text (smart/at_me.go:242-244, :322-332, :354-356, :369-378@c7521c1c)', () => {
  const argv = ['chat', '+at-me', '--page-all', '--no-reactions'];
  const pages = (next: unknown) => [
    { hasMore: true, nextCursor: next, list: [{ msgId: 'a' }] },
    { hasMore: false, list: [{ msgId: 'b' }] },
  ];
  // Go's fmt.Sprint of the float64 json.Unmarshal gives, trimmed
  const cases: [unknown, string][] = [[5, '5'], [' 7 ', '7'], [1700000000000, '1.7e+12'], [1000000, '1e+06'], [2.5, '2.5'], ['x', 'x']];
  for (const [next, text] of cases) {
    it(`a nextCursor ${JSON.stringify(next)} is asked for as ${JSON.stringify(text)}`, async () => {
      const run = await outputs.paged(argv, 'search_at_me_message', pages(next));
      expect(run.exit).toBe(0);
      expect(run.sent.map((a) => a.cursor)).toEqual(['0', text]);
    });
  }
  it('any whole-number cursor below 10^6 or padded digit text is sent as its trimmed decimal text', async () => {
    const next = fc.oneof(
      fc.integer({ min: 1, max: 999_999 }).map((n) => [n, String(n)] as const),
      fc.tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.constantFrom('', ' ', '\t'), fc.constantFrom('', ' ', '\n'))
        .map(([n, l, r]) => [`${l}${n}${r}`, String(n)] as const),
    );
    await fc.assert(fc.asyncProperty(next, async ([value, text]) => {
      const run = await outputs.paged(argv, 'search_at_me_message', pages(value));
      expect(run.sent.map((a) => a.cursor)).toEqual(['0', text]);
    }), { numRuns: 25 });
  });
  it('the run stopped by --page-limit prints that next cursor as the text it would ask with', async () => {
    const run = await outputs.paged([...argv, '--page-limit', '1'], 'search_at_me_message', pages(42));
    expect(run.exit).toBe(0);
    expect(run.printed).toMatchObject({ hasMore: true, nextCursor: '42', stopReason: 'page_limit', pagesFetched: 1 });
  });
});

/** The reasons of the notice lines a run wrote on stderr, and their details. */
const notices = (err: string) => err.split('\n').filter((l) => l !== '')
  .map((l) => (JSON.parse(l) as { warning: { reason: string; details?: unknown } }).warning);

describe('aitable view update card/timebar/field-widths: a key --json and a typed flag both set is announced on stderr, once per key (mergeUpdateBlock, helpers/aitable.go:889-910@c7521c1c)', () => {
  const view = (viewType: string) => ({ data: { views: [{ viewType }] } });
  const base = (attr: string) => ['aitable', 'view', 'update', attr, '--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
  /** upstream: the keys of the --json object that the typed map also holds, one line each */
  const overlap = (json: Record<string, unknown>, typed: string[]) => Object.keys(json).filter((k) => typed.includes(k)).sort();
  const run = async (argv: string[], viewType: string) => {
    outputs.mcp.answers['aitable/get_views'] = () => view(viewType);
    const outcome = await dispatchInProcess(argv, outputs.env());
    return { outcome, warned: notices(outcome.err).map((w) => { expect(w.reason).toBe('json_flag_overlap'); return (w.details as { key: string }).key; }).sort() };
  };

  // card's typed keys and the flags that set them (aitable.go:3478-3487@c7521c1c)
  const cardFlags: [string, string[]][] = [
    ['coverFieldId', ['--cover-field-id', 'f1']], ['coverResizeMode', ['--cover-resize-mode', 'contain']],
    ['hiddenFieldTitle', ['--hidden-field-title=false']], ['coverMode', ['--cover-mode', 'auto']], ['displayFieldName', ['--display-field-name']],
  ];
  it('card: for any typed flags and --json keys, one notice per key both set (the overlap of the two key sets, as upstream)', async () => {
    const keys = cardFlags.map(([k]) => k);
    await fc.assert(fc.asyncProperty(fc.subarray(cardFlags), fc.subarray([...keys, 'other']), async (typed, jsonKeys) => {
      const json = Object.fromEntries(jsonKeys.map((k) => [k, 'from-json']));
      const { outcome, warned } = await run([...base('card'), ...typed.flatMap(([, f]) => f), '--json', JSON.stringify(json)], 'Kanban');
      expect(outcome.error).toBeUndefined();
      expect(warned).toEqual(overlap(json, typed.map(([k]) => k)));
    }), { numRuns: 20 });
  });
  it('card: --no-cover sets coverFieldId too, and a blank typed text (not set by collectStringFlag) is no overlap', async () => {
    expect((await run([...base('card'), '--no-cover', '--json', '{"coverFieldId":null}'], 'Gallery')).warned).toEqual(['coverFieldId']);
    expect((await run([...base('card'), '--cover-mode', '', '--json', '{"coverMode":"x"}'], 'Gallery')).warned).toEqual([]);
    expect((await run([...base('card'), '--cover-mode', ' ', '--json', '{"coverMode":"x"}'], 'Gallery')).warned).toEqual(['coverMode']);
    expect((await run([...base('card'), '--cover-mode', 'x', '--json', 'null'], 'Gallery')).warned).toEqual([]);
  });
  it('timebar: each typed key that --json also holds (aitable.go:3537-3551@c7521c1c)', async () => {
    const argv = [...base('timebar'), '--start-field', 's', '--official-holiday', '--color-configs', '[]', '--timeline-scale', '',
      '--json', '{"startField":"x","officialHoliday":true,"colorConfigs":null,"timelineScale":"m","endField":"e"}'];
    expect((await run(argv, 'Gantt')).warned).toEqual(['colorConfigs', 'officialHoliday', 'startField']);
  });
  it('field-widths: the typed --field-id key, when --json holds it (aitable.go:3654-3671@c7521c1c)', async () => {
    expect((await run([...base('field-widths'), '--field-id', 'fldA', '--width', '9', '--json', '{"fldA":1,"fldB":2}'], 'Grid')).warned).toEqual(['fldA']);
    expect((await run([...base('field-widths'), '--field-id', 'fldC', '--width', '9', '--json', '{"fldA":1}'], 'Grid')).warned).toEqual([]);
  });
});

describe('the notice reason json_flag_overlap (h46-a5\'s reason, which h46-a4\'s typed_flag_overrides_json became at the merge; docs/PLANS.md "Warnings")', () => {
  it('is one JSON stderr line led by [WARN], carrying its details', () => {
    expect(JSON.parse(warningLine({ reason: 'json_flag_overlap', message: 'm', details: { key: 'k' } })))
      .toEqual({ warning: { reason: 'json_flag_overlap', message: '[WARN] m', details: { key: 'k' } } });
  });
});

describe('aitable view update aggregate: each typed key (--field-id, the --clear-field-id ids) the --json object also holds is announced once, a warn step with for_each (NEW MECHANISM; aitable.go:3598-3618, :901-906@c7521c1c)', () => {
  const argv = ['aitable', 'view', 'update', 'aggregate', '--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
  const keysWarned = async (extra: string[]) => {
    outputs.mcp.answers['aitable/get_views'] = () => ({ data: { views: [{ viewType: 'Grid' }] } });
    const outcome = await dispatchInProcess([...argv, ...extra], outputs.env());
    expect(outcome.error).toBeUndefined();
    return notices(outcome.err).map((w) => (w.details as { key: string }).key).sort();
  };
  it('for any field id, clear list and --json keys, one notice per distinct key in both (upstream ranges over the typed map)', async () => {
    const ids = ['fA', 'fB', 'fC', 'fD'];
    await fc.assert(fc.asyncProperty(fc.option(fc.constantFrom(...ids), { nil: undefined }), fc.subarray(ids), fc.subarray(ids), async (field, clear, jsonKeys) => {
      const typed = new Set([...(field === undefined ? [] : [field]), ...clear]);
      const json = Object.fromEntries(jsonKeys.map((k) => [k, 'AVG']));
      const extra = [...(field === undefined ? [] : ['--field-id', field, '--action', 'SUM']), ...(clear.length > 0 ? ['--clear-field-id', clear.join(',')] : []), '--json', JSON.stringify(json)];
      expect(await keysWarned(extra)).toEqual(jsonKeys.filter((k) => typed.has(k)).sort());
    }), { numRuns: 20 });
  });
  it('a --json that is JSON null, or no --json, announces nothing', async () => {
    expect(await keysWarned(['--clear-field-id', 'fA', '--json', 'null'])).toEqual([]);
    expect(await keysWarned(['--clear-field-id', 'fA'])).toEqual([]);
  });
});

describe('a group named by a chat shortcut (+at-me --group) is searched page by page with the next cursor as paginationString writes it, fmt.Sprint trimmed (targetresolver resolver.go:509-553, :641-683@c7521c1c)', () => {
  const argv = ['chat', '+at-me', '--group', 'g1'];
  const group = { openConversationId: 'cidABCDEFGHIJKLMN', title: 'g1' };
  const cases: [unknown, string][] = [[1000000, '1e+06'], [1700000000000, '1.7e+12'], [42, '42'], [' 7 ', '7'], [2.5, '2.5']];
  for (const [next, text] of cases) {
    it(`a nextCursor ${JSON.stringify(next)} is sent back as ${JSON.stringify(text)}`, async () => {
      outputs.mcp.answers['im/search_groups'] = (_a, n) => (n === 0
        ? { result: { hasMore: true, nextCursor: next, items: [{ openConversationId: 'cidOTHERGROUPXYZ', title: 'other' }] } }
        : { result: { hasMore: false, items: [group] } });
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.calls.filter(([t]) => t === 'im/search_groups').map(([, a]) => (a as { cursor: unknown }).cursor)).toEqual(['0', text]);
      expect(run.calls.at(-1)).toEqual(['chat/search_at_me_message', expect.objectContaining({ openConversationId: group.openConversationId })]);
    });
  }
});

describe('aitable view update visible-fields: --json beside a non-empty --field-ids list is announced, the --json list is sent (aitable.go:3713-3727@c7521c1c)', () => {
  const argv = ['aitable', 'view', 'update', 'visible-fields', '--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
  const run = async (extra: string[]) => {
    const outcome = await dispatchInProcess([...argv, ...extra], outputs.env());
    return { reason: outcome.error?.reason, warned: notices(outcome.err).map((w) => w.reason) };
  };
  it('both given: one notice, the run goes on with --json', async () => {
    expect(await run(['--field-ids', 'f1,f2', '--json', '["f3"]'])).toEqual({ reason: undefined, warned: ['json_flag_overlap'] });
  });
  it('--json null beside --field-ids: the notice, then the refusal (upstream warns before it finds no field left)', async () => {
    expect(await run(['--field-ids', 'f1', '--json', 'null'])).toEqual({ reason: 'invalid_parameter', warned: ['json_flag_overlap'] });
  });
  it('no notice when --field-ids parses to nothing, when --json alone, or when --json is not JSON (refused first)', async () => {
    expect(await run(['--field-ids', ' ', '--json', '["f3"]'])).toEqual({ reason: undefined, warned: [] });
    expect(await run(['--json', '["f3"]'])).toEqual({ reason: undefined, warned: [] });
    expect((await run(['--field-ids', 'f1', '--json', '[1,'])).warned).toEqual([]);
  });
});
