// Finalize (SPEC 4.3 step 6, 4.4): ToolReferences in their fixed key order, the hints, and the 8 KiB budget that
// drops whole references from the end. Rendering never reorders or rescores.
import type { SnapshotMeta, ToolText } from '../snapshot/decode.js';
import type { Hit, ScoreBreakdown } from './hits.js';
import { LIMITS, utf8Length } from './request.js';

export interface ToolReference {
  canonical_path: string;
  primary_cli_path: string;
  product_id: string;
  title: string;
  agent_summary: string;
  effect: string;
  risk: string;
  confirmation: string;
  idempotency: string;
  /** Backend steps of its execution (1 atomic, n a plan, 0 local); absent when the command cannot run. */
  calls?: number;
  rank: number;
  matched_fields: string[];
  rank_sources: string[];
  /**
   * The same job's other entry points (src/build/twins.ts): a `+shortcut` and the atomic command it wraps, and
   * commands that send the same calls for the same input.
   */
  twins?: string[];
  /** Decomposed responses: the subqueries (0-based) this reference answers. */
  steps?: number[];
  truncated_fields?: string[];
  requires_inspect: true;
  score_breakdown?: ScoreBreakdown;
}

export const HINTS = {
  abstained: 'No command matches. Check the product once with `dws schema <product> --compact`; if it is not there, report the capability as unsupported instead of guessing a command.',
  weak: 'Candidates matched only weak fields (description, parameters or use cases). Inspect before use; if none fits, report the capability as unsupported.',
  gap: 'The candidates are only near matches: report the capability as unsupported unless one clearly does what was asked.',
  exactFiltered: 'The exact command you named is excluded by the request filters; change the filters or ask the user. Do not substitute a sibling command.',
  exactUnavailable: 'The exact command you named exists but is unavailable (its reason: `dws schema <canonical_path> --compact`); report it as unavailable. Do not retry it or substitute a sibling command.',
  limitZero: 'limit 0 asks for no candidates; ask with a limit from 1 to 20 for commands.',
} as const;

const SUMMARY_LIMIT = 256;
/** The fixed keys of a reference after its head (References.write). */
const RANK_KEY = ',"rank":';
const FIELDS_KEY = ',"matched_fields":';
const SOURCES_KEY = ',"rank_sources":';
const REFERENCE_END = ',"requires_inspect":true}';

/** JSON of a string array; the arrays hits share (matched-field sets, rank sources) are serialized once. */
const arrayJson = new WeakMap<readonly string[], string>();
function jsonOf(list: readonly string[]): string {
  let json = arrayJson.get(list);
  if (json === undefined) {
    json = JSON.stringify(list);
    arrayJson.set(list, json);
  }
  return json;
}

function cut(text: string, field: string, truncated: string[]): string {
  if (text.length <= SUMMARY_LIMIT) return text; // never more scalars than UTF-16 units
  const chars = [...text];
  if (chars.length <= SUMMARY_LIMIT) return text;
  truncated.push(field);
  return chars.slice(0, SUMMARY_LIMIT).join('');
}

/** ToolReferences as JSON; the per-tool, per-language part is serialized once and reused. */
export class References {
  /**
   * Per doc: the fixed part of its reference JSON, per language (tools shown once are usually shown again), and the
   * UTF-8 bytes it takes beyond its length in UTF-16 units (the rest of a reference is ASCII).
   */
  private readonly headsZh: (Head | undefined)[] = [];
  private readonly headsEn: (Head | undefined)[] = [];
  /** Per doc: `,"twins":[...]` or '' (the twin groups are read from meta on first use), and its extra UTF-8 bytes. */
  private twinsJson?: string[];
  private twinsExtra?: number[];

  constructor(private readonly meta: SnapshotMeta, private readonly twin: Uint32Array, private readonly text: (doc: number) => ToolText) {}

  /**
   * Appends the JSON of h's reference (rank: its 1-based rank) to the response, piece by piece (the response joins
   * every piece once: no string per reference), with its UTF-8 bytes.
   */
  write(out: ResponseJson, h: Hit, rank: number, english: boolean, explain: boolean): void {
    const parts = out.begin();
    const cache = english ? this.headsEn : this.headsZh;
    const head = (cache[h.doc] ??= this.head(h.doc, english));
    const twins = this.twins(h.doc);
    const fields = jsonOf(h.fields);
    const sources = jsonOf(h.sources);
    const at = String(rank);
    // ASCII but for the head and the twins (their extra UTF-8 bytes are counted once per doc).
    let units = head.json.length + RANK_KEY.length + at.length + FIELDS_KEY.length + fields.length + SOURCES_KEY.length + sources.length +
      twins.length + head.truncated.length + REFERENCE_END.length;
    parts.push(head.json, RANK_KEY, at, FIELDS_KEY, fields, SOURCES_KEY, sources, twins);
    if (h.steps) {
      const steps = `,"steps":${JSON.stringify(h.steps)}`;
      units += steps.length;
      parts.push(steps);
    }
    parts.push(head.truncated);
    if (explain && h.breakdown) {
      const breakdown = `,"requires_inspect":true,"score_breakdown":${JSON.stringify(h.breakdown)}}`;
      units += breakdown.length - REFERENCE_END.length;
      parts.push(breakdown);
    } else {
      parts.push(REFERENCE_END);
    }
    out.end(units + head.extra + this.twinsExtra![h.doc]);
  }

  /** The twins key of a doc: the other members of its twin group, in canonical order (doc order). */
  private twins(doc: number): string {
    if (!this.twinsJson) {
      const twin = this.twin;
      const members = new Map<number, number[]>();
      for (let d = 0; d < twin.length; d++) {
        const group = members.get(twin[d]);
        if (group) group.push(d);
        else members.set(twin[d], [d]);
      }
      this.twinsJson = Array.from(twin, (g, d) => {
        const others = members.get(g)!.filter((x) => x !== d && this.meta.executableAt(x));
        return others.length ? `,"twins":${JSON.stringify(others.map((x) => this.meta.canonical_path.at(x)!))}` : '';
      });
      this.twinsExtra = this.twinsJson.map((j) => utf8Length(j) - j.length);
    }
    return this.twinsJson[doc];
  }

  /** The fixed part of a tool's reference: its keys up to idempotency (open object), and truncated_fields if any. */
  private head(d: number, english: boolean): Head {
    const m = this.meta;
    const text = this.text(d);
    const truncated: string[] = [];
    const title = cut(english ? text.title_en || text.title : text.title || text.title_en, 'title', truncated);
    const summary = cut(english ? text.agent_summary_en || text.agent_summary : text.agent_summary || text.agent_summary_en, 'agent_summary', truncated);
    // Key order is part of the contract (SPEC 4.4): ..., idempotency, calls?, rank, matched_fields, rank_sources,
    // twins?, steps?, truncated_fields?, requires_inspect, score_breakdown?.
    const fixed: Partial<ToolReference> = {
      canonical_path: m.canonical_path.at(d)!,
      primary_cli_path: m.primary_cli_path.at(d)!,
      product_id: m.valueOf('product_id', d),
      title,
      agent_summary: summary,
      effect: m.valueOf('effect', d) as ToolReference['effect'],
      risk: m.valueOf('risk', d) as ToolReference['risk'],
      confirmation: m.valueOf('confirmation', d) as ToolReference['confirmation'],
      idempotency: m.valueOf('idempotency', d) as ToolReference['idempotency'],
    };
    const calls = m.callsAt(d);
    if (calls !== undefined) fixed.calls = calls;
    const json = JSON.stringify(fixed).slice(0, -1);
    const cutJson = truncated.length ? `,"truncated_fields":${JSON.stringify(truncated)}` : '';
    return { json, truncated: cutJson, extra: utf8Length(json) - json.length + utf8Length(cutJson) - cutJson.length };
  }
}

interface Head {
  json: string;
  truncated: string;
  extra: number;
}

/**
 * A response, serialized as it is built: the JSON before the candidates array (from `{` to `"candidates":`), the
 * references' pieces (References.write; each reference's UTF-8 bytes in refBytes, its last piece's end in ends), and
 * the keys after it, none of which holds user text (exact_filtered, abstained, weak_match, hint; truncated is added
 * by finish).
 */
export class ResponseJson {
  readonly parts: string[] = [];
  private readonly refBytes: number[] = [];
  private readonly ends: number[] = [];
  /** The keys after the candidates, each with its leading comma (the closing brace is finish's). */
  after = '';

  constructor(readonly before: string) {}

  /** The parts a reference is appended to (References.write), after a comma when it is not the first. */
  begin(): string[] {
    if (this.ends.length > 0) this.parts.push(',');
    return this.parts;
  }

  /** Ends the reference begun last; bytes: its UTF-8 bytes. */
  end(bytes: number): void {
    this.refBytes.push(bytes);
    this.ends.push(this.parts.length);
  }

  /**
   * The response JSON; whole references are dropped from the end (and truncated: true added) until it fits 8,192
   * bytes with its newline. Every part is JSON.stringify output or ASCII (no lone surrogate), so the bytes of the whole
   * are the sum of its parts': the references are not encoded again.
   */
  finish(): string {
    let n = this.ends.length;
    // before, the brackets, after, the closing brace and the newline.
    const fixed = utf8Length(this.before) + 2 + utf8Length(this.after) + 2;
    const fits = (count: number, extra: number): boolean => {
      let bytes = fixed + extra + Math.max(0, count - 1);
      for (let i = 0; i < count; i++) bytes += this.refBytes[i];
      return bytes <= LIMITS.maxResponseBytes;
    };
    let after = this.after;
    if (n > 0 && !fits(n, 0)) {
      after += TRUNCATED;
      do n--; while (n > 0 && !fits(n, TRUNCATED.length));
    }
    const parts = this.parts;
    if (n < this.ends.length) parts.length = n > 0 ? this.ends[n - 1] : 0;
    return `${this.before}[${parts.join('')}]${after}}`;
  }
}

const TRUNCATED = ',"truncated":true';
