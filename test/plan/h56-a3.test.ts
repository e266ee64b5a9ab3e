// Session 56 helper a3, second-reading audit of seed 20261470 (issue 32, notes/h56-a3.md). All 30 drawn commands were
// exact against their upstream bodies at c7521c1c, so nothing here fixes a difference: these tests pin the subtlest
// readings the audit checked by hand on drawn commands that no earlier test runs with these values. Each runs as a
// user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { useTimeZone } from '../helpers.js';
import { rawText } from '../fixtures/mcp/server.js';

const { mcp, sent } = useOutputRuns('dws-h56a3-');

// report inbox list reads each row's time as reportTimeValueToMillis / reportTimeValueToString do
// (internal/helpers/report.go:1281-1348@c7521c1c): a number is cut to int64 and read as seconds below 1e11; a text is
// strconv.ParseInt (a + sign allowed), else time.Parse(RFC3339) (a comma fraction allowed, a lower-case t not), else
// "2006-01-02 15:04" in the local zone; a text none of them reads is shown as typed. Rows are sorted by that time,
// newest first, the unread ones last in their 日期 text's order (sortReportReadableEntries :946-961).
describe('report inbox list: row times read as upstream reads them (report.go:1281-1348, :946-961@c7521c1c)', () => {
  useTimeZone('UTC');

  it('prints each row 日期 and orders the rows as Go does', async () => {
    mcp.answers['report/get_received_report_list'] = () => ({
      list: [
        { reportId: 'a', createTime: '2026-03-09t10:00:00z' },
        { reportId: 'b', createTime: '2026-03-09T10:00:00.5Z' },
        { reportId: 'c', createTime: '2026-03-09 10:00:00' },
        { reportId: 'g', createTime: ' +1773072000 ' },
        { reportId: 'h', createTime: '2026-03-09T10:00:00,5Z' },
        { reportId: 'i', createTime: true, gmtCreate: 'x', readStatus: ' 1 ' },
        { reportId: 'j', createTime: 99999999999.9, hasRead: 1 },
      ],
    });
    mcp.answers['report/get_report_entry_details'] = () => ({});
    const run = await sent(['report', 'inbox', 'list', '--start', '2026-03-01', '--end', '2026-03-11']);
    expect(run.reason).toBeUndefined();
    const rows = (run.printed as { result: Record<string, string>[] }).result;
    expect(rows.map((r) => [r['日期'], r['状态']])).toEqual([
      ['5138-11-16 09:46', '已读'], // 99999999999 seconds
      ['2026-03-09 16:00', ''], // '+1773072000' seconds
      ['2026-03-09 10:00', ''], // '.5' fraction
      ['2026-03-09 10:00', ''], // ',5' fraction, after the equal one before it
      ['x', '已读'], // no time: gmtCreate's text
      ['2026-03-09t10:00:00z', ''], // not RFC 3339 for Go: shown as typed
      ['2026-03-09 10:00:00', ''], // seconds past the "2006-01-02 15:04" layout: shown as typed
    ]);
    expect(run.calls.slice(1).map(([, args]) => (args as { report_id: string }).report_id)).toEqual(['j', 'g', 'b', 'h', 'i', 'a', 'c']);
  });
});

// chat +chat-update sends --group as the openConversationId when LooksLikeOpenConversationID holds: at least 12 UTF-8
// bytes and "cid" first once Go lower-cases it (targetresolver/resolver.go:630-633@c7521c1c); else it searches by name.
describe('chat +chat-update: the --group id test counts UTF-8 bytes and lower-cases as Go (resolver.go:588-633@c7521c1c)', () => {
  it.each([
    ['cid中文中', true], // 3 + 9 bytes
    ['CİD123456789', true], // Go lower-cases İ to i
    ['cidé12345', false], // 10 bytes
    ['cıd123456789', false], // dotless ı stays ı
  ])('--group %s straight to update_group_name: %s', async (group, direct) => {
    mcp.answers['im/search_groups'] = () => ({ result: [], hasMore: false });
    const run = await sent(['chat', '+chat-update', '--group', group, '--name', 'n', '--yes']);
    expect(run.calls.map(([tool]) => tool)).toEqual(direct ? ['chat/update_group_name'] : ['im/search_groups']);
  });
});

// doc +fetch --scope keyword folds each code point with Go's unicode.ToLower (foldRunes content_shortcuts.go:1692) and
// cuts the context in code points (:1639-1642@c7521c1c).
describe('doc +fetch --scope keyword: Go lower-casing and code-point context (content_shortcuts.go:1621-1717@c7521c1c)', () => {
  it('finds istanbul in İSTANBUL and counts an emoji as one code point of context', async () => {
    mcp.answers['doc/get_document_content'] = () => ({ a: { text: 'İSTANBUL' }, b: { text: '😀😀ÉCOLE😀' } });
    const run = await sent(['doc', '+fetch', '--node', 'n', '--scope', 'keyword', '--keyword', 'istanbul|école', '--context-before', '1', '--context-after', '1']);
    expect(run.reason).toBeUndefined();
    const content = (run.printed as { content: { count: number; matches: { content: string; truncated: boolean }[] } }).content;
    expect(content.matches.map((m) => [m.content, m.truncated])).toEqual([['İSTANBUL', false], ['😀ÉCOLE😀', true]]);
  });

  it('an answer of null has no matches (a nil map walked)', async () => {
    mcp.answers['doc/get_document_content'] = () => rawText('null');
    const run = await sent(['doc', '+fetch', '--node', 'n', '--scope', 'keyword', '--keyword', 'a']);
    expect((run.printed as { content: unknown }).content).toEqual({ count: 0, matches: [] });
  });
});
