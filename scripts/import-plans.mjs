#!/usr/bin/env node
// Imports the plans of the single-call and paged commands (classes single_rpc and paged_rpc of the
// dws-composition.json of the upstream commit the catalog follows, catalog/meta/upstream.yaml) into
// catalog/plans/<product>.yaml. Facts are data: server, rpc and the
// source of every argument. A plan fixed by hand from the upstream source (its `facts:` line mentions
// "upstream source") is kept as it is, also when the facts no longer class it single-call or paged; every other plan
// of these classes is regenerated. Multi-step plans
// (catalog/plans/multi-step/) are not touched.
//   node scripts/import-plans.mjs [--composition <file>] [--catalog <dir>]
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { followedUpstream } from './lib/upstream.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const compositionFile = arg('--composition', followedUpstream(root).composition);
const catalogDir = arg('--catalog', path.join(root, 'catalog'));
const plansDir = path.join(catalogDir, 'plans');
const CLASSES = new Set(['single_rpc', 'paged_rpc']);
const HAND = /upstream source/u;
/** Commands declared to run locally (catalog/plans/local/: a `local` plan instead of steps) get no imported plan. */
const localDir = path.join(plansDir, 'local');
const LOCAL = new Set(existsSync(localDir)
  ? readdirSync(localDir).filter((f) => f.endsWith('.yaml')).flatMap((f) => Object.keys(YAML.parse(readFileSync(path.join(localDir, f), 'utf8'), { maxAliasCount: -1 }).plans ?? {}))
  : []);

const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const composition = JSON.parse(readFileSync(compositionFile, 'utf8'));
const tools = new Map();
for (const f of readdirSync(catalogDir).filter((f) => f.endsWith('.yaml'))) {
  const doc = YAML.parse(readFileSync(path.join(catalogDir, f), 'utf8'), { maxAliasCount: -1 });
  for (const t of doc.tools) tools.set(t.canonical_path, t);
}

/** A catalog default as the flag's JSON value (what the upstream flag holds when it is not given). */
function typedDefault(p) {
  if (p.default === undefined || p.default === null) return undefined;
  const v = p.default;
  if (p.type === 'bool') return v === true || v === 'true';
  if ((p.type === 'int' || p.type === 'int64') && /^[+-]?\d+$/u.test(String(v))) return Number(v);
  if (p.type === 'float64' && !Number.isNaN(Number(v))) return Number(v);
  if (p.type.endsWith('Slice') || p.type.endsWith('Array')) return Array.isArray(v) ? v : String(v) === '' || String(v) === '[]' ? undefined : String(v).replace(/^\[|\]$/gu, '').split(',');
  return String(v);
}

function transforms(text, problems) {
  return text.split('|').filter((t) => t !== 'each').map((t) => {
    const m = /^(format|default):"(.*)"$/u.exec(t);
    if (m) return { [m[1]]: m[2] };
    if (t === 'derived') problems.push('derived');
    return t;
  });
}

/** One fact source -> one plan source; `problems` collects what the facts cannot say (computed, derived). */
const kebab = (k) => k.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`);

function source(s, tool, problems, keyName = '') {
  let out;
  if (s.object) out = { object: Object.fromEntries(Object.entries(s.object).map(([k, v]) => [k, source(v, tool, problems, k)])) };
  // An element marked `each` is spliced into the list (its items, not the list itself): that is concat.
  else if (s.list) {
    const spliced = s.list.some((v) => v.transform?.split('|').includes('each'));
    const items = s.list.map((v) => source({ ...v, ...(v.transform ? { transform: v.transform.split('|').filter((t) => t !== 'each').join('|') } : {}) }, tool, problems));
    out = spliced ? { concat: items } : { list: items };
  }
  else if (s.computed || s.derived) {
    problems.push('computed');
    out = { const: null };
  } else if (s.positional !== undefined && s.flag === undefined) out = { positional: s.positional };
  else if (s.flags) out = { first: s.flags.map((f) => ({ flag: f })) };
  else if (s.flag !== undefined) {
    const flag = { flag: s.flag };
    const p = tool.parameters[s.flag];
    const d = p ? typedDefault(p) : undefined;
    if (d !== undefined && !(s.optional && (d === false || d === '' || d === 0))) flag.default = d;
    out = s.alt_flags?.length ? { first: [{ flag: s.flag }, ...s.alt_flags.map((f) => ({ flag: f }))], ...(flag.default !== undefined ? { default: flag.default } : {}) } : flag;
  } else if (Object.hasOwn(s, 'const')) {
    out = { const: s.const };
    // An optional constant is sent when the bool flag of the same name is set (excludeMuted <- --exclude-muted).
    const flag = s.optional && typeof s.const === 'boolean' ? kebab(keyName) : undefined;
    if (flag && tool.parameters[flag]?.type === 'bool') out.when = { flag };
  }
  else {
    problems.push('unknown source');
    out = { const: null };
  }
  if (s.transform) {
    const ts = s.transform === '' ? [] : transforms(s.transform, problems);
    if (ts.length) out.transform = ts;
    if (s.transform.split('|').includes('each')) problems.push('each');
  }
  return out;
}

function importPlan(cp, fact, tool) {
  const call = fact.calls[0];
  const problems = [];
  const argsFact = call.args ?? fact.args ?? {};
  const args = Object.fromEntries(Object.keys(argsFact).sort(byCodePoint).map((k) => [k, source(argsFact[k], tool, problems, k.split('.').at(-1))]));
  const notes = [...new Set(problems)];
  const facts = `dws-composition.json (${fact.class}): ${call.server}.${call.rpc}${notes.length ? `; to review: ${notes.join(', ')}` : ''}${fact.notes ? `; ${fact.notes}` : ''}`;
  return { facts, steps: [{ id: 'call', server: call.server, rpc: call.rpc, args }] };
}

// --- emitting: block YAML for the structure, JSON flow for each source (JSON is YAML) ---
const key = (k) => (/^[A-Za-z_][A-Za-z0-9_.-]*$/u.test(k) ? k : JSON.stringify(k));

function emitPlan(lines, cp, plan) {
  lines.push(`  ${cp}:`, `    facts: ${JSON.stringify(plan.facts)}`, '    steps:');
  for (const s of plan.steps) {
    const { id, args, ...rest } = s;
    lines.push(`      - id: ${id}`);
    for (const [k, v] of Object.entries(rest)) lines.push(`        ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    if (args !== undefined) {
      if (Object.keys(args).length === 0) lines.push('        args: {}');
      else {
        lines.push('        args:');
        for (const [k, v] of Object.entries(args)) lines.push(`          ${key(k)}: ${JSON.stringify(v)}`);
      }
    }
  }
  if (plan.output !== undefined) lines.push(`    output: ${JSON.stringify(plan.output)}`);
}

const byProduct = new Map();
for (const [cp, fact] of Object.entries(composition.commands)) {
  if (!CLASSES.has(fact.class) || LOCAL.has(cp)) continue;
  const tool = tools.get(cp);
  if (!tool) throw new Error(`${cp}: not in the catalog`);
  const product = cp.split('.')[0];
  if (!byProduct.has(product)) byProduct.set(product, new Map());
  byProduct.get(product).set(cp, { fact, tool });
}

mkdirSync(plansDir, { recursive: true });
let kept = 0;
let generated = 0;
for (const [product, entries] of [...byProduct].sort(([a], [b]) => byCodePoint(a, b))) {
  const file = path.join(plansDir, `${product}.yaml`);
  const existing = existsSync(file) ? YAML.parse(readFileSync(file, 'utf8'))?.plans ?? {} : {};
  // A hand-fixed plan stays even when the facts now class its command otherwise (minutes +unshare: multi_rpc).
  for (const [cp, old] of Object.entries(existing)) {
    if (!entries.has(cp) && HAND.test(old.facts ?? '') && tools.has(cp)) entries.set(cp, { fact: null, tool: tools.get(cp) });
  }
  const lines = [`# Plans of the single-call and paged ${product} commands (docs/PLANS.md). Generated by scripts/import-plans.mjs`,
    '# from dws-composition.json; plans whose facts line names the upstream source were fixed by hand and are kept.', 'plans:'];
  for (const cp of [...entries.keys()].sort(byCodePoint)) {
    const { fact, tool } = entries.get(cp);
    const old = existing[cp];
    if (old && HAND.test(old.facts ?? '')) {
      emitPlan(lines, cp, old);
      kept++;
    } else {
      emitPlan(lines, cp, importPlan(cp, fact, tool));
      generated++;
    }
  }
  writeFileSync(file, lines.join('\n') + '\n');
}
console.error(`import-plans: ${generated} generated, ${kept} kept (fixed by hand), ${byProduct.size} files`);
