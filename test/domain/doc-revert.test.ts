// The transforms doc +version-revert/+history-revert and doc +media-list read answers with (src/domain/doc-versions.ts,
// src/domain/doc-media.ts; upstream shortcut/doc/history_template_shortcuts.go:209-420, media_style_shortcuts.go:333
// @c7521c1c), by example and by property.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransforms } from '../../src/plan/transforms/index.js';

const proven = (v: unknown): unknown => applyTransforms(['doc_revert_proven'], v, 'the answers');
const page = (v: unknown): unknown => applyTransforms(['doc_history_page'], v, 'the page');
const media = (v: unknown): unknown => applyTransforms(['doc_media_items'], v, 'the answer');

describe('doc_revert_proven (executeHistoryRevert :182-183)', () => {
  it('takes the target under a revert-result key of the revert answer, or a restored-from key of the read-back, keys without _ and - in any case', () => {
    expect(proven({ revert: { data: { 'reverted-to_Version': ' 3 ' } }, current: {}, version: 3 })).toBe(true);
    expect(proven({ revert: {}, current: { result: [{ RESTORED_FROM_VERSION: 3 }] }, version: 3 })).toBe(true);
    expect(proven({ revert: { version: 3 }, current: { version: 3 }, version: 3 })).toBe(false);
    expect(proven({ revert: { restoredVersion: 3.5 }, current: {}, version: 3 })).toBe(false);
  });

  it('a request echo key never proves, whatever it holds', () => {
    fc.assert(fc.property(fc.constantFrom('args', 'Tool_Args', 'request-body', 'params', 'input'), fc.integer({ min: -1000, max: 1000 }), (key, target) => {
      expect(proven({ revert: { [key]: { targetVersion: target } }, current: { [key]: { sourceVersion: target } }, version: target })).toBe(false);
    }));
  });

  it('an explicit failure in the revert answer refuses any evidence: a false success/ok, a failed status/state, a failing code', () => {
    const failures = fc.constantFrom<Record<string, unknown>>(
      { success: false }, { ok: ' FALSE ' }, { status: 'Rejected' }, { state: 'aborted' }, { code: 500 }, { errorCode: '404' },
      { error_code: 'E1' }, { code: '99999999999999999999' },
    );
    fc.assert(fc.property(failures, fc.integer({ min: 1, max: 99 }), (failure, target) => {
      expect(proven({ revert: { result: { targetVersion: target, ...failure } }, current: { sourceVersion: target }, version: target })).toBe(false);
    }));
    for (const fine of [{ code: 0 }, { code: '200' }, { errorCode: ' ok ' }, { success: true }, { status: 'done' }]) {
      expect(proven({ revert: { targetVersion: 7, ...fine }, current: {}, version: 7 })).toBe(true);
    }
  });
});

describe('doc_history_page (findHistoryVersion :226-260)', () => {
  it('reads the versions anywhere, docPageState\'s cursor trimmed, and more from hasMore else from the cursor', () => {
    expect(page({ data: { items: [{ revision: '2' }, { version_number: 4 }, { versionNo: 5 }], hasMore: true, nextPageToken: ' c2 ' } }))
      .toEqual({ versions: [2, 4], hasMore: true, nextCursor: 'c2' });
    expect(page({ result: { nextCursor: 'c3' } })).toEqual({ versions: [], hasMore: true, nextCursor: 'c3' });
    expect(page({ has_more: false, nextCursor: 'c3' })).toEqual({ versions: [], hasMore: false, nextCursor: 'c3' });
    expect(page('  ')).toEqual({ versions: [], hasMore: false, nextCursor: '' });
    for (const bad of [[], 3, true, 'text']) expect(page(bad)).toEqual({ versions: [], hasMore: false, nextCursor: '', invalid: true });
  });

  it('finds every whole version number placed at any depth', () => {
    fc.assert(fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.array(fc.constantFrom('result', 'data', 'list', 'x'), { maxLength: 4 }), (n, path) => {
      const nested = path.reduceRight<unknown>((inner, key) => ({ [key]: [inner] }), { version: String(n) });
      expect((page(nested) as { versions: number[] }).versions).toEqual([n]);
    }));
  });
});

describe('doc_media_items (collectMediaItems :333-374)', () => {
  it('gives one row per object holding a resource, in the answer\'s order, whatever the nesting', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 5 }), fc.boolean()), { maxLength: 8 }), (specs) => {
      const blocks = specs.map(([id, wrapped], i) => (wrapped ? { blockId: `b${i}`, image: { resourceId: id } } : { blockId: `b${i}`, resourceId: id }));
      expect(media({ result: { blocks } })).toEqual(specs.map(([id], i) => ({ blockId: `b${i}`, resourceId: id })));
    }));
  });
});
