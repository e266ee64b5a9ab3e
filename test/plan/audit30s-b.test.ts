// What the commands audit-30s-b read send, refuse and print (issue 32, a-s2), as upstream's bodies at c7521c1c do,
// run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-as2-');
const { sent } = outputs;

describe('doc +find-doc prints upstream projection of the hits (smart/find_doc.go:89-170)', () => {
  it('reads the hits inside result, each as {title, token, type, url}: the first text not blank, trimmed, else ""', async () => {
    outputs.answer('doc/search_documents', { result: { documents: [{ title: ' T1 ', docUrl: 'u', type: 'adoc', nodeId: 'n1' }, 5, { name: 'x', title: ' ' }] }, documents: [{ title: 'top' }] });
    expect(await sent(['doc', '+find-doc', '--query', ' 季度 ', '--limit', '0'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/search_documents', { keyword: '季度' }]],
      printed: { count: 2, documents: [{ title: 'T1', token: 'n1', type: 'adoc', url: 'u' }, { title: 'x', token: '', type: '', url: '' }] },
    });
  });

  it('reads result.data when result holds an object there, and data when there is no result object', async () => {
    outputs.answer('doc/search_documents', { result: { data: { list: [{ subject: 's', webUrl: 'w', fileType: 'f', id: 'i' }] } } });
    expect((await sent(['doc', '+find-doc', '--query', 'q'])).printed).toEqual({ count: 1, documents: [{ title: 's', token: 'i', type: 'f', url: 'w' }] });
    outputs.answer('doc/search_documents', { data: { items: [{ docName: 'a', dentryId: 7 }] } });
    expect((await sent(['doc', '+find-doc', '--query', 'q'])).printed).toEqual({ count: 1, documents: [{ title: 'a', token: '', type: '', url: '' }] });
  });

  it('without a known list key, reads the list under any other key of the chosen object (find_doc.go:140-144)', async () => {
    outputs.answer('doc/search_documents', { result: { total: 1, hits: [{ docName: 'a', token: 't' }] } });
    expect((await sent(['doc', '+find-doc', '--query', 'q'])).printed).toEqual({ count: 1, documents: [{ title: 'a', token: 't', type: '', url: '' }] });
  });

  it('refuses an answer with no document after the search, printing nothing', async () => {
    outputs.answer('doc/search_documents', { result: { documents: [] } });
    expect(await sent(['doc', '+find-doc', '--query', 'q'])).toEqual({
      reason: 'invalid_parameter', category: 'validation', calls: [['doc/search_documents', { keyword: 'q' }]], printed: undefined,
    });
  });
});

describe('wiki +resolve-space prints upstream resolution and checks the answer strictly (smart/resolve_space.go:75-208)', () => {
  it('one space prints {resolved: true, spaceId, name}; several print the candidates unresolved', async () => {
    outputs.answer('wiki/search_wikiSpaces', { data: { items: [{ space_id: 'w9', spaceName: 'S' }] } });
    expect(await sent(['wiki', '+resolve-space', '--name', ' 产品 '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['wiki/search_wikiSpaces', { keyword: '产品' }]],
      printed: { resolved: true, spaceId: 'w9', name: 'S' },
    });
    outputs.answer('wiki/search_wikiSpaces', { result: { wikiSpaces: [{ workspaceId: 'w1', name: 'A' }, { spaceId: 'w2', title: 'B', workspaceId: '' }] } });
    expect((await sent(['wiki', '+resolve-space', '--name', '产品'])).printed).toEqual({
      resolved: false, count: 2, candidates: [{ spaceId: 'w1', name: 'A' }, { spaceId: 'w2', name: 'B' }],
    });
  });

  it('an empty answer, a non-object result, a missing or non-list collection, a bad item are backend errors; no space is a validation refusal', async () => {
    const cases: [unknown, string][] = [
      [{}, 'backend_error'],
      [{ result: [] }, 'backend_error'],
      [{ x: 1 }, 'backend_error'],
      [{ wikiSpaces: null, spaces: [{ workspaceId: 'w', name: 'n' }] }, 'backend_error'],
      [{ wikiSpaces: [{ workspaceId: 'w', name: 'n' }, 4] }, 'backend_error'],
      [{ spaces: [{ workspaceId: 'w1' }] }, 'backend_error'],
      [{ wikiSpaces: [] }, 'invalid_parameter'],
    ];
    for (const [answer, reason] of cases) {
      outputs.answer('wiki/search_wikiSpaces', answer);
      const run = await sent(['wiki', '+resolve-space', '--name', '产品']);
      expect({ answer, reason: run.reason, printed: run.printed }).toEqual({ answer, reason, printed: undefined });
    }
  });
});

describe('contact +dept-members finds the department as deptMembersExtractDepts does (smart/dept_members.go:101-217)', () => {
  it('reads every list and the answer itself, ids as whole numbers, one id once', async () => {
    const cases: [unknown, string | undefined][] = [
      [{ data: [{ dept_id: ' 12 ', name: '技术部' }] }, '12'],
      [{ result: [{ deptId: 12 }, { deptId: '12' }] }, '12'],
      [{ deptId: 15, deptName: 'x' }, '15'],
      [{ result: [{ deptId: 12.7 }] }, '12'],
      [{ result: [{ deptId: null, id: 9 }] }, '9'],
      [{ result: [{ deptId: 12 }], deptList: [{ id: 13 }] }, undefined],
    ];
    for (const [answer, id] of cases) {
      outputs.answer('contact/search_dept_by_keyword', answer);
      const run = await sent(['contact', '+dept-members', '--dept', ' 技术 ']);
      expect({ answer, calls: run.calls, reason: run.reason }).toEqual({
        answer,
        calls: [['contact/search_dept_by_keyword', { query: '技术' }], ...(id === undefined ? [] : [['contact/get_dept_members_by_deptId', { deptIds: [id] }]])],
        reason: id === undefined ? 'ambiguous_match' : undefined,
      });
    }
  });
});

describe('list projections keep a key present with null, as upstream m[k]; ok probes do', () => {
  it('aitable +form-list keeps nulls and ends the run on a non-object or a form without viewId (aitable.go:1674-1719)', async () => {
    outputs.answer('aitable-helper/list_form_views', { result: { forms: [{ viewId: 'v1', name: null, title: 't', type: 'Form' }, { id: null, viewName: 'x' }] } });
    expect((await sent(['aitable', '+form-list', '--base-id', 'B', '--table-id', 'T'])).printed).toEqual({
      count: 2, forms: [{ viewId: 'v1', viewName: null, viewType: 'Form' }, { viewId: null, viewName: 'x' }],
    });
    for (const answer of [{ forms: [5, { viewId: 'v1' }] }, { forms: [{ name: 'x' }] }]) {
      outputs.answer('aitable-helper/list_form_views', answer);
      const run = await sent(['aitable', '+form-list', '--base-id', 'B', '--table-id', 'T']);
      expect({ reason: run.reason, printed: run.printed }).toEqual({ reason: 'backend_error', printed: undefined });
    }
  });

  it('report +outbox-list and +inbox-list keep nulls (reportEntryListProject, report.go:121-193)', async () => {
    outputs.answer('report/get_send_report_list', { result: { list: [{ reportId: 'r1', templateName: null, template_name: 'x', creatorName: 'a', createTime: 1 }, { id: null }, 3, { zz: 1 }] } });
    expect((await sent(['report', '+outbox-list'])).printed).toEqual({
      count: 2, reports: [{ reportId: 'r1', templateName: null, creatorName: 'a', createTime: 1 }, { reportId: null }],
    });
    outputs.answer('report/get_received_report_list', { result: [{ reportId: null, creatorId: 'c' }] });
    expect((await sent(['report', '+inbox-list', '--start', '2026-03-10T00:00:00+08:00', '--end', '2026-03-11T00:00:00+08:00'])).printed).toEqual({
      count: 1, reports: [{ reportId: null, creatorUserId: 'c' }],
    });
  });
});
