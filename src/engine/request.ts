// tool-search.v1 request validation (SPEC 4.1-4.2): every budget has a typed reason, and a request either
// normalizes completely or is refused; nothing is truncated and searched anyway.
import { DwsError } from '../errors.js';
import { byCodePoint, sortedUnique } from '../text/order.js';
import { UNSAFE_CHAR } from '../text/unsafe.js';

export const SEARCH_VERSION = 'tool-search.v1';
export const LIMITS = {
  defaultLimit: 5,
  /**
   * A decomposed request without a limit shows this many hits per step: its best, its runner-up and its third (the
   * budget drops the thirds first; session 13, docs/ranking.md).
   */
  hitsPerStep: 3,
  maxLimit: 20,
  defaultCandidateLimit: 20,
  maxCandidateLimit: 100,
  maxQueryScalars: 256,
  maxQueryBytes: 2048,
  maxSubqueries: 8,
  maxSubqueryBytes: 2048,
  maxRequestBytes: 65536,
  maxResponseBytes: 8192,
} as const;

export const EFFECTS = ['read', 'write', 'destructive'] as const;

export interface SearchRequest {
  version?: unknown;
  query?: unknown;
  subqueries?: unknown;
  limit?: unknown;
  candidate_limit?: unknown;
  product_ids?: unknown;
  effects?: unknown;
  exclude_canonical?: unknown;
}

export interface NormalizedRequest {
  query: string;
  subqueries?: string[];
  limit: number;
  candidate_limit: number;
  product_ids: string[];
  effects: string[];
  exclude_canonical: string[];
}

const text = (maxLength: number, description: string) => ({ type: 'string', maxLength, description });

/**
 * The one description of a tool-search.v1 request as JSON Schema properties (the MCP schema_search tool offers it
 * as its input schema; the fields this validator accepts are its keys). `products` fills the product_ids enum.
 */
export function searchRequestProperties(products: readonly string[], maxPathChars: number): Record<keyof SearchRequest, object> {
  return {
    version: { type: 'string', const: SEARCH_VERSION, description: `optional; "${SEARCH_VERSION}" if given` },
    query: text(LIMITS.maxQueryScalars, `the task, at most ${LIMITS.maxQueryScalars} characters / ${LIMITS.maxQueryBytes} UTF-8 bytes; required unless subqueries are given`),
    subqueries: {
      type: 'array',
      items: text(LIMITS.maxQueryScalars, 'one step of the task'),
      minItems: 1,
      maxItems: LIMITS.maxSubqueries,
      description: `2-${LIMITS.maxSubqueries} steps of a multi-step task (together at most ${LIMITS.maxSubqueryBytes} UTF-8 bytes); results are merged round-robin`,
    },
    limit: { type: 'integer', minimum: 0, maximum: LIMITS.maxLimit, default: LIMITS.defaultLimit, description: 'candidates to return' },
    candidate_limit: { type: 'integer', minimum: 0, maximum: LIMITS.maxCandidateLimit, default: LIMITS.defaultCandidateLimit, description: 'candidates to rank before the limit (raised to limit)' },
    product_ids: { type: 'array', items: { type: 'string', enum: [...products] }, description: 'only commands of these products' },
    effects: { type: 'array', items: { type: 'string', enum: [...EFFECTS] }, description: 'only commands with these effects' },
    exclude_canonical: { type: 'array', items: { type: 'string', maxLength: maxPathChars }, description: 'canonical paths never to return (e.g. ones already tried)' },
  };
}

const REQUEST_FIELDS: ReadonlySet<string> = new Set(Object.keys(searchRequestProperties([], 0)));

export const VALID_REQUEST_EXAMPLE = '{"version":"tool-search.v1","query":"撤回群消息","limit":5}';


/** UTF-8 byte length without encoding (a lone surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/** Unicode scalar count: UTF-16 length minus the second half of each surrogate pair. */
function scalarLength(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n--; i++; }
  }
  return n;
}

function invalid(message: string): DwsError {
  return new DwsError('invalid_request_json', message, `a valid request: ${VALID_REQUEST_EXAMPLE}`);
}

function checkText(raw: string, what: string): string {
  if (UNSAFE_CHAR.test(raw)) {
    throw new DwsError('dangerous_query_unicode', `${what} contains control, zero-width or bidi characters`, 'remove invisible and control characters');
  }
  const text = raw.trim();
  if (scalarLength(text) > LIMITS.maxQueryScalars || utf8Length(text) > LIMITS.maxQueryBytes) {
    throw new DwsError('query_too_long', `${what} is longer than ${LIMITS.maxQueryScalars} characters or ${LIMITS.maxQueryBytes} UTF-8 bytes`,
      'shorten it, or split a multi-step task into subqueries');
  }
  return text;
}

function stringList(v: unknown, field: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw invalid(`${field} must be an array of strings`);
  return v as string[];
}

function intField(v: unknown, field: string, reason: 'invalid_limit' | 'invalid_candidate_limit', max: number, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(`${field} must be an integer`);
  if (v < 0 || v > max) throw new DwsError(reason, `${field} must be between 0 and ${max}, got ${v}`);
  return v;
}

/** Validates a request object (already parsed); `knownProducts` decides unknown_product. */
export function normalizeRequest(req: SearchRequest, knownProducts: ReadonlySet<string>, requireVersion: boolean): NormalizedRequest {
  if (typeof req !== 'object' || req === null || Array.isArray(req)) throw invalid('the request must be one JSON object');
  if (requireVersion && req.version !== SEARCH_VERSION) {
    throw new DwsError('unsupported_version', `version must be "${SEARCH_VERSION}"`, `a valid request: ${VALID_REQUEST_EXAMPLE}`);
  }
  for (const k of Object.keys(req)) if (!REQUEST_FIELDS.has(k)) throw invalid(`unknown field "${k}"`);
  if (req.query !== undefined && typeof req.query !== 'string') throw invalid('query must be a string');
  const query = checkText((req.query as string | undefined) ?? '', 'query');

  let subqueries: string[] | undefined;
  if (req.subqueries !== undefined) {
    const raw = stringList(req.subqueries, 'subqueries');
    const seen = new Set<string>();
    subqueries = [];
    for (const s of raw) {
      const t = checkText(s, 'a subquery');
      if (t && !seen.has(t)) { seen.add(t); subqueries.push(t); }
    }
    if (subqueries.length > LIMITS.maxSubqueries) {
      throw new DwsError('too_many_subqueries', `at most ${LIMITS.maxSubqueries} distinct subqueries, got ${subqueries.length}`);
    }
    if (subqueries.length === 0) throw new DwsError('subquery_required', 'subqueries is present but every entry is empty');
    if (subqueries.reduce((n, s) => n + utf8Length(s), 0) > LIMITS.maxSubqueryBytes) {
      throw new DwsError('subqueries_too_large', `subqueries together exceed ${LIMITS.maxSubqueryBytes} UTF-8 bytes`);
    }
  }
  if (!query && !subqueries) throw new DwsError('query_required', 'query is empty', 'describe the task, e.g. "撤回群消息"');

  // A decomposed request's default limit gives every step its best hit, its runner-up (SPEC 4.3 step 5) and its third;
  // the 8 KiB budget (render.ts) then drops whole references from the end: the thirds first, then the last runner-ups.
  const defaultLimit = subqueries ? Math.min(LIMITS.maxLimit, LIMITS.hitsPerStep * subqueries.length) : LIMITS.defaultLimit;
  const limit = intField(req.limit, 'limit', 'invalid_limit', LIMITS.maxLimit, defaultLimit);
  const candidate_limit = Math.max(limit, intField(req.candidate_limit, 'candidate_limit', 'invalid_candidate_limit', LIMITS.maxCandidateLimit, LIMITS.defaultCandidateLimit));

  const effects = sortedUnique(stringList(req.effects ?? [], 'effects').map((e) => e.trim().toLowerCase()).filter(Boolean));
  for (const e of effects) {
    if (!(EFFECTS as readonly string[]).includes(e)) throw new DwsError('invalid_effect', `effect "${e}" is not one of ${EFFECTS.join(', ')}`);
  }
  const product_ids = sortedUnique(stringList(req.product_ids ?? [], 'product_ids').map((p) => p.trim()).filter(Boolean));
  for (const p of product_ids) {
    if (!knownProducts.has(p)) {
      throw new DwsError('unknown_product', `product "${p}" is not in the catalog`, `products: ${[...knownProducts].sort(byCodePoint).join(', ')}`);
    }
  }
  const exclude_canonical = sortedUnique(stringList(req.exclude_canonical ?? [], 'exclude_canonical').map((c) => c.trim()).filter(Boolean));
  const out: NormalizedRequest = { query, limit, candidate_limit, product_ids, effects, exclude_canonical };
  if (subqueries) out.subqueries = subqueries;
  return out;
}

/** The refusal of a request over LIMITS.maxRequestBytes (also for a --batch line too long to be read whole). */
export const requestTooLarge = (): DwsError => new DwsError('request_too_large', `the request is larger than ${LIMITS.maxRequestBytes} bytes`);

/** Parses one JSON request (stdin or a --batch line): strict JSON, size-limited, version required. */
export function parseRequestJson(text: string, knownProducts: ReadonlySet<string>): NormalizedRequest {
  if (utf8Length(text) > LIMITS.maxRequestBytes) throw requestTooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw invalid(`the request is not valid JSON (${(e as Error).message})`);
  }
  return normalizeRequest(parsed as SearchRequest, knownProducts, true);
}
