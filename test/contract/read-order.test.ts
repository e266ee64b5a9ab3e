// Two spellings of one flag typed with different values: dws sends the one upstream reads first, as its
// flagOrFallback / mustFlagOrFallback / corecmd alias chain does (pkg/cmdutil/flags.go:78-98,
// internal/corecmd/corecmd.go:1012-1035@c7521c1c: the first non-empty value in the chain's order). The order is the
// flag's catalog `read_order`; a spelling it does not list, or a flag without one, is still refused on a conflict, and
// chat's migrated id flags (spellings_trimmed: chatFlagOrAlias, helpers/chat.go:198-215@c7521c1c) refuse one as
// upstream does. The rule is property-tested (readSpelling); the commands run as a user types them against the
// recording MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readSpelling, type TypedSpelling } from '../../src/contract/aliases.js';
import { useOutputRuns } from '../plan/output-runs.js';

const blank = (v: string) => v === '';
const same = (a: string, b: string) => a === b;

/**
 * The reference reading: the spellings sorted by rank (unranked last), typed order within a rank; the first non-blank,
 * or with none the first of that order (the chain's last resort, its primary's own value).
 */
function reference(typed: TypedSpelling<string>[]): number {
  const order = typed.map((t, i) => ({ ...t, i })).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.i - b.i);
  return (order.find((t) => !blank(t.value)) ?? order[0]).i;
}

const value = fc.constantFrom('', 'a', 'b', 'c');

describe('readSpelling: the first non-blank spelling in read order', () => {
  it('with every spelling ranked apart, reads the first non-blank by rank, whatever order they were typed in', () => {
    fc.assert(fc.property(fc.array(value, { minLength: 1, maxLength: 6 }).chain((vs) => fc.tuple(fc.constant(vs), fc.shuffledSubarray(vs.map((_, i) => i), { minLength: vs.length }))), ([values, ranks]) => {
      const typed = values.map((v, i) => ({ value: v, rank: ranks[i] }));
      const got = readSpelling(typed, blank, same);
      expect(got).toEqual({ read: reference(typed) });
      // the value read does not depend on the typed order
      const reversed = [...typed].reverse();
      const back = readSpelling(reversed, blank, same);
      expect('read' in back && reversed[back.read].value).toBe(typed[(got as { read: number }).read].value);
    }));
  });

  it('reads a blank only when every spelling is blank, and then the one of lowest rank, the earliest typed among equals', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.nat(3), { nil: undefined }), { minLength: 1, maxLength: 5 }), (ranks) => {
      const key = (r: number | undefined) => r ?? Infinity;
      const lowest = ranks.findIndex((r) => ranks.every((q) => key(r) <= key(q)));
      expect(readSpelling(ranks.map((rank) => ({ value: '', rank })), blank, same)).toEqual({ read: lowest });
    }));
  });

  it('refuses exactly when two non-blank spellings of the rank read first differ', () => {
    fc.assert(fc.property(fc.array(fc.record({ value, rank: fc.option(fc.nat(2), { nil: undefined }) }), { minLength: 1, maxLength: 6 }), (typed) => {
      const got = readSpelling(typed, blank, same);
      const filled = typed.filter((t) => !blank(t.value));
      const best = Math.min(...filled.map((t) => t.rank ?? Infinity));
      const first = filled.filter((t) => (t.rank ?? Infinity) === best);
      if (new Set(first.map((t) => t.value)).size > 1) {
        expect('conflict' in got).toBe(true);
        const [a, b] = (got as { conflict: [number, number] }).conflict;
        expect(a).toBeLessThan(b);
        expect(typed[a].value).not.toBe(typed[b].value);
      } else {
        expect(got).toEqual({ read: reference(typed) });
      }
    }));
  });
});

describe('commands take the spelling upstream reads first', () => {
  const { argsOf } = useOutputRuns('dws-read-order-');

  it('calendar event delete: mustFlagOrFallback(id, event, event-id, eventId) (helpers/calendar.go:632@c7521c1c)', async () => {
    const base = ['calendar', 'event', 'delete', '--yes'];
    expect(await argsOf([...base, '--event', 'E2', '--id', 'E1'])).toEqual([{ eventId: 'E1' }]);
    expect(await argsOf([...base, '--eventId', 'E4', '--event-id', 'E3'])).toEqual([{ eventId: 'E3' }]);
    expect(await argsOf([...base, '--id', '', '--eventId', 'E4'])).toEqual([{ eventId: 'E4' }]);
  });

  it('calendar attachment add reads the same spellings in its own order: event before id (helpers/calendar.go:1456@c7521c1c)', async () => {
    const got = await argsOf(['calendar', 'attachment', 'add', '--id', 'E1', '--event', 'E2', '--files', 'f1:a.txt']);
    expect((got as { eventId: string }[])[0].eventId).toBe('E2');
  });

  it('doc info: the node from node, url, id, node-id, doc-id, file-id in that order (helpers/doc.go node commands@c7521c1c)', async () => {
    expect(await argsOf(['doc', 'info', '--file-id', 'F', '--url', 'U'])).toEqual([{ nodeId: 'U' }]);
    expect(await argsOf(['doc', 'info', '--doc-id', 'D', '--node-id', 'N', '--file-id', 'F'])).toEqual([{ nodeId: 'N' }]);
    expect(await argsOf(['doc', 'info', '--id', 'I', '--node', 'X'])).toEqual([{ nodeId: 'X' }]);
  });

  it('aitable: mustFlagOrFallback(base-id, base) (helpers/aitable.go:2433@c7521c1c)', async () => {
    expect(await argsOf(['aitable', 'record', 'delete', '--base', 'b2', '--base-id', 'b1', '--table-id', 't', '--record-ids', 'r1', '--yes']))
      .toEqual([{ baseId: 'b1', tableId: 't', recordIds: ['r1'] }]);
  });

  it('chat category add-conv: flagOrFallback(conversation-id, group, id), the visible --group read second (helpers/chat.go:5445@c7521c1c)', async () => {
    expect(await argsOf(['chat', 'category', 'add-conv', '--group', 'G', '--id', 'I', '--conversation-id', 'C', '--category-ids', '1']))
      .toEqual([{ openConversationId: 'C', categoryIds: [1] }]);
    expect(await argsOf(['chat', 'category', 'add-conv', '--id', 'I', '--group', 'G', '--category-ids', '1'])).toEqual([{ openConversationId: 'G', categoryIds: [1] }]);
  });

  it('contact dept get-info: contactParseInt64WithAliases(dept, id, ids, dept-id, dept-ids, ...) reads flagOrFallback (helpers/contact.go:119-123, :894@c7521c1c)', async () => {
    expect(await argsOf(['contact', 'dept', 'get-info', '--dept-id', '7', '--id', '6'])).toEqual([{ deptId: 6 }]);
    expect(await argsOf(['contact', 'dept', 'get-info', '--id', '6', '--dept', '5'])).toEqual([{ deptId: 5 }]);
  });

  it('aitable record query: --query, else --keyword (helpers/aitable.go:2192-2195@c7521c1c)', async () => {
    expect(await argsOf(['aitable', 'record', 'query', '--base-id', 'b', '--table-id', 't', '--keyword', 'k', '--query', 'q']))
      .toEqual([expect.objectContaining({ keyword: 'q' })]);
  });

  it('still refuses chat migrated ids that chatFlagOrAlias refuses', async () => {
    // chat group-role add: installChatFlagAliases (helpers/chat.go:419-466@c7521c1c) refuses --group conflicting with --conversation-id
    expect(await argsOf(['chat', 'group-role', 'add', '--conversation-id', 'c1', '--group', 'c2', '--name', 'n'])).toBe('invalid_parameter');
  });
});
