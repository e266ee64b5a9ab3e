// p-blank4 (issue 32): the plan `refuse` steps whose condition reads a flag through a trimming or matching check, on
// commands without trim_strings, grouped by how the flag is read. Run from the worktree root:
//   node notes/p-blank4-refuse.cjs            -> counts per group and per product
//   node notes/p-blank4-refuse.cjs <group>    -> the steps of one group (command#step, upstream line, condition)
// The selection is p-blank3's (/tmp/pb3/refuse.cjs, notes/p-blank3.md): a step whose `when` names a flag and has a
// trim/text transform, a \s/\S class or a `matches`.
const Y = require('yaml'); const fs = require('fs'); const path = require('path');
const glob = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? glob(path.join(d, e.name)) : e.name.endsWith('.yaml') ? [path.join(d, e.name)] : []);
const tools = {};
for (const f of fs.readdirSync('catalog').filter((f) => f.endsWith('.yaml'))) { const d = Y.parse(fs.readFileSync('catalog/' + f, 'utf8')); if (d && d.tools) for (const t of d.tools) tools[t.canonical_path] = t; }
const rows = [];
const walk = (steps, cp) => { for (const s of steps || []) if (s && s.refuse !== undefined && s.when) rows.push({ cp, id: s.id, w: s.when }); };
for (const f of glob('catalog/plans')) { const d = Y.parse(fs.readFileSync(f, 'utf8'), { maxAliasCount: -1 }); if (!d || typeof d !== 'object') continue; for (const [cp, pl] of Object.entries(d.plans || {})) if (pl && pl.steps) walk(pl.steps, cp); }
const tname = (t) => typeof t === 'string' ? t : Object.keys(t)[0];
/** every flag read in a condition: [context, transforms, regex] */
function reads(c, ctx, out) {
  if (Array.isArray(c)) { c.forEach((x) => reads(x, ctx, out)); return; }
  if (!c || typeof c !== 'object') return;
  if (typeof c.flag === 'string' || typeof c.typed === 'string') out.push({ ctx, tr: [].concat(c.transform || []).map(tname) });
  for (const [k, v] of Object.entries(c)) {
    if (k === 'transform' || k === 'flag' || k === 'typed') continue;
    if (k === 'matches' && Array.isArray(v)) { const o = []; reads(v[0], 'matches', o); o.forEach((r) => out.push({ ...r, rx: v[1] })); continue; }
    reads(v, ['all', 'any', 'not'].includes(k) ? ctx : k, out);
  }
}
const JS_SPACE_RX = /\\s|\\S/;
function group(rs) {
  const m = rs.filter((r) => r.rx !== undefined);
  if (m.some((r) => r.tr.length === 0 && /^\^?\\s\*(\(|\\\[|\\\{|null)|null\\s\*\$/.test(r.rx))) return 'json-shape-\\s';
  if (m.some((r) => r.tr.length === 0 && /^\^\[ \\t\\n\\r\]\*/.test(r.rx))) return 'json-shape-json-ws';
  if (m.some((r) => r.tr.length === 0 && JS_SPACE_RX.test(r.rx) && !/\[\\s\\S\]/.test(r.rx))) return 'raw-regex-\\s';
  if (m.some((r) => r.tr.includes('trim') && /^\^\[0-9\]\+\$$/.test(r.rx))) return 'trim-numeric-id';
  if (m.some((r) => r.tr.includes('trim'))) return 'trim-regex';
  if (rs.some((r) => r.tr[0] === 'trim' && ['in', 'equals', 'has'].includes(r.ctx))) return 'trim-enum';
  if (rs.some((r) => r.tr.includes('trim') && r.ctx === 'present')) return 'trim-present';
  if (m.some((r) => r.tr.length === 1 && r.tr[0] === 'to_string')) return 'int-range-regex';
  if (m.some((r) => r.tr.length === 0 && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(r.rx))) return 'raw-date-regex';
  if (m.some((r) => r.tr.length === 0)) return 'raw-regex';
  if (rs.some((r) => r.tr.includes('trim'))) return 'trim-other';
  return 'other';
}
const isshort = (p) => p.split(' ').some((w) => w.startsWith('+'));
const out = [];
for (const r of rows) {
  const t = tools[r.cp]; if (!t) continue;
  const trimmed = t.trim_strings ?? isshort(t.cli_path); if (trimmed) continue;
  const w = JSON.stringify(r.w);
  if (!(/"(trim|text|trim_nonblank|fields|blank|nonblank)"|\\\\s|"matches"/.test(w) && /"flag"|"typed"/.test(w))) continue;
  const rs = []; reads(r.w, 'cond', rs);
  out.push({ product: r.cp.split('.')[0], cli: t.cli_path, id: r.id, up: t.upstream, group: group(rs), when: w });
}
const want = process.argv[2];
if (want) { for (const o of out.filter((o) => o.group === want)) console.log(`${o.cli}#${o.id} | ${o.up} | ${o.when.slice(0, 220)}`); }
else {
  const by = {}; for (const o of out) { by[o.group] = by[o.group] || {}; by[o.group][o.product] = (by[o.group][o.product] || 0) + 1; }
  console.log('steps', out.length);
  for (const [g, ps] of Object.entries(by).sort((a, b) => Object.values(b[1]).reduce((x, y) => x + y) - Object.values(a[1]).reduce((x, y) => x + y)))
    console.log(g, Object.values(ps).reduce((x, y) => x + y), JSON.stringify(ps));
}
