// What the aitable commands the p-aitable pre-audit read send, refuse and print (issue 32), as upstream's bodies at
// c7521c1c do, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-paitable-');
const { sent, paged } = outputs;

describe('aitable +resolve-base resolves as aitabletarget.ResolveBaseName does', () => {
  it('matches a trimmed name from baseName/name/title ignoring case and prints status and matchType (resolver.go:188-236, :268-296)', async () => {
    outputs.answer('aitable/search_bases', { data: { list: [{ baseId: 'b0', baseName: '项目管理归档' }, { base_id: ' b1 ', name: ' Sales ' }] } });
    expect(await sent(['aitable', '+resolve-base', '--name', ' SALES '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/search_bases', { query: 'SALES' }]],
      printed: { resolved: true, status: 'resolved', matchType: 'exact', baseId: 'b1', name: 'Sales' },
    });
  });

  it('with --fuzzy and no exact name takes the one containing it and says fuzzy (selectCandidate :277-285)', async () => {
    outputs.answer('aitable/search_bases', { bases: [{ baseId: 'b0', title: '周报汇总' }, { baseId: 'b1', baseName: '月报' }] });
    expect((await sent(['aitable', '+resolve-base', '--name', '周报', '--fuzzy'])).printed)
      .toEqual({ resolved: true, status: 'resolved', matchType: 'fuzzy', baseId: 'b0', name: '周报汇总' });
  });

  it('follows the cursor found under data until a page gives none, sending it with the query (pagination :349-374)', async () => {
    const run = await paged(['aitable', '+resolve-base', '--name', '周报'], 'aitable/search_bases', [
      { data: { bases: [{ baseId: 'b0', baseName: '日报' }], nextCursor: ' c2 ' }, hasMore: false },
      { bases: [{ baseId: 'b1', baseName: '周报' }] },
    ]);
    expect(run.sent).toEqual([{ query: '周报' }, { query: '周报', cursor: 'c2' }]);
    expect(run.printed).toEqual({ resolved: true, status: 'resolved', matchType: 'exact', baseId: 'b1', name: '周报' });
  });

  it('refuses two bases equal but for case as ambiguous, and none as not found (selectCandidate :286-291)', async () => {
    outputs.answer('aitable/search_bases', { bases: [{ baseId: 'b0', baseName: 'Sales' }, { baseId: 'b1', baseName: 'sales' }] });
    expect((await sent(['aitable', '+resolve-base', '--name', 'SALES'])).reason).toBe('ambiguous_match');
    outputs.answer('aitable/search_bases', { bases: [{ baseId: 'b0', baseName: 'Sales 2026' }] });
    expect((await sent(['aitable', '+resolve-base', '--name', 'sales'])).reason).toBe('not_found');
  });

  it('refuses an answer without a list or with a base lacking its name as a backend failure, not a base not found (:200-213)', async () => {
    outputs.answer('aitable/search_bases', { result: { total: 0 } });
    expect((await sent(['aitable', '+resolve-base', '--name', 'x'])).reason).toBe('backend_error');
    outputs.answer('aitable/search_bases', { bases: [{ baseId: 'b0', baseName: '  ' }] });
    expect((await sent(['aitable', '+resolve-base', '--name', 'x'])).reason).toBe('backend_error');
  });
});

describe('aitable +template-search prints templateSearchProject as upstream does', () => {
  it('keeps a spelling holding null as null and takes the first spelling present (templateSearchFirst, aitable.go:1075-1117)', async () => {
    outputs.answer('aitable/search_templates', { data: { list: [{ template_id: 't1', name: null, title: '周报' }, { id: 't2', templateName: '日报' }] } });
    expect(await sent(['aitable', '+template-search', '--query', ' 报 ', '--limit', '0'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/search_templates', { query: '报', limit: 0 }]],
      printed: { count: 2, templates: [{ templateId: 't1', templateName: null }, { templateId: 't2', templateName: '日报' }] },
    });
  });

  it('refuses an answer holding an item that is not an object or has no templateId (templateSearchProject :1083-1097)', async () => {
    outputs.answer('aitable/search_templates', { templates: [{ templateId: 't1' }, 'x'] });
    expect((await sent(['aitable', '+template-search'])).reason).toBe('backend_error');
    outputs.answer('aitable/search_templates', { templates: [{ templateName: '周报' }] });
    expect((await sent(['aitable', '+template-search'])).reason).toBe('backend_error');
  });

  it('prints an empty list for an empty one (resolveNamedList :67-105)', async () => {
    outputs.answer('aitable/search_templates', { result: { templates: [] } });
    expect((await sent(['aitable', '+template-search', '--cursor', ''])).printed).toEqual({ count: 0, templates: [] });
  });
});

describe('aitable +url-resolve reads the link as aitabletarget.ParseURL and prints its target', () => {
  const nodes = 'https://alidocs.dingtalk.com/i/nodes/';

  it('prints {status, target, verified: false, verificationStatus} without --verify and sends nothing (url_resolve.go:63-87)', async () => {
    expect(await sent(['aitable', '+url-resolve', '--url', ` ${nodes}B1?iframeQuery=${encodeURIComponent('sheetId= T1 &viewId=V1')}&tableId=T1 `])).toEqual({
      reason: undefined, category: undefined, calls: [],
      printed: { status: 'resolved', target: { schemaVersion: 'aitable.target.v1', source: 'url', kind: 'view', baseId: 'B1', tableId: 'T1', viewId: 'V1' }, verified: false, verificationStatus: 'not_requested' },
    });
  });

  it('refuses a view without its table, two tables, an invalid id and user info before any call (resolver.go:57-104, :149-183)', async () => {
    for (const url of [`${nodes}B1?viewId=V1`, `${nodes}B1?sheetId=T1&tableId=T2`, `${nodes}B1?sheetId=a%20b`, 'https://u@alidocs.dingtalk.com/i/nodes/B1', `${nodes}B1/x`, 'http://alidocs.dingtalk.com/i/nodes/B1']) {
      expect(await sent(['aitable', '+url-resolve', '--url', url]), url).toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
    }
  });

  it('with --verify reads the deepest part and prints the verification when the answer holds its id (verifyURLTarget :89-139)', async () => {
    outputs.answer('aitable/query_records', { data: { records: [{ record_id: ' R1 ' }] } });
    expect(await sent(['aitable', '+url-resolve', '--url', `${nodes}B1?sheetId=T1&recordId=R1`, '--verify'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['aitable/query_records', { baseId: 'B1', tableId: 'T1', recordIds: ['R1'] }]],
      printed: {
        status: 'resolved', target: { schemaVersion: 'aitable.target.v1', source: 'url', kind: 'record', baseId: 'B1', tableId: 'T1', recordId: 'R1' },
        verified: true, verificationStatus: 'verified', verification: { tool: 'query_records', entityType: 'record', id: 'R1', status: 'verified' },
      },
    });
  });

  it('with --verify refuses an answer that does not hold the id as a backend failure (target_verification_failed :121-133)', async () => {
    outputs.answer('aitable/get_tables', { data: { tables: [{ tableId: 'T9' }] } });
    expect((await sent(['aitable', '+url-resolve', '--url', `${nodes}B1?sheetId=T1`, '--verify'])).reason).toBe('backend_error');
  });

  it('with --verify takes a base answer holding a baseName when no id is in it (:117-119)', async () => {
    outputs.answer('aitable/get_base', { result: { baseName: '项目' } });
    expect((await sent(['aitable', '+url-resolve', '--url', `${nodes}B1`, '--verify'])).printed)
      .toEqual({ status: 'resolved', target: { schemaVersion: 'aitable.target.v1', source: 'url', kind: 'base', baseId: 'B1' }, verified: true, verificationStatus: 'verified', verification: { tool: 'get_base', entityType: 'base', id: 'B1', status: 'verified' } });
  });
});
