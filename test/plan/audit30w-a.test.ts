// The twenty-third audit, part a (seed 20261224, notes/audit-30w-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-w1:` cases of
// test/fixtures/calls/{aitable,chat,ding,doc,mail,minutes,todo,wiki}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, answer, sent } = useOutputRuns('dws-audit30w-a-');

// wiki space search (helpers/wiki.go:375-395@c7521c1c): a --type of exactly myWikiSpace lists My Docs with
// list_wikiSpaces and reads nothing else; any other --type is the search, which needs --query.
describe('wiki space search chooses its call by --type as upstream compares it', () => {
  it('lists My Docs only for myWikiSpace as typed and searches for every other value', async () => {
    const runs = [
      ['--type', 'myWikiSpace'],
      ['--type', 'myWikiSpace', '--query', 'q', '--limit', '5'],
      ['--type', 'orgWikiSpace', '--query', 'q'],
      ['--type', 'mywikispace', '--query', 'q', '--limit', ' 5'],
      ['--type', ' myWikiSpace', '--query', ' q '],
      ['--type', '', '--query', 'q'],
      ['--type', 'mywikispace'],
      [],
    ];
    const got = [];
    for (const flags of runs) {
      const run = await sent(['wiki', 'space', 'search', ...flags]);
      got.push(run.reason ?? run.calls);
    }
    expect(got).toEqual([
      [['wiki/list_wikiSpaces', { wikiSpaceType: 'myWikiSpace' }]],
      [['wiki/list_wikiSpaces', { wikiSpaceType: 'myWikiSpace' }]],
      [['wiki/search_wikiSpaces', { keyword: 'q' }]],
      [['wiki/search_wikiSpaces', { keyword: 'q', pageSize: ' 5' }]],
      [['wiki/search_wikiSpaces', { keyword: ' q ' }]],
      [['wiki/search_wikiSpaces', { keyword: 'q' }]],
      'invalid_parameter',
      'invalid_parameter',
    ]);
  });
});

// doc download (parseDownloadInfo, helpers/doc.go:397-436@c7521c1c): the result object when there is one, else the
// whole answer; resourceUrl when a text, else its first element when a text, and when that is empty downloadUrl; the
// headers of that same object, text values only.
describe('doc download reads the download info of every answer shape as parseDownloadInfo', () => {
  it('fetches the URL and sends the headers upstream takes, or fails where upstream finds no URL', async () => {
    mcp.files = { 'd.pdf': Buffer.from('DD'), 'e.pdf': Buffer.from('EEE') };
    const d = `${mcp.base}/files/d.pdf`;
    const e = `${mcp.base}/files/e.pdf`;
    const answers: unknown[] = [
      { result: { resourceUrl: [d], headers: { 'x-a': '1', 'x-n': 5, 'x-z': null, 'x-b': true } } },
      { result: { size: 1 }, resourceUrl: d },
      { result: 's', resourceUrl: d, headers: { 'x-top': 't' } },
      { result: null, downloadUrl: e },
      { result: { resourceUrl: [5, d], downloadUrl: e } },
      { result: { resourceUrl: ['', d], downloadUrl: e } },
      { result: { resourceUrl: 5, downloadUrl: e } },
      { result: { resourceUrl: [], downloadUrl: e } },
      { result: { downloadUrl: e }, headers: { 'x-top': 't' } },
      { result: { resourceUrl: d, headers: 'zz' } },
      { resourceUrl: 'x', result: { resourceUrl: d, headers: ['h'] } },
      [1],
    ];
    const got = [];
    for (const body of answers) {
      answer('doc/download_file', body);
      mcp.fetched.length = 0;
      const run = await sent(['doc', 'download', '--node', 'n1', '--output', 'out.pdf']);
      // h40-a3: the runner's preflight get_document_info goes first (app/doc_download_preflight.go:34-83@c7521c1c)
      expect(run.calls).toEqual([['doc/get_document_info', { nodeId: 'n1' }], ['doc/download_file', { nodeId: 'n1' }]]);
      const fetched = mcp.fetched.map((f) => [f.name, Object.fromEntries(Object.entries(f.headers).filter(([k]) => k.startsWith('x-')))]);
      got.push(run.reason ?? fetched);
    }
    expect(got).toEqual([
      [['d.pdf', { 'x-a': '1' }]],
      'backend_error',
      [['d.pdf', { 'x-top': 't' }]],
      [['e.pdf', {}]],
      [['e.pdf', {}]],
      [['e.pdf', {}]],
      [['e.pdf', {}]],
      [['e.pdf', {}]],
      [['e.pdf', {}]],
      [['d.pdf', {}]],
      [['d.pdf', {}]],
      'backend_error',
    ]);
  });
});

/** The text with each UTF-16 surrogate that is not half of a high-low pair replaced by U+FFFD, unit by unit. */
function wellFormed(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += s[i] + s[i + 1];
      i++;
    } else out += c >= 0xd800 && c <= 0xdfff ? '\uFFFD' : s[i];
  }
  return out;
}

// doc download's --node is MarkFlagRequired (helpers/doc.go:2737@c7521c1c) with no PreRunE copying a hidden spelling
// into it: cobra wants --node typed itself, then flagOrFallback reads node, url, id, node-id, doc-id, file-id (:344).
describe('doc download wants --node typed before its hidden spellings count', () => {
  it('refuses each hidden spelling alone and reads it beside a typed blank --node', async () => {
    answer('doc/download_file', { result: {} });
    const got = [];
    for (const spelling of ['url', 'id', 'node-id', 'doc-id', 'file-id']) {
      const alone = await sent(['doc', 'download', `--${spelling}`, 'D1', '--output', 'out.bin']);
      const beside = await sent(['doc', 'download', '--node', '', `--${spelling}`, 'D1', '--output', 'out.bin']);
      got.push([alone.reason, alone.calls, beside.calls]);
    }
    // h40-a3: the runner's preflight get_document_info goes first (app/doc_download_preflight.go:34-83@c7521c1c)
    expect(got).toEqual(Array(5).fill(['missing_parameter', [], [['doc/get_document_info', { nodeId: 'D1' }], ['doc/download_file', { nodeId: 'D1' }]]]));
  });

  it('leaves the other commands of the same spellings as they were: doc block delete reads --url alone', async () => {
    const run = await sent(['doc', 'block', 'delete', '--url', 'D1', '--block-id', 'b1', '--yes']);
    expect(run.calls).toEqual([['doc/delete_document_block', { nodeId: 'D1', blockId: 'b1' }]]);
  });
});

// jsonStringToMap / json.Unmarshal (helpers/attendance.go:21-27@c7521c1c): Go's decoder turns an escaped surrogate
// without its partner into U+FFFD (encoding/json unquote), in texts and keys alike.
describe('a JSON flag holding an escaped lone surrogate decodes as Go decodes it', () => {
  it('aitable chart create sends U+FFFD where the escape was lone and keeps a proper pair', async () => {
    const run = await sent(['aitable', 'chart', 'create', '--base-id', 'b1', '--dashboard-id', 'd1', '--config',
      '{"a":"\\ud800x","\\udc00k":"\\ud83d\\ude00","b":"\\ud800\\u0041"}', '--layout', '{}']);
    expect(run.calls).toEqual([['aitable/create_chart', { baseId: 'b1', dashboardId: 'd1', config: { a: '\uFFFDx', '\uFFFDk': '\u{1F600}', b: '\uFFFDA' }, layout: {} }]]);
  });

  it('todo task reset-reminder (json_parse_exact) sends U+FFFD for a lone escape in a rule, in texts, keys and nested lists', async () => {
    const run = await sent(['todo', 'task', 'reset-reminder', '--task-id', 't1', '--reminder-rules',
      '[{"baseTime":"dueTime","dueDateOffset":10,"n\\udc00":["\\ud800",{"m":"\\ud83d\\ude00"}]}]']);
    const rules = [{ baseTime: 'dueTime', dueDateOffset: 10, 'n\uFFFD': ['\uFFFD', { m: '\u{1F600}' }] }];
    expect(run.calls).toEqual([['todo/reset_todo_reminder', { todoReminderUpdateRequest: { taskId: 't1', reminderRules: rules } }]]);
  });

  it('gives every decoded text and key well formed, each lone surrogate replaced by U+FFFD', () => {
    const unit = fc.oneof(fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D\uDE00', 'a', 'é'), fc.string({ maxLength: 2 }));
    const text = fc.array(unit, { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(fc.property(text, text, (key, value) => {
      const typed = `{${JSON.stringify(key)}:${JSON.stringify(value)}}`;
      for (const t of ['json_object_or_text', 'json_object', 'json_parse', 'json_parse_exact']) {
        const got = applyTransforms([t], typed, 'a property');
        expect(got).toEqual({ [wellFormed(key)]: wellFormed(value) });
      }
    }), { numRuns: 200 });
  });
});
