// Session 37 second reading, part a3 (issue 32, notes/h37-a3.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37a3-');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's fetchFilterViews + findFilterViewByID (internal/helpers/sheet_filter_view.go:12-59@c7521c1c), as a model:
 * the view found for `id`, or undefined. Only the list's objects are views (a text, number or null element is skipped).
 */
function upstreamView(answer: unknown, id: string): Record<string, unknown> | undefined {
  if (!isObject(answer)) return undefined;
  const root = isObject(answer.result) ? answer.result : answer;
  if (!Array.isArray(root.filterViews)) return undefined;
  for (const view of root.filterViews.filter(isObject)) {
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (text(view.id) === id || text(view.filterViewId) === id) return view;
  }
  return undefined;
}

describe('sheet filter-view list-criteria (drawn) and its siblings info / get-criteria find the view as findFilterViewByID (sheet_filter_view.go:39-56@c7521c1c)', () => {
  it('an element of filterViews that is not an object is no view: without --filter-view-id it is not found', async () => {
    outputs.answer('sheet/get_filter_views', { filterViews: ['x', 7, null] });
    for (const sub of ['list-criteria', 'info', 'get-criteria']) {
      expect((await outputs.sent(['sheet', 'filter-view', sub, '--node', 'n', '--sheet-id', 's'])).reason).toBeDefined();
    }
  });
  it('list-criteria prints the found view\'s criteria object, {} when it has none, and refuses when none is found, for any list', async () => {
    const element = fc.constantFrom<unknown>(null, 'x', 5, [], {}, { id: 'a', criteria: { 1: 2 } }, { id: 5, criteria: { 3: 4 } },
      { filterViewId: 'a', criteria: 'c' }, { id: '', criteria: { 5: 6 } });
    await fc.assert(fc.asyncProperty(fc.array(element, { maxLength: 4 }), fc.boolean(), fc.constantFrom('', 'a'), async (list, wrap, id) => {
      const answer = wrap ? { result: { filterViews: list } } : { filterViews: list };
      outputs.answer('sheet/get_filter_views', answer);
      const run = await outputs.sent(['sheet', 'filter-view', 'list-criteria', '--node', 'n', '--sheet-id', 's', ...(id ? ['--filter-view-id', id] : [])]);
      const view = upstreamView(answer, id);
      if (view === undefined) expect(run.reason).toBeDefined();
      else expect(run.printed).toEqual(isObject(view.criteria) ? view.criteria : {});
    }), { numRuns: 40 });
  });
});

/** Go's strings.EqualFold over the letters these type names use: simple case folding, where s, S and U+017F are one
 * letter and k, K and U+212A another (unicode.SimpleFold orbits). */
const goFold = (text: string) => [...text].map((c) => (c === '\u017F' ? 's' : c === '\u212A' ? 'k' : c.toLowerCase())).join('');
const UNSUPPORTED = ['creator', 'lastModifier', 'createdTime', 'lastModifiedTime', 'formula', 'filterUp', 'lookup', 'unidirectionalLink', 'bidirectionalLink'];

describe('aitable +table-copy (drawn) skips the unsupported field types as normalizedFieldType does, by strings.EqualFold (table_copy.go:237-244@c7521c1c)', () => {
  const argv = ['aitable', '+table-copy', '--source-base-id', 's', '--source-table-id', 't', '--target-base-id', 'b2', '--new-name', 'n', '--yes'];
  const spelled = fc.constantFrom(...UNSUPPORTED, 'text', 'number', 'lastModifiedBy').chain((name) =>
    fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((flips) => [...name].map((c, i) => {
      if (!flips[i]) return c;
      if (c === 's') return '\u017F';
      if (c === 'k') return '\u212A';
      return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    }).join('')));
  it('a type spelled with U+017F for s (laſtModifier) is skipped, not declared', async () => {
    outputs.answersInTurn('aitable/get_fields', { fields: [{ fieldId: 'f1', fieldName: 'A', type: 'la\u017FtModifier' }, { fieldId: 'f2', fieldName: 'B', type: 'text' }] },
      { fields: [{ fieldId: 'g2', fieldName: 'B', type: 'text' }] });
    outputs.answer('aitable/create_table', { tableId: 'T2' });
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['aitable/create_table', { baseId: 'b2', tableName: 'n', fields: [{ fieldName: 'B', type: 'text' }] }]);
  });
  it('for any spelling of a type, it is declared exactly when EqualFold matches no unsupported type', async () => {
    await fc.assert(fc.asyncProperty(spelled, async (type) => {
      outputs.answersInTurn('aitable/get_fields', { fields: [{ fieldId: 'f1', fieldName: 'A', type }, { fieldId: 'f2', fieldName: 'B', type: 'text' }] },
        { fields: [{ fieldId: 'g1', fieldName: 'A', type }, { fieldId: 'g2', fieldName: 'B', type: 'text' }] });
      outputs.answer('aitable/create_table', { tableId: 'T2' });
      const run = await outputs.sent(argv);
      const skipped = UNSUPPORTED.some((u) => goFold(u) === goFold(type));
      const declared = [...(skipped ? [] : [{ fieldName: 'A', type }]), { fieldName: 'B', type: 'text' }];
      expect(run.calls[1]).toEqual(['aitable/create_table', { baseId: 'b2', tableName: 'n', fields: declared }]);
    }), { numRuns: 40 });
  });
});

/**
 * pflag's StringSlice (one occurrence read as a CSV record) then toInt64Slice (shortcut/chat/chat.go:67-84@c7521c1c), as a
 * model for simple records (no quote inside a quoted field): the ids sent, or 'refused'.
 */
function upstreamCategoryIds(occurrences: string[]): number[] | 'refused' {
  const elements: string[] = [];
  for (const text of occurrences) {
    if (text === '') continue;
    const record: string[] = [];
    let rest = text;
    for (;;) {
      if (rest.startsWith('"')) {
        const end = rest.indexOf('"', 1);
        record.push(rest.slice(1, end));
        rest = rest.slice(end + 1);
      } else {
        const comma = rest.indexOf(',');
        record.push(comma < 0 ? rest : rest.slice(0, comma));
        rest = comma < 0 ? '' : rest.slice(comma);
      }
      if (!rest.startsWith(',')) break;
      rest = rest.slice(1);
    }
    elements.push(...record);
  }
  const ids: number[] = [];
  for (const raw of elements) {
    const v = raw.trim();
    if (v === '') continue;
    if (!/^[+-]?[0-9]+$/.test(v)) return 'refused';
    ids.push(Number(v) || 0); // Go has no negative zero integer
  }
  return ids.length ? ids : 'refused';
}

describe('chat +category-remove-conversation (drawn) and its sibling +category-add-conversation read --category-ids as toInt64Slice over rt.StrSlice (chat.go:67-84, chat_conversation.go:1207, :1232@c7521c1c)', () => {
  const cases = [['+category-remove-conversation', 'im/remove_conv_from_categories'], ['+category-add-conversation', 'im/add_conv_to_categories']];
  for (const [command, tool] of cases) {
    it(`${command}: a quoted "1,2" is one element of the slice, not two ids: refused before any call`, async () => {
      const run = await outputs.sent(['chat', command, '--group', 'g', '--category-ids', '"1,2",3', '--yes']);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    });
    it(`${command}: the ids sent, or a refusal, are toInt64Slice's for any occurrences`, async () => {
      const field = fc.constantFrom('1', ' 2 ', '+3', '010', '', ' ', 'x', '"4"', '"5,6"', '" 7 "', '-0', '0x1');
      const occurrence = fc.array(field, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(','));
      await fc.assert(fc.asyncProperty(fc.array(occurrence, { minLength: 1, maxLength: 2 }), async (occurrences) => {
        const run = await outputs.sent(['chat', command, '--group', 'g', ...occurrences.flatMap((o) => ['--category-ids', o]), '--yes']);
        const expected = upstreamCategoryIds(occurrences);
        if (expected === 'refused') expect([run.reason !== undefined, run.calls]).toEqual([true, []]);
        else expect(run.calls).toEqual([[tool, { categoryIds: expected, openConversationId: 'g' }]]);
      }), { numRuns: 40 });
    });
  }
});

describe('sibling attendance +query-report-data reads --columns as the same loop over rt.StrSlice (attendance.go:1532-1543@c7521c1c)', () => {
  const argv = (occurrences: string[]) => ['attendance', '+query-report-data', '--users', 'u', '--start', '2026-01-01 00:00:00', '--end', '2026-01-02 00:00:00',
    ...occurrences.flatMap((o) => ['--columns', o]), '--yes'];
  it('a quoted "1,2" is one element, refused before any call', async () => {
    const run = await outputs.sent(argv(['"1,2",3']));
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
  it('the columnIds sent, or a refusal, follow the loop for any occurrences', async () => {
    const field = fc.constantFrom('1', ' 2 ', '+3', '010', '', ' ', 'x', '"4"', '"5,6"', '-0');
    const occurrence = fc.array(field, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(','));
    await fc.assert(fc.asyncProperty(fc.array(occurrence, { minLength: 1, maxLength: 2 }), async (occurrences) => {
      const run = await outputs.sent(argv(occurrences));
      const expected = upstreamCategoryIds(occurrences);
      if (expected === 'refused') expect([run.reason !== undefined, run.calls]).toEqual([true, []]);
      else expect(run.calls).toEqual([['attendance-wukong/get_report_columns_value', { McpQueryParam: { targetUserIds: ['u'], columnIds: expected, fromDate: '2026-01-01 00:00:00', toDate: '2026-01-02 00:00:00' } }]]);
    }), { numRuns: 30 });
  });
});

describe('sibling chat +chat-set-admin reads --users as splitIDs over rt.StrSlice (shortcut/chat/chat.go:39-52, chat_group.go:1457@c7521c1c)', () => {
  it('a quoted "a,b" is one uid (one element of the slice), elements trimmed, blanks skipped', async () => {
    expect(await outputs.argsOf(['chat', '+chat-set-admin', '--group', 'g', '--users', '"a,b", c ,', '--users', ' ', '--yes']))
      .toEqual([{ admin: true, openConversationId: 'g', uids: ['a,b', 'c'] }]);
  });
  it('unquoted, the record still gives one uid per field', async () => {
    expect(await outputs.argsOf(['chat', '+chat-set-admin', '--group', 'g', '--users', 'u1, u2', '--off', '--yes']))
      .toEqual([{ admin: false, openConversationId: 'g', uids: ['u1', 'u2'] }]);
  });
});

describe('sibling chat +messages-read-status reads --users as splitIDs over rt.StrSlice (chat_message.go:1316-1324, chat.go:39-52@c7521c1c)', () => {
  it('a quoted "a,b" is one target userId; blanks skipped; none left sends no target list', async () => {
    const argv = (users: string) => ['chat', '+messages-read-status', '--conversation-id', 'c', '--message-id', 'm', '--users', users, '--yes'];
    expect(await outputs.argsOf(argv('"a,b", c ,'))).toEqual([{ openConversationId: 'c', openMessageId: 'm', targetUserIds: ['a,b', 'c'] }]);
    expect(await outputs.argsOf(argv(' , '))).toEqual([{ openConversationId: 'c', openMessageId: 'm' }]);
  });
});
