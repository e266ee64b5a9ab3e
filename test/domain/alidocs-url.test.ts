// The alidocs link reader (src/domain/alidocs.ts) against upstream aitabletarget.ParseURL (resolver.go:57-183@c7521c1c).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alidocsUrlPart } from '../../src/domain/alidocs.js';

// a `.` or `..` id is left out: it is a path segment to Go's parser, no id (test/plan/h37-b1.test.ts checks it)
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/);
const read = (url: string) => ({
  kind: alidocsUrlPart('kind', url, 'url'), baseId: alidocsUrlPart('baseId', url, 'url'), tableId: alidocsUrlPart('tableId', url, 'url'),
  viewId: alidocsUrlPart('viewId', url, 'url'), recordId: alidocsUrlPart('recordId', url, 'url'),
});

describe('alidocs links are read as ParseURL reads them', () => {
  it('gives back the ids a link was built from, wherever the table id sits, and its deepest kind', () => {
    fc.assert(fc.property(id, fc.option(id, { nil: undefined }), fc.option(id, { nil: undefined }), fc.boolean(), fc.boolean(), (base, table, view, nested, tableKey) => {
      const q = new URLSearchParams();
      if (table !== undefined) q.set(tableKey ? 'tableId' : 'sheetId', table);
      if (view !== undefined) q.set('viewId', view);
      const query = q.toString();
      const url = `https://alidocs.dingtalk.com/i/nodes/${base}${query === '' ? '' : nested ? `?iframeQuery=${encodeURIComponent(query)}` : `?${query}`}`;
      if (view !== undefined && table === undefined) {
        expect(() => read(url)).toThrow();
        return;
      }
      expect(read(url)).toEqual({ kind: view !== undefined ? 'view' : table !== undefined ? 'table' : 'base', baseId: base, tableId: table, viewId: view, recordId: undefined });
    }));
  });

  it('refuses two different values of one part and keeps one repeated value', () => {
    expect(() => read('https://alidocs.dingtalk.com/i/nodes/B?sheetId=T1&iframeQuery=tableId%3DT2')).toThrow(/several/);
    expect(read('https://alidocs.dingtalk.com/i/nodes/B?sheetId=T1&iframeQuery=tableId%3D%20T1%20').tableId).toBe('T1');
  });
});
