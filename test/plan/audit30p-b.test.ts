// What the commands audit-30p-b read send, refuse and print (issue 32, a-p2), as upstream's bodies at c7521c1c do,
// run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-ap2-');
const { sent } = outputs;


const page = (v: unknown) => applyTransforms(['doc_version_page'], v, 'a list_doc_versions page');

describe('doc version revert checks the version as docVersionExists does (helpers/doc.go:40-137, :4349-4383)', () => {
  const revert = ['doc', 'version', 'revert', '--node', 'D1', '--version', '3', '--yes'];

  it('stops reading at the page that names the version, then reverts (doc.go:57-59)', async () => {
    outputs.answersInTurn('doc/list_doc_versions',
      { result: { versions: [{ version: 1 }], hasMore: true, nextCursor: 'c2' } },
      { result: { versions: [{ version: 3 }], hasMore: true, nextCursor: 'c3' } },
      { result: { versions: [{ version: 5 }], hasMore: false } });
    outputs.answer('doc/revert_doc_version', { success: true });
    expect(await sent(revert)).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['doc/list_doc_versions', { nodeId: 'D1' }],
        ['doc/list_doc_versions', { nodeId: 'D1', nextCursor: 'c2' }],
        ['doc/revert_doc_version', { nodeId: 'D1', version: 3 }],
      ],
      printed: { success: true },
    });
  });

  it('finds the version under any spelling of its key, anywhere, as a number or a text (doc.go:100-137)', async () => {
    outputs.answersInTurn('doc/list_doc_versions', { data: { page: { items: [{ Doc_Version: ' 3 ' }] } } });
    outputs.answer('doc/revert_doc_version', { success: true });
    expect((await sent(revert)).calls.map(([rpc]) => rpc)).toEqual(['doc/list_doc_versions', 'doc/revert_doc_version']);
  });

  it('a version listed twice is found, not refused as ambiguous', async () => {
    outputs.answersInTurn('doc/list_doc_versions', { result: { versions: [{ version: 3 }, { version: 3, createTime: 'x' }] } });
    outputs.answer('doc/revert_doc_version', { success: true });
    expect((await sent(revert)).reason).toBeUndefined();
  });

  it('follows a cursor held inside data under nextToken, sent back as nextCursor (doc.go:45-48, :69-98)', async () => {
    outputs.answersInTurn('doc/list_doc_versions', { data: { list: [{ version: 1 }], nextToken: 't2' } }, { data: { list: [{ revision: 3 }] } });
    outputs.answer('doc/revert_doc_version', { success: true });
    expect((await sent(revert)).calls).toEqual([
      ['doc/list_doc_versions', { nodeId: 'D1' }],
      ['doc/list_doc_versions', { nodeId: 'D1', nextCursor: 't2' }],
      ['doc/revert_doc_version', { nodeId: 'D1', version: 3 }],
    ]);
  });

  it('a version no page names, or only as a fraction, is refused before the revert (doc.go:367-377)', async () => {
    outputs.answersInTurn('doc/list_doc_versions', { hasMore: false, result: { nextCursor: 'c2', versions: [{ version: 3.5 }, { version: 4 }] } });
    expect(await sent(revert)).toEqual({
      reason: 'not_found', category: 'validation', calls: [['doc/list_doc_versions', { nodeId: 'D1' }]], printed: undefined,
    });
  });

  it('doc_version_page: the numbers under version keys and the first cursor, none where hasMore is false', () => {
    expect(page({ result: { items: [{ versionNo: 2, version_number: '+7', revision: 'x', docVersion: 1.5 }], cursor: 'k' } }))
      .toEqual({ versions: [2, 7], nextCursor: 'k' });
    expect(page({ hasMore: false, nextCursor: 'k', versions: [{ VERSION: 4 }] })).toEqual({ versions: [4], nextCursor: '' });
    expect(page([{ x: { nextCursor: '' } }, { content: { nextToken: 'n' } }])).toEqual({ versions: [], nextCursor: 'n' });
  });

  it('doc_version_page: a whole number under a version key is found at any depth, as a number or its text', () => {
    const key = fc.constantFrom('version', 'versionNumber', 'version_no', 'DocVersion', 'REVISION');
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), key, fc.boolean(), fc.nat(4), (n, k, asText, depth) => {
      let v: unknown = { [k]: asText ? ` ${n} ` : n };
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { result: v };
      expect(page(v)).toEqual({ versions: [n], nextCursor: '' });
    }));
  });
});

describe('aitable view update card checks flags and the view as upstream does (helpers/aitable.go:3466-3494, :748-811)', () => {
  const card = ['aitable', 'view', 'update', 'card', '--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1'];

  it('--no-cover=false beside --cover-field-id sends the field; --no-cover beside a non-blank one is refused before any call (:3472-3476)', async () => {
    outputs.answer('aitable/get_views', { data: { views: [{ viewType: 'Kanban' }] } });
    outputs.answer('aitable/update_view', { success: true });
    expect((await sent([...card, '--no-cover=false', '--cover-field-id', 'f1'])).calls.at(-1))
      .toEqual(['aitable/update_view', { baseId: 'b1', tableId: 't1', viewId: 'v1', config: { kanbanCard: { coverFieldId: 'f1' } } }]);
    expect(await sent([...card, '--no-cover', '--cover-field-id', ' ']))
      .toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
  });

  it('a view get_views does not list, one that is not an object, or one of another type is the tool\'s failure, nothing written (:766-783, :803-811)', async () => {
    for (const answer of [{ data: { views: [] } }, { result: { views: [{ viewType: 'Kanban' }] } }, { data: { views: ['v1'] } }, { data: { views: [{ viewType: 'Grid' }] } }]) {
      outputs.answer('aitable/get_views', answer);
      expect(await sent([...card, '--no-cover'])).toEqual({
        reason: 'backend_error', category: 'backend',
        calls: [['aitable/get_views', { baseId: 'b1', tableId: 't1', viewIds: ['v1'] }]], printed: undefined,
      });
    }
  });
});

describe('calendar +book-list prints null keys as bookListProject keeps them (shortcut/calendar/calendar.go:762-780)', () => {
  it('a key present with null is printed as null and a row of nulls counts', async () => {
    outputs.answer('calendar/list_calendars', { result: [{ calendarId: null }, { summary: 's', x: 1 }, 'x', { y: 2 }, { calendarId: 'c', description: null }] });
    expect((await sent(['calendar', '+book-list'])).printed).toEqual({
      count: 3,
      calendars: [{ calendarId: null }, { summary: 's' }, { calendarId: 'c', description: null }],
    });
  });
});

describe('the projections of the exact list shortcuts read their answers as upstream (audit-30p-b, unchanged)', () => {
  it('oa +list-submitted: the first list of the containers, a null kept, non-objects and empty rows left out (shortcut/oa/oa.go:390-436, :476-505)', async () => {
    outputs.answer('oa/get_submitted_instances', { result: { foo: 1 }, data: [{ id: null }, 3, { z: 1 }, { processTitle: 't', result: 'agree', gmtCreate: 5 }] });
    expect(await sent(['oa', '+list-submitted', '--page', ' 2 ', '--query', ' '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['oa/get_submitted_instances', { pageNumber: '2', pageSize: '20', query: '' }]],
      printed: { count: 2, instances: [{ processInstanceId: null }, { title: 't', status: 'agree', createTime: 5 }] },
    });
  });

  it('contact +list-dept-members: members inside userInfo, a null first spelling leaves the field out (shortcut/contact/contact.go:438-500, :660-669)', async () => {
    outputs.answer('contact/get_dept_members_by_deptId', { result: { deptUserList: [{ userInfo: { userId: null, user_id: 'x', name: 'n' } }, { userInfo: null, id: 5 }, {}] } });
    expect(await sent(['contact', '+list-dept-members', '--depts', ' 1 ,2'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['contact/get_dept_members_by_deptId', { deptIds: [' 1 ', '2'] }]],
      printed: { count: 2, members: [{ name: 'n' }, { userId: 5 }] },
    });
  });

  it('contact +list-sub-depts: a top-level list first, else one level inside result or data (shortcut/contact/contact.go:545-620)', async () => {
    outputs.answer('contact/get_sub_depts_by_dept_id', { result: { foo: [] }, data: { items: [{ deptId: null, id: 3, name: 'a' }, { dept_name: 'b' }] } });
    expect(await sent(['contact', '+list-sub-depts', '--dept', '010'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['contact/get_sub_depts_by_dept_id', { deptId: 8 }]],
      printed: { count: 2, depts: [{ deptName: 'a' }, { deptName: 'b' }] },
    });
  });
});
