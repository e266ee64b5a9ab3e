#!/usr/bin/env node
// The "one of" and "at most one" sweep (issue 32, branch f-oneof): every group check upstream makes at c7521c1c, per
// command, compared with the catalog's constraints.require_one_of / mutually_exclusive. A review aid reading upstream
// only (the command bodies notes/sweep-req.mjs reads, through scripts/scan-upstream-flags.mjs); its rows were read by
// hand (notes/f-oneof.md), the catalog was never written from it.
//
// Found: corecmd / helpers Leaf / shortcut Constraint{AtLeastOne, ExactlyOne, MutuallyExclusive}; cobra
// MarkFlagsOneRequired / MarkFlagsMutuallyExclusive (the few calls, mapped to their command by hand below); hand
// checks whose error text names two or more flags, one of which is needed (`one_of`) or which may not go together
// (`exclusive`, a text heuristic: read each row).
//
// Usage: node notes/f-oneof.mjs [--up /tmp/up]   TSV: verdict, cli path, kind, flags, mechanism, upstream line
//   verdicts: match (a declared group covers it, or a flag of a one_of group is required), alias (every flag is a
//   spelling of one dws flag: dws folds them, so no group can hold it), differ:<why>.
import { loadCatalog, goFile, lineOffset, shortcutFlags, helperFlags } from '../scripts/scan-upstream-flags.mjs';

// cobra's MarkFlags* calls sit in init code the body expansion does not reach: [cli path, kind, flags, file:line]
const COBRA = [
  ['doc whiteboard insert', 'exclusive', ['ref-block', 'parent-block'], 'internal/helpers/doc_whiteboard.go:242'],
  ['doc whiteboard insert', 'exclusive', ['where', 'parent-block'], 'internal/helpers/doc_whiteboard.go:243'],
  ['oa approval forecast-process', 'one_of', ['request', 'process-code'], 'internal/helpers/oa.go:1318'],
  ['oa approval create-instance', 'one_of', ['request', 'process-code'], 'internal/helpers/oa.go:1340'],
  ['doc cover set', 'exclusive', ['image', 'file'], 'internal/helpers/doc_style.go:225'],
  ['sheet set-dropdown', 'one_of', ['options', 'source-range'], 'internal/helpers/sheet_dimension.go:931'],
  ['sheet set-dropdown', 'exclusive', ['options', 'source-range'], 'internal/helpers/sheet_dimension.go:932'],
];
// oa.go:1322/:1345 loop MarkFlagsMutuallyExclusive("request", name) over the form flags
const OA_FORM = { 'oa approval forecast-process': ['process-code', 'dept-id', 'form-values'], 'oa approval create-instance': ['process-code', 'form-values'] };
for (const [cli, names] of Object.entries(OA_FORM)) for (const n of names) COBRA.push([cli, 'exclusive', ['request', n], `internal/helpers/oa.go:${cli.includes('forecast') ? 1322 : 1345}`]);

const args = process.argv.slice(2);
const UP = args.includes('--up') ? args[args.indexOf('--up') + 1] : '/tmp/up';
void UP;
const quoted = (s) => [...s.matchAll(/"([\w-]+)"/g)].map((m) => m[1]);
function lineOf(rel, needle, from = 1) {
  const text = goFile(rel);
  let at = text.indexOf(needle, lineOffset(text, from));
  if (at < 0) at = text.indexOf(needle);
  return at < 0 ? 0 : text.slice(0, at).split('\n').length;
}

const ONE = /either|之一|至少|one of|at least|二选一|必须指定|is required|required|必填|must specify|需要指定/i;
const EXCL = /mutually exclusive|不能同时|互斥|cannot be combined|cannot be used together|not both|不可同时|只能指定其一|只能二选一|只能选择其一|conflict|同时指定|不能与|不可与|cannot be used with|can't be used with/i;

function checksIn(text) {
  const rows = [];
  for (const m of text.matchAll(/Kind:\s*(?:corecmd\.|shortcut\.)?(?:Constraint|Leaf)?(AtLeastOne|ExactlyOne|MutuallyExclusive),\s*Flags:\s*\[\]string\{([^}]*)\}/g)) {
    const flags = quoted(m[2]);
    if (m[1] !== 'MutuallyExclusive') rows.push({ kind: 'one_of', flags, mechanism: m[1], needle: m[0] });
    if (m[1] !== 'AtLeastOne') rows.push({ kind: 'exclusive', flags, mechanism: m[1], needle: m[0] });
  }
  for (const m of text.matchAll(/(?:Errorf|NewValidation|errors\.New)\(\s*"((?:[^"\\]|\\.)*)"/g)) {
    const msg = m[1];
    const flags = [...new Set([...msg.matchAll(/--([a-z][\w-]*)/g)].map((x) => x[1]))];
    if (flags.length < 2) continue;
    // a hand exclusive check reads as the first flag against each other one (`--a is mutually exclusive with --b, --c`)
    if (EXCL.test(msg)) for (const other of flags.slice(1)) rows.push({ kind: 'exclusive', flags: [flags[0], other], mechanism: 'hand', needle: m[0] });
    else if (ONE.test(msg) && !/required when|required for|is required when/i.test(msg)) rows.push({ kind: 'one_of', flags, mechanism: 'hand', needle: m[0] });
  }
  return rows;
}

const { tools } = loadCatalog();
const rows = [];
for (const t of tools.sort((a, b) => (a.cli_path < b.cli_path ? -1 : 1))) {
  const ref = /^(internal\/[^:]+):(\d+)@c7521c1c$/.exec(t.upstream ?? '');
  const found = COBRA.filter((c) => c[0] === t.cli_path).map(([, kind, flags, at]) => ({ kind, flags, mechanism: 'cobra', at: `${at}@c7521c1c` }));
  if (ref) {
    const [rel, line] = [ref[1], Number(ref[2])];
    let unit = '';
    try {
      if (rel.startsWith('internal/shortcut/')) {
        const s = shortcutFlags(rel, line, t.cli_path.split(' ').at(-1));
        unit = s.body + '\n' + (s.constraints ?? '');
        // the Shortcut{} literal holds the Constraints: read it from the file around the command's line
        const text = goFile(rel);
        const from = lineOffset(text, line);
        const end = text.indexOf('\n}\n', from);
        unit += '\n' + text.slice(from, end < 0 ? undefined : end);
      } else if (rel.startsWith('internal/helpers/')) {
        unit = helperFlags(rel, line, t.cli_path).body;
        const text = goFile(rel);
        const from = lineOffset(text, line);
        const end = text.indexOf('\n\t})', from);
        unit += '\n' + text.slice(from, end < 0 ? undefined : end);
      }
    } catch { unit = ''; }
    for (const c of checksIn(unit)) found.push({ ...c, at: `${rel}:${lineOf(rel, c.needle, Math.max(1, line - 400)) || line}@c7521c1c` });
  }
  const seen = new Set();
  for (const r of found) {
    const key = `${r.kind} ${[...r.flags].sort().join('|')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ t, ...r });
  }
}

function verdict({ t, kind, flags }) {
  const params = t.parameters ?? {};
  const hidden = t.hidden_parameters ?? {};
  const fold = (f) => (Object.hasOwn(params, f) ? params[f].alias_of ?? f : Object.hasOwn(hidden, f) ? hidden[f].alias_of ?? `hidden:${f}` : undefined);
  const keys = flags.map(fold);
  if (keys.some((k) => k === undefined)) return `differ:no-param(${flags.filter((f, i) => keys[i] === undefined).join(',')})`;
  const distinct = [...new Set(keys)];
  if (distinct.length < 2) return 'alias';
  const c = t.constraints ?? {};
  if (kind === 'one_of') {
    if (distinct.some((k) => params[k]?.required)) return 'match:required';
    const g = (c.require_one_of ?? []).find((gg) => distinct.every((k) => gg.includes(k)) || gg.every((k) => distinct.includes(k)));
    return g ? (c.plan_refuses?.require_one_of ?? []).some((p) => p.length === g.length && p.every((f) => g.includes(f))) ? 'match:plan' : 'match' : 'differ:undeclared';
  }
  const groups = c.mutually_exclusive ?? [];
  const pairs = distinct.flatMap((a, i) => distinct.slice(i + 1).map((b) => [a, b]));
  const missing = pairs.filter(([a, b]) => !groups.some((g) => g.includes(a) && g.includes(b)));
  return missing.length === 0 ? 'match' : `differ:undeclared(${missing.map((p) => p.join('+')).join(' ')})`;
}

const out = rows.map((r) => [verdict(r), r.t.cli_path, r.kind, r.flags.join('|'), r.mechanism, r.at].join('\t'));
process.stdout.write(out.join('\n') + '\n');
const by = out.reduce((m, l) => ((m[l.split('\t')[0].split(':')[0] + ' ' + l.split('\t')[2]] = (m[l.split('\t')[0].split(':')[0] + ' ' + l.split('\t')[2]] ?? 0) + 1), m), {});
process.stderr.write(`${rows.length} upstream group checks on ${new Set(rows.map((r) => r.t.cli_path)).size} commands; ${JSON.stringify(by)}\n`);
