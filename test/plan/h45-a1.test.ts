// Session 45 second reading, part a1 (issue 32, notes/h45-a1.md, seed 20261397): all 30 drawn commands were found to
// send what upstream's bodies at c7521c1c send. These tests pin the readings that were checked against models of
// upstream's helpers, each run as a user types the command against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a1-');

/** Go's unicode.IsSpace, the set strings.TrimSpace removes (not U+FEFF, which JavaScript's trim also removes). */
const GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const goTrim = (s: string) => s.replace(GO_SPACE, '');

/**
 * upstream parseCSVValues + cleanStringValues (internal/helpers/contact.go:20-45@c7521c1c) as a model: null for a
 * value TrimSpace leaves empty (a nil slice), a JSON list of texts (null elements as "") when the value is bracketed,
 * else the comma parts; every part trimmed, then stripped of ASCII quotes, empty parts dropped.
 */
function goParseCSVValues(raw: string): string[] | null {
  let text = goTrim(raw);
  if (text === '') return null;
  const clean = (parts: string[]) => parts.map((p) => goTrim(p).replace(/^["']+|["']+$/g, '')).filter((v) => v !== '');
  if (text.startsWith('[') && text.endsWith(']')) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(text);
    } catch {
      decoded = undefined;
    }
    if (Array.isArray(decoded) && decoded.every((v) => typeof v === 'string' || v === null)) {
      return clean(decoded.map((v) => (v === null ? '' : (v as string))));
    }
    text = goTrim(text.slice(1, -1));
  }
  return clean(text.split(','));
}

const csvPiece = fc.constantFrom('a', 'bc', ' ', ',', '[', ']', '"', "'", 'null', '1', '\u0085', '\ufeff', '\u00a0', '\t');
const csvText = fc.array(csvPiece, { minLength: 1, maxLength: 9 }).map((parts) => parts.join(''));

describe('minutes hot-word add / delete: --words read as parseCSVValues reads it (minutes.go:1255-1262, :1351-1358; contact.go:20-45@c7521c1c)', () => {
  for (const [verb, rpc] of [['add', 'add_personal_hot_word'], ['delete', 'delete_personal_hotword']] as const) {
    it(`hot-word ${verb}: hotWordList is upstream's list for any typed text (JSON lists, quotes, Go's spaces, U+FEFF kept)`, async () => {
      await fc.assert(fc.asyncProperty(csvText, async (words) => {
        const run = await outputs.sent(['minutes', 'hot-word', verb, '--words', words]);
        expect(run.reason).toBeUndefined();
        expect(run.calls).toEqual([[`minutes/${rpc}`, { hotWordList: goParseCSVValues(words) }]]);
      }), { numRuns: 60 });
    });
  }
  it('a typed empty --words is refused before any call (validateRequiredFlags)', async () => {
    const run = await outputs.sent(['minutes', 'hot-word', 'delete', '--words', '']);
    expect(run.reason).toBe('missing_parameter');
    expect(run.calls).toEqual([]);
  });
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream resolveNamedList + baseListProject (internal/shortcut/aitable/aitable.go:67-105, :178-220@c7521c1c) as a
 * model of aitable +base-search's reading: the rows it prints, or 'refused'.
 */
function goBaseSearch(data: Obj): Obj[] | 'refused' {
  const outer = ['bases', 'result', 'data', 'list', 'items', 'records'];
  const inner = ['bases', 'list', 'items', 'result', 'data', 'records'];
  let list: unknown[] | undefined;
  for (const key of outer) {
    if (!(key in data)) continue;
    const value = data[key];
    if (Array.isArray(value)) {
      list = value;
      break;
    }
    if (!isObj(value)) continue;
    const found = inner.find((k) => k in value && Array.isArray(value[k]));
    if (found) {
      list = value[found] as unknown[];
      break;
    }
  }
  if (!list) return 'refused';
  const rows: Obj[] = [];
  for (const item of list) {
    if (!isObj(item)) return 'refused';
    const id = ['baseId', 'base_id', 'id'].find((k) => k in item);
    if (id === undefined) return 'refused';
    const row: Obj = { baseId: item[id] };
    const name = ['baseName', 'base_name', 'name', 'title'].find((k) => k in item);
    if (name !== undefined) row.baseName = item[name];
    rows.push(row);
  }
  return rows;
}

const cell = fc.constantFrom<unknown>('a', null, 7);
const row = fc.oneof(
  fc.record({ baseId: cell, base_id: cell, id: cell, baseName: cell, base_name: cell, name: cell, title: cell }, { requiredKeys: [] }),
  fc.constant<unknown>(5),
);
const holder = fc.oneof(fc.array(row, { maxLength: 3 }), fc.constantFrom<unknown>(null, 'x', 3));
const innerHolder = fc.record({ bases: holder, list: holder, items: holder, result: holder, data: holder, records: holder }, { requiredKeys: [] });
const baseAnswer = fc.record({
  bases: fc.oneof(holder, innerHolder), result: fc.oneof(holder, innerHolder), data: fc.oneof(holder, innerHolder),
  list: fc.oneof(holder, innerHolder), items: fc.oneof(holder, innerHolder), records: fc.oneof(holder, innerHolder),
}, { requiredKeys: [] });

describe('aitable +base-search reads the search_bases answer as resolveNamedList and baseListProject (aitable.go:67-105, :178-254@c7521c1c)', () => {
  it('prints {count, bases} or refuses exactly where upstream does, for any envelope of lists, objects and scalars', async () => {
    await fc.assert(fc.asyncProperty(baseAnswer, async (answer) => {
      outputs.answer('aitable/search_bases', answer);
      const run = await outputs.sent(['aitable', '+base-search', '--query', 'q']);
      const expected = goBaseSearch(answer);
      if (expected === 'refused') {
        expect(run.reason).toBe('backend_error');
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual({ count: expected.length, bases: expected });
      }
    }), { numRuns: 80 });
  });
  it('an outer key holding an object without a list is passed over for a later one (items.data found after records is not reached)', async () => {
    outputs.answer('aitable/search_bases', { bases: {}, items: { bases: 5, data: [{ baseId: 'b2' }] }, records: [{ id: 'r' }] });
    expect((await outputs.sent(['aitable', '+base-search', '--query', 'q'])).printed).toEqual({ count: 1, bases: [{ baseId: 'b2' }] });
  });
});

describe('drive +recent: the page markers as addDrivePagination copies them (shortcut/drive/common.go:136-196@c7521c1c)', () => {
  const marker = fc.constantFrom<unknown>(undefined, null, 'c1', 'c2', '');
  it('nextCursor is the last present non-null of nextCursor, nextToken, nextPageToken of the container holding recentItems', async () => {
    await fc.assert(fc.asyncProperty(marker, marker, marker, fc.boolean(), async (a, b, c, nested) => {
      const page: Obj = { recentItems: [{ nodeId: 'n', name: 'x', extra: 1 }] };
      for (const [k, v] of [['nextCursor', a], ['nextToken', b], ['nextPageToken', c]] as const) if (v !== undefined) page[k] = v;
      outputs.answer('doc/get_recent_list', nested ? { nextCursor: 'top', result: page } : page);
      const run = await outputs.sent(['drive', '+recent']);
      const last = [c, b, a].find((v) => v !== undefined && v !== null);
      const expected: Obj = { count: 1, items: [{ nodeId: 'n', name: 'x' }] };
      if (last !== undefined) expected.nextCursor = last;
      expect(run.printed).toEqual(expected);
    }), { numRuns: 40 });
  });
});

describe('oa approval list-initiated: --cursor and --limit read by strconv.ParseFloat with its error ignored (oa.go:440-441@c7521c1c)', () => {
  const table: [string, number][] = [['0x1p4', 16], ['1_0', 10], ['1e3', 1000], ['+5', 5], ['.5', 0.5], ['0x10', 0], [' 5', 0], ['abc', 0]];
  for (const [typed, sent] of table) {
    it(`${JSON.stringify(typed)} is sent as ${sent}`, async () => {
      const args = await outputs.argsOf(['oa', 'approval', 'list-initiated', '--process-code', 'p', '--start', '2026-03-10',
        '--end', '2026-03-11', '--cursor', typed, '--limit', typed]);
      expect(args).toEqual([{ processCode: 'p', startTime: 1773072000000, endTime: 1773158400000, nextToken: sent, maxResults: sent }]);
    });
  }
});

describe('todo task update: --due read by ParseISOTimeToMillis (pkg/cmdutil/time.go:41-77@c7521c1c; zone-less times in Asia/Shanghai)', () => {
  const table: [string, number | 'refused'][] = [
    ['2026-03-10T18:00:00+08:00', 1773136800000], [' "2026-03-10" ', 1773072000000], ['1773136800', 1773136800000],
    ['1773136800000', 1773136800000], ['20260310', 1773072000000], ['2026/03/10 08:00:00', 1773100800000],
    ['2026-03-10T18:00:00.5Z', 1773165600500], ['2026-03-10T18:00', 1773136800000],
    ['2026-3-10', 'refused'], ['2026-03-10T18:00:00+0800', 'refused'], ['177313680000', 'refused'], [' ', 'refused'],
  ];
  for (const [typed, due] of table) {
    it(`${JSON.stringify(typed)} -> ${due}`, async () => {
      const run = await outputs.sent(['todo', 'task', 'update', '--task-id', 't', '--due', typed]);
      if (due === 'refused') expect(run).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      else expect(run.calls).toEqual([['todo/update_todo_task', { TodoUpdateRequest: { taskId: 't', dueTime: due } }]]);
    });
  }
});
