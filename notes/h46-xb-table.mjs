#!/usr/bin/env node
// The cross-product spellings of drive, wiki and sheet (issue 32, notes/h46-xb.md): for every command upstream hands to
// RegisterCrossProductAliases (internal/helpers/cross_product_aliases.go:37-82@c7521c1c), the spellings that call adds
// (the other names of each group whose first registered name is the primary), how the command body reads each one, and
// how dws declares it. A review aid: "read" is the spelling's quoted name in a flagOrFallback / mustFlagOrFallback /
// docFolderFlag chain of the body (scripts/scan-upstream-flags.mjs helperFlags, functions expanded two levels); the
// rows it marks `differ` are sites to read, not verdicts.
//
// Usage: node notes/h46-xb-table.mjs [--rows]   (needs /tmp/up, see scripts/scan-upstream-flags.mjs)
//   prints the counts per reading pattern; --rows also prints one TSV row per (command, spelling).
import { loadCatalog, helperFlags, loadBaseline } from '../scripts/scan-upstream-flags.mjs';

const GROUPS = [
  ['node', 'file-id', 'node-id', 'doc-id'], ['folder', 'parent-id', 'parent-folder', 'parent-node-id', 'parent-folder-id'],
  ['workspace', 'workspace-id'], ['query', 'keyword'], ['limit', 'page-size'], ['cursor', 'page-token', 'next-token'],
  ['desc', 'description'], ['user', 'user-id', 'uid'], ['users', 'user-ids', 'user-list', 'user-id-list'],
  ['file', 'file-path'], ['content', 'markdown'], ['content-file', 'content-path'],
];
const words = (prefix, list) => list.split(' ').map((w) => `${prefix} ${w}`);
/** The commands each registration call reaches, by CLI path. */
const TREES = [
  // drive.go:2926-2938 (the listed commands, then the children of permission, recycle and publish), :3233, :3290, :3293-3300
  ...words('drive', 'list list-spaces info download download-version mkdir upload-info commit upload delete search copy move rename stats shortcut cover revert'),
  ...words('drive permission', 'add apply apply-info list remove transfer-owner update'),
  ...words('drive recycle', 'list restore'), ...words('drive publish', 'get set unset'), ...words('drive star', 'add list remove'),
  // wiki.go:452-454, :516, :843-846, :1306-1309, :1420
  ...words('wiki space', 'create get list search delete'), ...words('wiki member', 'add update list remove'),
  ...words('wiki node', 'list create copy move delete search'), 'wiki feed list',
  // sheet.go:240-257 (newWorkbookCmds, newDataCmds, newDimensionCmds, newMediaCmds, newFloatImageCmds, newTableCmds, export,
  // export-csv, batch-update, create-with-data; the children of range, filter, filter-view, cond-format), sheet_template.go:204-206
  ...words('sheet', 'create list info new update copy delete-sheet show-gridline hide-gridline find replace append csv-put csv-get ' +
    'insert-dimension move-dimension add-dimension merge-cells unmerge-cells delete-dimension update-dimension group-dimension ' +
    'ungroup-dimension set-dropdown get-dropdown delete-dropdown media-upload write-image create-float-image get-float-image ' +
    'list-float-images update-float-image delete-float-image table-get table-put export export-csv batch-update create-with-data'),
  ...words('sheet range', 'read update clear sort fill copy-to move-to set-style batch-set-style batch-clear'),
  ...words('sheet filter', 'clear-criteria create delete get sort update'),
  ...words('sheet filter-view', 'create delete delete-criteria get-criteria info list list-criteria update update-criteria'),
  ...words('sheet cond-format', 'create delete list update'), ...words('sheet template', 'apply list search'),
];

/** The flag names a plan reads (flag / given / typed sources and conditions), facts left out. */
function planNames(plan) {
  const names = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    for (const k of ['flag', 'given', 'typed']) if (typeof v[k] === 'string') names.add(v[k]);
    for (const [k, x] of Object.entries(v)) if (k !== 'facts') walk(x);
  };
  walk(plan);
  return names;
}

/** The spellings each fallback chain of the body reads, in order (docFolderFlag expanded as doc.go:1073-1076). */
function chains(body) {
  const out = [];
  for (const m of body.matchAll(/\b(flagOrFallback|mustFlagOrFallback|docFolderFlag)\((?:cmd|c),?\s*((?:"[\w-]+",?\s*)*)\)/g)) {
    const names = [...m[2].matchAll(/"([\w-]+)"/g)].map((x) => x[1]);
    const chain = m[1] === 'docFolderFlag' ? ['folder', 'parent-id', 'parent-folder', 'parent-node-id', 'parent-folder-id', ...names] : names;
    out.push([...new Set(chain)]);
  }
  return out;
}

/**
 * The Sheet mutation guard (sheet.go:268-291, protectSheetMutationCommand sheet_batch.go:396-437@c7521c1c): before the
 * body it requires mustFlagOrFallback(node, url, id, node-id, doc-id, file-id) to be non-empty, so these commands read
 * the node spellings in a presence check even where the body sends --node alone.
 */
const GUARDED = new Set(words('sheet', 'batch-update delete-dimension delete-dropdown delete-float-image delete-sheet')
  .concat(words('sheet range', 'clear batch-clear move-to'), words('sheet cond-format', 'delete'), words('sheet filter', 'delete'),
    words('sheet filter-view', 'delete delete-criteria')));

const { tools, plans } = loadCatalog();
const baseline = loadBaseline();
const byCli = new Map(tools.map((t) => [t.cli_path, t]));
const rows = [];
for (const cli of TREES) {
  const t = byCli.get(cli);
  const ref = /^(internal\/helpers\/[^:]+):(\d+)@c7521c1c$/.exec(t?.upstream ?? '');
  if (!t || !ref) { rows.push({ cli, note: t ? `upstream ${t.upstream}` : 'not in the catalog' }); continue; }
  const h = helperFlags(ref[1], Number(ref[2]), cli);
  const explicit = new Set(h.names.keys());
  for (const [n, hidden] of baseline.get(cli) ?? []) if (!hidden) explicit.add(n);
  const ps = t.parameters ?? {};
  const read = planNames(plans[t.canonical_path]);
  const guard = GUARDED.has(cli) ? ['node', 'url', 'id', 'node-id', 'doc-id', 'file-id'] : undefined;
  const bodyChains = chains(h.body).concat(guard ? [guard] : []);
  for (const g of GROUPS) {
    const primary = g.find((n) => explicit.has(n));
    if (!primary) continue;
    for (const alias of g) {
      if (alias === primary || explicit.has(alias)) continue;
      const reading = bodyChains.filter((c) => c.includes(alias));
      const guardOnly = reading.length > 0 && reading.every((c) => c === guard);
      const upstream = reading.length ? `${guardOnly ? 'presence (Sheet guard)' : 'read'}: ${reading.map((c) => c.join(',')).join(' | ')}` : 'ignored';
      const p = ps[alias];
      let dws;
      if (!p) dws = 'refused (undeclared)';
      else if (p.alias_of) dws = `folded into --${p.alias_of}${ps[p.alias_of]?.read_order ? ` [${ps[p.alias_of].read_order.join(',')}]` : ''}`;
      else if (read.has(alias)) dws = 'own hidden flag, read by the plan';
      else dws = 'ignored';
      let verdict = (reading.length > 0) === !dws.startsWith('ignored') && !dws.startsWith('refused') ? 'agree' : 'differ';
      // a guarded body that then checks --node itself (validateRequiredFlags(cmd, "node", ...)) refuses the spelling
      // alone after the guard let it through: both refuse, only the refusal differs (not counted)
      if (verdict === 'differ' && GUARDED.has(cli) && /validateRequiredFlags\(cmd, "node"/.test(h.body)) verdict = 'agree (both refuse it alone)';
      // a folded spelling read in another order than upstream's chain
      if (verdict === 'agree' && p?.alias_of && ps[p.alias_of]?.read_order) {
        const order = ps[p.alias_of].read_order;
        for (const c of reading) {
          const shared = c.filter((n) => order.includes(n));
          const ours = order.filter((n) => shared.includes(n));
          if (shared.join() !== ours.join()) verdict = 'differ (order)';
        }
      }
      rows.push({ cli, line: `${ref[1].replace('internal/helpers/', '')}:${ref[2]}`, primary, type: ps[primary]?.type, alias, upstream, dws, verdict });
    }
  }
}
if (process.argv.includes('--rows')) {
  for (const r of rows) console.log(r.note ? `${r.cli}\t${r.note}` : [r.cli, r.line, `${r.primary}(${r.type})`, r.alias, r.upstream, r.dws, r.verdict].join('\t'));
}
const counted = rows.filter((r) => !r.note);
const tally = (f) => Object.entries(counted.reduce((m, r) => ((m[f(r)] = (m[f(r)] ?? 0) + 1), m), {})).sort().map(([k, n]) => `  ${n}\t${k}`).join('\n');
console.log(`${new Set(counted.map((r) => r.cli)).size} commands, ${counted.length} (command, spelling) pairs`);
console.log(`upstream:\n${tally((r) => (r.upstream === 'ignored' ? 'accepted and ignored' : r.upstream.startsWith('presence') ? 'counted by the Sheet guard only' : `folded (${r.alias} into ${r.primary})`))}`);
console.log(`dws:\n${tally((r) => r.dws.replace(/ \[.*\]$/, ''))}`);
console.log(`verdict:\n${tally((r) => r.verdict)}`);
for (const r of counted.filter((x) => x.verdict !== 'agree')) console.log(`  ${r.verdict}: ${r.cli} --${r.alias}: upstream ${r.upstream}; dws ${r.dws}`);
for (const r of rows.filter((x) => x.note)) console.log(`  ${r.cli}: ${r.note}`);
