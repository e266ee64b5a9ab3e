// Session 38 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h38-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a1-');
const { sent } = outputs;

// newSheetExportCsvCmd (helpers/sheet_export_csv.go:28-104@c7521c1c) is handed to RegisterCrossProductAliases by
// sheet.go:243-252 (standaloneCmds), which registers --doc-id, --file-id and --node-id hidden beside --node
// (cross_product_aliases.go:37); runSheetExportCsv reads --node only (:118-121). A run with --node and one of them
// reads the CSV of --node; one with only them has no --node and is refused before any call.
describe('sheet export-csv: the cross-product node spellings are accepted and ignored (sheet.go:243-252, sheet_export_csv.go:118-121@c7521c1c)', () => {
  const spelling = fc.constantFrom('--doc-id', '--file-id', '--node-id');
  const id = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
  it('beside --node: the CSV of --node is read, the other spelling sent nowhere', async () => {
    await fc.assert(fc.asyncProperty(spelling, id, id, async (flag, node, other) => {
      outputs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b', hasMore: false } });
      const r = await sent(['sheet', 'export-csv', '--node', node, flag, other]);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([['sheet/get_range_as_csv', { nodeId: node, annotateRowNumbers: false }]]);
      expect(r.printed).toBe('a,b');
    }), { numRuns: 6 });
  });
  it('alone: no --node, refused before any call', async () => {
    const r = await sent(['sheet', 'export-csv', '--doc-id', 'd1']);
    expect(r.reason).toBe('missing_parameter');
    expect(r.calls).toEqual([]);
  });
});

// Sibling (the scanner's constructor case, scripts/scan-upstream-flags.mjs): newSheetCreateWithDataCmd is handed to
// the same loop (sheet.go:243-252@c7521c1c), which registers --parent-id, --parent-folder, --parent-node-id and
// --parent-folder-id hidden beside --folder (cross_product_aliases.go:38); the body reads --folder only
// (sheet_create_with_data.go:103-105), so upstream creates the spreadsheet at the root. dws declares them and refuses
// them for safety before any call, as drive mkdir does (h34-args).
describe('sheet create-with-data: an unread parent spelling is refused before any call (sheet_create_with_data.go:103-105@c7521c1c)', () => {
  it.each(['--parent-id', '--parent-folder', '--parent-node-id', '--parent-folder-id'])('%s', async (flag) => {
    const r = await sent(['sheet', 'create-with-data', '--name', 'n', '--values', '[["a"]]', flag, 'fld1']);
    expect(r.reason).toBe('invalid_parameter');
    expect(r.calls).toEqual([]);
  });
});
