#!/usr/bin/env node
// Lists the YAML anchors of catalog/plans that more than one command uses (h54-anchor, issue 32).
//
// A plan may define an anchor (&name) in one command and use it (*name) in another. That sharing is right only
// where upstream runs the same code for both; when it does not, a later change to one command silently moves the
// other (h54-a4 #25: drive upload sent drive +upload's file name). This script finds every such sharing so a reader
// can check it against upstream.
//
// An anchor is keyed by its file and its definition (a name may be defined again further down; a use refers to the
// last definition above it, as YAML says). A "command" is the key under `plans:` (or `fragments:`) that holds the
// node. Only anchors used under a command other than the one defining them are listed.
//
// Usage: node scripts/plan-anchors.mjs [--json] [--summary]
//   default: one block per shared anchor: file:line &name, the defining command, then each other command and its uses
//   --summary: one line per command pair with the anchors they share
//   --json: the same facts as JSON (an array of {file, line, anchor, defined_in, used_in: {command: uses}})
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PLANS = join(ROOT, 'catalog', 'plans');

function yamlFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (name.endsWith('.yaml')) out.push(p);
  }
  return out;
}

function lineOf(text, offset) {
  let n = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** The command (plans.<key> or fragments.<key>) a visitor path sits under, or null. */
function commandOf(path) {
  // path: Document, top YAMLMap, Pair(plans), YAMLMap, Pair(<key>), ...
  for (let i = 0; i + 2 < path.length; i++) {
    const pair = path[i];
    if (YAML.isPair(pair) && YAML.isScalar(pair.key) && (pair.key.value === 'plans' || pair.key.value === 'fragments')) {
      const inner = path[i + 2];
      if (YAML.isPair(inner) && YAML.isScalar(inner.key)) return String(inner.key.value);
    }
  }
  return null;
}

/** Every anchor used under a command other than its defining one, over all plan files. */
export function scanPlanAnchors(plansDir = PLANS, root = ROOT) {
  const shared = [];
  for (const file of yamlFiles(plansDir)) {
    const text = readFileSync(file, 'utf8');
    const doc = YAML.parseDocument(text, { uniqueKeys: false });
    /** @type {Map<unknown, {anchor: string, line: number, command: string|null}>} */
    const defs = new Map();
    const uses = [];
    YAML.visit(doc, {
      Node(_key, node, path) {
        if (YAML.isAlias(node)) {
          uses.push({ node, command: commandOf(path), line: lineOf(text, node.range?.[0] ?? 0) });
        } else if (node.anchor) {
          defs.set(node, { anchor: node.anchor, line: lineOf(text, node.range?.[0] ?? 0), command: commandOf(path) });
        }
      },
    });
    const byDef = new Map();
    for (const use of uses) {
      const target = use.node.resolve(doc);
      const def = target ? defs.get(target) : undefined;
      if (!def || def.command === use.command) continue;
      let entry = byDef.get(def);
      if (!entry) {
        entry = { file: relative(root, file), line: def.line, anchor: def.anchor, defined_in: def.command, used_in: {} };
        byDef.set(def, entry);
      }
      const key = use.command ?? '(outside any command)';
      (entry.used_in[key] ??= []).push(use.line);
    }
    shared.push(...[...byDef.values()].sort((a, b) => a.line - b.line));
  }
  return shared;
}

function main(argv) {
  const shared = scanPlanAnchors();
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(shared, null, 2)}\n`);
    return;
  }
  const useCount = shared.reduce((n, s) => n + Object.values(s.used_in).reduce((m, l) => m + l.length, 0), 0);
  const pairs = new Map();
  for (const s of shared) {
    for (const cmd of Object.keys(s.used_in)) {
      const k = `${s.file}  ${s.defined_in} -> ${cmd}`;
      if (!pairs.has(k)) pairs.set(k, []);
      pairs.get(k).push(s.anchor);
    }
  }
  if (argv.includes('--summary')) {
    for (const [k, anchors] of pairs) process.stdout.write(`${k}: ${[...new Set(anchors)].join(', ')}\n`);
  } else {
    for (const s of shared) {
      process.stdout.write(`${s.file}:${s.line} &${s.anchor}  defined in ${s.defined_in}\n`);
      for (const [cmd, lines] of Object.entries(s.used_in)) process.stdout.write(`    used in ${cmd}: lines ${lines.join(', ')}\n`);
    }
  }
  process.stdout.write(`${shared.length} shared anchors, ${useCount} uses in other commands, ${pairs.size} command pairs\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
