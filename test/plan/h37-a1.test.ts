// Session 37 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h37-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37a1-');
const { sent } = outputs;

const contents = JSON.stringify([{ key: 'k', sort: '0', content: 'c', type: '1', contentType: 'markdown' }]);
const submit = ['report', 'entry', 'submit', '--template-id', 't1', '--contents', contents, '--yes'];

// reportURLFromResponse (helpers/report.go:1579-1613@c7521c1c) looks for the link in result.url,
// result.dingtalkOpenUrl, result.dingtalkOpenLink.url, then url, dingtalkOpenUrl and last the top-level
// dingtalkOpenLink.url (:1607-1611). enrichReportCreateWithDetailURL (:1517-1526) attaches a link found in the create
// answer without reading the detail; a link found only in the detail answer's dingtalkOpenLink.url is attached too.
describe('report entry submit: a top-level dingtalkOpenLink.url is the report link (report.go:1607-1611@c7521c1c)', () => {
  const link = fc.webUrl().map((u) => ` ${u} `);
  it('in the create answer: attached as is, trimmed, and no detail read', async () => {
    await fc.assert(fc.asyncProperty(link, async (url) => {
      outputs.answer('create_report', { reportId: 'r1', dingtalkOpenLink: { url } });
      const r = await sent(submit);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map((c) => c[0])).toEqual(['report/create_report']);
      const u = url.trim();
      expect(r.printed).toEqual({
        reportId: 'r1', url: u, dingtalkOpenUrl: u, dingtalkOpenLinkText: '在钉钉中查看日志',
        dingtalkOpenMarkdownLink: `[在钉钉中查看日志](${u})`,
        dingtalkOpenLink: { title: '在钉钉中查看日志', url: u, description: expect.any(String) as unknown },
      });
    }), { numRuns: 5 });
  });
  it('in the detail answer: read after the create answer gave only a report id', async () => {
    outputs.answer('create_report', { reportId: 'r2' });
    outputs.answer('get_report_entry_details', { dingtalkOpenLink: { url: 'https://x.example/r2' } });
    const r = await sent(submit);
    expect(r.calls).toEqual([['report/create_report', expect.anything()], ['report/get_report_entry_details', { report_id: 'r2' }]]);
    expect(r.printed).toMatchObject({ reportId: 'r2', url: 'https://x.example/r2', dingtalkOpenUrl: 'https://x.example/r2' });
    expect(r.printed).not.toHaveProperty('urlLookupError');
  });
  it('a blank top-level dingtalkOpenLink.url is no link: the detail is read and its lack reported', async () => {
    outputs.answer('create_report', { reportId: 'r3', dingtalkOpenLink: { url: '  ' } });
    outputs.answer('get_report_entry_details', { dingtalkOpenLink: { url: ' ' } });
    const r = await sent(submit);
    expect(r.calls).toHaveLength(2);
    expect(r.printed).toEqual({ reportId: 'r3', dingtalkOpenLink: { url: '  ' }, urlLookupError: 'detail response did not include result.url' });
  });
});

// printReportCreateWithDetailURL (helpers/report.go:1507-1515@c7521c1c): an answer that is not JSON is printed raw and
// one that is JSON but no object (a list, a text, a number, null) is printed as parsed; enrichReportCreateWithDetailURL
// (:1517-1521) leaves it alone. The report was created: the command succeeds, and no detail is read.
describe('report entry submit: an answer that is no object is printed as it came (report.go:1507-1521@c7521c1c)', () => {
  const notObject = fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v));
  it('a JSON answer that is no object prints as parsed, exit 0, one call', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (answer) => {
      outputs.answerText('create_report', JSON.stringify(answer));
      const r = await sent(submit);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map((c) => c[0])).toEqual(['report/create_report']);
      expect(r.printed).toEqual(JSON.parse(JSON.stringify(answer)));
    }), { numRuns: 12 });
  });
  it('a text that is not JSON prints as the text', async () => {
    outputs.answerText('create_report', 'created r1');
    const r = await sent(submit);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toBe('created r1');
  });
});

// shortcutListAllTodoCards (smart/todo_shared.go:39-60@c7521c1c) reads each page through rt.CallMCPData
// (shortcut/runner.go:255-271): an answer that does not decode into a JSON object (a list, a number, a boolean, a
// quoted text, a text that is not JSON) fails the run; JSON null and a blank text are an empty page. +overdue
// (smart/overdue.go:86-92) and +created-todos (created_todos.go:90-95) read their todos so, as +todo-done and
// +get-my-tasks already did in dws.
describe('todo +overdue / +created-todos: a page that is no JSON object fails the run (todo_shared.go:49, runner.go:266-268@c7521c1c)', () => {
  const notObject = fc.oneof(
    fc.jsonValue().filter((v) => v !== null && (typeof v !== 'object' || Array.isArray(v))).map((v) => JSON.stringify(v)),
    fc.constantFrom('not json', '{', 'todoCards: []'),
  ).filter((t) => t.trim() !== '');
  it.each([['+overdue'], ['+created-todos']])('%s: such a page is a failure with nothing printed', async (verb) => {
    await fc.assert(fc.asyncProperty(notObject, async (text) => {
      outputs.answerText('get_user_todos_in_current_org', text);
      const r = await sent(['todo', verb]);
      expect(r.calls).toHaveLength(1);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 10 });
  });
  it.each([['+overdue', 'overdue'], ['+created-todos', 'created']])('%s: null and a blank text are an empty page', async (verb, key) => {
    for (const text of ['null', ' ', '{}']) {
      outputs.answerText('get_user_todos_in_current_org', text);
      const r = await sent(['todo', verb]);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toMatchObject({ [key]: [] });
    }
  });
});

// doc +resource-update's ExactlyOne constraint over --image/--file (shortcut/doc/media_style_shortcuts.go:141-144,
// corecmd.go:1139-1165, constraintProvided :1103-1131@c7521c1c) counts a string flag only when its value is not blank
// after TrimSpace: --image typed as spaces alone (or beside a blank --file) provides neither, so the command is refused
// before any call; a padded non-blank --image is sent as typed (runDocStyleCoverSet doc_style.go:283, :304-305).
describe('doc +resource-update: a blank --image is no cover source (corecmd.go:1123-1131, :1157-1161@c7521c1c)', () => {
  const blank = fc.array(fc.constantFrom(' ', '\t', '\n', '\u3000'), { minLength: 1, maxLength: 3 }).map((p) => p.join(''));
  it('an --image of spaces only, with or without a blank --file, is refused with no call', async () => {
    await fc.assert(fc.asyncProperty(blank, fc.boolean(), async (image, withFile) => {
      const argv = ['doc', '+resource-update', '--node', 'n1', '--image', image, ...(withFile ? ['--file', ''] : []), '--yes'];
      const r = await sent(argv);
      expect(r.calls).toEqual([]);
      expect(r.category).toBe('validation');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
  });
  it('a padded --image is sent as typed', async () => {
    const r = await sent(['doc', '+resource-update', '--node', ' n1 ', '--image', ' https://x.example/c.png ', '--yes']);
    expect(r.calls).toEqual([['doc/update_document_style', { nodeId: ' n1 ', cover: { action: 'set', imageUrl: ' https://x.example/c.png ' } }]]);
  });
});

// drive +find-file (smart/find_file.go:86-97@c7521c1c) reads search_files through rt.CallMCPData (runner.go:255-271):
// the same reading as +overdue's pages above (sibling found by listing upstream's CallMCPData sites).
describe('drive +find-file: an answer that is no JSON object fails the run (find_file.go:91-97, runner.go:266-268@c7521c1c)', () => {
  it('a list, number, boolean, quoted text or non-JSON text is backend_error with nothing printed', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('[1]', '[]', '7', 'true', '"x"', 'not json'), async (text) => {
      outputs.answerText('search_files', text);
      const r = await sent(['drive', '+find-file', '--query', ' q ']);
      expect(r.calls).toEqual([['drive/search_files', { keyword: 'q', searchTarget: 'file' }]]);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 6 });
  });
  it('null and a blank text are the empty map: no files', async () => {
    for (const text of ['null', ' ']) {
      outputs.answerText('search_files', text);
      expect((await sent(['drive', '+find-file', '--query', 'q'])).printed).toEqual({ files: [] });
    }
  });
});

// chat +thread-replies: collectOneThreadRepliesPage (smart/thread_replies.go:311-316@c7521c1c) reads its one page
// through rt.CallMCPData and returns the decoding error before any payload, so the run fails and prints nothing;
// before, dws read a list answer as a page without hasMore and printed a payload with exit 0.
describe('chat +thread-replies: one page that is no JSON object fails the run (thread_replies.go:311-316, :186-195@c7521c1c)', () => {
  it('a list, number, boolean or quoted text is backend_error with nothing printed', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('[1]', '[]', '3', 'false', '"x"'), async (text) => {
      outputs.answerText('list_topic_replies', text);
      const r = await sent(['chat', '+thread-replies', '--group', 'g1', '--topic-id', 't1']);
      expect(r.calls.map((c) => c[0])).toEqual(['chat/list_topic_replies']);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 5 });
  });
});
