// p-minutes4 (issue 32): aitable +resolve-table / +resolve-base and drive rename / +rename compare names as upstream
// does at c7521c1c: Go's strings.EqualFold (aitabletarget/resolver.go:270-274; helpers/drive.go:34-38;
// shortcut/drive/operations.go:261-267), the rename on Go's byte tail. Each run as a user types it against the fake
// MCP server on 127.0.0.1; the expected outcomes come from models written here from the upstream bodies, not from dws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, answer } = useOutputRuns('dws-pminutes4-fold-');

/**
 * Go's unicode.SimpleFold orbits of an alphabet with the letters where EqualFold and lower-casing part ways (Kelvin
 * sign, long s, sharp s, the Turkish I's, sigma, theta), written out from Go's tables: two texts are equal ignoring
 * case when they have as many code points and each pair lies in one orbit.
 */
const ORBITS: string[][] = [
  ['K', 'k', '\u212A'], ['S', 's', '\u017F'], ['\u00DF', '\u1E9E'], ['\u0130'], ['\u0131'], ['I', 'i'],
  ['\u03A3', '\u03C3', '\u03C2'], ['\u0398', '\u03B8', '\u03D1', '\u03F4'], ['A', 'a'], ['表'], ['.'], ['+'],
];
const orbitOf = new Map(ORBITS.flatMap((o, i) => o.map((c) => [c, i] as const)));
const goEqualFold = (a: string, b: string): boolean => {
  const x = [...a];
  const y = [...b];
  return x.length === y.length && x.every((c, i) => orbitOf.get(c) === orbitOf.get(y[i]!));
};
const letters = ORBITS.flat().filter((c) => c !== '.' && c !== '+');
const word = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
/** A word and another made of a member of each of its letters' orbits, so most pairs fold alike. */
const foldedWord = (w: string) => fc.tuple(...[...w].map((c) => fc.constantFrom(...ORBITS[orbitOf.get(c)!]!))).map((cs) => cs.join(''));

describe('aitable +resolve-table and +resolve-base take the names equal by Go\'s strings.EqualFold (resolver.go:270-296)', () => {
  it('resolve-table finds, refuses as not found or as ambiguous exactly as the EqualFold model selects (fast-check)', async () => {
    await fc.assert(fc.asyncProperty(word.chain((q) => fc.tuple(fc.constant(q), fc.array(fc.oneof(foldedWord(q), word), { minLength: 1, maxLength: 3 }))), async ([query, names]) => {
      const tables = names.map((name, i) => ({ tableId: `t${i}`, tableName: name }));
      answer('aitable/get_tables', { tables });
      const run = await sent(['aitable', '+resolve-table', '--base', 'b1', '--name', query]);
      const exact = tables.filter((t) => goEqualFold(t.tableName, query));
      const want = exact.length === 0 ? { reason: 'not_found', printed: undefined }
        : exact.length > 1 ? { reason: 'ambiguous_match', printed: undefined }
          : { reason: undefined, printed: { base: 'b1', matchType: 'exact', name: exact[0]!.tableName, resolved: true, status: 'resolved', tableId: exact[0]!.tableId } };
      expect({ query, names, reason: run.reason, printed: run.printed }).toEqual({ query, names, ...want });
    }), { numRuns: 40 });
  });

  it('resolve-base takes ſales for Sales and ϑeta for θeta, and refuses İtem for item, where lower-casing did the opposite', async () => {
    answer('aitable/search_bases', { bases: [{ baseId: 'b1', baseName: 'Sales' }, { baseId: 'b2', baseName: ' \u03B8eta ' }, { baseId: 'b3', baseName: 'item' }] });
    const runs: Awaited<ReturnType<typeof sent>>[] = [];
    for (const name of ['\u017Fales', '\u03D1eta', '\u0130tem']) runs.push(await sent(['aitable', '+resolve-base', '--name', name]));
    expect(runs.map((r) => [r.reason, r.printed])).toEqual([
      [undefined, { baseId: 'b1', matchType: 'exact', name: 'Sales', resolved: true, status: 'resolved' }],
      [undefined, { baseId: 'b2', matchType: 'exact', name: '\u03B8eta', resolved: true, status: 'resolved' }],
      ['not_found', undefined],
    ]);
  });

  it('--fuzzy still reads Go\'s strings.ToLower contains when no name is equal: İ lower-cases to i there', async () => {
    answer('aitable/get_tables', { tables: [{ tableId: 't1', tableName: 'Items 2026' }, { tableId: 't2', tableName: 'Orders' }] });
    const run = await sent(['aitable', '+resolve-table', '--base', 'b1', '--name', '\u0130tem', '--fuzzy']);
    expect([run.reason, run.printed]).toEqual([undefined, { base: 'b1', matchType: 'fuzzy', name: 'Items 2026', resolved: true, status: 'resolved', tableId: 't1' }]);
  });
});

/**
 * Go's driveRenameBaseName / normalizedDriveRename cut: suffix "." + extension; when the name has more UTF-8 bytes than
 * the suffix and its last as many bytes, decoded as Go decodes them (a cut inside a character is no dot), equal the
 * suffix by EqualFold, those bytes are dropped.
 */
function goRenameCut(name: string, extension: string): string {
  const suffix = `.${extension}`;
  const bytes = Buffer.from(name, 'utf8');
  const n = Buffer.byteLength(suffix, 'utf8');
  if (bytes.length <= n) return name;
  const tail = bytes.subarray(bytes.length - n);
  if ((tail[0]! & 0xc0) === 0x80) return name; // starts inside a character: Go reads U+FFFD, never the dot
  return goEqualFold(tail.toString('utf8'), suffix) ? bytes.subarray(0, bytes.length - n).toString('utf8') : name;
}

const extension = fc.array(fc.constantFrom(...letters, '+'), { minLength: 1, maxLength: 2 }).map((cs) => cs.join(''));
/** A name ending in a dot and a folded spelling of the extension (or another word), with a word before it. */
const renameCase = extension.chain((ext) => fc.tuple(fc.constant(ext), word, fc.oneof(foldedWord(ext), extension)).map(([e, stem, tail]) => [e, `${stem}.${tail}`] as const));

describe('drive rename and +rename drop the node\'s extension on Go\'s byte tail by EqualFold (helpers/drive.go:24-39, operations.go:253-270)', () => {
  it('drive rename sends the name the byte-tail model cuts, for names ending in folded spellings of the extension (fast-check)', async () => {
    await fc.assert(fc.asyncProperty(renameCase, async ([ext, name]) => {
      answer('drive/get_file_info', { result: { type: 'file', extension: ext } });
      const run = await sent(['drive', 'rename', '--node', 'n1', '--name', name]);
      expect({ ext, name, reason: run.reason, calls: run.calls }).toEqual({
        ext, name, reason: undefined,
        calls: [['drive/get_file_info', { fileId: 'n1' }], ['doc/rename_document', { nodeId: 'n1', newName: goRenameCut(name, ext) }]],
      });
    }), { numRuns: 40 });
  });

  it('drive +rename Go-lower-cases the extension first, then cuts on the byte tail and accepts the read-back of the name as typed (fast-check)', async () => {
    const goLower = (s: string) => [...s].map((c) => (c === '\u212A' ? 'k' : c === '\u0130' ? 'i' : c === '\u1E9E' ? '\u00DF' : c.toLowerCase())).join('');
    await fc.assert(fc.asyncProperty(renameCase, async ([ext, name]) => {
      answer('drive/get_file_info', { result: { type: 'file', extension: ext, name } });
      answer('doc/rename_document', { success: true });
      const run = await sent(['drive', '+rename', '--node', 'n1', '--name', name, '--yes']);
      expect({ ext, name, reason: run.reason, calls: run.calls, printed: run.printed }).toEqual({
        ext, name, reason: undefined,
        calls: [['drive/get_file_info', { fileId: 'n1' }], ['doc/rename_document', { nodeId: 'n1', newName: goRenameCut(name, goLower(ext)) }], ['drive/get_file_info', { fileId: 'n1' }]],
        printed: { success: true, nodeId: 'n1', file: { type: 'file', extension: ext, name } },
      });
    }), { numRuns: 40 });
  });

  it('a folder keeps its name whatever its extension field says', async () => {
    answer('drive/get_file_info', { result: { type: 'Folder', extension: 's' } });
    const run = await sent(['drive', 'rename', '--node', 'n1', '--name', 'a.\u017F']);
    expect(run.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }], ['doc/rename_document', { nodeId: 'n1', newName: 'a.\u017F' }]]);
  });
});
