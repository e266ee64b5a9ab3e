// Qrels (JSON Lines relevance judgements) for the evaluation harness: parsing and strict validation into typed
// cases. The format is the project's eval README: single-intent slices (zh, mixed, en, short, variant), workflow
// and negative cases. A malformed line is an error naming its line number; nothing is silently skipped.
import { DwsError } from '../errors.js';

export const SLICES = ['zh', 'mixed', 'en', 'short', 'variant'] as const;
export type Slice = (typeof SLICES)[number];

export interface SingleCase {
  kind: 'single';
  id: string;
  slice: Slice;
  query: string;
  product: string;
  gold: string[];
  acceptable: string[];
  forbidden: string[];
}

export interface WorkflowCase {
  kind: 'workflow';
  id: string;
  query: string;
  subqueries: string[];
  /** One entry per step, in step order: the required tool and its equivalent entry points. */
  steps: string[][];
  /** Cluster for the bootstrap: the product of the first required step. */
  product: string;
}

export interface NegativeCase {
  kind: 'negative';
  id: string;
  query: string;
  note: string;
}

export type EvalCase = SingleCase | WorkflowCase | NegativeCase;

type Json = Record<string, unknown>;

const KNOWN_KEYS: Record<string, readonly string[]> = {
  single: ['id', 'slice', 'query', 'gold', 'acceptable', 'forbidden', 'product'],
  workflow: ['id', 'slice', 'query', 'subqueries', 'required', 'required_any', 'acceptable', 'forbidden'],
  negative: ['id', 'slice', 'query', 'note', 'gold'],
};

/** Parses a whole qrels file. `source` names the file in error messages. */
export function parseQrels(text: string, source = 'qrels'): EvalCase[] {
  const cases: EvalCase[] = [];
  const ids = new Set<string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const where = `${source}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      throw invalid(where, `not valid JSON (${(e as Error).message})`);
    }
    const c = parseCase(value, where);
    if (ids.has(c.id)) throw invalid(where, `duplicate id "${c.id}"`);
    ids.add(c.id);
    cases.push(c);
  });
  if (cases.length === 0) throw invalid(source, 'no cases');
  return cases;
}

export function parseCase(value: unknown, where: string): EvalCase {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(where, 'a case must be a JSON object');
  const o = value as Json;
  const slice = str(o, 'slice', where);
  const kind = (SLICES as readonly string[]).includes(slice) ? 'single' : slice === 'workflow' || slice === 'negative' ? slice : undefined;
  if (!kind) throw invalid(where, `unknown slice "${slice}" (expected ${[...SLICES, 'workflow', 'negative'].join(', ')})`);
  const unknown = Object.keys(o).filter((k) => !KNOWN_KEYS[kind].includes(k));
  if (unknown.length) throw invalid(where, `unknown field(s) ${unknown.join(', ')} for a ${slice} case`);
  const id = str(o, 'id', where);
  const query = str(o, 'query', where);
  if (kind === 'single') {
    const gold = paths(o, 'gold', where);
    if (gold.length === 0) throw invalid(where, '"gold" must name at least one canonical path');
    return {
      kind,
      id,
      slice: slice as Slice,
      query,
      product: str(o, 'product', where),
      gold,
      acceptable: paths(o, 'acceptable', where, true),
      forbidden: paths(o, 'forbidden', where, true),
    };
  }
  if (kind === 'workflow') {
    const required = paths(o, 'required', where);
    if (required.length === 0) throw invalid(where, '"required" must name at least one step');
    const subqueries = strings(o, 'subqueries', where);
    let steps = required.map((p) => [p]);
    if (o.required_any !== undefined) {
      if (!Array.isArray(o.required_any) || o.required_any.length !== required.length) {
        throw invalid(where, '"required_any" must have one entry per required step');
      }
      steps = o.required_any.map((entry, s) => {
        const alternatives = paths({ entry }, 'entry', `${where} required_any[${s}]`);
        if (!alternatives.includes(required[s])) throw invalid(where, `required_any[${s}] must contain the required tool ${required[s]}`);
        return alternatives;
      });
    }
    paths(o, 'acceptable', where, true);
    paths(o, 'forbidden', where, true);
    return { kind, id, query, subqueries, steps, product: productOf(required[0]) };
  }
  if (o.gold !== undefined && paths(o, 'gold', where).length > 0) throw invalid(where, 'a negative case has no gold tools');
  return { kind, id, query, note: typeof o.note === 'string' ? o.note : '' };
}

/** The product of a canonical path (`chat.send_message` -> `chat`). */
export function productOf(canonical: string): string {
  return canonical.slice(0, canonical.indexOf('.'));
}

/** Every canonical path a case refers to (to check them against the catalog). */
export function referencedPaths(c: EvalCase): string[] {
  if (c.kind === 'single') return [...c.gold, ...c.acceptable, ...c.forbidden];
  if (c.kind === 'workflow') return c.steps.flat();
  return [];
}

function invalid(where: string, message: string): DwsError {
  return new DwsError('invalid_argument', `${where}: ${message}`, 'see the qrels format in the eval README (one JSON case per line)');
}

function str(o: Json, key: string, where: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') throw invalid(where, `"${key}" must be a non-empty string`);
  return v;
}

function strings(o: Json, key: string, where: string, optional = false): string[] {
  const v = o[key];
  if (v === undefined && optional) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) {
    throw invalid(where, `"${key}" must be an array of non-empty strings`);
  }
  return v as string[];
}

function paths(o: Json, key: string, where: string, optional = false): string[] {
  const list = strings(o, key, where, optional);
  const bad = list.find((p) => !/^[a-z0-9_-]+\.[A-Za-z0-9_.-]+$/.test(p));
  if (bad !== undefined) throw invalid(where, `"${key}" has "${bad}", which is not a canonical path (product.name)`);
  return list;
}
