#!/usr/bin/env node
// The alias groups without a read_order (issue 32, branch h34-alias): every visible flag of a catalog command that
// has another spelling (a flag whose alias_of names it, or a hidden flag without alias_of feeding the same property,
// as src/contract/aliases.ts aliasTarget reads them) and declares no `read_order`. Each row is a site to read against
// the command's upstream body (its `upstream:` line): the verdicts are in notes/h34-alias.md.
//
// Usage: node notes/h34-alias-groups.mjs [--all]
//   TSV, sorted by cli path then flag: cli path, flag, its spellings, type, options (spellings_trimmed,
//   primary_typed_wins, read_order, read_skips), upstream. --all also lists groups that have a read_order.
import { loadCatalog } from '../scripts/scan-upstream-flags.mjs';

const ALL = process.argv.includes('--all');
const { tools } = loadCatalog();
const rows = [];
for (const t of tools) {
  const ps = t.parameters ?? {};
  for (const [flag, p] of Object.entries(ps)) {
    if (p.hidden || p.alias_of) continue;
    const spellings = Object.entries(ps).filter(([n, q]) => n !== flag && (q.alias_of === flag ||
      (q.hidden === true && q.alias_of === undefined && p.property !== null && p.property !== undefined && q.property === p.property))).map(([n]) => n).sort();
    if (!spellings.length) continue;
    if (p.read_order && !ALL) continue;
    const opts = ['spellings_trimmed', 'primary_typed_wins', 'read_order', 'read_skips']
      .filter((o) => p[o] !== undefined).map((o) => (Array.isArray(p[o]) ? `${o}=${p[o].join(',')}` : o));
    rows.push([t.cli_path ?? t.canonical_path, flag, spellings.join(','), p.type, opts.join(' '), t.upstream ?? '']);
  }
}
rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
for (const r of rows) console.log(r.join('\t'));
