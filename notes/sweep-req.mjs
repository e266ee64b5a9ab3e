#!/usr/bin/env node
// The required-flag sweep (issue 32, branch sweep-req): every required check upstream makes at c7521c1c, per command,
// compared with what dws declares. A review aid whose table is committed (test/fixtures/sweep-req-upstream.json) after
// each row was read; the rows come from upstream's source only, never from dws.
//
// Mechanisms read (see notes/sweep-req.md for what each refuses):
//   mark        cobra MarkFlagRequired: the flag must be typed (a registration default does not count; an empty typed
//               value does). Source: upstream's own snapshot test/fixtures/cli-interface-baseline.txt (`required=true`)
//               and `MarkFlagRequired("x")` / FlagSpec `MarkRequired: true` in the command's unit.
//   validate    cmdutil.ValidateRequiredFlags / helpers validateRequiredFlags (and the leaf FlagSpec `Required: true`,
//               which corecmd.ValidateRequired checks the same way): the effective string value must not be "" (a
//               default satisfies it; a blank "  " passes unless the spec trims).
//   aliases     ValidateRequiredFlagWithAliases / requireChatFlagOrAlias / requireChatConversationID / chatMessageID /
//               MustFlagOrFallback: the primary or one of its aliases non-empty.
//   shortcut    a shortcut Flag `Required: true` (corecmd ValidationShortcut): the token must be typed (main name or an
//               alias), and a string/slice must not be blank after trimming; a default does not count.
//   literal     a hand check in the body whose error names the flag as required (`missing required flag --x`,
//               `--x is required`, `缺少必填参数 --x`, `--x 不能为空`).
//   one_of      corecmd/shortcut Constraint AtLeastOne / ExactlyOne: at least one of the group typed.
//   param_decl  a ParamDecl `Required: boolPtr(true)`: published in the runtime schema only (no refusal of its own).
//
// Usage: node notes/sweep-req.mjs [--up /tmp/up] [--table] [--json]
//   default: TSV of every upstream row with dws's state (match / differ kinds); --table prints the fixture JSON.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalog, goFile, lineOffset, shortcutFlags, helperFlags, chatMigrations, balanced } from '../scripts/scan-upstream-flags.mjs';

// The review of every row the test did not pass as it came (read in upstream's body at the line named): `when` adds
// the flags that reach a conditional check (`positionals` replaces the sampled positionals), `without` leaves out the alternative that bypasses it, `skip` says why a
// row is no "flag absent" refusal. Keyed `cli path|flag|mechanism`.
const REVIEW = {
  'aitable export data|scope|validate': { without: ['task-id'], note: 'checked only without --task-id (aitable.go:6171-6177)' },
  'aitable export data|export-format|literal': { without: ['task-id'], when: ['--scope', 'all'], note: 'checked only without --task-id (aitable.go:6180)' },
  'aitable export data|table-id|validate': { when: ['--scope', 'table', '--export-format', 'excel'], note: 'only for --scope table/view (aitable.go:6189)' },
  'aitable export data|view-id|validate': { when: ['--scope', 'view', '--table-id', 'tbl1', '--export-format', 'excel'], note: 'only for --scope view (aitable.go:6196)' },
  'chat chmod|ttl|literal': { positionals: ['chat.message.send'], when: ['--grant-type', 'timed', '--ttl', ''], note: 'only for --grant-type timed, and --ttl defaults to 24h (chat.go:2408): only a typed empty --ttl is refused (chat.go:1881)' },
  'chat chmod|session-id|literal': { positionals: ['chat.message.send'], when: ['--grant-type', 'session'], note: 'only for --grant-type session (chat.go:1884)' },
  'chat data-auth cross-org|ttl|literal': { when: ['--grant-type', 'timed', '--ttl', ''], note: 'the shared grant check: only a typed empty --ttl (default 24h, chat.go:2487) under --grant-type timed (chat.go:1881)' },
  'chat data-auth cross-org|session-id|literal': { when: ['--grant-type', 'session'], note: 'the shared grant check, only for --grant-type session (chat.go:1884)' },
  'chat message send|media-id|literal': { when: ['--msg-type', 'image'], note: 'only for msgType image (chat.go:3246)' },
  'chat message send|contact-id|literal': { when: ['--msg-type', 'profile'], note: 'only for msgType profile (chat.go:3307)' },
  'chat message send-by-bot|title|mark': { skip: 'MarkFlagRequired("title") at chat.go:4840 is send-by-webhook\'s registration, caught by the unit expansion' },
  'chat message send-by-bot|text|mark': { skip: 'MarkFlagRequired("text") at chat.go:4842 is send-by-webhook\'s registration, caught by the unit expansion' },
  'chat message send-by-bot|title|validate': { when: ['--text', 'hello'], note: 'markdown without --ref-message-id needs --title and --text (chat.go:3466)' },
  'chat message send-by-bot|image-url|literal': { when: ['--msg-type', 'image'], note: 'only for --msg-type image (chat.go:3472)' },
  'chat message send-by-bot|file-path|literal': { when: ['--msg-type', 'file'], note: 'only for --msg-type file (chat.go:3476)' },
  'doc read|tags|literal': { when: ['--scope', 'tags', '--content-format', 'jsonml'], note: 'only for --scope tags (doc.go:1463)' },
  'doc read|start-block-id|literal': { when: ['--scope', 'range', '--content-format', 'jsonml'], note: 'only for --scope range/section (doc.go:1466)' },
  'drive permission transfer-owner|reserve-role|literal': { when: ['--node', 'node1', '--recursive=false'], note: 'only with --yes (drive.go:2372)' },
  'drive permission transfer-owner|recursive|literal': { when: ['--node', 'node1', '--reserve-role', 'EDITOR'], note: 'only with --yes (drive.go:2372)' },
  'oa approval create-instance|process-code|validate': { without: ['request'], note: 'checked only without --request (oa.go:1170)' },
  'oa approval create-instance|form-values|validate': { without: ['request'], note: 'checked only without --request (oa.go:1170)' },
  'oa approval forecast-process|process-code|validate': { without: ['request'], note: 'checked only without --request (oa.go:1104)' },
  'oa approval forecast-process|dept-id|validate': { without: ['request'], note: 'checked only without --request (oa.go:1104)' },
  'oa approval forecast-process|form-values|validate': { without: ['request'], note: 'checked only without --request (oa.go:1104)' },
  'todo task add-reminder|reminder-time-stamp|literal': { when: ['--base-time', 'customTime'], note: 'only for --base-time customTime (todo.go:879)' },
  'minutes +unshare|permission|shortcut': { skip: 'minutesShareFlags(false) registers no --permission for +unshare (workflows.go:584): the builder\'s optional flag, not this command\'s' },
  'wiki +member-remove|role|shortcut': { skip: 'memberFlags(false) registers no --role for +member-remove (wiki.go:153, :198): the builder\'s optional flag' },
  'chat message send-card|conversation-id|open-dingtalk-id|one_of': { without: ['receiver', 'group', 'id', 'chat'], note: '--receiver and --group/--id/--chat are fallbacks of the two (flagOrFallback, chat.go:6190-6191)' },
  'markdown create|content|name|one_of': { when: ['--content', '# hi'], note: 'a conditional: --content needs --name (markdown.go:325-326)' },
  'sheet range batch-set-style|bg-color|font-size|h-align|v-align|font-color|font-weight|word-wrap|number-format|font-style|font-line|font-family|border-styles-json|one_of': { when: ['--ranges', '["Sheet1!A1:B2"]'], note: 'with --ranges the shared style check applies (sheet_style.go:333, :645)' },
  'sheet range set-style|bg-color|font-size|h-align|v-align|font-color|font-weight|word-wrap|number-format|font-style|font-line|font-family|border-styles-json|one_of': { without: ['bg-colors-json', 'font-sizes-json', 'h-aligns-json', 'v-aligns-json', 'font-colors-json', 'font-weights-json'], note: 'the *-json forms count as styles too (sheet_style.go:333)' },
  'aitable record create|records|literal': { without: ['records-file', 'fields', 'cells'], note: 'f-oneof: --records-file, --fields and the hidden --cells stand in for --records (resolveRecordsFlag, aitable.go:63-88; :2286)' },
  'aitable record update|records|literal': { without: ['records-file', 'fields', 'record-id', 'cells'], note: 'f-oneof: --records-file, --fields and the hidden --record-id with --cells stand in for --records (resolveRecordsFlag, aitable.go:63-88; :2364)' },
  'aitable record upsert|records|literal': { without: ['records-file', 'fields'], note: 'f-oneof: --records-file and --fields stand in for --records (resolveRecordsFlag, aitable.go:63-88)' },
  'aitable record create|records|records-file|one_of': { without: ['fields', 'cells'], note: 'f-oneof: --fields and the hidden --cells stand in too (aitable.go:83, :2286)' },
  'aitable record update|records|records-file|one_of': { without: ['fields', 'record-id', 'cells'], note: 'f-oneof: --fields and the hidden --record-id with --cells stand in too (aitable.go:83, :2364)' },
  'aitable record upsert|records|records-file|one_of': { without: ['fields'], note: 'f-oneof: --fields stands in too (aitable.go:83)' },
  'dev app robot config|name|brief|desc|icon-media-id|outgoing-url|event-callback-url|mode|skills|one_of': { without: ['add-scope', 'disable-ssl-verify', 'i18n-name', 'i18n-brief', 'i18n-description'], note: 'f-oneof: --add-scope, --disable-ssl-verify and the --i18n-* flags count as settings too (devAppRobotConfigParams, devapp.go:1496-1524)' },
  'todo task add-reminder|due-date-offset|literal': { when: ['--base-time', 'dueTime'], note: 'only for --base-time dueTime (todo.go:872)' },
};

const args = process.argv.slice(2);
const UP = args.includes('--up') ? args[args.indexOf('--up') + 1] : '/tmp/up';
const TABLE = args.includes('--table');

function baselineRequired() {
  const out = new Map();
  let cur = null;
  for (const line of readFileSync(path.join(UP, 'test/fixtures/cli-interface-baseline.txt'), 'utf8').split('\n')) {
    const h = line.match(/^\[(.*)\]$/);
    if (h) { cur = h[1].split('.').join(' '); continue; }
    const m = line.match(/^ {2}flags: (.*)$/);
    if (!m || !cur) continue;
    for (const fl of m[1].split(', ')) {
      const mm = fl.match(/^(?:-\w\/)?--([\w-]+):(\w+)\|required=true\|/);
      if (mm) out.set(cur, [...(out.get(cur) ?? []), mm[1]]);
    }
  }
  return out;
}

/** 1-based line of the first occurrence of `needle` in file rel at or after line `from` (else anywhere), or 0. */
function lineOf(rel, needle, from = 1) {
  const text = goFile(rel);
  let at = text.indexOf(needle, lineOffset(text, from));
  if (at < 0) at = text.indexOf(needle);
  return at < 0 ? 0 : text.slice(0, at).split('\n').length;
}

const quoted = (s) => [...s.matchAll(/"([\w-]+)"/g)].map((m) => m[1]);

/** Required checks named in a unit's text: [{flag, mechanism, needle}] (needle locates the line). */
function checksIn(text) {
  const rows = [];
  const add = (flag, mechanism, needle) => rows.push({ flag, mechanism, needle });
  for (const m of text.matchAll(/\b[vV]alidateRequiredFlags(?:Local)?\(\s*\w+\s*,\s*((?:"[\w-]+"\s*,?\s*)+)\)/g)) for (const f of quoted(m[1])) add(f, 'validate', m[0]);
  for (const m of text.matchAll(/\b(?:[vV]alidateRequiredFlagWithAliases|requireChatFlagOrAlias|MustFlagOrFallback|MustFlagWithHint)\(\s*\w+\s*,\s*"([\w-]+)"/g)) add(m[1], 'aliases', m[0]);
  for (const m of text.matchAll(/\brequireChatConversationID\(/g)) add('conversation-id', 'aliases', m[0]);
  for (const m of text.matchAll(/\bchatMessageID\(/g)) add('message-id', 'aliases', m[0]);
  for (const m of text.matchAll(/MarkFlagRequired\("([\w-]+)"\)/g)) add(m[1], 'mark', m[0]);
  for (const m of text.matchAll(/(?:missing required flag(?:\(s\))?:? --|缺少必填参数 --)([\w-]+)/g)) add(m[1], 'literal', m[0]);
  for (const m of text.matchAll(/"--([\w-]+) is required/g)) add(m[1], 'literal', m[0]);
  // FlagSpec / shortcut Flag elements: {Name: "x", ... Required: true | MarkRequired: true}, ParamDecl boolPtr(true)
  for (const m of text.matchAll(/\bName:\s*"([\w-]+)"/g)) {
    // the innermost {...} holding this Name (nested Enum/Aliases lists included)
    let depth = 0;
    let i = m.index;
    for (; i >= 0; i--) {
      if (text[i] === '}') depth++;
      else if (text[i] === '{') { if (depth === 0) break; depth--; }
    }
    const el = balanced(text, i);
    const own = el.slice(1, -1).replace(/\{[^{}]*\}/g, '{}'); // the element's own fields, not those of a nested literal
    if (/\bMarkRequired:\s*true/.test(own)) add(m[1], 'mark', m[0]);
    if (/\bRequired:\s*true/.test(own)) add(m[1], /\b(Type|Desc):/.test(own) ? 'shortcut' : 'validate', m[0]);
    if (/\bRequired:\s*boolPtr\(true\)/.test(own)) add(m[1], 'param_decl', m[0]);
  }
  // a hand "one of" check: an error string naming two or more flags, one of which must be given
  for (const m of text.matchAll(/(?:Errorf|NewValidation|errors\.New)\(\s*"((?:[^"\\]|\\.)*)"/g)) {
    const msg = m[1];
    const flags = [...new Set([...msg.matchAll(/--([a-z][\w-]*)/g)].map((x) => x[1]))];
    if (flags.length < 2 || !/either|之一|至少|one of|at least|二选一|必须指定|is required|required|必填/i.test(msg)) continue;
    if (/mutually exclusive|不能同时|只能|only works|cannot be combined|互斥|does not accept|not both|不可同时|conflict/i.test(msg)) continue;
    if (/--[\w-]+ is required when|required when|required for/i.test(msg)) continue;
    add(flags.join('|'), 'one_of', m[0]);
  }
  for (const m of text.matchAll(/Kind:\s*(?:corecmd\.|shortcut\.)?(?:Constraint)?(AtLeastOne|ExactlyOne),\s*Flags:\s*\[\]string\{([^}]*)\}/g)) add(quoted(m[2]).join('|'), 'one_of', m[0]);
  return rows;
}

function main() {
  const { tools } = loadCatalog();
  const baseline = baselineRequired();
  const migrations = chatMigrations();
  const rows = [];
  for (const t of tools.sort((a, b) => (a.cli_path < b.cli_path ? -1 : 1))) {
    const ref = /^(internal\/[^:]+):(\d+)@c7521c1c$/.exec(t.upstream ?? '');
    const found = [];
    for (const f of baseline.get(t.cli_path) ?? []) found.push({ flag: f, mechanism: 'mark', needle: `MarkFlagRequired("${f}")`, source: 'baseline' });
    if (ref) {
      const [rel, line] = [ref[1], Number(ref[2])];
      let unit = '';
      try {
        if (rel.startsWith('internal/shortcut/')) {
          const s = shortcutFlags(rel, line, t.cli_path.split(' ').at(-1));
          unit = s.flags.map((f) => f.el).join('\n') + '\n' + s.body;
        } else if (rel.startsWith('internal/helpers/')) unit = helperFlags(rel, line, t.cli_path).body;
      } catch { unit = ''; }
      for (const c of checksIn(unit)) found.push({ ...c, source: 'source' });
      for (const r of found) if (!r.at) r.at = `${rel}:${lineOf(rel, r.needle, Math.max(1, line - 400)) || line}@c7521c1c`;
    }
    // chat's flag migration (chat.go:240-260, 349-368): on the migrated paths the alias spellings lose cobra's
    // required mark and the primary gets it (and requireChatConversationID / chatMessageID in the PreRunE)
    for (const [primary, aliases] of migrations.get(t.cli_path) ?? []) {
      if (!found.some((r) => r.flag === primary || aliases.includes(r.flag))) continue;
      for (let i = found.length - 1; i >= 0; i--) if (found[i].mechanism === 'mark' && aliases.includes(found[i].flag)) found.splice(i, 1);
      if (!found.some((r) => r.flag === primary && r.mechanism === 'mark')) found.push({ flag: primary, mechanism: 'mark', at: `internal/helpers/chat.go:${primary === 'message-id' ? 366 : 358}@c7521c1c`, source: 'migration' });
    }
    // one row per (flag, mechanism)
    const seen = new Set();
    for (const r of found) {
      const key = `${r.flag} ${r.mechanism}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ cli_path: t.cli_path, canonical_path: t.canonical_path, flag: r.flag, mechanism: r.mechanism, upstream: r.at ?? null, tool: t });
    }
  }
  // dws state
  for (const r of rows) {
    const t = r.tool;
    const params = t.parameters ?? {};
    const groups = t.constraints?.require_one_of ?? [];
    const names = r.flag.split('|');
    if (r.mechanism === 'one_of') {
      const known = names.filter((n) => Object.hasOwn(params, n) && !params[n].alias_of);
      const g = groups.find((gg) => known.every((n) => gg.includes(n)) || gg.every((n) => known.includes(n)));
      const anyReq = known.some((n) => params[n].required && params[n].default === undefined);
      r.dws = g ? 'one_of' : anyReq ? 'required' : known.length === 0 ? 'no-param' : 'not-required';
      continue;
    }
    const p = params[r.flag];
    if (!p) { r.dws = 'no-param'; continue; }
    const target = p.alias_of ? params[p.alias_of] : p;
    const req = target?.required === true || target?.cli_required === true;
    const inGroup = groups.some((g) => g.includes(r.flag) || (p.alias_of && g.includes(p.alias_of)));
    r.dws = req && target.default !== undefined ? `required+default(${JSON.stringify(target.default)})` : req ? 'required' : inGroup ? 'one_of' : 'not-required';
    if (p.alias_of) r.dws += ` via ${p.alias_of}`;
  }
  const verdict = (r) => {
    if (r.mechanism === 'param_decl') return r.dws.startsWith('required') ? 'match' : 'schema-only';
    if (r.dws === 'required' || r.dws.startsWith('required via') || (r.mechanism === 'one_of' && r.dws === 'one_of')) return 'match';
    if (r.dws.startsWith('required+default')) return ['mark', 'shortcut'].includes(r.mechanism) ? 'differ:default-fills' : 'match:default';
    return `differ:${r.dws}`;
  };
  for (const r of rows) r.verdict = verdict(r);
  if (TABLE) {
    const out = rows.filter((r) => r.mechanism !== 'param_decl').map((r) => ({ cli_path: r.cli_path, flag: r.flag, mechanism: r.mechanism, upstream: r.upstream, ...REVIEW[`${r.cli_path}|${r.flag}|${r.mechanism}`] }));
    process.stdout.write('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]\n');
  } else {
    process.stdout.write(rows.map((r) => [r.verdict, r.cli_path, r.flag, r.mechanism, r.dws, r.upstream].join('\t')).join('\n') + '\n');
  }
  const by = rows.reduce((m, r) => ((m[r.verdict.split(':')[0]] = (m[r.verdict.split(':')[0]] ?? 0) + 1), m), {});
  const mech = rows.reduce((m, r) => ((m[r.mechanism] = (m[r.mechanism] ?? 0) + 1), m), {});
  process.stderr.write(`${rows.length} upstream required checks on ${new Set(rows.map((r) => r.cli_path)).size} commands; ${JSON.stringify(mech)}; ${JSON.stringify(by)}\n`);
}
main();
