// h33-sheet (issue 32): which flag gives a sheet leaf its node. RegisterCrossProductAliases (cross_product_aliases.go:37,
// sheet.go:249-257@c7521c1c) registers the hidden --node-id/--doc-id/--file-id on every standalone sheet leaf and every
// child of range/filter/filter-view/cond-format, but most bodies send mustGetFlag(node) alone: those spellings are
// accepted and never give the node. Each row below is one leaf run as a user types it against the recording backend
// on 127.0.0.1; the upstream line of the node's read is in test/fixtures/ignored-hidden-flags.json (or, for the seven
// guarded deletions, the plan's facts).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-h33-');
const HIDDEN = ['--node-id', '--doc-id', '--file-id'] as const;
const nodeOf = (call: unknown[] | undefined) => (call?.[1] as { nodeId?: unknown } | undefined)?.nodeId;

// The flags each leaf needs besides its node.
const REST: Record<string, string[]> = {
  'add-dimension': ['--sheet-id', 'S1', '--dimension', 'COLUMNS', '--length', '5'],
  append: ['--sheet-id', 'S1', '--values', '[["a",1]]'],
  'range clear': ['--sheet-id', 'S1', '--range', 'A1:B3', '--yes'],
  copy: ['--sheet-id', 'S1'],
  'filter-view create': ['--sheet-id', 'S1', '--name', 'v', '--range', 'A1:E10'],
  'create-float-image': ['--sheet-id', 'S1', '--src', 'https://r/x.png', '--range', 'B3', '--width', '200', '--height', '100'],
  new: ['--name', 'n'],
  'delete-dimension': ['--sheet-id', 'S1', '--dimension', 'COLUMNS', '--position', 'B', '--length', '1', '--yes'],
  'range fill': ['--sheet-id', 'S1', '--source-range', 'A1:A5', '--target-range', 'A6:A20'],
  'filter clear-criteria': ['--sheet-id', 'S1'],
  'filter-view get-criteria': ['--sheet-id', 'S1', '--filter-view-id', 'V1', '--column', '2'],
  'filter-view info': ['--sheet-id', 'S1', '--filter-view-id', 'V1'],
  'filter-view list-criteria': ['--sheet-id', 'S1', '--filter-view-id', 'V1'],
  'filter-view update-criteria': ['--sheet-id', 'S1', '--filter-view-id', 'V1', '--column', '0', '--filter-criteria', '{"filterType":"values","visibleValues":["a"]}'],
  find: ['--sheet-id', 'S1', '--find', 'x'],
  list: [],
  'cond-format list': ['--sheet-id', 'S1'],
  'filter get': ['--sheet-id', 'S1'],
  'filter-view list': ['--sheet-id', 'S1'],
  'get-float-image': ['--sheet-id', 'S1', '--float-image-id', 'I1'],
  'csv-get': [],
  'group-dimension': ['--sheet-id', 'S1', '--range', '3:7'],
  info: [],
  'insert-dimension': ['--sheet-id', 'S1', '--dimension', 'ROWS', '--position', '3', '--length', '2'],
  'list-float-images': ['--sheet-id', 'S1'],
  'merge-cells': ['--sheet-id', 'S1', '--range', 'A1:B3'],
  'move-dimension': ['--sheet-id', 'S1', '--dimension', 'COLUMNS', '--start-index', 'A', '--end-index', 'B', '--destination-index', 'E'],
  'range batch-clear': ['--ranges', '["Sheet1!A1:B3"]', '--yes'],
  'range batch-set-style': ['--ranges', '["Sheet1!A1:B1"]', '--bg-color', '#FFF2CC'],
  'range copy-to': ['--sheet-id', 'S1', '--source-range', 'A1:C5', '--target-range', 'D1'],
  'range move-to': ['--sheet-id', 'S1', '--source-range', 'A1:C5', '--target-range', 'D1', '--yes'],
  'range read': ['--sheet-id', 'S1', '--range', 'A1:D10'],
  'range update': ['--sheet-id', 'S1', '--range', 'A1', '--values', '[[{"type":"text","text":"a"}]]'],
  replace: ['--sheet-id', 'S1', '--find', 'a', '--replacement', 'b'],
  'set-dropdown': ['--sheet-id', 'S1', '--range', 'A2:A9', '--options', '[{"value":"是"}]'],
  'csv-put': ['--sheet-id', 'S1', '--csv', 'a,b', '--start-cell', 'A1'],
  'filter sort': ['--sheet-id', 'S1'],
  'range sort': ['--sheet-id', 'S1', '--range', 'A1:D10', '--sort-keys', '[{"column":"A","ascending":true}]'],
  export: [],
  'ungroup-dimension': ['--sheet-id', 'S1', '--range', '3:7'],
  'unmerge-cells': ['--sheet-id', 'S1', '--range', 'A1:D5'],
  'update-dimension': ['--sheet-id', 'S1', '--dimension', 'ROWS', '--start-index', '3', '--length', '2', '--hidden'],
  'filter update': ['--sheet-id', 'S1', '--criteria', '[{"column":1}]'],
  'update-float-image': ['--sheet-id', 'S1', '--float-image-id', 'I1', '--width', '300'],
  update: ['--sheet-id', 'S1', '--name', 'n'],
  // the seven guarded deletions whose body checks no node (below)
  'cond-format delete': ['--sheet-id', 'S1', '--rule-id', 'R1'],
  'delete-dropdown': ['--sheet-id', 'S1', '--range', 'A2:A9'],
  'filter delete': ['--sheet-id', 'S1'],
  'filter-view delete': ['--sheet-id', 'S1', '--filter-view-id', 'V1'],
  'delete-float-image': ['--sheet-id', 'S1', '--float-image-id', 'I1'],
  'delete-sheet': ['--sheet-id', 'S1'],
  'filter-view delete-criteria': ['--sheet-id', 'S1', '--filter-view-id', 'V1', '--column', '0'],
};

// Bodies that require --node itself (validateRequiredFlags, or export's nodeID == "" check): a hidden spelling alone
// is refused before any call. The other mustGetFlag bodies send nodeId "".
const REQUIRES_NODE = new Set(['append', 'range clear', 'create-float-image', 'delete-dimension', 'range fill', 'group-dimension',
  'insert-dimension', 'range batch-clear', 'range batch-set-style', 'range copy-to', 'range move-to', 'range update', 'set-dropdown',
  'csv-put', 'range sort', 'export', 'ungroup-dimension', 'update-dimension']);
const GUARDED = ['cond-format delete', 'delete-dropdown', 'filter delete', 'filter-view delete', 'delete-float-image', 'delete-sheet',
  'filter-view delete-criteria'];
const leaf = (name: string, ...flags: string[]) => ['sheet', ...name.split(' '), ...flags, ...REST[name]];

describe('sheet leaves whose body sends mustGetFlag(node) alone: the hidden --node-id/--doc-id/--file-id never give the node', () => {
  const rows = Object.keys(REST).filter((n) => !GUARDED.includes(n));

  it.each(rows.map((n, i) => [n, HIDDEN[i % 3]] as const))('%s: --node N1 %s X9 sends N1', async (name, spelling) => {
    const yes = GUARDED.includes(name) ? ['--yes'] : [];
    const r = await sent(leaf(name, '--node', 'N1', spelling, 'X9', ...yes));
    expect(r.calls.length).toBeGreaterThan(0);
    expect(nodeOf(r.calls[0])).toBe('N1');
  });

  it.each(rows.flatMap((n) => HIDDEN.map((s) => [n, s] as const)))('%s: %s X9 alone sends nodeId "" or is refused as upstream', async (name, spelling) => {
    const r = await sent(leaf(name, spelling, 'X9'));
    if (REQUIRES_NODE.has(name)) expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
    else expect([r.reason === 'missing_parameter', nodeOf(r.calls[0])]).toEqual([false, '']);
  });
});

describe('the guarded deletions without a node check in the body: requireSheetMutationTargets counts the hidden spellings before --yes, the body sends --node (sheet_batch.go:429-437@c7521c1c)', () => {
  it.each(GUARDED.map((n, i) => [n, HIDDEN[i % 3]] as const))('%s', async (name, spelling) => {
    const run = async (...flags: string[]) => {
      const r = await sent(leaf(name, ...flags));
      return [r.reason, r.calls.map(nodeOf)];
    };
    expect(await run(spelling, 'X9', '--yes')).toEqual([undefined, ['']]);
    expect(await run('--node', '', spelling, 'X9', '--yes')).toEqual([undefined, ['']]);
    expect(await run('--node', ' ', '--yes')).toEqual([undefined, [' ']]);
    expect(await run('--node', 'N1', spelling, 'X9', '--yes')).toEqual([undefined, ['N1']]);
    expect(await run(spelling, 'X9')).toEqual(['confirmation_required', []]);
    expect(await run('--yes')).toEqual(['missing_parameter', []]);
    expect(await run(spelling, '', '--yes')).toEqual(['missing_parameter', []]);
  });
});

describe('leaves whose body reads the node through mustFlagOrFallback keep reading its spellings (kept)', () => {
  const kept: [string[], string[], Record<string, string>?][] = [
    [['comment', 'list'], ['--url', '--id', '--node-id']],
    [['comment', 'create', '--content', 'c', '--sheet-id', 'S1', '--range', 'B2'], ['--url', '--id', '--node-id']],
    [['comment', 'reply', '--content', 'c', '--comment-key', 'k1'], ['--url', '--id', '--node-id']],
    [['comment', 'update', '--content', 'c', '--comment-key', 'k1'], ['--url', '--id', '--node-id']],
    [['comment', 'delete', '--comment-key', 'k1', '--yes'], ['--url', '--id', '--node-id']],
    [['show-gridline', '--sheet-id', 'S1'], ['--file-id', '--node-id', '--doc-id']],
    [['hide-gridline', '--sheet-id', 'S1'], ['--file-id', '--node-id', '--doc-id']],
    [['table-get'], ['--file-id', '--node-id', '--doc-id']],
    [['table-put', '--sheets', '[{"name":"S","rows":[["a"]]}]'], ['--file-id', '--node-id', '--doc-id']],
    [['version', 'list'], ['--url', '--id', '--node-id', '--doc-id', '--file-id']],
    [['version', 'save'], ['--url', '--id', '--node-id', '--doc-id', '--file-id']],
    [['version', 'revert', '--version', '3', '--yes'], ['--url', '--id', '--node-id', '--doc-id', '--file-id']],
    [['media-upload', '--file', 'a.pdf'], ['--url', '--id', '--node-id', '--doc-id'], { 'a.pdf': '%PDF' }],
    [['write-image', '--sheet-id', 'S1', '--range', 'A1', '--file', 'a.png'], ['--url', '--id', '--node-id', '--doc-id'], { 'a.png': 'PNG' }],
  ];
  it.each(kept)('sheet %j: each spelling alone, and after an empty --node, gives the node', async (argv, spellings, files) => {
    for (const spelling of spellings) {
      const alone = await sent(['sheet', ...argv, spelling, 'X9'], files);
      const after = await sent(['sheet', ...argv, '--node', '', spelling, 'X9'], files);
      expect({ spelling, nodes: [nodeOf(alone.calls[0]), nodeOf(after.calls[0])] }).toEqual({ spelling, nodes: ['X9', 'X9'] });
    }
  });
});
