// Types for surface-diff.mjs (used by test/catalog/sync.test.ts).
export interface FlagFacts {
  type: string; required: boolean; cli_required: boolean; property: string | null; hidden: boolean; alias_of: string | null;
  shorthand: string | null; inherited: boolean; enum: unknown[] | null; default: unknown; format: string | null;
}
export interface FactRecord {
  canonical_path: string; cli_path: string; primary_cli_path: string; aliases: string[]; command_aliases: string[];
  visibility: string; positionals: unknown; pagination: unknown; dry_run: string | null;
  effect: string; risk: string; confirmation: string; idempotency: string;
  mode: string; availability: string; ref: string | null;
  constraints: Partial<Record<'require_together' | 'require_one_of' | 'mutually_exclusive', string[][]>> | null;
  flags: Record<string, FlagFacts>;
}
export interface FieldChange { field: string; catalog: unknown; facts: unknown }
export interface CommandChange {
  canonical_path: string; cli_path: string;
  command: FieldChange[]; safety: FieldChange[]; interface: FieldChange[];
  constraints: { kind: string; change: 'added' | 'removed'; flags: string[] }[];
  flags: {
    added: ({ flag: string } & FlagFacts)[];
    removed: string[];
    renamed: { from: string; to: string; old_name: 'hidden' | 'removed'; changes: FieldChange[]; old_changes: FieldChange[] }[];
    changed: ({ flag: string } & FieldChange)[];
  };
}
export interface Brief { canonical_path: string; cli_path: string; effect: string; mode: string }
export interface SurfaceDiff {
  added: Brief[];
  removed: Brief[];
  renamed: ({ kind: 'cli_path'; canonical_path: string; from: string; to: string } | { kind: 'canonical_path'; cli_path: string; from: string; to: string })[];
  changed: CommandChange[];
  allowed: AllowedDifference[];
}
/** A difference the catalog may have: an alias beyond the facts, or what a command's review against its body explains. */
export type AllowedDifference =
  | { kind: 'extra_hidden_alias' | 'alias_target'; canonical_path: string; flag: string; alias_of: string }
  | { kind: 'reviewed_against_source' | 'stricter_confirmation' | 'reviewed_interface_ref' | 'reviewed_composite'; canonical_path: string; flag?: string; field: string; catalog: unknown; facts: unknown }
  | { kind: 'reviewed_constraint'; canonical_path: string; constraint: string; change: string; flags: string[] }
  | { kind: 'reviewed_cross_product_spelling'; canonical_path: string; flag: string };
export const FLAG_FIELDS: string[];
export function parameterFacts(p: Record<string, unknown>): Record<string, unknown>;
export function recordFromFacts(leaf: Record<string, any>): FactRecord;
export function recordFromCatalog(tool: Record<string, any>): FactRecord;
export function diffSurface(catalog: FactRecord[], facts: FactRecord[]): SurfaceDiff;
export function hasDifferences(d: SurfaceDiff): boolean;
export function factsRecords(surface: { leaves: Record<string, any>[] }): FactRecord[];
export function catalogRecords(files: { doc: { tools: Record<string, any>[] } }[]): FactRecord[];
export function formatReport(d: SurfaceDiff, source: string): string;
