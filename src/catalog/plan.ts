// The plan language (docs/PLANS.md): the normalized shape a plan has inside a ToolSpec (field `plan`), shared by
// the build-time validation (src/plan/validate.ts) and the executor (src/dispatch/execute.ts).

/** A parametrized transform is a one-key object; the others are names. */
export type Transform = string | { format: string } | { default: unknown } | { map: Record<string, unknown> } | { multiply: number } | { add: number } | { get: string } | { split: string } | { only_starting: string } | { except_starting: string };

export interface SourceModifiers {
  transform?: Transform[];
  default?: unknown;
  when?: Condition;
  optional?: boolean;
}

/** Exactly one kind key per source (flag, const, positional, from, item, object, list, concat, first). */
export type Source = SourceModifiers & (
  | { flag: string }
  | { const: unknown }
  | { positional: number }
  | { from: string; path?: string }
  | { item: true; path?: string }
  | { object: Record<string, Source> }
  | { list: Source[] }
  | { concat: Source[] }
  | { first: Source[] }
  | { pick: Source; field: string; in: Source }
  | { each: Source; to: Source }
);

export type Condition =
  | { flag: string }
  | { given: string }
  | { equals: [Source, unknown] }
  | { in: [Source, unknown[]] }
  | { from: string; path?: string }
  | { not: Condition }
  | { all: Condition[] }
  | { any: Condition[] };

export interface PageSpec {
  /** Cursor paging: the argument carrying the cursor and the path of the next one in a page's result. */
  cursor_arg: string;
  next: string;
  /** Page-number paging instead: the argument numbered start, start+1, ... (as text when number_text). */
  number_arg?: string;
  number_start?: number;
  number_text?: boolean;
  /** Stop after a page with fewer items than this (page-number paging's end). */
  page_size?: number;
  items: string;
  more?: string;
  /** How many pages this run wants (e.g. 1 unless --page-all); clamped to 1..max_pages. Default: max_pages. */
  pages?: Source;
  max_pages: number;
}

export interface ResolveSpec {
  /** Paths to the candidate list; the first present one is used. */
  items: string[];
  value: string;
  label: string[];
  /** Candidates whose field equals the value exactly; when none does and contains_when holds, those containing it. */
  match?: { field: string; equals: Source; contains_when?: Condition };
}

export interface UploadSpec {
  file: Source;
  url: Source;
  headers?: Source;
  max_bytes: number;
}

export interface DownloadSpec {
  url: Source;
  file: Source;
  max_bytes: number;
}

export interface PlanStep {
  id: string;
  server?: string;
  rpc?: string;
  effect: 'read' | 'write';
  when?: Condition;
  args?: Record<string, Source>;
  for_each?: Source;
  max_items?: number;
  page?: PageSpec;
  resolve?: ResolveSpec;
  upload?: UploadSpec;
  download?: DownloadSpec;
}

export interface PlanSpec {
  facts: string;
  steps: PlanStep[];
  output?: Source;
}

export const SOURCE_KINDS = ['flag', 'const', 'positional', 'from', 'item', 'object', 'list', 'concat', 'first', 'pick', 'each'] as const;
export const CONDITION_KINDS = ['flag', 'given', 'equals', 'in', 'from', 'not', 'all', 'any'] as const;

export const DEFAULT_MAX_ITEMS = 100;
export const MAX_ITEMS_LIMIT = 1000;
export const MAX_PAGES_LIMIT = 1000;
export const DEFAULT_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const DEFAULT_DOWNLOAD_BYTES = 200 * 1024 * 1024;
export const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export function sourceKind(s: Source): (typeof SOURCE_KINDS)[number] {
  return SOURCE_KINDS.find((k) => Object.hasOwn(s, k))!;
}

/** What compact Inspect shows of how a command executes (SPEC 5 key `execution`). */
export interface ExecutionSummary {
  steps?: number;
  local?: true;
  max_pages?: number;
  for_each?: true;
  resolve?: true;
  upload?: true;
  download?: true;
}

export function planSummary(p: PlanSpec): ExecutionSummary {
  const out: ExecutionSummary = { steps: p.steps.length };
  const pages = p.steps.filter((s) => s.page).map((s) => s.page!.max_pages);
  if (pages.length) out.max_pages = Math.max(...pages);
  if (p.steps.some((s) => s.for_each)) out.for_each = true;
  if (p.steps.some((s) => s.resolve)) out.resolve = true;
  if (p.steps.some((s) => s.upload)) out.upload = true;
  if (p.steps.some((s) => s.download)) out.download = true;
  return out;
}
