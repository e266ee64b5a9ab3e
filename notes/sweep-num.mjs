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
// Usage: node notes/sweep-num.mjs [--up /tmp/up] [--json | --table]   (TSV by default: class, verdict, command, flag, ...)
//   --table prints test/fixtures/sweep-num-upstream.json: the rows a user's input can check, with the input and what
//   upstream does with it (derived from the site alone, then reviewed: REVIEW below):
//     range refuse  `n < N` / `n <= N` / `n > N` / `n >= N` followed by an error: the first value outside is refused
//     parse         an untrimmed strconv parse (no TrimSpace, not rt.Str): ` 10 ` is no number to Go; when the error
//                   is returned the run is refused, when it is dropped (`silent`) upstream falls back (0, a default,
//                   the field left out), so dws must not send 17
import { loadCatalog, shortcutFlags, helperFlags, goFile, lineOffset } from '../scripts/scan-upstream-flags.mjs';

/** 1-based line of the site's text in upstream's file (searched from 400 lines above the command's line), else the command's line. */
function siteLine(rel, from, text) {
  const file = goFile(rel);
  let at = file.indexOf(text, lineOffset(file, Math.max(1, from - 400)));
  if (at < 0) at = file.indexOf(text);
  return at < 0 ? from : file.slice(0, at).split('\n').length;
}

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const TABLE = args.includes('--table');

// Rows read by hand (keyed `cli path|flag|site`): `skip` says why the row is no check of a typed value, `when` adds
// flags the check needs to be reached.
const REVIEW = {
  'todo task create|priority|Atoi': { expect: 'not_read', note: 'if n, err := strconv.Atoi(v); err == nil: a padded value leaves priority out (todo.go:114); dws refuses it' },
  'todo task create-sub|priority|Atoi': { upstream: 'internal/helpers/todo.go:209@c7521c1c', expect: 'not_read', note: 'error dropped, priority left out (todo.go:209); dws refuses it' },
  'todo task update|priority|Atoi': { upstream: 'internal/helpers/todo.go:379@c7521c1c', expect: 'not_read', note: 'error dropped, priority left out (todo.go:379); dws refuses it' },
  'todo task list|size|Atoi': { expect: 'not_read', note: 'a padded size falls back to 20 for the paging choice, and sizeStr is sent as typed (todo.go:269-277)' },
  'wiki space list|limit|Atoi': { expect: 'not_read', note: 'a text Atoi refuses is sent as the text itself (wiki.go:305-309)' },
  'oa approval list-pending|page|ParseFloat': { expect: 'not_read', note: 'if n, err := strconv.ParseFloat(v, 64); err == nil: left out (oa.go:100); dws refuses it' },
  'oa approval list-pending|limit|ParseFloat': { upstream: 'internal/helpers/oa.go:105@c7521c1c', expect: 'not_read', note: 'left out on error (oa.go:105); dws refuses it' },
  'oa approval reject|task-id|ParseFloat silent': { upstream: 'internal/helpers/oa.go:270@c7521c1c' },
  'oa approval list-submitted|limit|ParseFloat silent': { upstream: 'internal/helpers/oa.go:683@c7521c1c' },
  'oa approval list-submitted|page|ParseFloat silent': { upstream: 'internal/helpers/oa.go:684@c7521c1c' },
  'oa approval list-cc|limit|ParseFloat silent': { upstream: 'internal/helpers/oa.go:738@c7521c1c' },
  'oa approval list-cc|page|ParseFloat silent': { upstream: 'internal/helpers/oa.go:739@c7521c1c' },
  'chat group-mute-member|mute-time|muteTime <= 0 refuse': { after_read: true, note: 'refused after the group is resolved, as upstream (chat.go:7300-7321)' },
  'wiki member list|max-results|limit > 0 refuse': { input: '51', note: 'the refusal is limit > 50 on the next line (wiki.go:720-722); 0 and below leave maxResults out' },
  'wiki member list|limit|limit > 0 refuse': { input: '51', note: 'the refusal is limit > 50 (wiki.go:720-722)' },
  'sheet delete-dimension|length|Atoi': { upstream: 'internal/helpers/sheet_dimension.go:464@c7521c1c' },
  'sheet update-dimension|length|Atoi': { upstream: 'internal/helpers/sheet_dimension.go:562@c7521c1c' },
};

/** The user's input for a row and what upstream does with it: {input, expect: refuse | not_sent_as}. */
function probeOf(r) {
  if (r.cls === 'range') {
    const m = /^\w+ (<=|<|>=|>) (-?\d+) refuse$/.exec(r.what);
    if (!m) return undefined;
    const n = Number(m[2]);
    const input = { '<': n - 1, '<=': n, '>': n + 1, '>=': n }[m[1]];
    // the paged-command checks run only under --page-all (helpers/paged_command.go:98-116@c7521c1c)
    const when = ['page-limit', 'max-items', 'page-delay'].includes(r.flag) ? ['--page-all'] : undefined;
    return { input: String(input), expect: 'refuse', ...(when ? { when } : {}) };
  }
  if (r.cls === 'parse' && !/trim|ParseBool/.test(r.what)) return { input: ' 17 ', expect: /silent/.test(r.what) ? 'not_read' : 'refuse' };
  return undefined;
}

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
      const r = { cli_path: t.cli_path, upstream: `${rel}:${siteLine(rel, line, s.line)}@c7521c1c`, ...s, ...dwsSide(t, plans[t.canonical_path], s.flag) };
      r.verdict = verdict(r);
      rows.push(r);
    }
  }
  if (TABLE) {
    const out = [];
    for (const r of rows) {
      const probe = probeOf(r);
      if (!probe || r.decl === 'no-param') continue;
      const key = `${r.cli_path}|${r.flag}|${r.what}`;
      if (out.some((o) => o.cli_path === r.cli_path && o.flag === r.flag && o.input === probe.input)) continue;
      out.push({ cli_path: r.cli_path, flag: r.flag, site: r.what, upstream: r.upstream, ...probe, ...REVIEW[key] });
    }
    process.stdout.write('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
    return;
  }
  if (JSON_OUT) process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
  else process.stdout.write(['class\tverdict\tcommand\tflag\tupstream site\tdws declaration\tdws reads\tbody line', ...rows.map((r) => [r.cls, r.verdict, r.cli_path, r.flag, r.what, r.decl, r.reads ?? '', `${r.upstream} ${r.line.slice(0, 100)}`].join('\t'))].join('\n') + '\n');
  const count = (k) => rows.reduce((m, r) => ((m[k(r)] = (m[k(r)] ?? 0) + 1), m), {});
  process.stderr.write(`${rows.length} sites on ${new Set(rows.map((r) => r.cli_path)).size} commands; ${JSON.stringify(count((r) => r.cls))}; ${JSON.stringify(count((r) => r.verdict.split(':')[0] + ':' + r.cls))}\n`);
}
main();
