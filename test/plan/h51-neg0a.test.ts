// Session 51 helper neg0a (issue 32, notes/h51-neg0a.md): a negative zero inside a JSON flag of aitable and sheet.
// Upstream decodes these flags with json.Unmarshal into any / map[string]any / []any / []map[string]any, so every
// number is a float64, and json.Marshal writes a float64 -0 back as `-0`; dws's json_parse gives a JavaScript -0, which
// JSON.stringify writes as `0`. `go_float64s` at the send restores the sign. Each command runs as a user types it
// against the recording backend on 127.0.0.1; before the fix each of these tests saw `0` sent where upstream sends `-0`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';
import { sameSigned, wire } from './signed-zero.js';

const { sent, mcp } = useOutputRuns('dws-h51neg0a-');


/** JSON text with each negative zero written `-0`, as a user types it (JSON.stringify writes it `0`). */
const typed = (v: unknown): string => {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(typed).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${typed(x)}`).join(',')}}`;
  return JSON.stringify(v);
};

/** JSON values as a user might type them inside a JSON flag, signed zeros among the numbers. */
const jsonValue = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.constantFrom(-0, 0, 1.5, -2, 1e21, 5e-7), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'x'), tie('node'), { maxKeys: 3 })),
})).node;

/** The inner value every fixed run types, in Go's spellings of zero and of other floats, and what Go sends for it. */
const INNER = '{"z":-0,"l":[-0.0,-0e0,1.50,1e3,1E+2,0,-1.5]}';
const GO_SENDS = { z: -0, l: [-0, -0, 1.5, 1000, 100, 0, -1.5] };

type Args = Record<string, unknown>;
const at = (v: unknown, ...path: (string | number)[]): unknown => path.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], v);

/**
 * One command: argv with the inner JSON value `v` typed somewhere in a JSON flag; the call (`<server>/<tool>`) that
 * carries it, where the value sits in that call's arguments, and canned answers for the calls before or after.
 */
interface Case {
  argv: (v: string) => string[];
  tool: string;
  pick: (args: Args) => unknown;
  /** pick gives a list: the value at each of several places */
  many?: true;
  answers?: () => Record<string, Answer>;
}

/** The canned answers of a view update whose preflight reads the view's type. */
const viewOf = (viewType: string) => () => ({ 'aitable/get_views': () => ({ data: { views: [{ viewType }] } }) });
/** Answers for the composite record writes: the write answers, the read-back returns what was written. */
const readsBackWrites = (write: string) => () => {
  let written: Args = {};
  return {
    [write]: (args: Args) => ((written = args), { ok: true }),
    'aitable/query_records': () => ({ records: written.records }),
  };
};

/** The sheet commands: upstream location (helpers/ at c7521c1c) and the run. */
const SHEET: Record<string, [string, Case]> = {
  'cond-format create --condition (spread at the top)': ['sheet_cond_format.go:164-172', { argv: (v) => ['sheet', 'cond-format', 'create', '--node', 'n', '--sheet-id', 's', '--ranges', '["A1"]', '--condition', `{"w":${v}}`], tool: 'sheet/create_cond_format', pick: (a) => a.w }],
  'cond-format create --cell-style': ['sheet_cond_format.go:176-182', { argv: (v) => ['sheet', 'cond-format', 'create', '--node', 'n', '--sheet-id', 's', '--ranges', '["A1"]', '--condition', '{}', '--cell-style', `{"w":${v}}`], tool: 'sheet/create_cond_format', pick: (a) => at(a, 'cellStyle', 'w') }],
  'cond-format create --data-bar-style': ['sheet_cond_format.go:183-189', { argv: (v) => ['sheet', 'cond-format', 'create', '--node', 'n', '--sheet-id', 's', '--ranges', '["A1"]', '--condition', '{}', '--data-bar-style', `{"w":${v}}`], tool: 'sheet/create_cond_format', pick: (a) => at(a, 'dataBarStyle', 'w') }],
  'cond-format update --condition, --cell-style, --data-bar-style': ['sheet_cond_format.go:281-306', { argv: (v) => ['sheet', 'cond-format', 'update', '--node', 'n', '--sheet-id', 's', '--rule-id', 'r', '--condition', `{"w":${v}}`, '--cell-style', `{"w":${v}}`, '--data-bar-style', `{"w":${v}}`], tool: 'sheet/update_cond_format', many: true, pick: (a) => [a.w, at(a, 'cellStyle', 'w'), at(a, 'dataBarStyle', 'w')] }],
  'filter create --criteria': ['sheet_filter_view.go:242-248', { argv: (v) => ['sheet', 'filter', 'create', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B2', '--criteria', `[${v}]`], tool: 'sheet/create_filter', pick: (a) => at(a, 'criteria', 0) }],
  'filter update --criteria': ['sheet_filter_view.go:356-365', { argv: (v) => ['sheet', 'filter', 'update', '--node', 'n', '--sheet-id', 's', '--criteria', `[${v}]`], tool: 'sheet/update_filter', pick: (a) => at(a, 'criteria', 0) }],
  'filter-view create --criteria': ['sheet_filter_view.go:626-632', { argv: (v) => ['sheet', 'filter-view', 'create', '--node', 'n', '--sheet-id', 's', '--name', 'x', '--range', 'A1', '--criteria', `[${v}]`], tool: 'sheet/create_filter_view', pick: (a) => at(a, 'criteria', 0) }],
  'filter-view update --criteria': ['sheet_filter_view.go:720-728', { argv: (v) => ['sheet', 'filter-view', 'update', '--node', 'n', '--sheet-id', 's', '--filter-view-id', 'f', '--criteria', `[${v}]`], tool: 'sheet/update_filter_view', pick: (a) => at(a, 'criteria', 0) }],
  'filter-view update-criteria --filter-criteria': ['sheet_filter_view.go:896-906', { argv: (v) => ['sheet', 'filter-view', 'update-criteria', '--node', 'n', '--sheet-id', 's', '--filter-view-id', 'f', '--column', '1', '--filter-criteria', `{"w":${v}}`], tool: 'sheet/set_filter_view_criteria', pick: (a) => at(a, 'filterCriteria', 'w') }],
  'append --values': ['sheet_data.go:242-250', { argv: (v) => ['sheet', 'append', '--node', 'n', '--sheet-id', 's', '--values', `[["a",${v}]]`], tool: 'sheet/append_rows', pick: (a) => at(a, 'values', 0, 1) }],
  'range update --values': ['sheet_range_ops.go:229-255', { argv: (v) => ['sheet', 'range', 'update', '--node', 'n', '--sheet-id', 's', '--range', 'A1', '--values', `[[{"type":"text","text":"a","w":${v}}]]`], tool: 'sheet/set_cell_range', pick: (a) => at(a, 'cells', 0, 0, 'w') }],
  'range sort --sort-keys': ['sheet_range_ops.go:390-396', { argv: (v) => ['sheet', 'range', 'sort', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B2', '--sort-keys', `[${v}]`], tool: 'sheet/sort_range', pick: (a) => at(a, 'sortKeys', 0) }],
  'set-dropdown --options': ['sheet_dimension.go:855-871', { argv: (v) => ['sheet', 'set-dropdown', '--node', 'n', '--sheet-id', 's', '--range', 'A1', '--options', `[{"value":"a","w":${v}}]`], tool: 'sheet/set_dropdown_lists', pick: (a) => at(a, 'options', 0, 'w') }],
  'chart create --properties': ['sheet_chart.go:239-251', { argv: (v) => ['sheet', 'chart', 'create', '--node', 'n', '--sheet-id', 's', '--properties', `{"position":{"row":0,"col":0},"dimensions":{"width":1,"height":1},"chart":{"type":"bar","series":[{"value":["A1"]}]},"w":${v}}`], tool: 'sheet/create_float_chart', pick: (a) => at(a, 'properties', 'w') }],
  'chart update --properties': ['sheet_chart.go:322-335', { argv: (v) => ['sheet', 'chart', 'update', '--node', 'n', '--sheet-id', 's', '--chart-id', 'c', '--properties', `{"position":{"row":0,"col":0},"dimensions":{"width":1,"height":1},"chart":{"type":"bar","series":[{"value":["A1"]}]},"w":${v}}`], tool: 'sheet/update_float_chart', pick: (a) => at(a, 'properties', 'w') }],
  'pivot-table create --properties': ['sheet_pivot_table.go:115-134', { argv: (v) => ['sheet', 'pivot-table', 'create', '--node', 'n', '--source', 'S!A1:B2', '--properties', `{"values":[{"field":"a","summarize_by":" SUM ","w":${v}}]}`], tool: 'sheet/create_pivot_table', pick: (a) => at(a, 'properties', 'values', 0, 'w') }],
  'pivot-table update --properties': ['sheet_pivot_table.go:115-134', { argv: (v) => ['sheet', 'pivot-table', 'update', '--node', 'n', '--sheet-id', 's', '--pivot-table-id', 'p', '--properties', `{"values":[{"field":"a","summarize_by":"sum"}],"w":${v}}`], tool: 'sheet/update_pivot_table', pick: (a) => at(a, 'properties', 'w') }],
  'formula-verify --targets': ['sheet_formula_verify.go:181-185', { argv: (v) => ['sheet', 'formula-verify', '--node', 'n', '--targets', `[{"sheetId":"s","range":"A1","w":${v}}]`], tool: 'sheet/verify_formula', pick: (a) => at(a, 'targets', 0, 'w') }],
  'table-put --sheets': ['sheet_table.go:195-218', { argv: (v) => ['sheet', 'table-put', '--node', 'n', '--sheets', `[{"name":"a","w":${v}}]`], tool: 'sheet/table_put', pick: (a) => at(a, 'sheets', 0, 'w') }],
  'batch-update, range update values (BuildSetCellRangeArgs passes input["values"] on)': ['sheet_batch.go:152-159, :497-517', { argv: (v) => ['sheet', 'batch-update', '--node', 'n', '--operations', `[{"toolName":"range update","input":{"sheet-id":"s","range":"A1","values":[[{"type":"text","text":"a","w":${v}}]]}}]`, '--yes'], tool: 'sheet/batch_update', pick: (a) => at(a, 'operations', 0, 'input', 'cells', 0, 0, 'w') }],
};

/** The aitable commands: upstream location (at c7521c1c) and the run. */
const AITABLE: Record<string, [string, Case]> = {
  'table create --fields': ['helpers/aitable.go:966-977, :1594-1603', { argv: (v) => ['aitable', 'table', 'create', '--base-id', 'b', '--name', 't', '--fields', `[{"fieldName":"a","type":"number","config":{"w":${v}}}]`], tool: 'aitable/create_table', pick: (a) => at(a, 'fields', 0, 'config', 'w') }],
  'table create --fields {"fields": [...]}': ['helpers/aitable.go:971-975', { argv: (v) => ['aitable', 'table', 'create', '--base-id', 'b', '--name', 't', '--fields', `{"fields":[{"fieldName":"a","type":"number","config":{"w":${v}}}]}`], tool: 'aitable/create_table', pick: (a) => at(a, 'fields', 0, 'config', 'w') }],
  'field create --fields': ['helpers/aitable.go:1855-1860', { argv: (v) => ['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't', '--fields', `[{"fieldName":"a","type":"number","config":{"w":${v}}}]`], tool: 'aitable/create_fields', pick: (a) => at(a, 'fields', 0, 'config', 'w') }],
  'field create --config --options --ai-config': ['helpers/aitable.go:1861-1893 (jsonStringToMap, []any)', { argv: (v) => ['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't', '--name', 'a', '--type', 'singleSelect', '--config', `{"w":${v}}`, '--options', `[{"name":"x","w":${v}}]`, '--ai-config', `{"w":${v}}`], tool: 'aitable/create_fields', many: true, pick: (a) => [at(a, 'fields', 0, 'config', 'w'), at(a, 'fields', 0, 'config', 'options', 0, 'w'), at(a, 'fields', 0, 'aiConfig', 'w')] }],
  'form questions create --fields': ['helpers/aitable.go:4660-4661, :966-977', { argv: (v) => ['aitable', 'form', 'questions', 'create', '--base-id', 'b', '--table-id', 't', '--fields', `[{"fieldName":"a","type":"number","config":{"w":${v}}}]`], tool: 'aitable/create_fields', pick: (a) => at(a, 'fields', 0, 'config', 'w') }],
  'record batch-update --cells (one map under every record id)': ['helpers/aitable.go:2502-2524', { argv: (v) => ['aitable', 'record', 'batch-update', '--base-id', 'b', '--table-id', 't', '--record-ids', 'r1,r2', '--cells', `{"f":${v}}`, '--yes'], tool: 'aitable/update_records', many: true, pick: (a) => [at(a, 'records', 0, 'cells', 'f'), at(a, 'records', 1, 'cells', 'f')] }],
  'record create --records': ['helpers/aitable.go:2306-2318', { argv: (v) => ['aitable', 'record', 'create', '--base-id', 'b', '--table-id', 't', '--records', `[{"cells":{"f":${v}}}]`], tool: 'aitable/create_records', pick: (a) => at(a, 'records', 0, 'cells', 'f') }],
  'record create --cells': ['helpers/aitable.go:2286-2303', { argv: (v) => ['aitable', 'record', 'create', '--base-id', 'b', '--table-id', 't', '--cells', `{"f":${v}}`], tool: 'aitable/create_records', pick: (a) => at(a, 'records', 0, 'cells', 'f') }],
  'record update --records': ['helpers/aitable.go:2383-2395', { argv: (v) => ['aitable', 'record', 'update', '--base-id', 'b', '--table-id', 't', '--records', `[{"recordId":"r","cells":{"f":${v}}}]`, '--yes'], tool: 'aitable/update_records', pick: (a) => at(a, 'records', 0, 'cells', 'f') }],
  'record update --record-id --cells': ['helpers/aitable.go:2363-2381', { argv: (v) => ['aitable', 'record', 'update', '--base-id', 'b', '--table-id', 't', '--record-id', 'r', '--cells', `{"f":${v}}`, '--yes'], tool: 'aitable/update_records', pick: (a) => at(a, 'records', 0, 'cells', 'f') }],
  'record upsert --records': ['helpers/aitable.go:2762-2790', { argv: (v) => ['aitable', 'record', 'upsert', '--base-id', 'b', '--table-id', 't', '--records', `[{"cells":{"f":${v}}}]`, '--yes'], tool: 'aitable-helper/record_upsert', pick: (a) => at(a, 'records', 0, 'cells', 'f') }],
  'record query --filters (normalizeFilters) and --sort': ['helpers/aitable.go:2170-2190, :468-519', { argv: (v) => ['aitable', 'record', 'query', '--base-id', 'b', '--table-id', 't', '--filters', `{"operator":"and","operands":[{"fieldId":"f","operator":"eq","value":${v}}]}`, '--sort', `[{"fieldId":"f","order":"asc","w":${v}}]`], tool: 'aitable/query_records', many: true, pick: (a) => [at(a, 'filters', 'operands', 0, 'operands', 1), at(a, 'sort', 0, 'w')] }],
  'view update filter --json': ['helpers/aitable.go:1057-1075, :528-545', { argv: (v) => ['aitable', 'view', 'update', 'filter', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"operator":"and","operands":[{"fieldId":"f","operator":"eq","value":${v}}]}`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'filter', 0, 'operands', 0, 'operands', 1) }],
  'view update sort --json': ['helpers/aitable.go:1057-1075', { argv: (v) => ['aitable', 'view', 'update', 'sort', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `[{"fieldId":"f","w":${v}}]`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'sort', 0, 'w') }],
  'view update group --json (an object wrapped)': ['helpers/aitable.go:1057-1075', { argv: (v) => ['aitable', 'view', 'update', 'group', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"fieldId":"f","w":${v}}`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'group', 0, 'w') }],
  'view update fill-color-rule --json': ['helpers/aitable.go:4240-4252', { argv: (v) => ['aitable', 'view', 'update', 'fill-color-rule', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `[{"w":${v}}]`, '--yes'], tool: 'aitable/set_view_fill_color_rule', pick: (a) => at(a, 'conditionalFormats', 0, 'w') }],
  'view update aggregate --json': ['helpers/aitable.go:889-908', { argv: (v) => ['aitable', 'view', 'update', 'aggregate', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"w":${v}}`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'aggregate', 'w'), answers: viewOf('Grid') }],
  'view update field-widths --json': ['helpers/aitable.go:889-908', { argv: (v) => ['aitable', 'view', 'update', 'field-widths', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"w":${v}}`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'fieldWidths', 'w'), answers: viewOf('Grid') }],
  'view update card --json': ['helpers/aitable.go:889-908', { argv: (v) => ['aitable', 'view', 'update', 'card', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"w":${v}}`, '--yes'], tool: 'aitable/update_view', pick: (a) => at(a, 'config', 'kanbanCard', 'w'), answers: viewOf('Kanban') }],
  'view update timebar --json --color-configs': ['helpers/aitable.go:3538-3556', { argv: (v) => ['aitable', 'view', 'update', 'timebar', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `{"w":${v}}`, '--color-configs', `[{"w":${v}}]`, '--yes'], tool: 'aitable/update_view', many: true, pick: (a) => [at(a, 'config', 'ganttTimebar', 'w'), at(a, 'config', 'ganttTimebar', 'colorConfigs', 0, 'w')], answers: viewOf('Gantt') }],
  '+chart-update --config --layout': ['shortcut/aitable/aitable.go:2448-2463', { argv: (v) => ['aitable', '+chart-update', '--base-id', 'b', '--dashboard-id', 'd', '--chart-id', 'c', '--config', `{"w":${v}}`, '--layout', `{"w":${v}}`, '--yes'], tool: 'aitable/update_chart', many: true, pick: (a) => [at(a, 'config', 'w'), at(a, 'layout', 'w')] }],
  '+dashboard-update --config (with --name laid over it)': ['shortcut/aitable/aitable.go:2217-2226', { argv: (v) => ['aitable', '+dashboard-update', '--base-id', 'b', '--dashboard-id', 'd', '--config', `{"w":${v}}`, '--name', 'n', '--yes'], tool: 'aitable/update_dashboard', pick: (a) => at(a, 'config', 'w') }],
  '+field-update --config --ai-config': ['shortcut/aitable/aitable.go:611-623', { argv: (v) => ['aitable', '+field-update', '--base-id', 'b', '--table-id', 't', '--field-id', 'f', '--config', `{"w":${v}}`, '--ai-config', `{"w":${v}}`, '--yes'], tool: 'aitable/update_field', many: true, pick: (a) => [at(a, 'config', 'w'), at(a, 'aiConfig', 'w')] }],
  '+import-data --field-mapping': ['shortcut/aitable/aitable.go:2669-2674', { argv: (v) => ['aitable', '+import-data', '--import-id', 'i', '--field-mapping', `{"w":${v}}`, '--yes'], tool: 'aitable/import_data', pick: (a) => at(a, 'fieldMapping', 'w') }],
  '+record-query --filters --sort': ['shortcut/aitable/aitable.go:713-726', { argv: (v) => ['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--filters', `{"w":${v}}`, '--sort', `[{"w":${v}}]`], tool: 'aitable/query_records', many: true, pick: (a) => [at(a, 'filters', 'w'), at(a, 'sort', 0, 'w')] }],
  '+view-update --desc --config': ['shortcut/aitable/aitable.go:1290-1303', { argv: (v) => ['aitable', '+view-update', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--desc', `{"w":${v}}`, '--config', `{"w":${v}}`, '--yes'], tool: 'aitable/update_view', many: true, pick: (a) => [at(a, 'viewDescription', 'w'), at(a, 'config', 'w')] }],
  '+view-set-fill-color-rule --json': ['shortcut/aitable/aitable.go:1598-1607', { argv: (v) => ['aitable', '+view-set-fill-color-rule', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', `[{"w":${v}}]`, '--yes'], tool: 'aitable/set_view_fill_color_rule', pick: (a) => at(a, 'conditionalFormats', 0, 'w') }],
  '+record-update --records': ['shortcut/aitable/record_batch.go:20-48, :51-56', { argv: (v) => ['aitable', '+record-update', '--base-id', 'b', '--table-id', 't', '--records', `[{"recordId":"r","cells":{"f":${v}}}]`, '--yes'], tool: 'aitable/update_records', pick: (a) => at(a, 'records', 0, 'cells', 'f'), answers: readsBackWrites('aitable/update_records') }],
  '+record-upsert --records': ['shortcut/aitable/record_batch.go:20-48, :59-64', { argv: (v) => ['aitable', '+record-upsert', '--base-id', 'b', '--table-id', 't', '--records', `[{"recordId":"r","cells":{"f":${v}}}]`, '--yes'], tool: 'aitable-helper/record_upsert', pick: (a) => at(a, 'records', 0, 'cells', 'f'), answers: readsBackWrites('aitable-helper/record_upsert') }],
  '+record-bulk-patch --filters --patch': ['shortcut/aitable/record_bulk_patch.go:49-64, :125-134', { argv: (v) => ['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--filters', `{"operator":"and","operands":[{"operator":"eq","operands":["f",${v}]}]}`, '--patch', `{"f":${v}}`, '--yes'], tool: 'aitable/update_records', pick: (a) => at(a, 'records', 0, 'cells', 'f'), answers: () => {
    let written: Args = {};
    return { 'aitable/query_records': (args: Args) => (args.recordIds ? { records: written.records } : { records: [{ recordId: 'r1', cells: {} }] }), 'aitable/update_records': (args: Args) => ((written = args), { ok: true }) };
  } }],
  '+record-upsert-by-key --cells': ['shortcut/aitable/record_upsert_by_key.go:92-118', { argv: (v) => ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'k', '--key-value', 'v', '--cells', `{"f":${v}}`, '--yes'], tool: 'aitable/create_records', pick: (a) => at(a, 'records', 0, 'cells', 'f'), answers: () => ({ 'aitable/query_records': () => ({ records: [] }) }) }],
  '+base-bootstrap --tables (fields)': ['shortcut/aitable/base_composite.go:73-113, :225-241', { argv: (v) => ['aitable', '+base-bootstrap', '--name', 'n', '--tables', `[{"name":"t","fields":[{"fieldName":"a","type":"number","config":{"w":${v}}}]}]`, '--yes'], tool: 'aitable/create_table', pick: (a) => at(a, 'fields', 0, 'config', 'w'), answers: () => ({ 'aitable/create_base': () => ({ baseId: 'B' }), 'aitable/get_base': () => ({ baseId: 'B' }), 'aitable/create_table': () => ({ tableId: 'T' }), 'aitable/get_tables': () => ({ tables: [{ tableId: 'T' }] }), 'aitable/get_fields': () => ({ fields: [{ fieldName: 'a' }] }) }) }],
  '+view-preset-apply --config': ['shortcut/aitable/view_preset.go:47-91', { argv: (v) => ['aitable', '+view-preset-apply', '--base-id', 'b', '--table-id', 't', '--name', 'n', '--view-type', 'Grid', '--config', `{"w":${v}}`, '--yes'], tool: 'aitable/create_view', pick: (a) => at(a, 'config', 'w'), answers: () => ({ 'aitable/get_views': () => ({ views: [] }) }) }],
};

/** The value(s) the first call of `tool` carries in a run of the case with `inner` typed, its answers installed. */
async function sentValues(c: Case, inner: string): Promise<unknown[]> {
  if (c.answers) Object.assign(mcp.answers, c.answers());
  const run = await sent(c.argv(inner));
  const call = run.calls.find(([tool]) => tool === c.tool);
  expect(call, `${c.tool} was not called (${run.reason ?? 'no refusal'})`).toBeDefined();
  const got = c.pick(wire(call![1]) as Args);
  return c.many ? (got as unknown[]) : [got];
}

describe.each([['sheet', SHEET], ['aitable', AITABLE]] as const)('%s: a -0 inside a JSON flag upstream decodes into any is sent as Go marshals the float64', (_product, table) => {
  it.each(Object.entries(table).map(([name, [where, c]]) => [name, where, c] as const))('%s (%s@c7521c1c)', async (_name, _where, c) => {
    for (const v of await sentValues(c, INNER)) expect(sameSigned(v, GO_SENDS), JSON.stringify(v)).toBe(true);
  });
});

describe('one property per path shape: any JSON value with signed zeros is sent as Go decodes then marshals it', () => {
  // the shapes: a decoded object sent whole; a list sent whole; an object's keys spread at the top; a value passed
  // through a translated operation; one map repeated under every record; a map with typed keys laid over it; a
  // chunked element of a composite write; a field list sent from the first readable spelling; a filter rebuilt by
  // normalizeFilters
  it.each([
    ['a map sent whole', SHEET['filter-view update-criteria --filter-criteria'][1]],
    ['a list sent whole', SHEET['range sort --sort-keys'][1]],
    ['an object spread at the top', SHEET['cond-format create --condition (spread at the top)'][1]],
    ['a value passed on by a translated operation', SHEET['batch-update, range update values (BuildSetCellRangeArgs passes input["values"] on)'][1]],
    ['one map under every record', AITABLE['record batch-update --cells (one map under every record id)'][1]],
    ['a map with a typed key laid over it', AITABLE['+dashboard-update --config (with --name laid over it)'][1]],
    ['a chunked record of a composite write', AITABLE['+record-update --records'][1]],
    ['a field list from the first spelling given', AITABLE['table create --fields'][1]],
    ['a filter rebuilt by normalizeFilters', AITABLE['record query --filters (normalizeFilters) and --sort'][1]],
  ] as const)('%s', async (_shape, c) => {
    await fc.assert(fc.asyncProperty(jsonValue, async (v) => {
      for (const g of await sentValues(c, typed(v))) expect(sameSigned(g, v), `${typed(v)} -> ${JSON.stringify(g)}`).toBe(true);
    }), { numRuns: 25, examples: [[-0], [[-0, 0]], [{ a: { b: -0 } }]] });
  });
});

describe('what is not a float64 upstream stays as it was', () => {
  it('sheet batch-update: batchInt\'s int(n) has no -0 (length -0, -0.5 are 0), batchStr\'s %v of -0 is "-0", a passed-on flag value keeps its -0 (sheet_batch.go:106-142, :232-261@c7521c1c)', async () => {
    const run = await sent(['sheet', 'batch-update', '--node', 'n', '--operations', JSON.stringify([
      { toolName: 'update-dimension', input: { 'sheet-id': 's', dimension: 'rows', 'start-index': '@', length: '@@', hidden: '@' } },
      { toolName: 'add-dimension', input: { 'sheet-id': 's', dimension: 'ROWS', length: '@' } },
      { toolName: 'set-dropdown', input: { 'sheet-id': 's', range: 'A1', options: [{ value: 'a' }], 'multi-select': '@' } },
    ]).replaceAll('"@@"', '-0.5').replaceAll('"@"', '-0'), '--yes']);
    expect(run.reason).toBeUndefined();
    const [update, add, dropdown] = (wire(run.calls[0][1]) as { operations: { input: Args }[] }).operations.map((o) => o.input);
    expect([update.startIndex, Object.is(update.length, 0), Object.is(update.hidden, -0), Object.is(add.length, 0), Object.is(dropdown.enableMultiSelect, -0)]).toEqual(['-0', true, true, true, true]);
  });
  it('aitable view update field-widths: a typed --width -0 (pflag Int) is 0 beside a --json -0 (helpers/aitable.go:889-908@c7521c1c)', async () => {
    Object.assign(mcp.answers, viewOf('Grid')());
    const run = await sent(['aitable', 'view', 'update', 'field-widths', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', '{"a":-0}', '--field-id', 'f', '--width', '-0', '--yes']);
    const widths = at(wire(run.calls.find(([tool]) => tool === 'aitable/update_view')![1]), 'config', 'fieldWidths') as Args;
    expect([Object.is(widths.a, -0), Object.is(widths.f, 0)]).toEqual([true, true]);
  });
  it('aitable import data --field-mapping is a map[string]string: a number in it is refused before any call (helpers/aitable.go:6696-6701@c7521c1c)', async () => {
    const run = await sent(['aitable', 'import', 'data', '--import-id', 'i', '--field-mapping', '{"a":-0}', '--yes']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
  it('sheet create-with-data: a --styles font_size -0 is pickNum\'s int 0, so no fontSize is sent, as for 0 (sheet_create_with_data.go:788-810, :874-878@c7521c1c)', async () => {
    const answers = { 'sheet/create_workspace_sheet': () => ({ nodeId: 'N' }), 'sheet/get_all_sheets': () => ({ sheets: [{ sheetId: 'S1', name: 'Sheet1' }] }), 'sheet/get_range_as_csv': () => ({ csv: 'a' }) };
    const styleOf = async (size: string) => {
      Object.assign(mcp.answers, answers);
      const run = await sent(['sheet', 'create-with-data', '--name', 't', '--values', '[["a"]]', '--styles', `[{"cell_styles":[{"range":"A1","font_size":${size},"font_color":"#000"}]}]`, '--yes']);
      return at(run.calls.find(([tool]) => tool === 'sheet/set_cell_range')![1], 'cells', 0, 0);
    };
    expect(await styleOf('-0')).toEqual({ cellStyles: { fontColor: '#000' } });
    expect(await styleOf('-0')).toEqual(await styleOf('0'));
  });
});
