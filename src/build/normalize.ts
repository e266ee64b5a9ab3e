// Declarations (catalog/<product>.yaml, already schema-valid) -> the normalized Catalog. Tools are ordered by
// canonical path (code point order): that order is also the document numbering of the search index, so the
// (score desc, canonical asc) tie-break is "lower doc id first".
import type { Catalog, Declaration, DeclaredParameter, DeclaredTool, HiddenParameterSpec, ParameterSpec, ProductSpec, ToolSpec } from '../catalog/types.js';
import { byCodePoint } from '../text/order.js';
import { checkedBlank, isShortcut } from '../catalog/validate.js';

export const CATALOG_VERSION = 'dws-catalog.v1';

function normalizeParameter(p: DeclaredParameter): ParameterSpec {
  const out: ParameterSpec = {
    type: p.type,
    description: p.description ?? '',
    description_en: p.description_en ?? '',
    required: p.required,
    property: p.property,
  };
  if (p.cli_required) out.cli_required = true;
  if (p.own_spelling_required) out.own_spelling_required = true;
  if (p.spellings_trimmed) out.spellings_trimmed = true;
  if (p.all_blank) out.all_blank = { required: [...p.all_blank.required], read: [...p.all_blank.read] };
  if (p.primary_typed_wins) out.primary_typed_wins = true;
  if (p.read_order) out.read_order = [...p.read_order];
  if (p.read_skips !== undefined) out.read_skips = p.read_skips;
  if (p.spellings_conflict_trimmed) out.spellings_conflict_trimmed = true;
  if (p.alias_blank_given) out.alias_blank_given = true;
  if (p.positional_yields) out.positional_yields = true;
  if (p.required_when !== undefined) out.required_when = p.required_when;
  if (p.enum) out.enum = [...p.enum];
  if (p.enum_fold !== undefined) out.enum_fold = p.enum_fold;
  if (p.enum_blank !== undefined) out.enum_blank = p.enum_blank;
  if (p.default !== undefined) out.default = p.default;
  if (p.format !== undefined) out.format = p.format;
  if (p.example !== undefined) out.example = p.example;
  if (p.shorthand !== undefined) out.shorthand = p.shorthand;
  if (p.alias_of !== undefined) out.alias_of = p.alias_of;
  if (p.required_check !== undefined) out.required_check = p.required_check;
  if (p.inherent !== undefined) out.inherent = { reason: p.inherent.reason, reason_en: p.inherent.reason_en };
  return out;
}

/**
 * Whether a command trims its text flags: what it declares, else whether it is a `+shortcut` (upstream registers every
 * one with the shortcut framework, whose `rt.Str` returns the trimmed value and whose required check refuses a blank).
 */
export function trimsStrings(t: Pick<DeclaredTool, 'cli_path' | 'trim_strings'>): boolean {
  return t.trim_strings ?? isShortcut(t.cli_path);
}

/** The middle words of a CLI path ("chat message send" -> "message"); none for shortcuts and two-word paths. */
export function groupOf(cliPath: string): string | undefined {
  const words = cliPath.split(' ');
  if (words.length < 3 || words[1].startsWith('+')) return undefined;
  return words.slice(1, -1).join(' ');
}

export function normalizeTool(productId: string, t: DeclaredTool): ToolSpec {
  const parameters: Record<string, ParameterSpec> = {};
  const hidden: Record<string, HiddenParameterSpec> = {};
  for (const flag of Object.keys(t.parameters).sort(byCodePoint)) {
    const p = t.parameters[flag];
    if (p.hidden) {
      hidden[flag] = { type: p.type, property: p.property, ...(p.alias_of ? { alias_of: p.alias_of } : {}) };
    } else {
      parameters[flag] = normalizeParameter(p);
    }
  }
  const spec: ToolSpec = {
    product_id: productId,
    name: t.name,
    canonical_path: t.canonical_path,
    cli_path: t.cli_path,
    primary_cli_path: t.primary_cli_path,
    aliases: [...t.aliases].sort(byCodePoint),
    visibility: t.visibility,
    title: t.title,
    title_en: t.title_en,
    agent_summary: t.agent_summary,
    agent_summary_en: t.agent_summary_en,
    description: t.description,
    description_en: t.description_en,
    use_when: [...t.use_when],
    use_when_en: [...t.use_when_en],
    avoid_when: [...t.avoid_when],
    avoid_when_en: [...t.avoid_when_en],
    keywords: [...t.keywords],
    keywords_en: [...t.keywords_en],
    examples: [...t.examples],
    effect: t.effect,
    risk: t.risk,
    confirmation: t.confirmation,
    idempotency: t.idempotency,
    interface_mode: t.interface.mode,
    availability: t.interface.availability,
    parameters,
    constraints: {
      require_together: t.constraints?.require_together ?? [],
      require_one_of: t.constraints?.require_one_of ?? [],
      mutually_exclusive: t.constraints?.mutually_exclusive ?? [],
      ...(t.constraints?.plan_refuses ? { plan_refuses: t.constraints.plan_refuses } : {}),
      ...(t.constraints?.count_blank ? { count_blank: t.constraints.count_blank } : {}),
    },
  };
  const group = t.group ?? groupOf(t.cli_path);
  if (group !== undefined) spec.group = group;
  if (t.interface.reason !== undefined) spec.interface_reason = t.interface.reason;
  if (t.interface.ref) spec.interface_ref = { product_id: t.interface.ref.product_id, rpc_name: t.interface.ref.rpc_name };
  if (Object.keys(hidden).length) spec.hidden_parameters = hidden;
  if (t.command_aliases?.length) spec.command_aliases = [...t.command_aliases];
  if (t.wraps !== undefined) spec.wraps = t.wraps;
  if (t.positionals) spec.positionals = t.positionals.map((p) => ({ name: p.name, index: p.index, required: p.required, ...(p.variadic ? { variadic: true } : {}) }));
  if (t.pagination) spec.pagination = { kind: t.pagination.kind, cursor_parameter: t.pagination.cursor_parameter };
  if (t.dry_run) spec.dry_run = t.dry_run;
  if (t.upstream !== undefined) spec.upstream = t.upstream;
  if (t.group_body === true) spec.group_body = true;
  if (trimsStrings(t)) spec.trim_strings = true;
  const check = t.required_check ?? (trimsStrings(t) ? 'trim' : undefined);
  if (check !== undefined && Object.values(parameters).some((p) => checkedBlank(p))) spec.required_check = check;
  return spec;
}

export function normalizeCatalog(declarations: Declaration[]): Catalog {
  const tools: ToolSpec[] = [];
  const products: ProductSpec[] = [];
  for (const d of [...declarations].sort((a, b) => byCodePoint(a.product.id, b.product.id))) {
    products.push({
      id: d.product.id,
      title: d.product.title,
      title_en: d.product.title_en,
      summary: d.product.summary,
      summary_en: d.product.summary_en,
      tool_count: d.tools.length,
    });
    for (const t of d.tools) tools.push(normalizeTool(d.product.id, t));
  }
  tools.sort((a, b) => byCodePoint(a.canonical_path, b.canonical_path));
  return { version: CATALOG_VERSION, products, tools };
}
