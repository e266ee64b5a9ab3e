// Session 32 sweep, share 11 (issue 32): `sheet batch-update`'s operation builders (helpers/sheet_batch.go@c7521c1c)
// that differed from upstream, run as a user types the command against the recording backend on 127.0.0.1; each
// asserts the batch_update operations sent, or the refusal with no call.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sheetBatchOperations } from '../../src/domain/sheet-batch.js';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw3211-');

/** `dws sheet batch-update --node N --operations <one operation> --yes`: the refusal reason and the operations sent. */
async function batch(toolName: string, input: Record<string, unknown>) {
  const r = await outputs.sent(['sheet', 'batch-update', '--node', 'N', '--operations', JSON.stringify([{ toolName, input }]), '--yes']);
  return { reason: r.reason, ops: r.calls.map(([tool, args]) => [tool, (args as { operations: unknown }).operations]) };
}
const one = (toolName: string, input: Record<string, unknown>) => ({ reason: undefined, ops: [['sheet/batch_update', [{ toolName, input }]]] });

describe('integer keys are read as fmt.Sscanf("%d") reads their text (batchInt, sheet_batch.go:126-142@c7521c1c)', () => {
  it('delete-dimension: a line feed in the leading space or digits beyond int64 fail the scan and send 0', async () => {
    expect(await batch('delete-dimension', { 'sheet-id': 'S', dimension: 'ROWS', position: '\n5', length: '99999999999999999999' }))
      .toEqual(one('delete_dimension', { sheetId: 'S', dimension: 'ROWS', startIndex: 0, count: 0 }));
    expect(await batch('delete-dimension', { startIndex: '\r\n5', count: '-9223372036854775809' }))
      .toEqual(one('delete_dimension', { sheetId: '', dimension: '', startIndex: 0, count: 0 }));
    // a lone carriage return and tab are space; the int64 bounds themselves scan, and go exactly as Go's int
    expect(await batch('delete-dimension', { position: '\r\t7', count: '-9223372036854775808' }))
      .toEqual(one('delete_dimension', { sheetId: '', dimension: '', startIndex: 7, count: new JsonNumber('-9223372036854775808') }));
    expect(await batch('delete-dimension', { position: '9007199254740993', count: '+09223372036854775807' }))
      .toEqual(one('delete_dimension', { sheetId: '', dimension: '', startIndex: new JsonNumber('9007199254740993'), count: new JsonNumber('9223372036854775807') }));
  });

  it('move-dimension: U+0085 is Go space, U+FEFF is not', async () => {
    expect(await batch('move-dimension', { 'start-index': '\u00852', 'end-index': '\ufeff4', 'destination-index': '\u3000-1x' }))
      .toEqual(one('move_dimension', { sheetId: '', dimension: '', startIndex: 2, endIndex: 0, destinationIndex: -1 }));
  });

  it('add-dimension and update-dimension length, update-dimension pixel-size', async () => {
    expect(await batch('add-dimension', { 'sheet-id': 'S', dimension: 'COLUMNS', length: '\ufeff3' }))
      .toEqual(one('add_dimension', { sheetId: 'S', dimension: 'COLUMNS', length: 0 }));
    // pixel-size that scans to 0 leaves pixelSize out
    expect(await batch('update-dimension', { 'sheet-id': 'S', dimension: 'ROWS', 'start-index': '2', length: '\u00852', 'pixel-size': '\n40' }))
      .toEqual(one('update_dimension', { sheetId: 'S', dimension: 'ROWS', startIndex: '2', length: 2 }));
  });
});

describe('text keys are Go\'s %v of the decoded value (batchStr, sheet_batch.go:107-114@c7521c1c)', () => {
  it('a negative zero keeps its sign: "-0" (merge-cells, copy-to)', async () => {
    const ops = async (json: string) => (await outputs.sent(['sheet', 'batch-update', '--node', 'N', '--operations', json, '--yes'])).calls
      .map(([, args]) => (args as { operations: unknown }).operations);
    expect(await ops('[{"toolName":"merge-cells","input":{"sheet-id":-0,"range":-0.0,"merge-type":0}},'
      + '{"toolName":"range copy-to","input":{"target-sheet-id":-0e5,"paste-type":-0}}]'))
      .toEqual([[{ toolName: 'merge_range', input: { sheetId: '-0', range: '-0', mergeType: '0' } },
        { toolName: 'copy_range', input: { sheetId: '', sourceRange: '', destinationRange: '', targetSheetId: '-0', pasteType: '-0' } }]]);
  });
});

describe('batchInt\'s scan (property)', () => {
  const count = (v: unknown) => ((sheetBatchOperations([{ toolName: 'delete-dimension', input: { count: v } }], () => '')[0] as { input: { count: number | JsonNumber } }).input.count);
  const goSpace = fc.constantFrom(' ', '\t', '\v', '\f', '\r', '\u0085', '\u00a0', '\u2000', '\u3000');
  it('Go space then a signed int64 and any tail reads the int64; a line feed before it, or a value outside int64, reads 0', () => {
    fc.assert(fc.property(fc.array(goSpace, { maxLength: 3 }), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom('', 'x', '.5', ' 9'), fc.boolean(),
      (space, n, tail, plus) => {
        const digits = n >= 0n && plus ? `+${n}` : String(n);
        const read = count(space.join('') + digits + tail);
        expect(read instanceof JsonNumber ? BigInt(read.literal) : BigInt(read)).toBe(n);
        expect(typeof read === 'number').toBe(Number.isSafeInteger(Number(n)));
        expect(count(`${space.join('')}\n${digits}`)).toBe(0);
        expect(count(n >= 0n ? String(n + 2n ** 63n) : String(n - 2n ** 63n - 1n))).toBe(0);
      }));
  });
});

describe('update-dimension upper-cases dimension as Go strings.ToUpper (BuildUpdateDimensionArgs, sheet_batch.go:299-313@c7521c1c)', () => {
  it('each code point by its simple mapping: ß and ligatures kept, iota-subscript letters to their one-character form', async () => {
    expect(await batch('update-dimension', { 'sheet-id': 'S', dimension: 'rowß', 'start-index': '1', length: 1 }))
      .toEqual(one('update_dimension', { sheetId: 'S', dimension: 'ROWß', startIndex: '1', length: 1 }));
    expect(await batch('update-dimension', { dimension: '\ufb01\u1fb3', 'start-index': 3, hidden: true }))
      .toEqual(one('update_dimension', { sheetId: '', dimension: '\ufb01\u1fbc', startIndex: '3', length: 0, hidden: true }));
  });
});

describe('set-dropdown source checks trim as Go strings.TrimSpace (validateDropdownSourceRangeInput, sheet_dimension.go:22-37; sheet_batch.go:75-100@c7521c1c)', () => {
  it('a source-sheet-id of U+0085 is blank: refused before any call', async () => {
    expect(await batch('set-dropdown', { 'sheet-id': 'S', range: 'A1', 'source-range': 'B1:B3', 'source-sheet-id': '\u0085' }))
      .toEqual({ reason: 'invalid_parameter', ops: [] });
  });

  // The operations are a []any of maps (sheet_batch.go:504-518@c7521c1c), whose texts upstream's transport reads
  // (client.go:1093-1125): a U+FEFF that passes the checks is then refused there (invalid_argument, not the checks'
  // invalid_parameter), nothing sent.
  it('U+FEFF is no space: "\\ufeff=B1" is not refused as a formula, nor a source-sheet-id of U+FEFF as blank; the transport refuses them', async () => {
    expect(await batch('set-dropdown', { 'sheet-id': 'S', range: 'A1', 'source-range': '\ufeff=B1', 'source-sheet-id': 'T' }))
      .toEqual({ reason: 'invalid_argument', ops: [] });
    expect(await batch('set-dropdown', { 'sheet-id': 'S', range: 'A1', 'source-range': 'B1:B3', 'source-sheet-id': '\ufeff' }))
      .toEqual({ reason: 'invalid_argument', ops: [] });
    expect(await batch('set-dropdown', { 'sheet-id': 'S', range: 'A1', 'source-range': '=B1', 'source-sheet-id': 'T' }))
      .toEqual({ reason: 'invalid_parameter', ops: [] });
    // Go-space around a good range is trimmed for the checks only
    expect(await batch('set-dropdown', { 'sheet-id': 'S', range: 'A1', 'source-range': '\u0085B1:B3\u3000', 'source-sheet-id': 'T', 'multi-select': false }))
      .toEqual(one('insert_dropdown_lists', { sheetId: 'S', range: 'A1', sourceRange: { sheetId: 'T', a1Notation: '\u0085B1:B3\u3000' }, enableMultiSelect: false }));
  });
});

describe('the node is --node only (newBatchUpdateCmd RunE, sheet_batch.go:492-524; requireSheetMutationTargets :429-437@c7521c1c)', () => {
  const ops = '[{"toolName":"range clear","input":{"sheet-id":"S","range":"A1"}}]';
  const run = async (...flags: string[]) => {
    const r = await outputs.sent(['sheet', 'batch-update', ...flags, '--operations', ops, '--yes']);
    return [r.reason, r.calls.map(([, a]) => (a as { nodeId: unknown }).nodeId)];
  };
  it('--node-id, --doc-id or --file-id alone (or blank --node beside them) is refused: the body requires --node', async () => {
    const missing = ['missing_parameter', []];
    expect([await run('--node-id', 'X'), await run('--doc-id', 'X'), await run('--file-id', ' '), await run('--node', '', '--node-id', 'X')])
      .toEqual([missing, missing, missing, missing]);
  });
  it('beside --node they are ignored: nodeId is --node as typed', async () => {
    expect([await run('--node', 'N', '--node-id', 'X'), await run('--node', ' ', '--doc-id', 'X', '--file-id', 'Y')])
      .toEqual([[undefined, ['N']], [undefined, [' ']]]);
  });
});
