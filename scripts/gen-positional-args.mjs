#!/usr/bin/env node
// Carries upstream's per-command Cobra `Args` validator over to catalog/data/positional-args.json (issue 32, h34-args).
// Cobra validates a command's positional words (after flags are parsed, `--` included) with cmd.Args; a command
// without one takes any number of them and its body never reads the ones it does not use (cobra ValidateArgs:
// Args nil is ArbitraryArgs). So dws ignores excess positional words unless this table names a validator for the
// command: `none` (cobra.NoArgs), `max:N` (cobra.MaximumNArgs(N)), `exact:N` (cobra.ExactArgs(N)), or `custom` (a
// function of its own; dws's declared positionals give the limit).
//
// How a command's validator is found, from its catalog `upstream: <file>:<line>@c7521c1c` line: the innermost Go
// composite literal around that line that declares the command (a `Use:` field: cobra.Command, LeafSpec,
// corecmd.Spec; or a shortcut.Shortcut's `Command:`), then, in that literal, `Args:`, a shortcut's
// `SinglePositionalAliasFor` (internal/shortcut/adapter.go:103-128: MaximumNArgs(1)), or a `PostMount:` helper that
// sets `cmd.Args` (devAppMeta/devAppMetaCursor -> devAppLeafMeta, internal/helpers/devapp.go:1772-1773); failing
// those, a `<var>.Args = ...` statement or a `devAppLeafMeta(<var>, ...)` call on the variable the literal is
// assigned to. Only names and paths (facts) are written, no code. Run by hand when the upstream commit moves:
// `node scripts/gen-positional-args.mjs [/tmp/up]`; `--check` prints the table to stdout instead of writing it.
// The build never runs it; dispatch reads the committed JSON (src/dispatch/flags.ts).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const check = argv.includes('--check');
const up = argv.find((a) => !a.startsWith('--')) ?? '/tmp/up';
if (!existsSync(path.join(up, 'internal/helpers'))) {
  console.error(`gen-positional-args: ${up}/internal not found; the committed catalog/data/positional-args.json stays as it is`);
  process.exit(1);
}

/** Each `{` offset mapped to its `}`, skipping Go strings, raw strings, runes and comments. */
function braces(text) {
  const pairs = [];
  const stack = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1;
    else if (c === '`') i = text.indexOf('`', i + 1);
    else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '{') stack.push(i);
    else if (c === '}') pairs.push([stack.pop(), i]);
  }
  return pairs;
}

/** The text of a literal at its own depth (nested braces, strings and comments blanked). */
function topLevel(text, open, close) {
  let out = '';
  let depth = 0;
  for (let i = open + 1; i < close; i++) {
    const c = text[i];
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      out += ' '.repeat(end - i + 1);
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < close && text[j] !== '"'; j++) if (text[j] === '\\') j++;
      out += depth === 0 ? text.slice(i, j + 1) : ' '.repeat(j - i + 1);
      i = j;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') depth--;
    out += depth === 0 || c === '\n' ? c : ' ';
  }
  return out;
}

const files = new Map();
function file(rel) {
  if (!files.has(rel)) {
    const text = readFileSync(path.join(up, rel), 'utf8');
    files.set(rel, { text, pairs: braces(text) });
  }
  return files.get(rel);
}
const lineOf = (text, offset) => text.slice(0, offset).split('\n').length;

/** A validator expression as table text, or undefined when it is none Cobra knows (nil, ArbitraryArgs). */
function validator(expr) {
  const e = expr.trim();
  if (/^cobra\.(ArbitraryArgs|nil)\b/.test(e) || e === 'nil') return undefined;
  if (/^cobra\.NoArgs\b/.test(e)) return 'none';
  let m = /^cobra\.MaximumNArgs\((\d+)\)/.exec(e);
  if (m) return `max:${m[1]}`;
  m = /^cobra\.ExactArgs\((\d+)\)/.exec(e);
  if (m) return `exact:${m[1]}`;
  return 'custom';
}

/** Functions of a package that set cmd.Args on the command they are given (found by their body, not by name). */
const setterCache = new Map();
function argsSetters(dir) {
  if (setterCache.has(dir)) return setterCache.get(dir);
  const out = new Map();
  const sources = readdirSync(path.join(up, dir)).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go')).map((f) => path.join(dir, f));
  for (const rel of sources) {
    const { text } = file(rel);
    for (const m of text.matchAll(/^func (\w+)\((\w+) \*cobra\.Command[^)]*\)[^{]*\{/gm)) {
      const body = text.slice(m.index, text.indexOf('\n}\n', m.index));
      const set = new RegExp(`\\b${m[2]}\\.Args\\s*=\\s*([^\\n]+)`).exec(body);
      if (set) out.set(m[1], { value: validator(set[1]), at: `${rel}:${lineOf(text, m.index + set.index)}` });
    }
  }
  // helpers returning a PostMount closure over such a function: func x(tool string) func(*cobra.Command) { ... y(cmd, ...) }
  for (const rel of sources) {
    const { text } = file(rel);
    for (const m of text.matchAll(/^func (\w+)\([^)]*\) func\(\*cobra\.Command\) \{/gm)) {
      const body = text.slice(m.index, text.indexOf('\n}\n', m.index));
      for (const [name, v] of [...out]) if (new RegExp(`\\b${name}\\(`).test(body)) out.set(m[1], v);
    }
  }
  setterCache.set(dir, out);
  return out;
}

const CANONICAL = /CanonicalPath:\s*"([^"]+)"(?:\s*\+\s*"([^"]+)")?/;
const canonicalIn = (text) => {
  const m = CANONICAL.exec(text);
  return m ? m[1] + (m[2] ?? '') : undefined;
};

/** The canonical path DeclareLeafMetadata gives a command variable in the function around offset `at`. */
function declaredFor(rel, name, at) {
  const { text, pairs } = file(rel);
  const [from, to] = functionAround(text, at);
  const call = new RegExp(`DeclareLeafMetadata\\(${name},`).exec(text.slice(from, to));
  if (!call) return undefined;
  const open = text.indexOf('{', from + call.index);
  const pair = pairs.find(([a]) => a === open);
  return pair ? canonicalIn(text.slice(pair[0], pair[1])) : undefined;
}

/**
 * The canonical paths of the command a literal builds: its contract's Identity, the one DeclareLeafMetadata gives the
 * variable it is assigned to, or, when its function returns it (`func newX() *cobra.Command`), the ones given to each
 * variable of the package assigned `newX()`.
 */
function canonicalsOf(rel, o, c) {
  const { text } = file(rel);
  const inside = canonicalIn(text.slice(o, c));
  if (inside) return [inside];
  const name = variableOf(text, o);
  if (!name) return [];
  const own = declaredFor(rel, name, o);
  if (own) return [own];
  const [from, to] = functionAround(text, o);
  const fn = /^func (\w+)\(/.exec(text.slice(from, to))?.[1];
  if (!fn || !new RegExp(`\\breturn ${name}\\b`).test(text.slice(from, to))) return [];
  const dir = path.dirname(rel);
  const out = [];
  for (const other of readdirSync(path.join(up, dir)).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))) {
    const orel = path.join(dir, other);
    const otext = file(orel).text;
    for (const m of otext.matchAll(new RegExp(`\\b(\\w+)\\s*:?=\\s*${fn}\\(`, 'g'))) {
      const cp = declaredFor(orel, m[1], m.index);
      if (cp) out.push(cp);
    }
  }
  return out;
}

/** The top-level function around an offset: from its `func` line to the next one. */
function functionAround(text, at) {
  const from = text.lastIndexOf('\nfunc ', at) + 1;
  const next = text.indexOf('\nfunc ', at);
  return [from, next < 0 ? text.length : next];
}

/** `x := &cobra.Command{` / `x = &cobra.Command{`: the variable a literal opening at `o` is assigned to. */
function variableOf(text, o) {
  const head = text.slice(text.lastIndexOf('\n', o) + 1, o).trim();
  return /^(?:var\s+)?(\w+)\s*:?=\s*&?[\w.]+$/.exec(head)?.[1];
}

/** The innermost literal around offset `at` that declares a command (a `Use:` or a shortcut's `Command:` field). */
function commandLiteral(rel, at) {
  const { text, pairs } = file(rel);
  return pairs.filter(([o, c]) => o < at && c > at).sort((a, b) => b[0] - a[0])
    .find(([o, c]) => /^\s*(Use|Command):/m.test(topLevel(text, o, c)));
}

/** The literal a command variable is declared with (`x := &cobra.Command{` before offset `before`). */
function literalOfVariable(rel, name, before) {
  const { text, pairs } = file(rel);
  const [from] = functionAround(text, before);
  const decls = [...text.slice(from, before).matchAll(new RegExp(`\\b${name}\\s*:?=\\s*&cobra\\.Command\\{`, 'g'))];
  const decl = decls.at(-1);
  return decl ? pairs.find(([o]) => o === text.indexOf('{', from + decl.index)) : undefined;
}

/** Every place under `dirs` that gives a command a validator, keyed by the command's canonical path. */
function sites(dirs) {
  const table = {};
  const lost = [];
  const put = (rel, lit, value, line, via) => {
    const cps = lit ? canonicalsOf(rel, lit[0], lit[1]) : [];
    const at = `${rel}:${line}@c7521c1c`;
    if (!cps.length) return lost.push(`${at}: ${value ?? 'arbitrary'} (no canonical path: a group or a command outside the catalog)`);
    for (const cp of cps) {
      if (table[cp] && table[cp].args !== value) throw new Error(`${cp}: two validators (${table[cp].at}, ${at})`);
      table[cp] = { args: value, at, ...(via ? { via } : {}) };
    }
  };
  for (const dir of dirs) {
    for (const name of readdirSync(path.join(up, dir), { recursive: true })) {
      const rel = path.join(dir, name);
      if (!rel.endsWith('.go') || rel.endsWith('_test.go')) continue;
      const { text } = file(rel);
      if (!/\bArgs\b|SinglePositionalAliasFor|PostMount/.test(text)) continue;
      const setters = argsSetters(path.dirname(rel));
      const setterLines = new Set([...setters.values()].map((s) => s.at));
      // Args: fields, a shortcut's single positional alias, PostMount helpers that set cmd.Args
      for (const m of text.matchAll(/^(\s*)(Args|SinglePositionalAliasFor|PostMount):\s*([^\n]+?),?\s*$/gm)) {
        const offset = m.index + m[1].length;
        const lit = commandLiteral(rel, offset);
        if (!lit || !new RegExp(`^\\s*${m[2]}:`, 'm').test(topLevel(text, lit[0], lit[1]))) continue;
        const line = lineOf(text, offset);
        if (m[2] === 'Args') put(rel, lit, validator(m[3]), line);
        else if (m[2] === 'SinglePositionalAliasFor' && /^"\S+"$/.test(m[3])) put(rel, lit, 'max:1', line, 'internal/shortcut/adapter.go:103-128@c7521c1c');
        else if (m[2] === 'PostMount') {
          let fn = /^(\w+)\(/.exec(m[3])?.[1];
          if (m[3].startsWith('func(')) {
            // an inline PostMount: the setter (or a closure over one) it calls
            const open = text.indexOf('{', offset);
            const body = text.slice(open, file(rel).pairs.find(([o]) => o === open)?.[1]);
            fn = [...setters.keys()].find((name) => new RegExp(`\\b${name}\\(`).test(body));
          }
          if (fn && setters.has(fn)) put(rel, lit, setters.get(fn).value, line, `${setters.get(fn).at}@c7521c1c`);
        }
      }
      // <var>.Args = ... and setter(<var>, ...) statements on a command variable
      for (const m of text.matchAll(/^(\s*)(\w+)\.Args\s*=\s*([^\n]+)$/gm)) {
        const offset = m.index + m[1].length;
        if (setterLines.has(`${rel}:${lineOf(text, offset)}`)) continue;
        put(rel, literalOfVariable(rel, m[2], offset), validator(m[3]), lineOf(text, offset));
      }
      for (const [fn, s] of setters) {
        for (const m of text.matchAll(new RegExp(`^(\\s*)${fn}\\((\\w+),`, 'gm'))) {
          const offset = m.index + m[1].length;
          const lit = literalOfVariable(rel, m[2], offset);
          if (lit) put(rel, lit, s.value, lineOf(text, offset), `${s.at}@c7521c1c`);
        }
      }
    }
  }
  return { table, lost };
}

const tools = [];
for (const f of readdirSync(path.join(root, 'catalog')).filter((f) => f.endsWith('.yaml')).sort()) {
  const d = parseYaml(readFileSync(path.join(root, 'catalog', f), 'utf8'));
  for (const t of d?.tools ?? []) tools.push(t);
}
const known = new Set(tools.map((t) => t.canonical_path));
const found = sites(['internal/helpers', 'internal/shortcut', 'internal/app', 'internal/pat', 'internal/cli']);
const table = {};
const unresolved = [...found.lost];
for (const [cp, v] of Object.entries(found.table).sort(([a], [b]) => a.localeCompare(b))) {
  if (!known.has(cp)) unresolved.push(`${v.at}: ${cp} is not a catalog command`);
  else if (v.args !== undefined) table[cp] = v;
  else if (process.env.DEBUG) console.error(`arbitrary: ${cp} ${v.at}`);
}
const out = {
  note: 'Generated by scripts/gen-positional-args.mjs from upstream c7521c1c: the Cobra Args validator of each catalog command that has one; every other command ignores excess positional words (Args nil).',
  commands: table,
};
if (unresolved.length) console.error(unresolved.sort().join('\n'));
if (check) console.log(JSON.stringify(out, null, 1));
else {
  writeFileSync(path.join(root, 'catalog/data/positional-args.json'), JSON.stringify(out, null, 1) + '\n');
  console.log(`catalog/data/positional-args.json: ${Object.keys(table).length} commands with a validator; ${unresolved.length} sites outside the catalog`);
}
