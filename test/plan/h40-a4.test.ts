// Session 40 second reading, part a4 (issue 32, notes/h40-a4.md): where a drawn command (seed 20261354) or its
// siblings still differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend
// on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h40a4-');

/**
 * upstream's findVersion cursor (internal/shortcut/drive/version_operations.go:192-227, addDrivePagination and
 * nestedString common.go:190-219@c7521c1c), as a model: addDrivePagination copies nextCursor, then nextToken, then
 * nextPageToken onto one key, each only when it is not null (so the last non-null wins, whatever its type); the next
 * request's cursor is that value when it is a text not blank once trimmed, trimmed; else there is no next page.
 */
function upstreamNextCursor(page: Record<string, unknown>): string | undefined {
  let out: unknown;
  for (const key of ['nextCursor', 'nextToken', 'nextPageToken']) if (key in page && page[key] !== null) out = page[key];
  return typeof out === 'string' && out.trim() !== '' ? out.trim() : undefined;
}

const cursorValue = fc.constantFrom<unknown>(undefined, null, '', ' ', 'c1', ' c2 ', 5, true);
const cursorPage = fc.record({ nextCursor: cursorValue, nextToken: cursorValue, nextPageToken: cursorValue }).map((r) => {
  const page: Record<string, unknown> = { versions: [{ version: 1 }] };
  for (const [k, v] of Object.entries(r)) if (v !== undefined) page[k] = v;
  return page;
});

describe('drive +version-get / +version-revert: the next page cursor is read as findVersion reads it (version_operations.go:212-227@c7521c1c)', () => {
  it('+version-get: a nextToken holding null is passed over, so nextCursor leads to the next page', async () => {
    const run = await outputs.paged(['drive', '+version-get', '--node', 'n', '--version', '3'], 'drive/list_file_versions', [
      { versions: [{ version: 1 }], nextToken: null, nextCursor: 'c1' },
      { versions: [{ version: 3, name: 'v3' }] },
    ]);
    expect(run.sent).toEqual([{ nodeId: 'n', maxResults: 50 }, { nodeId: 'n', maxResults: 50, nextCursor: 'c1' }]);
    expect(run.printed).toEqual({ nodeId: 'n', version: { version: 3, name: 'v3' } });
  });
  it('+version-revert: the same page reading finds the version before the revert', async () => {
    const run = await outputs.paged(['drive', '+version-revert', '--node', 'n', '--version', '3', '--yes'], 'drive/list_file_versions', [
      { versions: [{ version: 1 }], nextPageToken: null, nextCursor: ' c1 ' },
      { versions: [{ version: 3 }] },
    ]);
    expect(run.sent.slice(0, 2)).toEqual([{ nodeId: 'n', maxResults: 50 }, { nodeId: 'n', maxResults: 50, nextCursor: 'c1' }]);
  });
  it('+version-get: the second request carries the cursor upstream reads from any first page, or none is sent', async () => {
    await fc.assert(fc.asyncProperty(cursorPage, async (page) => {
      const run = await outputs.paged(['drive', '+version-get', '--node', 'n', '--version', '3'], 'drive/list_file_versions', [
        page, { versions: [{ version: 3 }] },
      ]);
      const next = upstreamNextCursor(page);
      expect(run.sent).toEqual(next === undefined
        ? [{ nodeId: 'n', maxResults: 50 }]
        : [{ nodeId: 'n', maxResults: 50 }, { nodeId: 'n', maxResults: 50, nextCursor: next }]);
    }), { numRuns: 60 });
  });
});

describe('drive comment create: --node and its hidden spellings are read as corecmd reads a Trim flag (rawValue, corecmd.go:1009-1035@c7521c1c)', () => {
  const created = { fileId: 'f', comment: { commentId: 'c1', anchor: { scope: 'whole' } } };
  const argv = (...spellings: string[]) => ['drive', 'comment', 'create', ...spellings, '--content', ' hi ', '--yes'];
  it('a --node blank once trimmed yields to a filled hidden spelling, which is sent trimmed (the content as typed)', async () => {
    outputs.answer('doc-comment/create_file_comment', created);
    expect(await outputs.argsOf(argv('--node', ' ', '--url', ' u1 '))).toEqual([{ fileId: 'u1', content: ' hi ' }]);
    expect(await outputs.argsOf(argv('--file-id', 'f2', '--node', '\t'))).toEqual([{ fileId: 'f2', content: ' hi ' }]);
  });
  it('a blank --node typed alone, or a blank hidden spelling alone, is still refused as missing before any call', async () => {
    expect((await outputs.sent(argv('--node', ' '))).reason).toBe('missing_parameter');
    expect((await outputs.sent(argv('--id', ' '))).reason).toBe('missing_parameter');
    expect((await outputs.sent(argv('--node', ' ', '--id', ''))).calls).toEqual([]);
  });
});
