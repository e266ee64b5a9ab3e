#!/usr/bin/env node
// sweep-list (issue 32, branch sweep-list): how upstream (c7521c1c, extracted at /tmp/up) turns a flag into a list, and
// what it sends for it. Three parts, read from upstream only (dws is read only to say, per row, what it declares):
//
//   --sites   every line under internal/ and pkg/ (tests left out) where a value becomes a list or a set: the named
//             list helpers (parseCSVValues, parseExecutorIds, ...) and their callers, strings.Split/SplitN/Fields/
//             FieldsFunc, csv readers, json.Unmarshal into a slice, StringSlice/StringArray/IntSlice registrations
//             (cobra, corecmd LeafStringSlice, shortcut FlagStringSlice) and their readers, dedupe (`seen[...]`) and
//             count limits (`len(x) > N`), each with its Go function and the nearest cobra `Use:` / shortcut
//             `Command:` (as notes/sweep-time.mjs). TSV.
//   --kinds   per catalog command, every flag upstream registers as a list kind (pflag stringSlice / stringArray /
//             intSlice: test/fixtures/cli-interface-baseline.txt and the shortcut/leaf declarations) against the dws
//             parameter's type (which decides pflag's splitting, src/contract/flag-lists.ts). TSV.
//   --helpers per catalog command, every call of a named list helper on a flag in the body its `upstream:` line leads
//             to (scripts/scan-upstream-flags.mjs), the argument key it lands in, and the transforms dws's plan runs
//             on that flag. TSV; `--table` prints the fixture test/fixtures/sweep-list-upstream.json: each row with
//             what upstream sends for the fixed inputs, computed by the Go models below (ports of the helpers, Go's
//             strings.TrimSpace included).
//   --models  the Go models on the fixed inputs, one line per (helper, input).
//
// Usage: node notes/sweep-list.mjs [--up /tmp/up] (--sites | --kinds | --helpers [--table] | --models)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCatalog, shortcutFlags, helperFlags } from '../scripts/scan-upstream-flags.mjs';

const args = process.argv.slice(2);
const UP = args.includes('--up') ? args[args.indexOf('--up') + 1] : '/tmp/up';

import { MODELS, EXPECTED_TRANSFORM, INPUTS } from './sweep-list-models.mjs';

// ---- sites ----------------------------------------------------------------------------------------------------
const HELPERS = Object.keys(MODELS).concat(['cleanStringValues', 'transformDevAppListParam', 'transformDevAppScopeValues', 'parseDevAppListFlag', 'collectUserIDs', 'splitChatIDValues', 'commentGroupMentionIDs', 'splitCSV', 'splitIDs', 'parseRoleTypes']);
const SITE_PATTERNS = [
  ['helper', new RegExp(String.raw`\b(${HELPERS.join('|')})\(`, 'u')],
  ['split', /\bstrings\.(Split|SplitN|SplitAfter|Fields|FieldsFunc)\(/u],
  ['csv', /\bcsv\.NewReader\(|\breadAsCSV\(/u],
  ['json-slice', /json\.Unmarshal\([^)]*&(\w*(ids|Ids|IDs|list|List|values|Values|items|Items|arr|Arr|rows|Rows|\w+s))\)/u],
  ['slice-flag', /\.(StringSlice|StringArray|IntSlice|Int64Slice)(P|Var|VarP)?\(|\bKindStringSlice\b|\bLeafStringSlice\b|\bFlagStringSlice\b/u],
  ['slice-read', /\bGet(StringSlice|StringArray|IntSlice)\(|\.StrSlice\(/u],
  ['dedupe', /\bseen\[|\bseen\s*:?=\s*(make\()?map\[/u],
  ['limit', /\blen\(\w+\)\s*>\s*(\d+|max\w*|\w*Max\w*|\w*Limit\w*)\b/u],
];
function* goFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* goFiles(p);
    else if (name.endsWith('.go') && !name.endsWith('_test.go')) yield p;
  }
}
function sites() {
  const rows = [];
  for (const base of ['internal', 'pkg']) {
    for (const file of goFiles(path.join(UP, base))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*\/\//u.test(line)) return;
        for (const [name, re] of SITE_PATTERNS) {
          if (!re.test(line)) continue;
          if (name === 'helper' && /^func /u.test(line)) continue;
          let fn = '';
          let use = '';
          for (let j = i; j >= 0; j--) {
            if (!use) { const u = /(?:Use|Command):\s*"([^"]+)"/u.exec(lines[j]); if (u) use = u[1].split(' ')[0]; }
            const f = /^func\s+(?:\([^)]*\)\s*)?(\w+)/u.exec(lines[j]);
            if (f) { fn = f[1]; break; }
          }
          rows.push([`${path.relative(UP, file)}:${i + 1}`, name, fn, use, line.trim().slice(0, 120)]);
        }
      });
    }
  }
  return rows;
}

// ---- per command --------------------------------------------------------------------------------------------
function unitOf(t) {
  const ref = /^(internal\/[^:]+):(\d+)@c7521c1c$/u.exec(t.upstream ?? '');
  if (!ref) return null;
  const [rel, line] = [ref[1], Number(ref[2])];
  try {
    if (rel.startsWith('internal/shortcut/')) {
      const s = shortcutFlags(rel, line, t.cli_path.split(' ').at(-1));
      return { rel, line, flags: s.flags, text: s.flags.map((f) => f.el).join('\n') + '\n' + s.body };
    }
    if (rel.startsWith('internal/helpers/')) return { rel, line, flags: [], text: helperFlags(rel, line, t.cli_path).body };
  } catch { /* a body the readers cannot take */ }
  return null;
}

/** Upstream's list-kind flags of a command: baseline types, shortcut `Type: FlagStringSlice`, leaf `Kind: LeafStringSlice`. */
function listKinds(t, unit, baselineTypes) {
  const out = new Map();
  for (const [name, kind] of baselineTypes.get(t.cli_path) ?? []) if (/Slice|Array/u.test(kind)) out.set(name, { kind, source: 'baseline' });
  if (unit) {
    for (const f of unit.flags) if (/Type:\s*(shortcut\.)?FlagStringSlice/u.test(f.el)) out.set(f.name, { kind: 'stringSlice', source: 'shortcut' });
    for (const m of unit.text.matchAll(/\{Name:\s*"([\w-]+)"[^{}]*Kind:\s*(?:corecmd\.)?(?:Leaf|Kind)StringSlice/gu)) out.set(m[1], { kind: 'stringSlice', source: 'leaf' });
  }
  return out;
}
function baselineKinds() {
  const out = new Map();
  let cur = null;
  for (const line of readFileSync(path.join(UP, 'test/fixtures/cli-interface-baseline.txt'), 'utf8').split('\n')) {
    const h = line.match(/^\[(.*)\]$/u);
    if (h) { cur = h[1].split('.').join(' '); continue; }
    const m = line.match(/^ {2}flags: (.*)$/u);
    if (!m || !cur) continue;
    for (const fl of m[1].split(', ')) {
      const mm = fl.match(/^(?:-\w\/)?--([\w-]+):(\w+)\|/u);
      if (mm) out.set(cur, [...(out.get(cur) ?? []), [mm[1], mm[2]]]);
    }
  }
  return out;
}

/** Calls of a named helper on a flag in a body: [{helper, flag, key, at}] (a heuristic: each row was read). */
function helperCalls(text) {
  const out = [];
  const names = Object.keys(MODELS).join('|');
  for (const m of text.matchAll(new RegExp(String.raw`(?:(\w+)(?:,\s*\w+)?\s*:?=\s*|(?:\w+)\["([\w.]+)"\]\s*=\s*|"([\w.]+)":\s*)(${names})\(([^\n]*)\)`, 'gu'))) {
    const [, v, key1, key2, helper, arg] = m;
    let flag = /"([\w-]+)"/u.exec(arg)?.[1];
    if (!flag) {
      // the argument is a variable: the flag it was read from
      const av = /^(\w+)/u.exec(arg)?.[1];
      if (av) {
        const all = [...text.slice(0, m.index).matchAll(new RegExp(String.raw`\b${av}(?:,\s*\w+)?\s*:?=\s*[^\n]*?"([\w-]+)"`, 'gu'))];
        if (all.length) flag = all.at(-1)[1];
      }
    }
    let key = key1 ?? key2;
    if (!key && v) key = new RegExp(String.raw`(?:\["([\w.]+)"\]\s*=\s*|"([\w.]+)":\s*)${v}\b`, 'u').exec(text.slice(m.index))?.slice(1).find(Boolean);
    if (flag) out.push({ helper, flag, key: key ?? null, snippet: m[0].slice(0, 100) });
  }
  return out;
}

/** The transform chains dws's plan runs on a flag (every `{flag: x, transform: [...]}` in the plan). */
function dwsChains(plan, flag) {
  const chains = new Set();
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    if (v.flag === flag) chains.add([v.transform ?? []].flat().map((x) => (typeof x === 'string' ? x : Object.entries(x).map(([k, a]) => `${k}:${typeof a === 'string' ? a : JSON.stringify(a)}`).join(''))).join(','));
    Object.values(v).forEach(walk);
  };
  walk(plan);
  return [...chains];
}

function main() {
  if (args.includes('--sites')) {
    const rows = sites();
    console.log(['where@c7521c1c', 'class', 'go func', 'nearest Use/Command', 'line'].join('\t'));
    for (const r of rows) console.log(r.join('\t'));
    const count = {};
    for (const r of rows) count[r[1]] = (count[r[1]] ?? 0) + 1;
    console.error(`${rows.length} sites ${JSON.stringify(count)}`);
    return;
  }
  if (args.includes('--models')) {
    for (const [h, f] of Object.entries(MODELS)) for (const i of INPUTS) console.log([h, JSON.stringify(i), JSON.stringify(f(i))].join('\t'));
    return;
  }
  const { tools, plans } = loadCatalog();
  const base = baselineKinds();
  const rows = [];
  for (const t of tools.sort((a, b) => (a.cli_path < b.cli_path ? -1 : 1))) {
    const unit = unitOf(t);
    if (args.includes('--kinds')) {
      for (const [flag, k] of listKinds(t, unit, base)) {
        const p = t.parameters?.[flag];
        const dws = p ? p.type : 'no-param';
        const same = dws === k.kind || (k.kind === 'stringSlice' && dws === 'stringSlice') || (p?.alias_of && t.parameters[p.alias_of]?.type === k.kind);
        rows.push([same ? 'match' : 'differ', t.cli_path, flag, k.kind, k.source, dws, t.upstream]);
      }
      continue;
    }
    if (!unit) continue;
    const seen = new Set();
    for (const c of helperCalls(unit.text)) {
      const id = `${c.helper}|${c.flag}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const p = t.parameters?.[c.flag];
      const chains = dwsChains(plans[t.canonical_path], c.flag);
      const want = EXPECTED_TRANSFORM[c.helper];
      const verdict = !p ? 'no-param' : chains.some((ch) => ch.startsWith(want)) ? 'match' : `differ`;
      rows.push({ verdict, cli_path: t.cli_path, flag: c.flag, helper: c.helper, key: c.key, dws: chains.join(' | ') || '(none)', type: p?.type, upstream: t.upstream, snippet: c.snippet });
    }
  }
  if (args.includes('--kinds')) {
    console.log(['verdict', 'cli path', 'flag', 'upstream kind', 'source', 'dws type', 'upstream'].join('\t'));
    for (const r of rows) console.log(r.join('\t'));
    const by = rows.reduce((m, r) => ((m[r[0]] = (m[r[0]] ?? 0) + 1), m), {});
    console.error(`${rows.length} list-kind flags on ${new Set(rows.map((r) => r[1])).size} commands ${JSON.stringify(by)}`);
    return;
  }
  if (args.includes('--table')) {
    const out = rows.filter((r) => r.key && r.verdict !== 'no-param').map((r) => ({
      cli_path: r.cli_path, flag: r.flag, helper: r.helper, key: r.key, upstream: r.upstream,
      cases: Object.fromEntries(INPUTS.map((i) => [i, MODELS[r.helper](i)])),
    }));
    process.stdout.write('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
  } else {
    console.log(['verdict', 'cli path', 'flag', 'helper', 'key', 'dws chains', 'dws type', 'upstream', 'snippet'].join('\t'));
    for (const r of rows) console.log([r.verdict, r.cli_path, r.flag, r.helper, r.key, r.dws, r.type, r.upstream, r.snippet].join('\t'));
  }
  const by = rows.reduce((m, r) => ((m[r.verdict] = (m[r.verdict] ?? 0) + 1), m), {});
  const hs = rows.reduce((m, r) => ((m[r.helper] = (m[r.helper] ?? 0) + 1), m), {});
  console.error(`${rows.length} helper calls on ${new Set(rows.map((r) => r.cli_path)).size} commands ${JSON.stringify(by)} ${JSON.stringify(hs)}`);
}
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
