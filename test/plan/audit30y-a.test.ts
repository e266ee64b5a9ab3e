// The twenty-fifth audit, part a (seed 20261226, notes/audit-30y-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-y1:` cases of
// test/fixtures/calls/{sheet,drive}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const { sent } = useOutputRuns('dws-audit30y-a-');


// sheet set-dropdown (validateDropdownSourceRangeInput, helpers/sheet_dimension.go:27-33, RunE :870-873@c7521c1c):
// the range is TrimSpace'd before the "=" check and sent as typed, in the sourceRange map (:876-879), whose texts
// upstream's transport reads (client.go:394-402, :1093-1125@c7521c1c): one led by U+FEFF passes the "=" check
// (no invalid_parameter) and is then refused by the transport (invalid_argument), nothing sent.
describe('sheet set-dropdown checks --source-range for a formula after Go\'s TrimSpace', () => {
  const dropdown = (range: string) => sent(['sheet', 'set-dropdown', '--node', 'n', '--sheet-id', 's', '--range', 'A1:A3', '--source-sheet-id', 's2', '--source-range', range]);

  it('refuses = led by U+0085 as a formula, and = led by U+FEFF at the transport', async () => {
    const got = [];
    for (const range of ['\u0085=A1', '\ufeff=A1', '\u00a0=A1', ' =A1', 'T1:T3']) {
      const run = await dropdown(range);
      got.push(run.reason ?? run.calls);
    }
    const call = (a1Notation: string) => [['sheet/set_dropdown_lists', { nodeId: 'n', sheetId: 's', range: 'A1:A3', sourceRange: { sheetId: 's2', a1Notation } }]];
    expect(got).toEqual(['invalid_parameter', 'invalid_argument', 'invalid_parameter', 'invalid_parameter', call('T1:T3')]);
  });

  it('refuses a formula behind any run of Go spaces, and one behind U+FEFF only at the transport (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 3 }), fc.boolean(), async (spaces, bom) => {
      const range = `${bom ? '\ufeff' : ''}${spaces.join('')}=B2`;
      const run = await dropdown(range);
      expect([run.reason, run.calls]).toEqual([bom ? 'invalid_argument' : 'invalid_parameter', []]);
    }), { numRuns: 20 });
  });
});

// sheet filter delete (protectSheetMutationCommand / requireSheetMutationTargets, helpers/sheet_batch.go:396-437,
// sheet.go:268-291@c7521c1c): before --yes and the body, mustFlagOrFallback(node, ...) refuses an empty --node.
describe('sheet filter delete needs a non-empty --node before it asks for --yes', () => {
  it('refuses a missing or empty --node, and sends a blank one and an untyped --sheet-id as the body does', async () => {
    const got = [];
    for (const flags of [['--sheet-id', 's', '--yes'], ['--node', '', '--sheet-id', 's', '--yes'], ['--sheet-id', 's'], ['--node', ' ', '--yes'], ['--node', 'n', '--sheet-id', 's', '--yes']]) {
      const run = await sent(['sheet', 'filter', 'delete', ...flags]);
      got.push(run.reason ?? run.calls);
    }
    expect(got).toEqual([
      'missing_parameter',
      'missing_parameter',
      'missing_parameter',
      [['sheet/delete_filter', { nodeId: ' ', sheetId: '' }]],
      [['sheet/delete_filter', { nodeId: 'n', sheetId: 's' }]],
    ]);
  });
});

// The same guard on every other guarded sheet leaf with a --node flag (confirmationGuards sheet.go:268-291,
// requireSheetMutationTargets sheet_batch.go:430-437@c7521c1c).
describe('the guarded sheet deletes refuse an empty --node before any call', () => {
  it('refuses each without --node and sends it with one', async () => {
    const leaves: string[][] = [
      ['filter-view', 'delete', '--sheet-id', 's', '--filter-view-id', 'v'],
      ['delete-dropdown', '--sheet-id', 's', '--range', 'A1'],
      ['chart', 'delete', '--sheet-id', 's', '--chart-id', 'c'],
      ['delete-float-image', '--sheet-id', 's', '--float-image-id', 'f'],
      ['filter-view', 'delete-criteria', '--sheet-id', 's', '--filter-view-id', 'v', '--column', '0'],
      ['cond-format', 'delete', '--sheet-id', 's', '--rule-id', 'r'],
      ['delete-sheet', '--sheet-id', 's'],
    ];
    for (const leaf of leaves) {
      const without = await sent(['sheet', ...leaf, '--yes']);
      const blank = await sent(['sheet', ...leaf, '--node', '', '--yes']);
      const with_ = await sent(['sheet', ...leaf, '--node', 'n', '--yes']);
      expect([leaf.join(' '), without.reason, blank.reason, with_.calls.length]).toEqual([leaf.join(' '), 'missing_parameter', 'missing_parameter', 1]);
      expect((with_.calls[0][1] as { nodeId: unknown }).nodeId).toBe('n');
    }
  });
});

// drive download and download-version (parsePartSize, helpers/drive_transfer.go:104-136@c7521c1c): ToUpper, Go's
// TrimSpace, the unit cut off, the number TrimSpace'd again and read by ParseInt base 10.
describe('drive download reads --part-size with Go\'s spaces', () => {
  const accepted = async (argv: string[]) => {
    const run = await sent(argv);
    return run.calls.length > 0 ? 'called' : run.reason;
  };

  it('takes U+0085 around the size and between number and unit, and refuses U+FEFF', async () => {
    const got = [];
    for (const size of ['16MB\u0085', '\u008516MB', '16\u0085MB', '16\u00a0MB', '\ufeff16MB', '16MB\ufeff', '16\ufeffMB']) {
      got.push(await accepted(['drive', 'download', '--node', 'n', '--output', 'o.bin', '--part-size', size]));
    }
    expect(got).toEqual(['called', 'called', 'called', 'called', 'invalid_parameter', 'invalid_parameter', 'invalid_parameter']);
  });

  it('reads download-version\'s --part-size the same way', async () => {
    const got = [];
    for (const size of ['16MB\u0085', '\ufeff16MB']) {
      got.push(await accepted(['drive', 'download-version', '--node', 'n', '--version', '2', '--output', 'o.bin', '--part-size', size]));
    }
    expect(got).toEqual(['called', 'invalid_parameter']);
  });

  it('accepts any Go-space padding of an in-range size (property)', async () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    await fc.assert(fc.asyncProperty(pad, pad, pad, fc.constantFrom('16MB', '1gb', '1024K', '2m'), async (lead, mid, tail, size) => {
      const [, num, unit] = /^(\d+)(\D*)$/.exec(size)!;
      expect(await accepted(['drive', 'download', '--node', 'n', '--output', 'o.bin', '--part-size', `${lead}${num}${mid}${unit}${tail}`])).toBe('called');
    }), { numRuns: 20 });
  });
});

// drive list-spaces (helpers/drive.go:1373-1381@c7521c1c): maxResults is float64(maxResults).
describe('drive list-spaces sends maxResults as a float64', () => {
  it('sends a --limit or --max beyond 2^53 as its nearest double', async () => {
    const got = [];
    for (const flags of [['--limit', '9007199254740993'], ['--max', '9007199254740993'], ['--limit', '0x10'], ['--limit', '0', '--max', '5']]) {
      const run = await sent(['drive', 'list-spaces', ...flags]);
      got.push(run.calls);
    }
    expect(got).toEqual([
      [['drive/list_spaces', { maxResults: 9007199254740992 }]],
      [['drive/list_spaces', { maxResults: 9007199254740992 }]],
      [['drive/list_spaces', { maxResults: 16 }]],
      [['drive/list_spaces', {}]],
    ]);
  });
});
