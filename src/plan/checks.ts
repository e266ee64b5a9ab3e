// The checks of a plan run on the results it gets (docs/PLANS.md "resolve", "Step kinds"): choosing exactly one
// candidate or refusing with the list (never a guess), an expectation on a result, and the state a poll waits for.
import { DwsError } from '../errors.js';
import type { CallStep, ExpectSpec, MatchSpec, PlanStep, PollCheck, ResolveSpec } from './spec.js';
import { readPath } from './path.js';
import { asList, equal, evalCondition, evalSource, textFinds, type Scope } from './values.js';
import { JsonNumber, stringifyJson } from '../json-number.js';
import { goFloatTextOf } from '../go-fmt.js';
import { equalFold } from '../text/equal-fold.js';
import { goCase } from '../text/go-case.js';
import { trimSpace } from '../text/space.js';

export function candidatesText(cands: unknown[], fields: string[]): string {
  return cands.slice(0, 10).map((c) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, readPath(c, f) ?? null])))).join(', ') +
    (cands.length > 10 ? `, ... ${cands.length - 10} more` : '');
}

/**
 * The candidates a match selects: equals (exactly, or as the same text: a flag "3" matches a version 3; when none
 * does and contains_when holds, those containing the text; with fold, the field's trimmed text equal to the value's
 * text as Go's strings.EqualFold), contains (text containing the value, both lowered as Go's strings.ToLower) or one_of. With
 * `prefer`, a match that finds nothing keeps every candidate; a match whose `when` does not hold keeps them all.
 */
export function matchCandidates(sc: Scope, all: unknown[], m: MatchSpec | undefined): { cands: unknown[]; wanted: string } {
  if (m === undefined || (m.when !== undefined && evalCondition(sc, m.when) !== true)) return { cands: all, wanted: '' };
  let test: (x: unknown) => boolean;
  let wanted: string;
  if (m.equals !== undefined) {
    const want = evalSource(sc, m.equals);
    if (want === undefined) return { cands: all, wanted: '' };
    wanted = ` for ${JSON.stringify(want)}`;
    test = m.fold
      ? (x) => {
        const f = readPath(x, m.field);
        return typeof f === 'string' && typeof want === 'string' && equalFold(trimSpace(f), want);
      }
      : (x) => {
        const f = readPath(x, m.field);
        return equal(f, want) || (f !== undefined && f !== null && typeof f !== 'object' && String(f) === String(want));
      };
    if (!all.some(test) && m.contains_when !== undefined && evalCondition(sc, m.contains_when) === true && typeof want === 'string') {
      test = (x) => String(readPath(x, m.field) ?? '').includes(want);
    }
  } else if (m.contains !== undefined) {
    const want = evalSource(sc, m.contains);
    if (typeof want !== 'string') return { cands: all, wanted: '' };
    wanted = ` containing ${JSON.stringify(want)}`;
    test = (x) => {
      const f = readPath(x, m.field);
      // both lowered as Go's strings.ToLower (upstream shortcutTodoMatch), not JavaScript's context-dependent toLowerCase
      return typeof f === 'string' && goCase(f, 'lower').includes(goCase(want, 'lower'));
    };
  } else {
    wanted = ` among ${JSON.stringify(m.one_of)}`;
    test = (x) => m.one_of!.some((w) => equal(readPath(x, m.field), w));
  }
  const hit = all.filter(test);
  return { cands: hit.length || !m.prefer ? hit : all, wanted };
}

/** An id a later step can send: a non-empty string or a finite number (never null, "", an object or a list). */
function usableId(v: unknown): boolean {
  return (typeof v === 'string' && trimSpace(v) !== '') || (typeof v === 'number' && Number.isFinite(v));
}

export type ChooseSpec = Pick<ResolveSpec, 'value' | 'label' | 'match' | 'take' | 'allow_none' | 'distinct'>;

/**
 * A candidate read through a resolve's `fields` (upstream shortcutString): each key the first of its paths holding a
 * non-blank text (trimmed) or a number (as FormatFloat 'f' text); a key none of them holds is left out. Other fields stay.
 */
export function readFields(row: unknown, fields: Record<string, string[]>): unknown {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [key, paths] of Object.entries(fields)) {
    delete out[key];
    for (const p of paths) {
      const v = readPath(row, p);
      if (typeof v === 'string' && trimSpace(v) !== '') out[key] = trimSpace(v);
      // shortcutString writes a float64 as strconv.FormatFloat(x, 'f', -1, 64) (chat_group.go:1668-1669@c7521c1c):
      // -0 is "-0", 1e-7 is "0.0000001" (h54-a11; before: JavaScript's String, "0" and "1e-7"); a kept literal is the
      // float64 Go decoded it to, as the message readers' searchText reads one (h55-left; before: skipped)
      else if ((typeof v === 'number' && Number.isFinite(v)) || v instanceof JsonNumber) out[key] = goFloatTextOf(v);
      else continue;
      break;
    }
  }
  return out;
}

/** `distinct`: the matching candidates with a usable value, one per value (the first); none left is `not_found`. */
function distinctValues(where: string, cands: unknown[], r: ChooseSpec, wanted: string): unknown[] {
  const seen = new Set<string>();
  const kept = cands.filter((c) => {
    const v = readPath(c, r.value);
    if (!usableId(v)) return false;
    const key = stringifyJson(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (kept.length === 0 && cands.length > 0 && !r.allow_none) {
    throw new DwsError('not_found', `${where}: ${cands.length} candidate(s) match${wanted} but none carries a "${r.value}": ${candidatesText(cands, r.label)}`,
      `the match has no ${r.value} to use; check the value or give the ${r.value} itself; nothing was changed`);
  }
  return kept;
}

/** Exactly one candidate, or a typed refusal listing them (never a guess); `take` / `allow_none` relax it as declared. */
export function chooseOne(sc: Scope, step: PlanStep, all: unknown[], r: ChooseSpec): unknown {
  const matched = matchCandidates(sc, all, r.match);
  const { wanted } = matched;
  const where = `${sc.tool.canonical_path} (step "${step.id}")`;
  const cands = r.distinct ? distinctValues(where, matched.cands, r, wanted) : matched.cands;
  if (cands.length === 0) {
    if (r.allow_none) return undefined;
    throw new DwsError('not_found', `${where}: nothing matches${wanted}`, 'check the value (a name, an id) and try again; nothing was changed');
  }
  let chosen: unknown;
  if (cands.length === 1 || r.take === 'first') chosen = cands[0];
  else if (r.take !== undefined) {
    const key = r.take.max;
    const num = (x: unknown) => {
      const v = readPath(x, key);
      return typeof v === 'number' ? v : typeof v === 'string' && trimSpace(v) !== '' && Number.isFinite(Number(v)) ? Number(v) : -Infinity;
    };
    chosen = cands.reduce((a, b) => (num(b) > num(a) ? b : a));
  } else {
    throw new DwsError('ambiguous_match', `${where}: ${cands.length} candidates match${wanted}: ${candidatesText(cands, r.label)}`,
      `run again with a value that names exactly one of them (e.g. its ${r.value}); nothing was changed`);
  }
  if (readPath(chosen, r.value) === undefined) {
    throw new DwsError('backend_error', `${where}: the matching candidate has no "${r.value}"`, 'the backend answered in an unexpected shape; report it');
  }
  if (!usableId(readPath(chosen, r.value))) {
    throw new DwsError('invalid_candidate', `${where}: the matching candidate's "${r.value}" is ${JSON.stringify(readPath(chosen, r.value))?.slice(0, 80)}, not an id`,
      'the backend answered with an unusable id; nothing was changed; report it');
  }
  return chosen;
}

export function resolveOne(sc: Scope, step: CallStep, result: unknown): unknown {
  const r = step.resolve!;
  const rows = asList(r.items.map((p) => readPath(result, p)).find((x) => x !== undefined));
  return chooseOne(sc, step, r.fields ? rows.map((row) => readFields(row, r.fields!)) : rows, r);
}

/** A failed expectation stops the plan before the next step (constraint_violation: nothing further is sent). */
export function checkExpect(sc: Scope, step: PlanStep, e: ExpectSpec, result: unknown): void {
  const v = readPath(result, e.path);
  if (e.when_present && v === undefined) return;
  const fail = (what: string): never => {
    throw new DwsError('constraint_violation', `${sc.tool.canonical_path} (step "${step.id}"): ${e.path} is ${JSON.stringify(v ?? null)}, ${what}`,
      'check the target (an id, a name, a type) and run the command again');
  };
  if (e.equals !== undefined) {
    const want = evalSource(sc, e.equals);
    if (!(equal(v, want) || (v !== undefined && want !== undefined && typeof v !== 'object' && String(v) === String(want)))) fail(`expected ${JSON.stringify(want ?? null)}`);
  } else if (e.one_of !== undefined) {
    if (!e.one_of.some((w) => equal(v, w))) fail(`expected one of ${JSON.stringify(e.one_of)}`);
  } else if (e.contains_all !== undefined) {
    const have = new Set(asList(v).map((x) => JSON.stringify(x)));
    const missing = asList(evalSource(sc, e.contains_all)).filter((x) => !have.has(JSON.stringify(x)));
    if (missing.length) fail(`missing ${JSON.stringify(missing)}`);
  } else if (e.matches !== undefined) {
    const pattern = evalSource(sc, e.matches);
    const regex = e.regex !== undefined && evalSource(sc, e.regex) === true;
    const found = textFinds(sc, v, pattern, regex);
    if (!found) fail(`expected to contain ${JSON.stringify(pattern ?? null)}`);
  } else if (e.present && v === undefined) fail('expected a value');
}

/** Whether a poll's answer is in the state `check` names: a value at a path, or `holds` with the answer as the item. */
export function pollHolds(sc: Scope, check: PollCheck | undefined, result: unknown): boolean {
  if (check === undefined) return false;
  if (check.holds !== undefined) {
    const outer = sc.item;
    sc.item = { value: result };
    try {
      return evalCondition(sc, check.holds) === true;
    } finally {
      sc.item = outer;
    }
  }
  const v = readPath(result, check.path!);
  if (check.present) return v !== undefined && v !== null && v !== '';
  if (check.one_of !== undefined) return check.one_of.some((w) => equal(v, w));
  return equal(v, check.equals);
}
