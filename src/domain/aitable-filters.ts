// AI-table record filters as upstream's helpers/aitable.go takes them (c7521c1c): `validateFiltersStructure` (the
// `check_filters` transform: the root is {"operator": "and"|"or", "operands": [...]}, and each top-level condition's
// operator is one the backend knows) and `normalizeFilters` (the `normalize_filters` transform: the shorthand
// {fieldId, operator, value} becomes {operator, operands: [fieldId, value]}, groups recursively).
import { DwsError } from '../errors.js';
import { isObject } from '../json-object.js';


/** validFilterOperators: the comparison operators the backend knows, and and/or for nested groups. */
const VALID = new Set(['eq', 'ne', 'gt', 'lt', 'gte', 'lte', 'contain', 'exclusive', 'exist', 'un_exist', 'any_of', 'all_of', 'none_of',
  'date_eq', 'before', 'after', 'not_before', 'not_after', 'and', 'or']);

/** unsupportedFilterOperators: operators the product accepts and answers with no records. */
const UNSUPPORTED: Record<string, string> = {
  date_between: 'a date field cannot be filtered by a range; combine not_before and not_after',
  from_now: 'a date field cannot be filtered by days from now; compute the dates and use not_before / not_after',
};

/** operatorAliases: frequent misspellings; any other unknown operator is suggested as eq. */
const ALIASES: Record<string, string> = {
  equal: 'eq', equals: 'eq', is: 'eq', '==': 'eq',
  not_equal: 'ne', not_equals: 'ne', is_not: 'ne', '!=': 'ne',
  like: 'contain', contains: 'contain', include: 'contain',
  greater_than: 'gt', less_than: 'lt', greater_than_or_equal: 'gte', less_than_or_equal: 'lte',
};

const SHAPE = '{"operator":"and","operands":[{"operator":"eq","operands":["<fieldId>","<value>"]}]}';

function refuse(where: string, message: string, hint = `the filter is ${SHAPE}`): never {
  throw new DwsError('invalid_parameter', `${where}: ${message}`, hint);
}

/** The refusals of validateFiltersStructure, in its order; the value passes through unchanged. */
export function checkFilters(v: unknown, where: string): unknown {
  // jsonStringToMap reads `null` as a nil map, which then has no operator: refused as any non-object is
  if (!isObject(v)) return refuse(where, 'the root must be a JSON object with "operator": "and" or "or"', `wrap the conditions as ${SHAPE}`);
  if (!Object.hasOwn(v, 'operator')) return refuse(where, 'the root has no "operator"');
  if (typeof v.operator !== 'string') return refuse(where, `"operator" must be text, got ${JSON.stringify(v.operator)}`);
  const root = v.operator.toLowerCase();
  if (root !== 'and' && root !== 'or') {
    return refuse(where, `the root "operator" must be "and" or "or", got ${JSON.stringify(v.operator)}`, 'wrap the condition as {"operator":"and","operands":[<condition>]}');
  }
  if (!Object.hasOwn(v, 'operands')) return refuse(where, 'the root has no "operands" list');
  if (!Array.isArray(v.operands)) return refuse(where, `"operands" must be a list, got ${JSON.stringify(v.operands)}`);
  v.operands.forEach((c, i) => {
    if (!isObject(c) || typeof c.operator !== 'string') return;
    const op = c.operator;
    if (Object.hasOwn(UNSUPPORTED, op)) refuse(where, `the operator ${JSON.stringify(op)} in operands[${i}] is not supported: ${UNSUPPORTED[op]}`);
    if (!VALID.has(op)) {
      refuse(where, `the operator ${JSON.stringify(op)} in operands[${i}] is unknown; did you mean ${JSON.stringify(Object.hasOwn(ALIASES, op) ? ALIASES[op] : 'eq')}?`,
        `operators: ${[...VALID].filter((o) => o !== 'and' && o !== 'or').join(', ')}; date fields take date_eq, before, after, not_before, not_after`);
    }
  });
  return v;
}

/**
 * normalizeFilters: a group {operator, operands: [...]} keeps only those two keys; each condition written
 * {fieldId, operator, value} becomes {operator, operands: [fieldId, value]} ([fieldId] without a value: exist,
 * un_exist), a nested group is normalized the same way, anything else stays. A value that is not such a group stays.
 * A list is normalized element by element (a view's filter is a list of groups).
 */
export function normalizeFilters(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalizeGroup);
  return normalizeGroup(v);
}

function normalizeGroup(v: unknown): unknown {
  if (!isObject(v) || !Object.hasOwn(v, 'operands') || !Array.isArray(v.operands)) return v;
  const operands = v.operands.map((c) => {
    if (!isObject(c)) return c;
    if (Object.hasOwn(c, 'fieldId')) {
      // Go reads a missing operator as nil and sends it as null
      return { operator: c.operator ?? null, operands: Object.hasOwn(c, 'value') ? [c.fieldId, c.value] : [c.fieldId] };
    }
    return Object.hasOwn(c, 'operands') ? normalizeGroup(c) : c;
  });
  return { operator: v.operator ?? null, operands };
}
