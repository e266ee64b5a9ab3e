#!/usr/bin/env node
// Carries upstream's reviewed per-command flag synonym table (internal/cli/param_aliases_generated.go@c7521c1c, read by
// the SemanticAliasHandler, internal/pipeline/handlers/semantic_alias.go) over to catalog/data/param-aliases.json:
// per command path, {aliases: {morphed spelling: real flag}, blocked: [...], ambiguous: [...]}. Only names and paths
// (facts), no code. Run by hand when the upstream commit moves: `node scripts/gen-param-aliases.mjs [/tmp/up]`.
// The build never runs it; it reads the committed JSON (src/dispatch/preparse.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const up = process.argv[2] ?? '/tmp/up';
const source = path.join(up, 'internal/cli/param_aliases_generated.go');
if (!existsSync(source)) {
  console.error(`gen-param-aliases: ${source} not found; the committed catalog/data/param-aliases.json stays as it is`);
  process.exit(1);
}
const text = readFileSync(source, 'utf8');
const start = text.indexOf('var generatedParamAliases = []ParamAliasEntry{');
const end = text.indexOf('\n}\n', start);
if (start < 0 || end < 0) throw new Error('generatedParamAliases not found');
const body = text.slice(start, end);

const quoted = (s) => [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`));
const entries = {};
// one entry per `\t{ ... \t},` block at depth one
for (const block of body.split(/\n\t\{\n/).slice(1)) {
  const cli = /CLIPath:\s*"([^"]*)"/.exec(block);
  if (!cli) throw new Error(`entry without CLIPath: ${block.slice(0, 80)}`);
  const entry = {};
  const aliases = /Aliases:\s*map\[string\]string\{([\s\S]*?)\n\t\t\}/.exec(block);
  if (aliases) {
    entry.aliases = {};
    for (const line of aliases[1].split('\n')) {
      const pair = quoted(line);
      if (pair.length === 0) continue;
      if (pair.length !== 2) throw new Error(`alias line: ${line}`);
      entry.aliases[pair[0]] = pair[1];
    }
  }
  for (const key of ['Blocked', 'Ambiguous']) {
    const list = new RegExp(`${key}:\\s*\\[\\]string\\{([^}]*)\\}`).exec(block);
    if (list) entry[key.toLowerCase()] = quoted(list[1]);
  }
  if (Object.hasOwn(entries, cli[1])) throw new Error(`duplicate CLIPath ${cli[1]}`);
  entries[cli[1]] = entry;
}
const count = (body.match(/CLIPath:/g) ?? []).length;
if (Object.keys(entries).length !== count) throw new Error(`read ${Object.keys(entries).length} of ${count} entries`);

const out = {
  source: 'internal/cli/param_aliases_generated.go@c7521c1c',
  commands: Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
};
writeFileSync(path.join(root, 'catalog/data/param-aliases.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`catalog/data/param-aliases.json: ${count} commands`);
