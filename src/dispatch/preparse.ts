// Upstream's PreParse pass over a command's flags before they are parsed (internal/pipeline/cobra.go:48-127,
// handlers registered in order at internal/app/root.go:2030-2056@c7521c1c), reproduced on the words after the
// command path: spelling folding (AliasHandler: --pageSize -> --page-size), the reviewed per-command synonyms
// (SemanticAliasHandler: --keyword -> --query, catalog/data/param-aliases.json), glued values (StickyHandler:
// --limit100 -> --limit 100) and near-miss typos (ParamNameHandler: --limt -> --limit). The bool reading
// (BoolValueHandler) follows in flags.ts. Each handler sees the previous one's words; each reads every `--` word up to
// a bare `--`, values of other flags included (upstream does not skip them), never a `-x` word. Upstream prints no
// notice of a correction (slog.Debug only, cobra.go:113-122), so neither does dws.
import { distance } from 'fastest-levenshtein';
import { DwsError } from '../errors.js';
import type { ToolSpec } from '../catalog/types.js';
import { CONTROL_FLAGS } from '../contract/control.js';
import { trimSpace } from '../text/space.js';
import { goCase } from '../text/go-case.js';
import aliasTable from '../../catalog/data/param-aliases.json' with { type: 'json' };

interface FlagInfo {
  type: string;
  format?: string;
  enum?: string[];
}

/**
 * The root's persistent flags every upstream command inherits (internal/app/flags.go:40-55@c7521c1c), hidden ones
 * included, with their pflag types: candidates of the folding, glue and typo rules as upstream's FlagInfoFromCommand
 * lists them (local flags first, cobra.go:365-381). A word corrected to one dws does not take is then refused as unknown.
 */
const ROOT_FLAGS: Record<string, string> = {
  'client-id': 'string', 'client-secret': 'string', debug: 'bool', 'dry-run': 'bool', fields: 'string', format: 'string',
  jq: 'string', mock: 'bool', output: 'string', profile: 'string', timeout: 'int', token: 'string', verbose: 'bool', yes: 'bool',
};

/** dws's own control flags that upstream lacks (contract/control.ts): text-valued. */
const DWS_CONTROL_TYPE = 'string';

/**
 * The enum a glued value is matched against is the pflag annotation x-cli-enum (cobra.go:396-401), which upstream
 * sets at c7521c1c for a shortcut's visible flags with an Enum (corecmd.go:1304-1316 through shortcut/adapter.go:201-220;
 * event +listen-im at app/event_listen_im.go:123-124) and, among the other commands, only for these flags: leaf flags
 * with an Enum (helpers/leaf.go:194 -> corecmd.New) and explicit annotations. Elsewhere a catalog enum comes from the
 * body's own check, which the glue rule does not see. No x-cli-format upstream sets names a format the rule knows
 * (chat's file-path, sheet's a1-range), so formats play no part.
 */
const HELPER_ENUMS: Record<string, Record<string, string[]>> = {
  'aitable workflow history': { status: ['success', 'failed', 'running', 'break', 'untrigger'] }, // helpers/aitable.go:5359
  'drive comment list': { scope: ['all', 'whole', 'partial'] }, // helpers/file_comment.go:83
  'chat message send': { 'msg-type': ['image', 'file', 'audio', 'video'] }, // helpers/chat.go:4805
  'doc read': { scope: ['outline', 'range', 'section', 'tags'] }, // helpers/doc.go:2682
  'pat chmod': { 'grant-type': ['once', 'session', 'permanent'] }, // pat/chmod.go:412
};

function annotatedEnum(tool: ToolSpec, name: string): string[] | undefined {
  if (tool.primary_cli_path.split(' ').some((w) => w.startsWith('+'))) return tool.parameters[name]?.enum;
  const own = Object.hasOwn(HELPER_ENUMS, tool.primary_cli_path) ? HELPER_ENUMS[tool.primary_cli_path] : undefined;
  return own && Object.hasOwn(own, name) ? own[name] : undefined;
}

/** The flags of one command as upstream's FlagInfo lists them: declared, hidden, then the inherited ones. */
export function flagInfos(tool: ToolSpec): Map<string, FlagInfo> {
  const infos = new Map<string, FlagInfo>();
  const add = (name: string, info: FlagInfo) => {
    if (!infos.has(name)) infos.set(name, info);
  };
  for (const [name, p] of Object.entries(tool.parameters)) add(name, { type: p.type, enum: annotatedEnum(tool, name) });
  for (const [name, p] of Object.entries(tool.hidden_parameters ?? {})) add(name, { type: p.type });
  for (const [name, type] of Object.entries(ROOT_FLAGS)) add(name, { type });
  for (const name of CONTROL_FLAGS) add(name, { type: name === 'yes' || name === 'dry-run' ? 'bool' : DWS_CONTROL_TYPE });
  return infos;
}

const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isLower = (c: string) => c >= 'a' && c <= 'z';
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * cmdutil.Morph (pkg/cmdutil/flagnorm.go:30-64@c7521c1c): a '-' before an ASCII capital that follows a lowercase
 * letter or digit, or that starts a word inside a capital run (APIKey -> API-Key); '_', '.' and ' ' become '-';
 * lowercased; runs of '-' collapsed and '-' trimmed from both ends.
 */
export function morph(name: string): string {
  const runes = [...name];
  let s = '';
  runes.forEach((r, i) => {
    if (i > 0 && isUpper(r)) {
      const prev = runes[i - 1];
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && i + 1 < runes.length && isLower(runes[i + 1]))) s += '-';
    }
    s += r;
  });
  s = goCase(s.replace(/[_. ]/g, '-'), 'lower');
  while (s.includes('--')) s = s.replaceAll('--', '-');
  return s.replace(/^-+|-+$/g, '');
}

/**
 * cmdutil.LevenshteinDist (pkg/cmdutil/flagfix.go:217-243@c7521c1c): the standard edit distance, over the UTF-8 bytes
 * (Go indexes a string's bytes); each byte becomes one latin1 code unit for fastest-levenshtein.
 */
export function levenshteinBytes(a: string, b: string): number {
  return distance(Buffer.from(a, 'utf8').toString('latin1'), Buffer.from(b, 'utf8').toString('latin1'));
}

/**
 * cmdutil.NormalizeBoolLiteral (pkg/cmdutil/sticky_suffix.go:116-125@c7521c1c): Go's TrimSpace, lowercased, one of
 * its words, else undefined. The glue rule here reads it, and so does the bool reading after this pass
 * (BoolValueHandler, flags.ts).
 */
export function boolLiteral(text: string): boolean | undefined {
  const word = goCase(trimSpace(text), 'lower');
  if (['true', '1', 't', 'yes', 'on', 'y'].includes(word)) return true;
  if (['false', '0', 'f', 'no', 'off', 'n'].includes(word)) return false;
  return undefined;
}

const NUMERIC = new Set(['int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'integer', 'number', 'float', 'float32', 'float64', 'count']);
const LISTS = new Set(['stringSlice', 'stringArray', 'intSlice', 'boolSlice', 'float32Slice', 'float64Slice', 'uintSlice', 'durationSlice', 'ipSlice', 'array', 'object']);

/** cmdutil.SuffixLooksLikeValue (pkg/cmdutil/sticky_suffix.go:30-95@c7521c1c): may a glued suffix be this flag's value? */
export function suffixLooksLikeValue(suffix: string, info: FlagInfo): boolean {
  if (suffix === '') return false;
  const digit = isDigit(suffix[0]);
  const sign = suffix[0] === '+' || suffix[0] === '-';
  if (NUMERIC.has(info.type)) return digit || (sign && suffix.length > 1 && isDigit(suffix[1]));
  if (info.type === 'bool' || info.type === 'boolean') return boolLiteral(suffix) !== undefined;
  if (info.type === 'duration') return digit || sign;
  if (LISTS.has(info.type)) return false;
  if (info.enum && info.enum.length > 0) return info.enum.some((e) => goCase(e, 'lower') === goCase(suffix, 'lower'));
  switch (goCase(info.format ?? '', 'lower')) {
    case 'date': case 'date-time': case 'datetime': case 'time': return digit;
    case 'duration': return digit || sign;
    case 'email': return suffix.includes('@');
    case 'uri': case 'url': {
      const lower = goCase(suffix, 'lower');
      return lower.startsWith('http') || lower.startsWith('ftp') || lower.startsWith('mailto:');
    }
    case 'ipv4': case 'ipv6': case 'hostname': return digit;
    case 'uuid': return /^[0-9a-fA-F]/.test(suffix);
  }
  const first = String.fromCodePoint(suffix.codePointAt(0)!);
  return first !== '\ufffd' && !/^\p{L}$/u.test(first);
}

/** splitFlagToken (semantic_alias.go:153-171): a `--name[=value]` word's name and `=value`; not for `--` or `--=v`. */
function flagWord(arg: string): { bare: string; suffix: string } | undefined {
  if (!arg.startsWith('--') || arg.length === 2) return undefined;
  const body = arg.slice(2);
  const eq = body.indexOf('=');
  if (eq === 0) return undefined;
  return eq < 0 ? { bare: body, suffix: '' } : { bare: body.slice(0, eq), suffix: body.slice(eq) };
}

/** `--name=value` split at the first '=' as NormalizeFlagToken and FuzzyMatchFlag split it (flagmatch.go:28-51). */
function nameAndSuffix(arg: string): { bare: string; suffix: string } | undefined {
  if (!arg.startsWith('--') || arg.length === 2) return undefined;
  const body = arg.slice(2);
  const eq = body.indexOf('=');
  return eq < 0 ? { bare: body, suffix: '' } : { bare: body.slice(0, eq), suffix: body.slice(eq) };
}

/** NormalizeFlagToken (flagmatch.go:28-51): the folded spelling when it, and not the word as typed, is a flag. */
function fold(arg: string, known: Map<string, FlagInfo>): string | undefined {
  const w = nameAndSuffix(arg);
  if (!w || known.has(w.bare)) return undefined;
  const folded = morph(w.bare);
  return folded !== w.bare && known.has(folded) ? `--${folded}${w.suffix}` : undefined;
}

/** SplitStickyFlag (flagmatch.go:62-105): the longest flag a glued word starts with, when the rest may be its value. */
function unglue(arg: string, known: Map<string, FlagInfo>): string[] | undefined {
  if (!arg.startsWith('--') || arg.includes('=')) return undefined;
  const bare = arg.slice(2);
  if (bare === '' || known.has(bare) || known.has(morph(bare))) return undefined;
  for (let index = bare.length - 1; index >= 1; index--) {
    const prefix = bare.slice(0, index);
    const folded = morph(prefix);
    const flag = known.has(prefix) ? prefix : folded !== '' && known.has(folded) ? folded : undefined;
    if (flag === undefined) continue;
    const info = known.get(flag)!;
    const suffix = bare.slice(index);
    if (!suffixLooksLikeValue(suffix, info)) return undefined;
    return info.type === 'bool' || info.type === 'boolean' ? [`--${flag}=${boolLiteral(suffix)}`] : [`--${flag}`, suffix];
  }
  return undefined;
}

/**
 * FuzzyMatchFlag (flagmatch.go:109-153): the one flag within 2 edits (1 for a name of 3 bytes or fewer). Never --yes:
 * upstream corrects a typo to its root --yes too (--desc, --des, --ye), so a misspelt value flag would confirm a write
 * the user never confirmed and its value would be dropped. dws is stricter here (SPEC 6: confirmation only from --yes
 * or -y as typed; every accepted flag honoured or refused): such a word stays as typed and is refused as unknown.
 */
function nearest(arg: string, known: Map<string, FlagInfo>): string | undefined {
  const w = nameAndSuffix(arg);
  if (!w || known.has(w.bare)) return undefined;
  const threshold = Buffer.byteLength(w.bare, 'utf8') <= 3 ? 1 : 2;
  let best = threshold + 1;
  let match = '';
  let ambiguous = false;
  for (const candidate of known.keys()) {
    const d = levenshteinBytes(w.bare, candidate);
    if (d < best) {
      best = d;
      match = candidate;
      ambiguous = false;
    } else if (d === best && candidate !== match) {
      ambiguous = true;
    }
  }
  return best > threshold || ambiguous || match === '' || match === 'yes' ? undefined : `--${match}${w.suffix}`;
}

interface AliasEntry {
  aliases?: Record<string, string>;
  blocked?: string[];
  ambiguous?: string[];
}

const ALIASES = aliasTable.commands as Record<string, AliasEntry>;

/** The reviewed synonym entry of a command path (LookupParamAlias, internal/cli/param_aliases_lookup.go:26-36). */
export function aliasEntry(cliPath: string): AliasEntry | undefined {
  return Object.hasOwn(ALIASES, cliPath) ? ALIASES[cliPath] : undefined;
}

/**
 * rejectMixedAliasSpellings (semantic_alias.go:97-151): a synonym and another spelling of the same flag in one argv are
 * refused (the first such flag by name), whatever order they come in; one spelling repeated is not.
 */
function rejectMixed(tool: ToolSpec, args: string[], aliases: Record<string, string>, isProtected: (m: string) => boolean): void {
  const targets = new Map(Object.values(aliases).map((c) => [morph(c), c]));
  const spellings = new Map<string, Set<string>>();
  const viaAlias = new Set<string>();
  for (const arg of args) {
    if (arg === '--') break;
    const w = flagWord(arg);
    if (!w) continue;
    const m = morph(w.bare);
    if (isProtected(m)) continue;
    const isAlias = Object.hasOwn(aliases, m);
    const canonical = isAlias ? aliases[m] : targets.get(m);
    if (!canonical) continue;
    spellings.set(canonical, (spellings.get(canonical) ?? new Set()).add(m));
    if (isAlias) viaAlias.add(canonical);
  }
  for (const canonical of [...spellings.keys()].sort()) {
    const names = [...spellings.get(canonical)!].sort();
    if (!viaAlias.has(canonical) || names.length < 2) continue;
    throw new DwsError('invalid_parameter', `conflicting spellings of --${canonical} on "${tool.primary_cli_path}": ${names.map((n) => `--${n}`).join(', ')}`,
      'give the flag once, under one spelling');
  }
}

/** Each handler over the words up to a bare `--`, which ends its reading (and everything after it is kept as is). */
function eachWord(args: string[], rewrite: (arg: string) => string[] | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') {
      out.push(...args.slice(i));
      break;
    }
    // a word that is not text (a caller's argv built from data) is left to the parser
    out.push(...((typeof args[i] === 'string' ? rewrite(args[i]) : undefined) ?? [args[i]]));
  }
  return out;
}

/** The words after the command path as upstream's PreParse handlers hand them to the flag parser. */
export function preParse(tool: ToolSpec, argv: string[]): string[] {
  if (argv.length === 0) return argv;
  const known = flagInfos(tool);
  // AliasHandler (handlers/alias.go:37-60)
  let args = eachWord(argv, (arg) => {
    const f = fold(arg, known);
    return f === undefined ? undefined : [f];
  });
  // SemanticAliasHandler (handlers/semantic_alias.go:44-95): blocked and ambiguous names are guarded for the rest
  const entry = aliasEntry(tool.primary_cli_path);
  const guarded = new Set([...(entry?.blocked ?? []), ...(entry?.ambiguous ?? [])]);
  const isProtected = (m: string) => guarded.has(m);
  if (entry) {
    const aliases = entry.aliases ?? {};
    rejectMixed(tool, args, aliases, isProtected);
    args = eachWord(args, (arg) => {
      const w = flagWord(arg);
      if (!w) return undefined;
      const m = morph(w.bare);
      if (isProtected(m) || !Object.hasOwn(aliases, m) || aliases[m] === w.bare) return undefined;
      return [`--${aliases[m]}${w.suffix}`];
    });
  }
  const guardedWord = (arg: string) => {
    const w = flagWord(arg);
    return w !== undefined && isProtected(morph(w.bare));
  };
  // StickyHandler (handlers/sticky.go:37-68)
  args = eachWord(args, (arg) => (guardedWord(arg) ? undefined : unglue(arg, known)));
  // ParamNameHandler (handlers/paramname.go:37-73)
  args = eachWord(args, (arg) => {
    if (guardedWord(arg)) return undefined;
    const n = nearest(arg, known);
    return n === undefined ? undefined : [n];
  });
  return args;
}
