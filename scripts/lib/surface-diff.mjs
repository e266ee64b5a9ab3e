// The comparison between the upstream surface facts (dws-surface.json) and the catalog (catalog/*.yaml): both are
// reduced to the same fact records (the field mapping of scripts/import-surface.mjs, which uses parameterFacts
// below), then diffed into added / removed / renamed commands and per-command flag, safety, interface and
// constraint changes. Hidden alias flags the catalog accepts beyond the facts, and the visible flag the catalog names
// for a flag the facts leave without one (alias_of), are listed as allowed, not failures.

const SAFETY = ['effect', 'risk', 'confirmation', 'idempotency'];
const INTERFACE = ['mode', 'availability', 'ref'];
const COMMAND = ['cli_path', 'primary_cli_path', 'aliases', 'command_aliases', 'visibility', 'positionals', 'pagination', 'dry_run'];
const CONSTRAINT_KINDS = ['require_together', 'require_one_of', 'mutually_exclusive'];
/** The fact fields of a flag, in the order the importer writes them. */
export const FLAG_FIELDS = ['type', 'required', 'cli_required', 'property', 'hidden', 'alias_of', 'shorthand', 'inherited', 'enum', 'default', 'format'];
/** The value a flag field has when the catalog leaves it out. */
const FLAG_DEFAULTS = { required: false, cli_required: false, property: null, hidden: false, inherited: false };

/** The catalog fields of one upstream flag (without our text), exactly as the importer writes them. */
export function parameterFacts(p) {
  const out = { type: p.type, required: p.required === true };
  if (p.cli_required) out.cli_required = true;
  out.property = p.property ?? null;
  if (p.hidden) out.hidden = true;
  if (p.alias_of) out.alias_of = p.alias_of;
  if (p.shorthand) out.shorthand = p.shorthand;
  if (p.inherited) out.inherited = true;
  if (p.enum) out.enum = p.enum;
  if (p.default !== undefined) out.default = p.default;
  if (p.format) out.format = p.format;
  return out;
}

/** A flag's facts with every field present (absent ones at their defaults), so two sides compare field by field. */
function fullFlag(p) {
  return Object.fromEntries(FLAG_FIELDS.map((k) => [k, p[k] !== undefined ? p[k] : (FLAG_DEFAULTS[k] ?? null)]));
}

function refName(ref) {
  return ref ? `${ref.product_id}/${ref.rpc_name}` : null;
}

/** One upstream leaf as a fact record. */
export function recordFromFacts(leaf) {
  return {
    canonical_path: leaf.canonical_path,
    cli_path: leaf.cli_path,
    primary_cli_path: leaf.primary_cli_path,
    aliases: [...leaf.aliases],
    command_aliases: [...(leaf.cobra_aliases ?? [])],
    visibility: leaf.hidden ? 'hidden' : 'visible',
    positionals: leaf.positionals ?? null,
    pagination: leaf.pagination ?? null,
    dry_run: leaf.dry_run?.preview_kind ?? null,
    effect: leaf.effect, risk: leaf.risk, confirmation: leaf.confirmation, idempotency: leaf.idempotency,
    mode: leaf.interface.mode, availability: leaf.interface.availability, ref: refName(leaf.interface.ref),
    constraints: leaf.constraints ?? null,
    flags: Object.fromEntries(leaf.parameters.map((p) => [p.name, fullFlag(parameterFacts(p))])),
  };
}

/** One catalog tool (raw YAML) as a fact record. */
export function recordFromCatalog(tool) {
  return {
    canonical_path: tool.canonical_path,
    cli_path: tool.cli_path,
    primary_cli_path: tool.primary_cli_path,
    aliases: [...(tool.aliases ?? [])],
    command_aliases: [...(tool.command_aliases ?? [])],
    visibility: tool.visibility ?? 'visible',
    positionals: tool.positionals ?? null,
    pagination: tool.pagination ?? null,
    dry_run: tool.dry_run ?? null,
    effect: tool.effect, risk: tool.risk, confirmation: tool.confirmation, idempotency: tool.idempotency,
    mode: tool.interface?.mode, availability: tool.interface?.availability, ref: refName(tool.interface?.ref),
    constraints: tool.constraints ?? null,
    flags: Object.fromEntries(Object.entries(tool.parameters ?? {}).map(([n, p]) => [n, fullFlag(p)])),
    reviewed: typeof tool.upstream === 'string',
  };
}

/**
 * Flag fields a command reviewed against its upstream body (`upstream:` in the catalog) may set differently from
 * the facts, which record the declared flags but not the checks and conversions the body makes: required flags,
 * accepted values, the flag a fallback spelling stands for, defaults, the flag's type (the facts' string and
 * json_parse types are not what the body reads), its format (a JSON flag whose body also reads `-` as standard input
 * checks the JSON itself), and the groups of flags the body checks together.
 */
const REVIEWED_FLAG_FIELDS = new Set(['required', 'enum', 'alias_of', 'default', 'type', 'format']);
const CONFIRMATION_ORDER = ['not_required', 'user_required'];
/** Upstream's root persistent flags a command body may read as a value of its own (the facts list no root flags). */
const ROOT_FLAGS_READ = new Set(['format']);
/** Every name of upstream's cross-product alias groups (crossProductAliases, cross_product_aliases.go:36-49@c7521c1c). */
const CROSS_PRODUCT_SPELLINGS = new Set(['node', 'file-id', 'node-id', 'doc-id', 'folder', 'parent-id', 'parent-folder', 'parent-node-id',
  'parent-folder-id', 'workspace', 'workspace-id', 'query', 'keyword', 'limit', 'page-size', 'cursor', 'page-token', 'next-token', 'desc',
  'description', 'user', 'user-id', 'uid', 'users', 'user-ids', 'user-list', 'user-id-list', 'file', 'file-path', 'content', 'markdown',
  'content-file', 'content-path']);

/** The changes of a reviewed command that its review explains, moved out of the entry into the allowed list. */
function reviewedChanges(a, entry) {
  if (!a.reviewed || !entry) return { entry, allowed: [] };
  const allowed = [];
  // a command whose upstream body writes more than the one RPC upstream declares (mail reply drafts, then sends) runs
  // as a composite plan: its flags feed the plan's steps, not one RPC's properties
  const composite = a.mode === 'composite';
  const keepFlag = (c) => {
    if (composite && c.field === 'property' && c.catalog === null) {
      allowed.push({ kind: 'reviewed_composite', canonical_path: entry.canonical_path, ...c });
      return false;
    }
    // a flag the facts take from the historical cobra baseline as the root's hidden global one (inherited), which
    // the body at the followed commit registers as the command's own visible flag (doc +export-get --output)
    if ((c.field === 'inherited' || c.field === 'hidden') && c.facts === true && c.catalog === false && a.flags?.[c.flag] && !a.flags[c.flag].inherited) {
      allowed.push({ kind: 'reviewed_local_flag', canonical_path: entry.canonical_path, ...c });
      return false;
    }
    if (!REVIEWED_FLAG_FIELDS.has(c.field)) return true;
    allowed.push({ kind: 'reviewed_against_source', canonical_path: entry.canonical_path, ...c });
    return false;
  };
  // a confirmation made stricter than upstream's (a send that cannot be undone): never one made looser
  const keepSafety = (c) => {
    if (c.field !== 'confirmation' || CONFIRMATION_ORDER.indexOf(c.catalog) <= CONFIRMATION_ORDER.indexOf(c.facts)) return true;
    allowed.push({ kind: 'stricter_confirmation', canonical_path: entry.canonical_path, ...c });
    return false;
  };
  // a check the body makes on several flags (one of these is required): a group the catalog has and the facts lack
  const keepConstraint = (c) => {
    allowed.push({ kind: 'reviewed_constraint', canonical_path: entry.canonical_path, constraint: c.kind, change: c.change, flags: c.flags });
    return false;
  };
  // the RPC the body actually calls, where upstream's declared metadata names another (sheet range update)
  const keepInterface = (c) => {
    if (c.field === 'mode' && c.catalog === 'composite' && c.facts === 'mcp') {
      allowed.push({ kind: 'reviewed_composite', canonical_path: entry.canonical_path, ...c });
      return false;
    }
    if (c.field !== 'ref') return true;
    allowed.push({ kind: 'reviewed_interface_ref', canonical_path: entry.canonical_path, ...c });
    return false;
  };
  // a positional upstream's shortcut framework writes into a flag of the same name (SinglePositionalAliasFor,
  // shortcut/adapter.go:103: `+chat-search 项目` is `--query 项目`), which the facts do not publish
  // and one optional positional a cobra body reads itself (`Args: cobra.MaximumNArgs(1)`, runChatGroupSearch
  // helpers/chat.go:1146-1155, :1182@c7521c1c: `chat search 项目`), whose facts carry no positionals either
  const keepCommand = (c) => {
    const one = c.field === 'positionals' && c.facts === null && Array.isArray(c.catalog)
      && c.catalog.length === 1 && c.catalog[0].index === 0 && !c.catalog[0].required;
    if (!one) return true;
    const asFlag = a.flags?.[c.catalog[0].name] !== undefined;
    allowed.push({ kind: asFlag ? 'reviewed_positional_alias' : 'reviewed_positional', canonical_path: entry.canonical_path, ...(asFlag ? { flag: c.catalog[0].name } : { positional: c.catalog[0].name }) });
    return false;
  };
  // a hidden spelling RegisterCrossProductAliases registers on the command and its body never reads
  // (internal/helpers/cross_product_aliases.go:36-49, :57-81@c7521c1c), which the facts do not publish (doc permission
  // remove --user-id, registered by doc.go:4641-4645): declared hidden, folded into nothing, sending nothing (h34-args)
  const keepRemoved = (name) => {
    const f = a.flags?.[name];
    // the root's persistent --format, which the facts leave out of every command and a reviewed body reads as its own
    // value (aitable export data's legacy export format, resolveAitableExportFormat helpers/aitable.go:41-53@c7521c1c):
    // declared hidden and sending nothing by itself
    if (f && f.hidden && !f.alias_of && f.property === null && ROOT_FLAGS_READ.has(name)) {
      allowed.push({ kind: 'reviewed_root_flag', canonical_path: entry.canonical_path, flag: name });
      return false;
    }
    if (!f || !f.hidden || f.alias_of || f.property !== null || !CROSS_PRODUCT_SPELLINGS.has(name)) return true;
    allowed.push({ kind: 'reviewed_cross_product_spelling', canonical_path: entry.canonical_path, flag: name });
    return false;
  };
  const flags = { ...entry.flags, changed: entry.flags.changed.filter(keepFlag), removed: entry.flags.removed.filter(keepRemoved) };
  const next = { ...entry, command: entry.command.filter(keepCommand), safety: entry.safety.filter(keepSafety), interface: entry.interface.filter(keepInterface), constraints: entry.constraints.filter(keepConstraint), flags };
  const empty = !next.command.length && !next.safety.length && !next.interface.length && !next.constraints.length
    && !flags.added.length && !flags.removed.length && !flags.renamed.length && !flags.changed.length;
  return { entry: empty ? null : next, allowed };
}

/** Key-order-independent JSON, for equality of plain data. */
function stable(v) {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => v[k] !== undefined).map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
const same = (a, b) => stable(a) === stable(b);
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function fieldChanges(a, b, fields) {
  return fields.filter((f) => !same(a[f], b[f])).map((field) => ({ field, catalog: a[field] ?? null, facts: b[field] ?? null }));
}

/** Constraint groups as sorted name lists per kind; added/removed groups per kind. */
function constraintChanges(a, b) {
  const groups = (c, kind) => new Map((c?.[kind] ?? []).map((g) => { const s = [...g].sort(byCodePoint); return [stable(s), s]; }));
  const out = [];
  for (const kind of CONSTRAINT_KINDS) {
    const ga = groups(a, kind);
    const gb = groups(b, kind);
    for (const [k, g] of gb) if (!ga.has(k)) out.push({ kind, change: 'added', flags: g });
    for (const [k, g] of ga) if (!gb.has(k)) out.push({ kind, change: 'removed', flags: g });
  }
  return out;
}

/**
 * Flag differences of one command. A rename is a visible catalog flag that the facts drop or hide while they add
 * a visible flag feeding the same RPC property (or one the dropped flag now names in alias_of, or one the catalog
 * already accepts as a hidden alias of it).
 */
function flagChanges(a, b) {
  const added = Object.keys(b).filter((n) => !(n in a)).sort(byCodePoint);
  const removed = Object.keys(a).filter((n) => !(n in b)).sort(byCodePoint);
  const renamed = [];
  const taken = new Set();
  for (const from of Object.keys(a).sort(byCodePoint)) {
    const old = a[from];
    const now = b[from];
    if (old.hidden || (now && !now.hidden)) continue;
    // The new name may be new to the catalog, or already accepted there as a hidden alias of the old one.
    const candidates = [...added, ...Object.keys(a).filter((n) => a[n].hidden && a[n].alias_of === from && b[n] && !b[n].hidden)];
    const to = candidates.find((n) => !taken.has(n) && !b[n].hidden
      && ((old.property !== null && b[n].property === old.property) || (now && now.alias_of === n) || a[n]?.alias_of === from));
    if (to === undefined) continue;
    taken.add(to);
    renamed.push({
      from, to, old_name: now ? 'hidden' : 'removed',
      changes: fieldChanges(old, b[to], FLAG_FIELDS.filter((f) => f !== 'hidden')),
      old_changes: now ? fieldChanges(old, now, FLAG_FIELDS) : [],
    });
  }
  const renamedFrom = new Set(renamed.flatMap((r) => [r.from, r.to]));
  const changed = [];
  const aliasTargets = [];
  for (const n of Object.keys(a).sort(byCodePoint)) {
    if (!(n in b) || renamedFrom.has(n)) continue;
    // A flag the facts leave without a target, which the catalog maps to the visible flag it stands for
    // (established from the upstream source, e.g. a fallback chain of flag names): allowed, listed apart.
    const target = a[n].alias_of;
    const namesTarget = a[n].hidden === b[n].hidden && b[n].alias_of === null && target !== null && target in a && !a[target].hidden;
    if (namesTarget) aliasTargets.push({ flag: n, alias_of: target });
    for (const c of fieldChanges(a[n], b[n], FLAG_FIELDS)) if (!(namesTarget && c.field === 'alias_of')) changed.push({ flag: n, ...c });
  }
  // Hidden aliases the catalog accepts beyond the facts (of a flag the command has): allowed, listed apart.
  const extraAliases = removed.filter((n) => a[n].hidden && a[n].alias_of && a[n].alias_of in a);
  return {
    added: added.filter((n) => !taken.has(n)).map((n) => ({ flag: n, ...b[n] })),
    removed: removed.filter((n) => !extraAliases.includes(n) && !renamed.some((r) => r.from === n)),
    renamed,
    changed,
    extraAliases: extraAliases.map((n) => ({ flag: n, alias_of: a[n].alias_of })),
    aliasTargets,
  };
}

function commandChanges(a, b) {
  const flags = flagChanges(a.flags, b.flags);
  const entry = {
    canonical_path: b.canonical_path,
    cli_path: b.cli_path,
    command: fieldChanges(a, b, COMMAND),
    safety: fieldChanges(a, b, SAFETY),
    interface: fieldChanges(a, b, INTERFACE),
    constraints: constraintChanges(a.constraints, b.constraints),
    flags: { added: flags.added, removed: flags.removed, renamed: flags.renamed, changed: flags.changed },
  };
  const empty = !entry.command.length && !entry.safety.length && !entry.interface.length && !entry.constraints.length
    && !flags.added.length && !flags.removed.length && !flags.renamed.length && !flags.changed.length;
  return { entry: empty ? null : entry, extraAliases: flags.extraAliases, aliasTargets: flags.aliasTargets };
}

const brief = (r) => ({ canonical_path: r.canonical_path, cli_path: r.cli_path, effect: r.effect, mode: r.mode });

/**
 * Differences from the catalog's records to the facts' records (both lists of fact records). Commands pair by
 * canonical path, then the unpaired ones by CLI path (a new canonical for the same command: a rename).
 */
export function diffSurface(catalog, facts) {
  const ca = new Map(catalog.map((r) => [r.canonical_path, r]));
  const fb = new Map(facts.map((r) => [r.canonical_path, r]));
  const pairs = [];
  const renamed = [];
  for (const [k, r] of fb) {
    if (!ca.has(k)) continue;
    pairs.push([ca.get(k), r]);
    if (ca.get(k).cli_path !== r.cli_path) renamed.push({ kind: 'cli_path', canonical_path: k, from: ca.get(k).cli_path, to: r.cli_path });
  }
  const onlyFacts = [...fb.values()].filter((r) => !ca.has(r.canonical_path));
  const onlyCatalog = [...ca.values()].filter((r) => !fb.has(r.canonical_path));
  const catalogByCli = new Map(onlyCatalog.map((r) => [r.cli_path, r]));
  const added = [];
  const paired = new Set();
  for (const r of onlyFacts) {
    const old = catalogByCli.get(r.cli_path);
    if (old && !paired.has(old.canonical_path)) {
      paired.add(old.canonical_path);
      pairs.push([old, r]);
      renamed.push({ kind: 'canonical_path', cli_path: r.cli_path, from: old.canonical_path, to: r.canonical_path });
    } else {
      added.push(brief(r));
    }
  }
  const removed = onlyCatalog.filter((r) => !paired.has(r.canonical_path)).map(brief);
  const changed = [];
  const allowed = [];
  for (const [a, b] of pairs) {
    const changes = commandChanges({ ...a, cli_path: b.cli_path }, b);
    const { entry, allowed: reviewed } = reviewedChanges(a, changes.entry);
    const { extraAliases, aliasTargets } = changes;
    if (entry) changed.push(entry);
    allowed.push(...reviewed);
    for (const x of extraAliases) allowed.push({ kind: 'extra_hidden_alias', canonical_path: b.canonical_path, ...x });
    for (const x of aliasTargets) allowed.push({ kind: 'alias_target', canonical_path: b.canonical_path, ...x });
  }
  const order = (x, y) => byCodePoint(x.canonical_path ?? x.to, y.canonical_path ?? y.to);
  return { added: added.sort(order), removed: removed.sort(order), renamed: renamed.sort(order), changed: changed.sort(order), allowed: allowed.sort(order) };
}

/** True when the diff has a difference that is not allowed. */
export function hasDifferences(d) {
  return d.added.length + d.removed.length + d.renamed.length + d.changed.length > 0;
}

/** Fact records of a parsed dws-surface.json, and of the catalog files (as scripts/lib/catalog-lint.mjs loads them). */
export function factsRecords(surface) {
  return surface.leaves.map(recordFromFacts);
}
/**
 * The facts list upstream's leaves; a runnable group's own body (`group_body`, a Cobra group with a RunE of its own)
 * is none, so it is left out here and reviewed against its source (`upstream:`) like any reviewed command.
 */
export function catalogRecords(files) {
  return files.flatMap((f) => f.doc.tools.filter((t) => t.group_body !== true).map(recordFromCatalog));
}

const show = (v) => (v === null || v === undefined ? '-' : typeof v === 'string' ? v : JSON.stringify(v));
const flagShow = (f) => [f.type, f.hidden ? 'hidden' : 'visible', f.required ? 'required' : null, f.cli_required ? 'cli_required' : null,
  f.property ? `property ${f.property}` : null].filter(Boolean).join(', ');

/** The diff as a task list for a person. */
export function formatReport(d, source) {
  const lines = [`upstream facts: ${source}`];
  const count = `${d.added.length} added, ${d.removed.length} removed, ${d.renamed.length} renamed, ${d.changed.length} changed`;
  if (!hasDifferences(d)) lines.push(`the catalog follows these facts (${count})`);
  else lines.push(`the catalog differs from these facts: ${count}`);
  if (d.added.length) {
    lines.push('', `## Add ${d.added.length} commands (with our own bilingual text)`);
    for (const r of d.added) lines.push(`- [ ] ${r.canonical_path}  \`dws ${r.cli_path}\`  (${r.effect}, ${r.mode})`);
  }
  if (d.removed.length) {
    lines.push('', `## Remove ${d.removed.length} commands`);
    for (const r of d.removed) lines.push(`- [ ] ${r.canonical_path}  \`dws ${r.cli_path}\``);
  }
  if (d.renamed.length) {
    lines.push('', `## Rename ${d.renamed.length} commands`);
    for (const r of d.renamed) {
      lines.push(r.kind === 'canonical_path' ? `- [ ] \`dws ${r.cli_path}\`: canonical ${r.from} -> ${r.to}`
        : `- [ ] ${r.canonical_path}: CLI path \`dws ${r.from}\` -> \`dws ${r.to}\``);
    }
  }
  if (d.changed.length) {
    lines.push('', `## Update ${d.changed.length} commands`);
    for (const c of d.changed) {
      lines.push(`- [ ] ${c.canonical_path}  \`dws ${c.cli_path}\``);
      for (const x of [...c.command, ...c.safety, ...c.interface]) lines.push(`  - ${x.field}: ${show(x.catalog)} -> ${show(x.facts)}`);
      for (const r of c.flags.renamed) {
        const rest = r.changes.map((x) => `${x.field} ${show(x.catalog)} -> ${show(x.facts)}`).join('; ');
        lines.push(`  - flag --${r.from} renamed --${r.to}${r.old_name === 'hidden' ? ` (--${r.from} stays a hidden alias)` : ''}${rest ? `; ${rest}` : ''}`);
      }
      for (const f of c.flags.added) lines.push(`  - flag --${f.flag} added (${flagShow(f)})`);
      for (const n of c.flags.removed) lines.push(`  - flag --${n} removed`);
      for (const x of c.flags.changed) lines.push(`  - flag --${x.flag} ${x.field}: ${show(x.catalog)} -> ${show(x.facts)}`);
      for (const x of c.constraints) lines.push(`  - constraint ${x.kind} ${x.change}: ${x.flags.map((n) => `--${n}`).join(' ')}`);
    }
  }
  const extra = d.allowed.filter((x) => x.kind === 'extra_hidden_alias');
  const targets = d.allowed.filter((x) => x.kind === 'alias_target');
  if (extra.length) {
    lines.push('', `## Allowed: the catalog accepts ${extra.length} extra hidden aliases`);
    for (const x of extra) lines.push(`- ${x.canonical_path}: --${x.flag} (alias of --${x.alias_of})`);
  }
  if (targets.length) {
    lines.push('', `## Allowed: the catalog names the flag that ${targets.length} flags stand for where the facts name none`);
    for (const x of targets) lines.push(`- ${x.canonical_path}: --${x.flag} (alias of --${x.alias_of})`);
  }
  return `${lines.join('\n')}\n`;
}
