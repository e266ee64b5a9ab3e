// Build-time validation of catalog declarations: the JSON Schema (ajv) first, then the cross-tool rules of SPEC 3.2.
// Every problem names the file, the tool and the field; the build fails on the first file with problems.
import { Ajv } from 'ajv';
import schema from './declaration.schema.json' with { type: 'json' };
import type { Declaration, DeclaredParameter, DeclaredTool } from './types.js';
import { identityKey, identityKeys } from './identity.js';
import { sameGroup } from './groups.js';

/** The pflag types whose values are not text (every other type, unknown ones too, is read as text or a text list). */
const NUMERIC_OR_BOOL_FLAG_TYPES = new Set(['bool', 'int', 'int64', 'float64', 'intSlice']);

export class CatalogInvalid extends Error {
  constructor(readonly problems: string[]) {
    super(`catalog is invalid:\n  ${problems.slice(0, 50).join('\n  ')}${problems.length > 50 ? `\n  ... ${problems.length - 50} more` : ''}`);
    this.name = 'CatalogInvalid';
  }
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validateDeclaration = ajv.compile(schema);

function where(file: string, doc: unknown, instancePath: string): string {
  const m = /^\/tools\/(\d+)(.*)$/.exec(instancePath);
  const tools = (doc as { tools?: { canonical_path?: string }[] }).tools;
  if (m && tools?.[Number(m[1])]) return `${file}: ${tools[Number(m[1])].canonical_path ?? `tools[${m[1]}]`}${m[2] || ''}`;
  return `${file}: ${instancePath || '/'}`;
}

/** A `+shortcut`: a CLI path with a `+word` (`devapp +disable`). */
export const isShortcut = (cliPath: string): boolean => cliPath.split(' ').some((w) => w.startsWith('+'));

/** The CLI types whose value can be typed blank: a text, a list of texts. */
export const TEXT_FLAG_TYPES: ReadonlySet<string> = new Set(['string', 'stringSlice', 'stringArray']);
/** A list of texts, as opposed to one text. */
export const TEXT_LIST_TYPES: ReadonlySet<string> = new Set(['stringSlice', 'stringArray']);

/** A visible required text flag without a default: the flags whose blank value a RequiredCheck decides. */
export function checkedBlank(p: Pick<DeclaredParameter, 'type' | 'required' | 'cli_required' | 'default' | 'hidden'>): boolean {
  return (p.required || p.cli_required === true) && p.default === undefined && !p.hidden && TEXT_FLAG_TYPES.has(p.type);
}


/** Validates parsed declaration files; returns them typed, or throws CatalogInvalid with every problem. */
export function validateDeclarations(files: { file: string; doc: unknown }[]): Declaration[] {
  const problems: string[] = [];
  for (const { file, doc } of files) {
    if (!validateDeclaration(doc)) {
      for (const e of validateDeclaration.errors ?? []) {
        const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
        problems.push(`${where(file, doc, e.instancePath)}: ${e.message}${extra}`);
      }
    }
  }
  if (problems.length) throw new CatalogInvalid(problems);
  const decls = files.map((f) => f.doc as Declaration);
  const seenProducts = new Set<string>();
  const canonical = new Map<string, string>();
  const keys = new Map<string, string>();
  files.forEach(({ file }, i) => {
    const d = decls[i];
    if (file !== `${d.product.id}.yaml`) problems.push(`${file}: product.id "${d.product.id}" does not match the file name`);
    if (seenProducts.has(d.product.id)) problems.push(`${file}: product "${d.product.id}" declared twice`);
    seenProducts.add(d.product.id);
    for (const t of d.tools) {
      const at = `${file}: ${t.canonical_path}`;
      if (t.canonical_path !== `${d.product.id}.${t.name}`) problems.push(`${at}: canonical_path must be "${d.product.id}.${t.name}"`);
      if (canonical.has(t.canonical_path)) problems.push(`${at}: duplicate canonical_path (also in ${canonical.get(t.canonical_path)})`);
      canonical.set(t.canonical_path, file);
      if (t.cli_path.split(' ')[0] !== d.product.id) problems.push(`${at}: cli_path "${t.cli_path}" is not under product ${d.product.id}`);
      for (const key of identityKeys(t)) {
        const owner = keys.get(key);
        if (owner && owner !== t.canonical_path) problems.push(`${at}: identity "${key}" also resolves to ${owner}`);
        keys.set(key, t.canonical_path);
      }
      for (const p of [t.cli_path, t.primary_cli_path, ...t.aliases]) {
        if (canonical.has(p)) problems.push(`${at}: CLI path "${p}" equals a canonical path`);
      }
      const iface = t.interface;
      if (iface.mode === 'mcp' && !iface.ref) problems.push(`${at}: interface.mode mcp needs interface.ref`);
      if (iface.mode !== 'mcp' && iface.ref) problems.push(`${at}: interface.mode ${iface.mode} must not have interface.ref`);
      if ((iface.availability === 'unavailable' || iface.mode === 'composite') && !iface.reason) {
        problems.push(`${at}: an ${iface.availability === 'unavailable' ? 'unavailable' : 'composite'} tool needs interface.reason`);
      }
      for (const [flag, p] of Object.entries(t.parameters)) {
        if (p.enum && p.default !== undefined && typeof p.default === 'string' && !p.enum.includes(p.default)) {
          problems.push(`${at}: parameter --${flag} default "${p.default}" is not in its enum`);
        }
        if (p.alias_of && !(p.alias_of in t.parameters)) problems.push(`${at}: parameter --${flag} alias_of "${p.alias_of}" is not declared`);
        else if (p.alias_of && (p.alias_of === flag || t.parameters[p.alias_of].alias_of || t.parameters[p.alias_of].hidden)) {
          problems.push(`${at}: parameter --${flag} alias_of "${p.alias_of}" must name a visible flag that is no alias itself`);
        }
        if (p.read_order) {
          // every name a spelling of this flag (itself, an alias_of it, or a hidden flag feeding its property)
          const spells = (n: string) => n === flag || (n in t.parameters && (t.parameters[n].alias_of === flag ||
            (t.parameters[n].hidden === true && t.parameters[n].alias_of === undefined && p.property !== null && t.parameters[n].property === p.property)));
          const stray = p.read_order.filter((n) => !spells(n));
          if (p.hidden || p.alias_of || p.spellings_trimmed || p.primary_typed_wins || stray.length) {
            problems.push(`${at}: parameter --${flag} read_order needs a visible flag read by the first non-blank spelling, listing only its spellings${stray.length ? ` (not one: ${stray.join(', ')})` : ''}`);
          }
        }
        if (p.all_blank) {
          // every name the flag itself or an alias_of it (chat's migrated spellings)
          const stray = [...p.all_blank.required, ...p.all_blank.read].filter((n) => n !== flag && !(n in t.parameters && t.parameters[n].alias_of === flag));
          if (!p.spellings_trimmed || !(p.required || p.cli_required) || stray.length) {
            problems.push(`${at}: parameter --${flag} all_blank needs a required spellings_trimmed flag and lists only its spellings${stray.length ? ` (not one: ${[...new Set(stray)].join(', ')})` : ''}`);
          }
        }
        if (p.spellings_conflict_trimmed && !p.read_order) problems.push(`${at}: parameter --${flag} spellings_conflict_trimmed needs a read_order`);
        // positional_yields: a visible flag a declared positional folds into (the positional's own name or an alias_of it)
        if (p.positional_yields && (p.hidden || p.alias_of || !(t.positionals ?? []).some((q) => q.name === flag || t.parameters[q.name]?.alias_of === flag))) {
          problems.push(`${at}: parameter --${flag} positional_yields needs a visible flag that a declared positional folds into`);
        }
        const skipsFit = p.read_skips === 'nothing' || (p.read_skips === 'empty' ? p.type === 'string' : ['int', 'int64'].includes(p.type));
        if (p.read_skips !== undefined && (!p.read_order || !skipsFit)) {
          problems.push(`${at}: parameter --${flag} read_skips needs a read_order (zero / not_positive: on an int flag; empty: on a text flag)`);
        }
        if ((p.enum_fold !== undefined || p.enum_blank !== undefined) && (!p.enum || p.hidden || NUMERIC_OR_BOOL_FLAG_TYPES.has(p.type))) {
          problems.push(`${at}: parameter --${flag} enum_fold/enum_blank need a visible text (or text list) flag with an enum`);
        }
        if (p.inherent && (p.type !== 'bool' || p.hidden || !p.inherent.reason.trim() || !p.inherent.reason_en.trim())) {
          problems.push(`${at}: parameter --${flag} inherent needs a visible bool flag and a reason in both languages`);
        }
      }
      problems.push(...requiredCheckProblems(at, t));
      const { plan_refuses: byPlan, count_blank: blankCounted, ...groupsByKind } = t.constraints ?? {};
      for (const [kind, groups] of [...Object.entries(groupsByKind), ...Object.entries(byPlan ?? {}).map(([k, gs]) => [`plan_refuses.${k}`, gs] as const)]) {
        for (const g of groups ?? []) {
          for (const member of g) if (!(member in t.parameters)) problems.push(`${at}: constraints.${kind} names undeclared parameter "${member}"`);
        }
      }
      for (const kind of ['require_one_of', 'mutually_exclusive'] as const) {
        for (const g of byPlan?.[kind] ?? []) {
          if (!(groupsByKind[kind] ?? []).some((d) => sameGroup(d, g))) problems.push(`${at}: constraints.plan_refuses.${kind} [${g.join(', ')}] is no ${kind} group of the command`);
        }
      }
      for (const g of blankCounted?.mutually_exclusive ?? []) {
        if (!(groupsByKind.mutually_exclusive ?? []).some((d) => sameGroup(d, g))) problems.push(`${at}: constraints.count_blank.mutually_exclusive [${g.join(', ')}] is no mutually_exclusive group of the command`);
      }
    }
  });
  for (const d of decls) {
    for (const t of d.tools) {
      if (t.wraps === undefined) continue;
      const at = `${d.product.id}.yaml: ${t.canonical_path}`;
      if (!canonical.has(t.wraps)) problems.push(`${at}: wraps names unknown tool ${t.wraps}`);
      else if (t.wraps === t.canonical_path) problems.push(`${at}: a tool cannot wrap itself`);
      // A `+shortcut` may wrap another product's command when it sends that command's call: checked on the plans
      // (validateWraps, after they are attached). Any other tool wraps in its own product only.
      else if (!t.wraps.startsWith(`${d.product.id}.`) && !isShortcut(t.cli_path)) problems.push(`${at}: wraps ${t.wraps} is in another product`);
      const target = decls.flatMap((x) => x.tools).find((x) => x.canonical_path === t.wraps);
      if (target?.wraps !== undefined) problems.push(`${at}: wraps ${t.wraps}, which itself wraps ${target.wraps} (name the atomic command)`);
    }
  }
  // A command whose CLI path is also a group's (other commands under it) is that runnable group's own body, and says so
  // (`group_body`): dispatch runs it only when the group's words are typed with arguments (src/dispatch/resolve.ts).
  const cliPaths = decls.flatMap((d) => d.tools.map((t) => [d.product.id, t] as const));
  for (const [product, t] of cliPaths) {
    const under = cliPaths.some(([, x]) => x.cli_path.startsWith(t.cli_path + ' '));
    const at = `${product}.yaml: ${t.canonical_path}`;
    if (under && t.group_body !== true) problems.push(`${at}: CLI path "${t.cli_path}" is also a group of commands; declare group_body: true for a runnable group's own body`);
    if (!under && t.group_body === true) problems.push(`${at}: group_body, but no command is under "${t.cli_path}"`);
    if (t.group_body === true && (t.aliases.length || t.command_aliases?.length || t.primary_cli_path !== t.cli_path)) {
      problems.push(`${at}: a group's body is named by the group's words only (no aliases, primary_cli_path = cli_path)`);
    }
  }
  // A canonical path written with dots must not collide with another tool's CLI key either.
  for (const [path, file] of canonical) {
    const owner = keys.get(identityKey(path));
    if (owner !== path) problems.push(`${file}: ${path}: its identity key resolves to ${owner}`);
  }
  if (problems.length) throw new CatalogInvalid(problems);
  return decls;
}

/**
 * The blank check of required text flags (issue 32) is declared for every command that has one: `required_check` on the
 * command (a command with trim_strings is `trim` without declaring it), and on a parameter only where it differs. A
 * command whose text values are trimmed cannot check `empty` or `given`; a list flag is always checked `trim`
 * (upstream's corecmd and shortcut framework drop blank elements, corecmd.go:846-864 sliceValue@c7521c1c).
 */
function requiredCheckProblems(at: string, t: DeclaredTool): string[] {
  const problems: string[] = [];
  const trimmed = t.trim_strings ?? isShortcut(t.cli_path);
  const own = t.required_check ?? (trimmed ? 'trim' : undefined);
  const checked = Object.entries(t.parameters).filter(([, p]) => checkedBlank(p));
  const fallsBack = checked.filter(([, p]) => p.required_check === undefined);
  if (fallsBack.length && own === undefined) problems.push(`${at}: required text flags ${fallsBack.map(([f]) => `--${f}`).join(', ')} need required_check (trim, empty or given) on the command`);
  if (t.required_check !== undefined && !fallsBack.length) problems.push(`${at}: required_check declared but no required text flag takes it`);
  for (const [flag, p] of fallsBack) if (own !== 'trim' && own !== undefined && TEXT_LIST_TYPES.has(p.type)) problems.push(`${at}: list flag --${flag} cannot be checked ${own} (declare required_check: trim on it)`);
  if (trimmed && t.required_check !== undefined && t.required_check !== 'trim') problems.push(`${at}: required_check ${t.required_check} on a command whose text flags are trimmed (trim_strings)`);
  for (const [flag, p] of Object.entries(t.parameters)) {
    if (p.required_check === undefined) continue;
    if (!checkedBlank(p)) problems.push(`${at}: parameter --${flag} required_check needs a visible required text flag without a default`);
    else if (p.required_check === own) problems.push(`${at}: parameter --${flag} required_check repeats the command's`);
    else if (p.required_check !== 'trim' && (trimmed || TEXT_LIST_TYPES.has(p.type))) problems.push(`${at}: parameter --${flag} required_check ${p.required_check} on a trimmed text or a list flag`);
  }
  return problems;
}
