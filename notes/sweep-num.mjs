#!/usr/bin/env node
// sweep-num (issue 32): every place upstream (c7521c1c, extracted at /tmp/up) turns a flag's text into a number or a
// boolean, or checks it against a set or a range, per dws command, beside what dws declares for that flag. A review
// aid: its rows are candidates read by hand (notes/sweep-num.md), never verdicts on their own; the fixture
// test/fixtures/sweep-num-upstream.json holds the rows that were read, with what upstream does on the fixed inputs.
//
// Site classes found in the command's body (the unit scripts/scan-upstream-flags.mjs reads for the command: the
// shortcut with its flag builders, or the cobra RunE with the package functions it calls, two levels):
//   pflag     a typed registration (`Flags().Int/Int64/Float64/Bool/Uint(...)`, a shortcut Flag `Type: "int"/"bool"/
//             "float"`): pflag reads it (strconv.ParseInt base 0, ParseFloat, ParseBool), nothing trimmed
//   parse     strconv.Atoi / ParseInt / ParseUint / ParseFloat / ParseBool on a flag's text (by name in the call, or
//             through a variable assigned from a flag getter a few lines above); `trim` when TrimSpace is applied
//             first (or the getter trims: rt.Str), `silent` when the error is dropped (`x, _ :=`: garbage becomes 0)
//   range     a hand bound on a flag's number (`n < 1`, `> 100`, `<= 0`): `refuse` when an error follows, `clamp` when
//             the value is reassigned
//   enum      a set check: `switch` on a flag's text, strings.EqualFold / ToLower / ToUpper before comparing, a map
//             lookup, a shortcut `Enum:` list
// dws side: the parameter's type / enum / minimum / maximum (catalog/*.yaml) and the transforms the plan applies to
// the flag (catalog/plans/**).
//
// Usage: node notes/sweep-num.mjs [--up /tmp/up] [--json]     (TSV by default: class, verdict, command, flag, ...)
import { loadCatalog, shortcutFlags, helperFlags } from '../scripts/scan-upstream-flags.mjs';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');

const GETTER = String.raw`(?:mustGetFlag|MustGetFlag|GetString|GetInt|GetInt64|GetBool|GetFloat64|rt\.(?:Str|Int|Bool|Float)|flagOrFallback|FlagOrFallback|stringFlag|trimmedFlag|getStringFlag)\(\s*(?:cmd\s*,\s*)?"([\w-]+)"`;
const getterRe = new RegExp(GETTER);

/** The flag a Go expression reads: named in it, or through a variable assigned from a getter in the lines above. */
function flagOf(expr, lines, i) {
  const direct = getterRe.exec(expr);
  if (direct) return { flag: direct[1], trimmed: /TrimSpace|rt\.Str\(/.test(expr) };
  const v = /\b([a-zA-Z_]\w*)\b\s*\)?\s*$/.exec(expr.replace(/strings\.TrimSpace\(/g, '').replace(/\)+$/, ''))?.[1] ?? /^([a-zA-Z_]\w*)/.exec(expr.replace(/strings\.TrimSpace\(/, ''))?.[1];
  if (!v) return undefined;
  for (let j = i; j >= Math.max(0, i - 14); j--) {
    const m = new RegExp(String.raw`\b${v}\b[\w, ]*:?=\s*(.*)`).exec(lines[j]);
    const g = m && getterRe.exec(m[1]);
    if (g) return { flag: g[1], trimmed: /TrimSpace|rt\.Str\(/.test(m[1]) || /TrimSpace/.test(expr), via: v };
    const own = new RegExp(String.raw`if ${v}, _ := .*?` + GETTER).exec(lines[j]);
    if (own) return { flag: own[1], trimmed: /TrimSpace/.test(expr), via: v };
  }
  return undefined;
}

function sitesIn(body) {
  const lines = body.split('\n');
  const out = [];
  lines.forEach((line, i) => {
    if (/^\s*\/\//.test(line)) return;
    for (const m of line.matchAll(/strconv\.(Atoi|ParseInt|ParseUint|ParseFloat|ParseBool)\(([^;{]*?)(?:,\s*(\d+)\s*,\s*\d+)?\)(?=\s*(?:;|$|\{|\)|,))/g)) {
      const f = flagOf(m[2], lines, i);
      if (!f) continue;
      const silent = /,\s*_\s*:?=/.test(line);
      const parser = m[1] === 'ParseInt' || m[1] === 'ParseUint' ? `${m[1]}(base ${m[3] ?? '?'})` : m[1];
      out.push({ flag: f.flag, cls: 'parse', what: `${parser}${f.trimmed ? ' trim' : ''}${silent ? ' silent' : ''}`, line: line.trim() });
    }
    for (const m of line.matchAll(/\b([a-zA-Z_]\w*)\s*(<=|<|>=|>)\s*(-?\d+)\b/g)) {
      if (/len\(|for |strconv/.test(line) || m[1] === 'err' || m[1] === 'i') continue;
      const f = flagOf(m[1], lines, i);
      if (!f) continue;
      const next = lines.slice(i + 1, i + 3).join(' ');
      const kind = /Errorf|NewValidation|errors\.New|return .*err/i.test(next + line) ? 'refuse' : new RegExp(String.raw`\b${m[1]}\s*=`).test(next) ? 'clamp' : 'test';
      out.push({ flag: f.flag, cls: 'range', what: `${m[1]} ${m[2]} ${m[3]} ${kind}`, line: line.trim() });
    }
    for (const m of line.matchAll(/strings\.(EqualFold|ToLower|ToUpper)\(([^)]*)\)/g)) {
      const f = flagOf(m[2], lines, i);
      if (f) out.push({ flag: f.flag, cls: 'enum', what: m[1], line: line.trim() });
    }
    const sw = /^\s*switch\s+(.+?)\s*\{/.exec(line);
    if (sw) {
      const f = flagOf(sw[1], lines, i);
      if (f) out.push({ flag: f.flag, cls: 'enum', what: `switch${/TrimSpace/.test(sw[1]) || f.trimmed ? ' trim' : ''}${/ToLower|ToUpper/.test(sw[1]) ? ' fold' : ''}`, line: line.trim() });
    }
  });
  // pflag typed registrations in the unit, and shortcut flags with a type / enum
  for (const m of body.matchAll(/\.Flags\(\)\.(Int|Int64|Int32|Float64|Float32|Bool|Uint|Uint64)(?:Var)?P?\((?:&?[\w.]+,\s*)?"([\w-]+)"(?:,\s*"\w?")?,\s*([^,]+),/g)) out.push({ flag: m[2], cls: 'pflag', what: `${m[1]} default ${m[3].trim()}`, line: m[0] });
  return out;
}

function shortcutTyped(flags) {
  const out = [];
  for (const f of flags) {
    const type = /\bType:\s*(?:shortcut\.|corecmd\.)?(?:Flag)?"?(\w+)"?/.exec(f.el)?.[1];
    if (type && /^(int|Int|int64|Int64|bool|Bool|float|Float|float64|Float64)$/i.test(type)) out.push({ flag: f.name, cls: 'pflag', what: `${type}${/Default:\s*([^,\n]+)/.exec(f.el) ? ` default ${/Default:\s*([^,\n]+)/.exec(f.el)[1].trim()}` : ''}`, line: f.el.split('\n')[0].trim().slice(0, 100) });
    const en = /\bEnum:\s*\[\]string\{([^}]*)\}/.exec(f.el);
    if (en) out.push({ flag: f.name, cls: 'enum', what: `Enum [${[...en[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]).join(',')}]`, line: en[0].slice(0, 100) });
  }
  return out;
}

/** The transforms the plan applies where it reads the flag: `{flag: x, ... transform: ...}` texts. */
function dwsReads(plan, flag) {
  const text = JSON.stringify(plan ?? {});
  const out = new Set();
  const re = new RegExp(String.raw`\{"flag":"${flag}"[^{}]*?"transform":("[\w]+"|\[[^\]]*\])`, 'g');
  for (const m of text.matchAll(re)) out.add(m[1].replace(/"/g, ''));
  return [...out];
}

/** What dws does with the flag: its type and bounds, and how the plan reads it. */
function dwsSide(t, plan, flag) {
  const p = t.parameters?.[flag];
  if (!p) return { decl: 'no-param' };
  const target = p.alias_of ? t.parameters[p.alias_of] : p;
  const bits = [target.type ?? 'string'];
  if (target.enum) bits.push(`enum[${target.enum.join(',')}]`);
  if (target.minimum !== undefined) bits.push(`min ${target.minimum}`);
  if (target.maximum !== undefined) bits.push(`max ${target.maximum}`);
  if (target.default !== undefined) bits.push(`default ${JSON.stringify(target.default)}`);
  if (target.enum_fold) bits.push(`fold ${target.enum_fold}`);
  return { decl: bits.join(' '), reads: dwsReads(plan, p.alias_of ?? flag).join(' | ') };
}

/** A first verdict on a row, for the reading: which rows to run through dws on the fixed inputs. */
function verdict(r) {
  const reads = r.reads ?? '';
  const type = r.decl.split(' ')[0];
  if (r.decl === 'no-param') return 'no-param';
  if (r.cls === 'pflag') {
    const want = /^int|^uint/i.test(r.what) ? ['int', 'int64'] : /^float/i.test(r.what) ? ['float64'] : ['bool'];
    return want.includes(type) ? 'same:type' : `check:type(${type})`;
  }
  if (r.cls === 'parse') {
    const trims = /trim/.test(r.what);
    if (/ParseBool/.test(r.what)) return /go_bool/.test(reads) ? 'same:go_bool' : type === 'bool' ? 'check:bool-type' : /\bbool\b/.test(reads) ? 'check:bool-yes' : 'check';
    // dws's int / float transforms trim: a padded number upstream refuses (or reads as 0) is read by dws
    if (!trims && /(^|[\s,[])(int|float)([\s,\]]|$)/.test(reads)) return 'check:untrimmed';
    if (type === 'int' || type === 'int64') return /base 0/.test(r.what) ? 'same:type' : 'check:base0-type';
    if (type === 'float64') return /ParseFloat/.test(r.what) ? 'same:type' : 'check:float-type';
    return reads ? 'same?' : 'check:unread';
  }
  if (r.cls === 'range') return /min|max/.test(r.decl) || /refuse|clamp/.test(reads) ? 'same?' : 'check:range';
  if (r.cls === 'enum') return /enum\[/.test(r.decl) || /\bmap\b/.test(reads) ? 'same?' : 'check:enum';
  return 'check';
}

function main() {
  const { tools, plans } = loadCatalog();
  const rows = [];
  for (const t of tools.sort((a, b) => (a.cli_path < b.cli_path ? -1 : 1))) {
    const ref = /^(internal\/[^:]+):(\d+)@c7521c1c$/.exec(t.upstream ?? '');
    if (!ref) continue;
    const [rel, line] = [ref[1], Number(ref[2])];
    let found = [];
    try {
      if (rel.startsWith('internal/shortcut/')) {
        const s = shortcutFlags(rel, line, t.cli_path.split(' ').at(-1));
        found = [...shortcutTyped(s.flags), ...sitesIn(s.body)];
      } else if (rel.startsWith('internal/helpers/')) found = sitesIn(helperFlags(rel, line, t.cli_path).body);
    } catch { found = []; }
    const seen = new Set();
    for (const s of found) {
      const key = `${s.flag}|${s.cls}|${s.what}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const r = { cli_path: t.cli_path, upstream: `${rel}:${line}@c7521c1c`, ...s, ...dwsSide(t, plans[t.canonical_path], s.flag) };
      r.verdict = verdict(r);
      rows.push(r);
    }
  }
  if (JSON_OUT) process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
  else process.stdout.write(['class\tverdict\tcommand\tflag\tupstream site\tdws declaration\tdws reads\tbody line', ...rows.map((r) => [r.cls, r.verdict, r.cli_path, r.flag, r.what, r.decl, r.reads ?? '', `${r.upstream} ${r.line.slice(0, 100)}`].join('\t'))].join('\n') + '\n');
  const count = (k) => rows.reduce((m, r) => ((m[k(r)] = (m[k(r)] ?? 0) + 1), m), {});
  process.stderr.write(`${rows.length} sites on ${new Set(rows.map((r) => r.cli_path)).size} commands; ${JSON.stringify(count((r) => r.cls))}; ${JSON.stringify(count((r) => r.verdict.split(':')[0] + ':' + r.cls))}\n`);
}
main();
