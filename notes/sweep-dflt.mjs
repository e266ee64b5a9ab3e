#!/usr/bin/env node
// The typed-blank-with-default sweep (issue 32, branch sweep-dflt): every plan source that reads a flag with a
// default, either its own (`{flag: x, default: Y}` with Y not "") or the catalog parameter's (`{flag: x}` on a
// parameter declaring `default:`). Such a read treats a typed "" (or a blank a trim_strings command trims to "") as
// not given: the first sends Y, the second leaves the key out. Upstream sends what its body reads, so each row is a
// site to compare with upstream's body for a typed blank (see notes/sweep-dflt.md for the verdicts).
// A review aid: the rows are candidates, not verdicts.
//
// Usage: node notes/sweep-dflt.mjs [--all]
//   default: TSV of rows whose flag is a text flag (string; a typed blank of an int/bool flag is a parse error both
//   sides); --all includes every type. Columns: plan, cli path, flag (as the plan names it), parameter, type,
//   source default, catalog default, where in the plan, upstream of the command.
import { loadCatalog } from '../scripts/scan-upstream-flags.mjs';

const ALL = process.argv.includes('--all');
const { tools, plans } = loadCatalog();
const byPath = new Map(tools.map((t) => [t.canonical_path, t]));

const rows = [];
function walk(node, where, planKey, tool) {
  if (Array.isArray(node)) { node.forEach((n, i) => walk(n, `${where}[${i}]`, planKey, tool)); return; }
  if (!node || typeof node !== 'object') return;
  if (typeof node.flag === 'string') {
    const params = tool?.parameters ?? {};
    let name = node.flag;
    let p = params[name];
    if (p?.alias_of) { name = p.alias_of; p = params[name]; }
    const own = Object.prototype.hasOwnProperty.call(node, 'default') ? node.default : undefined;
    const cat = p && Object.prototype.hasOwnProperty.call(p, 'default') ? p.default : undefined;
    const ownHit = own !== undefined && own !== '' && !(Array.isArray(own) && own.length === 0);
    const catHit = cat !== undefined && cat !== '';
    const type = p?.type ?? '?';
    if ((ownHit || catHit) && (ALL || type === 'string')) {
      rows.push([planKey, tool?.cli_path ?? '?', node.flag, name, type, JSON.stringify(own), JSON.stringify(cat), where, tool?.upstream ?? '']);
    }
  }
  for (const [k, v] of Object.entries(node)) if (k !== 'flag') walk(v, `${where}.${k}`, planKey, tool);
}
for (const [key, plan] of Object.entries(plans)) walk(plan.steps ?? plan, 'steps', key, byPath.get(key));
// one row per (plan, flag, where) — `where` already tells sites apart
rows.sort((a, b) => (a[0] + a[7]).localeCompare(b[0] + b[7]));
for (const r of rows) console.log(r.join('\t'));
console.error(`${rows.length} rows`);
