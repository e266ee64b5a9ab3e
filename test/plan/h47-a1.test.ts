// Session 47 helper a1, second-reading audit of seed 20261421 (issue 32, notes/h47-a1.md). One drawn command differed
// from upstream's body at c7521c1c: aitable dashboard create dropped a "__proto__" key of its --config object when it
// merged --name into it. The other tests hold readings the audit checked that matter most, each run as a user types
// it against the recording backend on 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h47a1-');

/** The arguments of a run's one call, as JSON text (an own "__proto__" key is written, as it goes on the wire). */
const wire = async (argv: string[]) => {
  const run = await outputs.sent(argv);
  expect(run.reason).toBeUndefined();
  expect(run.calls).toHaveLength(1);
  return JSON.stringify(run.calls[0][1]);
};

// upstream aitable dashboard create (helpers/aitable.go:5486-5510@c7521c1c): cfg is the --config JSON object as Go's
// map decodes it, then cfg["name"] = --name when not empty. A key named "__proto__" is a key like any other there.
// Before: the plan's merge (Object.assign) turned that key into the prototype and sent the config without it.
describe('aitable dashboard create sends every key of its --config object, "__proto__" included', () => {
  const key = fc.constantFrom('__proto__', 'name', 'layout', 'constructor', 'a');
  const value = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null), fc.dictionary(fc.constantFrom('x', 'y'), fc.integer(), { maxKeys: 2 }));
  // a JSON object text with its keys in the order written (a later repeat replaces the value, in its first place)
  const config = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

  /** Go's reading: the decoded map, name set when given; written back as JSON text in first-seen key order. */
  const model = (text: string, name: string): string => {
    const cfg = new Map<string, unknown>();
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const k of Object.keys(parsed)) cfg.set(k, parsed[k]);
    if (name !== '') cfg.set('name', name);
    return `{${[...cfg].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
  };

  it('for any object text and --name, the config sent is Go\'s map of it', async () => {
    await fc.assert(fc.asyncProperty(config, fc.constantFrom('', 'Sales'), async (text, name) => {
      const sent = await wire(['aitable', 'dashboard', 'create', '--base-id', 'B', '--config', text, ...(name ? ['--name', name] : [])]);
      expect(sent).toBe(`{"baseId":"B","config":${model(text, name)}}`);
    }), { numRuns: 40 });
  });

  it('a config holding only "__proto__" is not empty: it is sent', async () => {
    expect(await wire(['aitable', 'dashboard', 'create', '--base-id', 'B', '--config', '{"__proto__":{"x":1}}']))
      .toBe('{"baseId":"B","config":{"__proto__":{"x":1}}}');
  });

  it('sibling: aitable dashboard update merges --name into its --config the same way', async () => {
    expect(await wire(['aitable', 'dashboard', 'update', '--base-id', 'B', '--dashboard-id', 'D', '--config', '{"__proto__":{"x":1}}', '--name', 'n', '--yes']))
      .toBe('{"baseId":"B","dashboardId":"D","config":{"__proto__":{"x":1},"name":"n"}}');
  });
});

// doc +version-list (shortcut/doc/history_template_shortcuts.go:39-48@c7521c1c): maxResults is rt.IntFirst("limit",
// "page-size"): a typed --page-size wins over --limit whatever its value, and the result is sent only when above 0.
describe('doc +version-list reads --page-size before --limit and sends maxResults only above 0', () => {
  it('for any pair of Go integers', async () => {
    await fc.assert(fc.asyncProperty(fc.option(fc.integer({ min: -5, max: 300 })), fc.option(fc.integer({ min: -5, max: 300 })), async (limit, size) => {
      const argv = ['doc', '+version-list', '--node', ' N ', ...(limit === null ? [] : ['--limit', String(limit)]), ...(size === null ? [] : ['--page-size', String(size)])];
      const n = size ?? limit ?? 0;
      expect(await outputs.argsOf(argv)).toEqual([n > 0 ? { nodeId: 'N', maxResults: n } : { nodeId: 'N' }]);
    }), { numRuns: 25 });
  });
  it('Go spellings of --limit as pflag reads them; the cursor trimmed, --page-token after a blank --cursor', async () => {
    expect(await outputs.argsOf(['doc', '+version-list', '--node', 'N', '--limit', '0x10', '--cursor', '  ', '--page-token', ' t ']))
      .toEqual([{ nodeId: 'N', maxResults: 16, nextCursor: 't' }]);
    expect(await outputs.argsOf(['doc', '+version-list', '--node', 'N', '--limit', '1_0'])).toEqual([{ nodeId: 'N', maxResults: 10 }]);
  });
});

// chat list-all-conversations (helpers/chat.go:9114-9131@c7521c1c): --limit defaults to 100 and is sent when above 0
// (over 100 refused); --cursor an int64 sent only above 0; excludeMuted only when true.
describe('chat list-all-conversations', () => {
  it('limit 1..100 sent, 0 and below left out, the default 100 sent', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: -3, max: 100 }), async (limit) => {
      expect(await outputs.argsOf(['chat', 'list-all-conversations', '--limit', String(limit)])).toEqual([limit > 0 ? { limit } : {}]);
    }), { numRuns: 15 });
    expect(await outputs.argsOf(['chat', 'list-all-conversations'])).toEqual([{ limit: 100 }]);
  });
  it('a limit over 100 is refused before any call; a cursor of 0 or below is left out', async () => {
    expect(await outputs.argsOf(['chat', 'list-all-conversations', '--limit', '101'])).toBe('invalid_parameter');
    expect(await outputs.argsOf(['chat', 'list-all-conversations', '--cursor', '-1', '--exclude-muted=false'])).toEqual([{ limit: 100 }]);
    expect(await outputs.argsOf(['chat', 'list-all-conversations', '--cursor', '010', '--exclude-muted'])).toEqual([{ limit: 100, cursor: 8, excludeMuted: true }]);
  });
});

// aitable field update (helpers/aitable.go:1964-1969, jsonStringToMap attendance.go:21-27@c7521c1c): --config and
// --ai-config are a JSON object decoded, JSON null as null, anything else the text typed.
describe('aitable field update reads --config as jsonStringToMap', () => {
  // texts the transport sends as they are (no control, format or line-separator characters)
  const plain = fc.string({ maxLength: 6 }).filter((t) => !/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.test(t));
  const leaf = fc.oneof(fc.integer({ min: -1000, max: 1000 }), plain, fc.boolean(), fc.constant(null));
  const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(plain, leaf, { maxKeys: 3 }));
  const text = fc.oneof(value.map((v) => JSON.stringify(v)), plain, fc.constantFrom(' null ', '{"a":1} x', '{}', ' [1] '));
  const model = (t: string): unknown => {
    try {
      const v: unknown = JSON.parse(t);
      if (v === null || (typeof v === 'object' && !Array.isArray(v))) return v;
    } catch {
      // not JSON: the text as typed
    }
    return t;
  };
  it('for any text', async () => {
    await fc.assert(fc.asyncProperty(text, async (t) => {
      fc.pre(t !== '');
      const [args] = await outputs.argsOf(['aitable', 'field', 'update', '--base-id', 'B', '--table-id', 'T', '--field-id', 'F', '--config', t, '--yes']) as Record<string, unknown>[];
      expect(args).toEqual({ baseId: 'B', tableId: 'T', fieldId: 'F', config: model(t) });
    }), { numRuns: 30 });
  });
});

// chat +group-members (smart/group_members.go:274-345, chatmsg.Pagination chatmsg.go:1106-1136@c7521c1c): the paging
// marks are read in the first of the answer, result, data that holds either one; a top-level nextCursor hides a
// hasMore inside result, so the page is a pagination failure, the run still exiting 0 with it listed.
describe('chat +group-members reads the paging marks where chatmsg.Pagination does', () => {
  it('a top-level nextCursor beside result.hasMore: the ledger records a pagination failure after one page', async () => {
    outputs.mcp.answers['im/search_groups'] = () => ({ result: [{ openConversationId: 'cidX1', title: '项目' }], hasMore: false });
    outputs.mcp.answers['chat/get_group_members'] = () => ({ nextCursor: 12, result: { hasMore: true, list: [{ openDingtalkId: ' u1 ', name: '', empName: 'E' }] } });
    const run = await outputs.sent(['chat', '+group-members', '--group', '项目']);
    expect(run.calls.map(([rpc]) => rpc)).toEqual(['im/search_groups', 'chat/get_group_members']);
    expect(run.printed).toMatchObject({
      members: [{ name: 'E', nick: '', role: '', openDingtalkId: ' u1 ' }], pagesFetched: 1, complete: false, hasMore: false,
      partial: true, stopReason: 'pagination_error', failedCount: 1,
    });
  });
});

// chat group-role set-user (helpers/chat.go:7711-7731@c7521c1c): openRoleIds is parseCSVValues of --role-ids: a
// blank-only value is Go's nil slice (null), only commas an empty list; --conversation-id trimmed by the PreRunE
// migration (chat.go:449), a blank one sent as typed.
describe('chat group-role set-user', () => {
  it('role ids: blank -> null, commas -> [], JSON list of texts trimmed', async () => {
    const roles = async (v: string) => ((await outputs.argsOf(['chat', 'group-role', 'set-user', '--conversation-id', ' c ', '--user', 'u', '--role-ids', v])) as Record<string, unknown>[])[0];
    expect(await roles('   ')).toEqual({ openConversationId: 'c', openRoleIds: null, userId: 'u' });
    expect(await roles(' , ')).toEqual({ openConversationId: 'c', openRoleIds: [], userId: 'u' });
    expect(await roles('[" x ","y"]')).toEqual({ openConversationId: 'c', openRoleIds: ['x', 'y'], userId: 'u' });
    expect(await roles('[1,2]')).toEqual({ openConversationId: 'c', openRoleIds: ['1', '2'], userId: 'u' });
  });
});
