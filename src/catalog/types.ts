// The normalized catalog: ToolSpec (wire field names, SPEC 3.2) and product entries. Search, Inspect, browse,
// `--all`, dispatch and help are all views over these objects; nothing builds a second catalog. A command's
// execution plan (`plan`) is part of its ToolSpec; its type belongs to the plan language (src/plan/spec.ts adds it).

export type Effect = 'read' | 'write' | 'destructive';
export type Risk = 'low' | 'medium' | 'high';
export type Confirmation = 'not_required' | 'user_required';
export type Idempotency = 'idempotent' | 'non_idempotent' | 'unknown';
export type InterfaceMode = 'mcp' | 'local' | 'composite';
export type Availability = 'available' | 'unavailable';

/** How a spellings_trimmed flag is read when every typed spelling trims to nothing (ParameterSpec.all_blank). */
export interface AllBlankReading {
  /** one of these spellings typed non-empty (untrimmed) passes the required checks */
  required: string[];
  /** the first of these spellings typed non-empty is the flag's value; none: "" */
  read: string[];
}

/** Values a flag's read_order passes over besides blanks (ParameterSpec.read_skips). */
export type ReadSkips = 'zero' | 'not_positive' | 'nothing' | 'empty';

/**
 * How dispatch reads a flag's spellings and its required check (issue 32), shared by the normalized parameter and its
 * declaration in catalog/<product>.yaml, which carries these fields unchanged.
 */
export interface FlagReadRules {
  cli_required?: boolean;
  /**
   * cobra's MarkFlagRequired with no PreRunE copying a hidden spelling into the flag: it must be typed under its own
   * name (a typed blank counts, and then yields to a filled spelling); a hidden spelling alone is refused.
   */
  own_spelling_required?: boolean;
  /**
   * chat's migrated id flag (installChatFlagAliases, helpers/chat.go:419-466@c7521c1c): its spellings are compared as
   * chatFlagOrAlias reads them, each trimmed as Go's TrimSpace: a spelling that trims to nothing yields to a filled one
   * (and, typed alone as a hidden spelling, counts as not given: the PreRunE sets nothing, so cobra's required check
   * fails), and two spellings equal once trimmed agree. The flag typed alone keeps its value as typed.
   */
  spellings_trimmed?: boolean;
  /**
   * Beside spellings_trimmed: how the command's body reads the flag when it was typed under its own name and every
   * typed spelling trims to nothing (installChatFlagAliases' PreRunE then sets nothing, helpers/chat.go:449-466@c7521c1c,
   * and the body reads the spellings as typed): `required` the spellings one of which typed non-empty passes the body's
   * untrimmed checks (validateRequiredFlagWithAliases / requireChatFlagOrAlias), `read` the body's flagOrFallback chain,
   * whose first non-empty value is the flag's value ("" when none is). Without it: validateRequiredFlags(flag) and a
   * chain led by the flag, so the flag's own typed value (its required_check refuses `""`). src/contract/schema.ts.
   */
  all_blank?: AllBlankReading;
  /**
   * A typed flag is read and its other spellings are not (upstream's `if rt.Changed(primary) { return
   * rt.StrSlice(primary) }`, wikiStringSliceFirst internal/shortcut/wiki/common.go:200-211@c7521c1c): a typed blank is
   * not filled from an alias, and an alias beside it is ignored.
   */
  primary_typed_wins?: boolean;
  /**
   * The order in which upstream reads this flag's spellings (the flag itself and its aliases, by name): its
   * flagOrFallback / mustFlagOrFallback / corecmd alias chain, whose first non-blank value is sent. Two spellings typed
   * with different values give the one listed first; without it (or for a spelling it does not list) they are refused.
   */
  read_order?: string[];
  /**
   * Which typed values the read_order passes over as not given, besides a blank text or empty list: `zero` an int 0
   * (intFlagOrFallback), `not_positive` an int of 0 or less (`GetInt(a) > 0 else GetInt(b) > 0`), `nothing` none (the
   * first spelling typed in the order is read even blank: cobra `Changed` chains), `empty` only an empty text or list (a
   * whitespace text is read: corecmd's rawValue without Trim, the shortcut ValidateRequired chain). src/contract/aliases.ts
   * readSkipped.
   */
  read_skips?: ReadSkips;
  /**
   * Beside a read_order: two spellings whose values, each trimmed as Go's TrimSpace, are non-blank and differ are
   * refused, as chat's chatFlagOrAlias refuses them before the body reads the flag with flagOrFallback (the value sent
   * is still the read_order's, as typed): `chat message add-emoji --message-id a --msg-id b`
   * (chatMessageID, helpers/chat.go:198-215, :236-238, :5757@c7521c1c).
   */
  spellings_conflict_trimmed?: boolean;
  /**
   * An alias typed blank alone still gives the flag, as `""` (upstream's contactAnyFlagChanged over every spelling
   * before it reads them, helpers/contact.go:73-80, :205-211@c7521c1c): `{given: name}` is true and `{flag: name}`
   * absent, so the plan's blank check refuses it as it refuses the flag typed blank.
   */
  alias_blank_given?: boolean;
  /**
   * A positional folded into this flag is read only when every typed spelling of the flag is empty (`""`): upstream's
   * `if len(args) > 0 && flagOrFallback(cmd, "query", "keyword") == "" { cmd.Flags().Set("query", args[0]) }`
   * (helpers/devdoc.go:141@c7521c1c), so a filled spelling is sent and the positional is dropped, where without it the
   * two are refused as conflicting. src/contract/schema.ts foldInput.
   */
  positional_yields?: boolean;
  required_when?: string;
}

export interface ParameterSpec extends FlagReadRules {
  type: string;
  description: string;
  description_en: string;
  required: boolean;
  property: string | null;
  enum?: string[];
  /** How a typed value is matched against `enum` before validation (EnumRules in src/contract/enum-input.ts). */
  enum_fold?: EnumFold;
  /** What a typed blank of an enum flag means (EnumRules in src/contract/enum-input.ts). */
  enum_blank?: EnumBlank;
  default?: unknown;
  format?: string;
  example?: string;
  shorthand?: string;
  /** This required text flag's own check, where it differs from the command's (ToolSpec.required_check). */
  required_check?: RequiredCheck;
  /** A visible alternative spelling of another flag (--page-token for --cursor): its value folds into that flag. */
  alias_of?: string;
  /**
   * A bool flag that asks for what dws always does (drive download --no-resume: dws never resumes), so no plan reads
   * it: the reason says why, in Chinese and English; Inspect shows it and the flags test accepts the flag as honoured.
   */
  inherent?: { reason: string; reason_en: string };
}

/**
 * How a required text flag typed blank is checked (issue 32): `trim` refuses a value that is empty after trimming (upstream's
 * corecmd ValidateRequired and shortcut framework, and bodies that trim before comparing with ""); `empty` refuses only
 * the empty text `""` and sends a blank one on to the plan (cmdutil ValidateRequiredFlags / MustFlagOrFallback, which
 * compare the raw value with ""); `given` refuses only a flag not typed at all and hands `""` and a blank on to the plan
 * (cobra MarkFlagRequired or a body's `cmd.Flags().Changed` with no value check after it).
 */
export type RequiredCheck = 'trim' | 'empty' | 'given';

/** `trim`: surrounding whitespace removed; `case`: also matched ignoring case and sent in the enum's spelling. */
export type EnumFold = 'trim' | 'case';
/** `unset`: a typed blank counts as not given (the default applies); `keep`: it passes the enum check as `""`. */
export type EnumBlank = 'unset' | 'keep';

/** A compatibility flag: accepted at dispatch, never documented. */
export interface HiddenParameterSpec {
  type: string;
  property: string | null;
  alias_of?: string;
}

export interface Constraints {
  require_together: string[][];
  require_one_of: string[][];
  mutually_exclusive: string[][];
  /**
   * Which of the require_one_of / mutually_exclusive groups (each named as declared there, compared as a set) the
   * command's plan refuses itself, in a refuse step before any call whose message names the group's flags (upstream's
   * hand check, with its own condition and wording): Inspect and help show the group, the contract validator leaves it
   * to that step (src/contract/schema.ts schemaOf). Absent when none.
   */
  plan_refuses?: { require_one_of?: string[][]; mutually_exclusive?: string[][] };
  /**
   * The mutually_exclusive groups (named as declared there) in which a flag typed blank (`--x ""`, a list of blanks)
   * still counts as given: upstream checks them with cobra's MarkFlagsMutuallyExclusive, which counts a flag typed at
   * all. In every other group a blank is not given, as upstream's typed constraints read it (corecmd.go:1103-1130
   * constraintProvided, shortcut/validate.go:31 setFlags@c7521c1c). Absent when none.
   */
  count_blank?: { mutually_exclusive?: string[][] };
}

export interface ToolSpec {
  product_id: string;
  name: string;
  canonical_path: string;
  cli_path: string;
  primary_cli_path: string;
  aliases: string[];
  group?: string;
  visibility: 'visible' | 'hidden';
  title: string;
  title_en: string;
  agent_summary: string;
  agent_summary_en: string;
  description: string;
  description_en: string;
  use_when: string[];
  use_when_en: string[];
  avoid_when: string[];
  avoid_when_en: string[];
  keywords: string[];
  keywords_en: string[];
  examples: string[];
  effect: Effect;
  risk: Risk;
  confirmation: Confirmation;
  idempotency: Idempotency;
  interface_mode: InterfaceMode;
  availability: Availability;
  interface_reason?: string;
  interface_ref?: { product_id: string; rpc_name: string };
  parameters: Record<string, ParameterSpec>;
  hidden_parameters?: Record<string, HiddenParameterSpec>;
  constraints: Constraints;
  command_aliases?: string[];
  /** A shortcut that is a thin wrapper of one atomic command names it: the two are twins (same capability). */
  wraps?: string;
  positionals?: { name: string; index: number; required: boolean; variadic?: boolean }[];
  pagination?: { kind: string; cursor_parameter: string };
  dry_run?: string;
  /** Where upstream builds this command's call, as reviewed: `path:line@c7521c1c` (issue 32). */
  upstream?: string;
  /**
   * Every text flag's value is trimmed before validation and the plan, so a blank one counts as not given (upstream's
   * shortcut framework reads strings through `rt.Str`, and corecmd leaves declare `Trim`). Declared `trim_strings`
   * in the catalog; a `+shortcut` command trims unless it declares `trim_strings: false` (src/build/normalize.ts).
   */
  trim_strings?: boolean;
  /**
   * The check of its required text flags given a blank value (RequiredCheck): declared `required_check` on every command
   * with a required text flag; a command with trim_strings is `trim` (its values are trimmed before the check). A
   * parameter may declare its own (ParameterSpec.required_check). Validated at build (src/catalog/validate.ts).
   */
  required_check?: RequiredCheck;
  /**
   * The own body of one of upstream's runnable groups (a Cobra command with subcommands and a RunE of its own): its
   * cli_path is the group's, with other commands under it. Typed with arguments and no --help the group's words run
   * it; typed bare or with --help they name the group (src/dispatch/resolve.ts). Declared `group_body: true`.
   */
  group_body?: boolean;
}

export interface ProductSpec {
  id: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  tool_count: number;
}

export interface Catalog {
  version: string;
  products: ProductSpec[];
  tools: ToolSpec[];
}

// The declarations as written in catalog/<product>.yaml (schema-valid), before normalization (src/build/normalize.ts).
export interface DeclaredParameter extends FlagReadRules {
  type: string;
  required: boolean;
  property: string | null;
  description?: string;
  description_en?: string;
  example?: string;
  hidden?: boolean;
  alias_of?: string;
  inherent?: { reason: string; reason_en: string };
  shorthand?: string;
  inherited?: boolean;
  enum?: string[];
  enum_fold?: EnumFold;
  enum_blank?: EnumBlank;
  default?: unknown;
  format?: string;
  required_check?: RequiredCheck;
}

export interface DeclaredTool extends Omit<ToolSpec, 'product_id' | 'parameters' | 'hidden_parameters' | 'constraints' |
  'interface_mode' | 'availability' | 'interface_reason' | 'interface_ref'> {
  interface: { mode: ToolSpec['interface_mode']; availability: ToolSpec['availability']; reason?: string;
    ref?: { product_id: string; rpc_name: string } };
  parameters: Record<string, DeclaredParameter>;
  constraints?: Partial<Constraints>;
}

export interface Declaration {
  product: Omit<ProductSpec, 'tool_count'>;
  tools: DeclaredTool[];
}
