// Session 49 helper a1, second-reading audit of seed 20261428 (issue 32, notes/h49-a1.md). Two drawn commands differed
// from upstream's body at c7521c1c and were fixed (minutes tag query's --limit -0, dev doc search's positional beside a
// filled --query); the other readings the audit checked are held here too. Each runs as a user types it against the
// recording backend on 127.0.0.1, so a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49a1-');
const { sent, argsOf } = outputs;

/** A number as it came over the wire: the fake server keeps a literal JSON.parse would change (-0) as a JsonNumber. */
const wire = (v: unknown) => (v instanceof JsonNumber ? Number(v.literal) : v);
/** The one call's arguments of a run that must have sent exactly one. */
async function oneCall(argv: string[]): Promise<Record<string, unknown>> {
  const run = await sent(argv);
  expect(run.reason).toBeUndefined();
  expect(run.calls).toHaveLength(1);
  return run.calls[0][1] as Record<string, unknown>;
}

describe('minutes tag query sends --limit as the pflag Float64 json.Marshal writes (minutes.go:2021-2024, :2066@c7521c1c)', () => {
  it('-0 in any spelling ParseFloat reads is the literal -0; 0 and +0 are 0; Go float spellings are read', async () => {
    for (const [text, want] of [['-0', -0], ['-0.0', -0], ['-0x0p0', -0], ['0', 0], ['+0', 0], ['1e3', 1000], ['0x1p4', 16], ['1_0', 10], ['.5', 0.5]] as const) {
      const args = await oneCall(['minutes', 'tag', 'query', '--tag-id', ' t ', '--limit', text]);
      expect([text, args.tagId, Object.is(wire(args.maxResults), want)]).toEqual([text, ' t ', true]);
    }
  });
  it('any double typed as JavaScript writes it is sent with its sign (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (x) => {
      const args = await oneCall(['minutes', 'tag', 'query', '--tag-id', 't', '--limit', Object.is(x, -0) ? '-0' : String(x)]);
      expect(Object.is(wire(args.maxResults), x)).toBe(true);
    }), { numRuns: 30, examples: [[-0], [0], [1e21], [-5e-324]] });
  });
  it('no --limit sends no maxResults (its default 10 is not sent); a text ParseFloat refuses is refused before any call', async () => {
    expect(await argsOf(['minutes', 'tag', 'query', '--tag-id', 't', '--next-token', ' n'])).toEqual([{ tagId: 't', nextToken: ' n' }]);
    for (const bad of [' 5', '0x10', 'abc']) expect(await argsOf(['minutes', 'tag', 'query', '--tag-id', 't', '--limit', bad])).toBe('invalid_parameter');
  });
});

describe('minutes list mine/shared/all send --limit (else the hidden --max) as json.Marshal writes the float64 (minutes.go:2199-2205@c7521c1c)', () => {
  it('-0 is the literal -0 through either spelling; --limit is read before --max; the default 10 is always sent', async () => {
    const runs: [string[], string, number][] = [
      [['minutes', 'list', 'mine', '--limit', '-0'], 'created', -0],
      [['minutes', 'list', 'shared', '--max', '-0'], 'shared', -0],
      [['minutes', 'list', 'all', '--limit', '2.5', '--max', '-0'], 'noLimit', 2.5],
      [['minutes', 'list', 'all'], 'noLimit', 10],
    ];
    for (const [argv, kind, want] of runs) {
      const args = await oneCall(argv);
      expect([argv.join(' '), args.belongingConditionId, Object.is(wire(args.maxResults), want)]).toEqual([argv.join(' '), kind, true]);
    }
  });
});

describe.each([
  ['dev doc search', 'devdoc.go:141-146'],
  ['devdoc article search', 'devdoc.go:50-53 (the same body; lead, after h49-a1 noted it)'],
])('%s reads the positional only when --query and --keyword are empty (%s@c7521c1c)', (path) => {
  /** upstream: flagOrFallback(query, keyword), else the positional; required (missing) when all are "" */
  const model = (query: string | undefined, keyword: string | undefined, positional: string | undefined) =>
    [query, keyword, positional].find((v) => v !== undefined && v !== '');
  const text = fc.option(fc.constantFrom('', ' ', 'q', 'k2', 'MCP 接入'), { nil: undefined });
  it('for any --query, --keyword and positional: the first non-empty of the two flags, else the positional (property)', async () => {
    await fc.assert(fc.asyncProperty(text, text, text, async (query, keyword, positional) => {
      const argv = [...path.split(' '), ...(query !== undefined ? ['--query', query] : []), ...(keyword !== undefined ? ['--keyword', keyword] : []),
        ...(positional !== undefined ? [positional] : [])];
      const want = model(query, keyword, positional);
      const run = await sent(argv);
      if (want === undefined) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['devdoc/search_open_platform_docs', { keyword: want, page: 1, size: 10 }]]);
      }
    }), { numRuns: 60, examples: [['q', undefined, 'pos'], [' ', undefined, 'pos'], [undefined, 'k2', 'q'], ['', '', 'q']] });
  });
});

describe('chat +send-to-group writes the markdown as resolvedUserMarkdownParams (unified_send.go:491-520, chat.go:1392-1431@c7521c1c)', () => {
  /** Go's json.Marshal of map[string]string{title, text}: keys sorted, <, >, &, U+2028 and U+2029 escaped */
  const goJson = (o: Record<string, string>) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))))
    .replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  /** normalizeAtPlaceholders(text, ["all"], true): a wrapped <@all> kept, a bare @all wrapped */
  const mentions = (t: string) => t.split('<@all>').map((part) => part.split('@all').join('<@all>')).join('<@all>');
  const body = fc.array(fc.constantFrom('@all', '<@all>', '@allen', ' ', 'x', '<b>', '&', '中', '\u2028', '\u3000'), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
  it('title is the trimmed --text, text its @all mentions wrapped; clawType unless --ai-tag=false (property)', async () => {
    await fc.assert(fc.asyncProperty(body, fc.boolean(), async (raw, tag) => {
      const trimmed = goTrim(raw);
      fc.pre(trimmed !== '');
      const args = await oneCall(['chat', '+send-to-group', '--group', ' cid1234567890 ', '--text', raw, ...(tag ? [] : ['--ai-tag=false']), '--yes']);
      expect(args).toEqual({
        msgType: 'markdown', content: goJson({ title: trimmed, text: mentions(trimmed) }), openConversationId: 'cid1234567890',
        ...(tag ? { clawType: 'openClaw' } : {}),
      });
    }), { numRuns: 40 });
  });
});

describe('minutes get batch reads --ids as parseCSVValues (minutes.go:496-510, contact.go:20-45@c7521c1c)', () => {
  const parts = fc.array(fc.constantFrom('a', ' b ', '', '"c"', "'d'", ',', '[', ']', 'null', '\u0085', 'x,y'), { maxLength: 6 }).map((p) => p.join(''));
  const listOrJson = fc.oneof(parts, fc.array(fc.oneof(fc.constantFrom('a', ' b ', '', '"c"'), fc.constant(null)), { maxLength: 4 }).map((a) => JSON.stringify(a)));
  it('taskUuids for any comma or JSON list text as the model; a blank one is null (property)', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, async (ids) => {
      fc.pre(ids !== '');
      expect(await argsOf(['minutes', 'get', 'batch', '--ids', ids])).toEqual([{ requestBody: { taskUuids: parseCSVValues(ids) } }]);
    }), { numRuns: 40 });
  });
});

describe('chat +flag-list reads its start cursor as flagListStartCursor (lark_alignment.go:569-585@c7521c1c)', () => {
  it('a typed blank --page-token is cursor 0 beside --cursor 3 (constraintProvided counts only a usable value); --limit is --page-size', async () => {
    outputs.mcp.answers['list_message_favorites'] = () => ({ items: [], hasMore: false });
    for (const token of ['', ' ']) {
      expect(await argsOf(['chat', '+flag-list', '--page-token', token, '--cursor', '3', '--limit', '7'])).toEqual([{ cursor: 0, size: '7' }]);
    }
    expect(await argsOf(['chat', '+flag-list', '--page-token', ' +7 ', '--size', '010'])).toEqual([{ cursor: 7, size: '8' }]);
    expect(await argsOf(['chat', '+flag-list', '--page-token', '5', '--cursor', '0'])).toBe('constraint_violation');
  });
});

describe('doc permission list reads --limit, else --max-results, each only when typed (doc.go:3714-3731@c7521c1c)', () => {
  it('a typed --limit 0 sends none and hides --max-results; roles upper-cased and blanks left out; ids untrimmed', async () => {
    expect(await argsOf(['doc', 'permission', 'list', '--node', ' n '])).toEqual([{ nodeId: ' n ' }]);
    expect(await argsOf(['doc', 'permission', 'list', '--file-id', 'f', '--limit', '0', '--max-results', '5'])).toEqual([{ nodeId: 'f' }]);
    expect(await argsOf(['doc', 'permission', 'list', '--doc-id', 'f', '--max-results', '010', '--filter-role', ' manager, ,editor,', '--workspace-id', ' w']))
      .toEqual([{ nodeId: 'f', maxResults: 8, filterRoleIds: ['MANAGER', 'EDITOR'], workspaceId: ' w' }]);
  });
});

describe('aitable workflow run (corecmd leaf, validateWorkflowRunFlags aitable.go:129-159@c7521c1c)', () => {
  it('record ids as pflag CSV, each trimmed and blanks left out; a repeated id, a blank --table-id or one without the other refused', async () => {
    expect(await argsOf(['aitable', 'workflow', 'run', '--base', ' b ', '--workflow-id', 'w', '--table-id', ' t ', '--record-ids', ' r1 , ,"r2,x"', '--record-ids', ' r3', '--yes']))
      .toEqual([{ baseId: 'b', workflowId: 'w', tableId: 't', recordIds: ['r1', 'r2,x', 'r3'] }]);
    for (const extra of [['--table-id', 't', '--record-ids', 'r1, r1'], ['--table-id', ' '], ['--table-id', 't'], ['--table-id', 't', '--record-ids', 'a,b,c,d,e,f']]) {
      expect(await argsOf(['aitable', 'workflow', 'run', '--base-id', 'b', '--workflow-id', 'w', ...extra, '--yes'])).toBe('invalid_parameter');
    }
  });
});

describe('sheet cond-format create sets every --condition key into the arguments (sheet_cond_format.go:153-190@c7521c1c)', () => {
  it('a condition key replaces nodeId or ranges, --cell-style replaces the condition\'s; a null --cell-style is sent as null', async () => {
    expect(await argsOf(['sheet', 'cond-format', 'create', '--node', 'n', '--ranges', '["A1",null]', '--condition', '{"nodeId":"X","cellStyle":1,"ranges":null}', '--cell-style', '{"bold":true}']))
      .toEqual([{ nodeId: 'X', sheetId: '', ranges: null, cellStyle: { bold: true } }]);
    expect(await argsOf(['sheet', 'cond-format', 'create', '--ranges', '["A1",null]', '--condition', 'null', '--cell-style', ' null ']))
      .toEqual([{ nodeId: '', sheetId: '', ranges: ['A1', ''], cellStyle: null }]);
    for (const bad of [['--ranges', '[]', '--condition', '{}'], ['--ranges', 'null', '--condition', '{}'], ['--ranges', '["A1"]', '--condition', '[]']]) {
      expect(await argsOf(['sheet', 'cond-format', 'create', '--node', 'n', ...bad])).toBe('invalid_parameter');
    }
  });
});

describe('attendance vacation records reads its dates with time.ParseInLocation("2006-01-02") untrimmed (attendance.go:3357-3381@c7521c1c)', () => {
  it('a padded, impossible or timed date is refused before any call; leaveCode only when non-empty, sent as typed', async () => {
    for (const start of [' 2026-04-01', '2026-02-30', '2026-13-01', '2026-4-1', '2026-04-01 00:00']) {
      expect(await argsOf(['attendance', 'vacation', 'records', '--user', 'u', '--start', start, '--end', '2026-04-22'])).toBe('invalid_parameter');
    }
    const args = await oneCall(['attendance', 'vacation', 'records', '--user', ' u ', '--start', '2026-02-28', '--end', '2026-04-01', '--leave-code', ' ']);
    const request = args.McpLeaveRecordRequest as Record<string, unknown>;
    expect(request).toEqual({ targetUserId: ' u ', startTimeStamp: new Date(2026, 1, 28).getTime(), endTimeStamp: new Date(2026, 3, 1).getTime(), leaveCode: ' ' });
  });
});

describe('mail +contact-list projects the first list as contactListProject (mail.go:745-822@c7521c1c)', () => {
  it('a key holding no list (or an object without one) gives way to the next; rows of no known key are left out; nulls kept', async () => {
    outputs.mcp.answers['list_user_mail_contacts'] = () => ({ result: { x: 1 }, data: { foo: [1], data: [{ contact_id: null, email: 'e', name: 'n' }, { zzz: 1 }, 5, { id: 2, contactId: 3 }] } });
    const run = await sent(['mail', '+contact-list', '--email', ' a@b ', '--limit', ' 0x5 ', '--cursor', ' ']);
    expect(run.calls).toEqual([['mail/list_user_mail_contacts', { email: 'a@b', size: '0x5', cursor: '' }]]);
    expect(run.printed).toEqual({ count: 2, contacts: [{ id: null, contactEmail: 'e', displayName: 'n' }, { id: 2 }] });
  });
});
