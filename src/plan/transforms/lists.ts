// List transforms: upstream's comma lists, splitting, filtering, chunking and projections.
import { byCodePoint } from '../../text/order.js';
import { isObj, nonEmptyText, positive, refuse, str, type Fn, type Param } from './types.js';
import { stringifyJson } from '../../json-number.js';
import { setOwn } from '../../json-object.js';
import { fields, trimSpace } from '../../text/space.js';
import { goCase } from '../../text/go-case.js';
import { parseJsonWellFormed } from '../../json-well-formed.js';

/**
 * A text split by `split` into parts, each trimmed as Go's strings.TrimSpace (U+0085 is space there, U+FEFF is not:
 * JavaScript's trim has both the other way), empty parts dropped; a list's texts split the same way.
 */
const splitList = (split0: (s: string) => string[]): Fn => (v, where) => {
  const split = (s: string) => split0(s).map(trimSpace).filter((x) => x.length > 0);
  if (typeof v === 'string') return split(v);
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? split(x) : [x]));
  return refuse(where, v, 'text or a list');
};

/**
 * A comma list or a JSON array of strings; each part trimmed of spaces (Go's strings.TrimSpace) and then of
 * surrounding quotes, empty parts dropped (upstream parseCSVValues / cleanStringValues, helpers/contact.go:20-45@c7521c1c).
 * The JSON array is Go's json.Unmarshal into []string: a null element is the zero value "" (then dropped), any other
 * non-text element fails it and the text is read as a comma list without its brackets; `null` alone is no list.
 */
const csvValues: Fn = (v, where) => {
  const clean = (parts: unknown[]) => parts.map((p) => trimSpace(String(p)).replace(/^["']+|["']+$/gu, '')).filter((p) => p !== '');
  if (Array.isArray(v)) return clean(v);
  if (typeof v !== 'string') return refuse(where, v, 'a comma-separated list or a JSON array');
  let raw = trimSpace(v);
  if (raw.startsWith('[') && raw.endsWith(']')) {
    try {
      const parsed: unknown = parseJsonWellFormed(raw);
      if (Array.isArray(parsed) && parsed.every((x) => x === null || typeof x === 'string')) return clean(parsed.map((x) => x ?? ''));
    } catch { /* not JSON: read it as a bracketed comma list */ }
    raw = trimSpace(raw.slice(1, -1));
  }
  return clean(raw.split(','));
};

const regex = (name: string) => (arg: unknown): RegExp => {
  if (typeof arg !== 'string') throw new Error(`${name} needs a regular expression text`);
  try {
    return new RegExp(arg, 'u');
  } catch {
    throw new Error(`${name} needs a valid regular expression`);
  }
};

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** A text JavaScript puts first among an object's keys, in number order (an array index: "0", "9", "10"). */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/u;

/**
 * Go's order of a map's keys (encoding/json sorts them by their bytes, code point order: "10" before "9" before "a"),
 * at every level. A JavaScript object puts array-index keys first in number order whatever their insertion, so an
 * object holding one is seen through a Proxy whose own keys come in Go's order: JSON.stringify (the printer),
 * Object.keys and Object.entries follow it (h35-misc; before: numeral keys printed first, "9" before "10").
 */
const sortKeys = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObj(v)) return v;
  const keys = Object.keys(v).sort(byCodePoint);
  const sorted: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, sortKeys(v[k])]));
  if (!keys.some((k) => ARRAY_INDEX.test(k) && Number(k) <= 4294967294)) return sorted;
  return new Proxy(sorted, { ownKeys: (target) => Reflect.ownKeys(target).sort((a, b) => byCodePoint(String(a), String(b))) });
};

export const PLAIN: Record<string, Fn> = {
  csv_to_list: splitList((s) => s.split(',')),
  csv_values: csvValues,
  split_whitespace: splitList(fields),
  /** the list with each value kept at its first occurrence (JSON equality); one pass over a set of JSON texts */
  unique: (v) => {
    if (!Array.isArray(v)) return v;
    const seen = new Set<string>();
    return v.filter((x) => {
      const key = stringifyJson(x);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  to_list: (v) => asList(v),
  /**
   * every text value anywhere in the value, as it is (object keys are not values), depth first, object values in the
   * answer's key order: with `subset`, upstream's deepContainsString (shortcut/aitable/base_composite.go:361-379@c7521c1c),
   * which `aitable +base-schema-snapshot` asks of get_base and get_tables
   */
  all_texts: (v) => {
    const out: string[] = [];
    const walk = (x: unknown): void => {
      if (typeof x === 'string') out.push(x);
      else if (Array.isArray(x)) x.forEach(walk);
      else if (isObj(x)) Object.values(x).forEach(walk);
    };
    walk(v);
    return out;
  },
  /** a JSON object of text values -> [{name: key, value}] in key order (upstream oaFormValues); another value is refused */
  name_value_list: (v, where) => {
    if (!isObj(v)) return refuse(where, v, 'a JSON object of names and text values');
    return Object.entries(v).map(([name, value]) => (typeof value === 'string' ? { name, value } : refuse(`${where}.${name}`, value, 'text')));
  },
  /**
   * an object whose null values become "" (Go's json.Unmarshal into a map[string]string stores the zero string for a
   * null value: upstream oaFormValues reads {"a":null} as {"a":""}); anything else passes through
   */
  null_values_empty: (v) => (isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === null ? '' : x])) : v),
  first: (v) => (Array.isArray(v) ? v[0] : v),
  /** the last element of a list (absent when empty) */
  last: (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  /** a list -> [{n, item}], n the element's 1-based position (upstream loops that number what they print) */
  numbered: (v, where) => (Array.isArray(v) ? v.map((item, i) => ({ n: i + 1, item })) : refuse(where, v, 'a list')),
  /** an object -> its values in key order (absent for anything else): a Go loop over a map's values looking for a list */
  object_values: (v) => (isObj(v) ? Object.values(v) : undefined),
  /** an object -> its keys in key order (absent for anything else); after sort_keys, Go's sorted map keys */
  object_keys: (v) => (isObj(v) ? Object.keys(v) : undefined),
  /**
   * a list -> its elements last to first, the list given left unchanged: upstream's in-place swap loop over a complete
   * result (reverseThreadReplyMaps, shortcut/smart/thread_replies.go:294-298@c7521c1c: chat +thread-replies --order asc)
   */
  reverse: (v, where) => (Array.isArray(v) ? [...v].reverse() : refuse(where, v, 'a list')),
  /** a list without its first element (the pieces after the one a create call already sent) */
  rest: (v, where) => (Array.isArray(v) ? v.slice(1) : refuse(where, v, 'a list')),
  /** a list of texts -> one text (joined with nothing) */
  join: (v, where) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : stringifyJson(x))).join('') : str(v, where)),
  /** an object with its keys (and those of the objects inside it) in code point order, as Go marshals a map */
  sort_keys: (v) => sortKeys(v),
  /** a list -> its number of elements; a text -> its number of characters (code points) */
  /** a list of lists -> their elements in order, one level (an element that is not a list is kept) */
  flatten: (v, where) => (Array.isArray(v) ? v.flatMap((x) => (Array.isArray(x) ? x : [x])) : refuse(where, v, 'a list')),
  length: (v, where) => (Array.isArray(v) ? v.length : typeof v === 'string' ? [...v].length : refuse(where, v, 'a list or a text')),
  /** a list of texts (or of numbers) -> sorted ascending: texts by code point (Go's sort.Strings), numbers by value */
  sort: (v, where) => {
    if (!Array.isArray(v)) return refuse(where, v, 'a list');
    if (v.every((x) => typeof x === 'number')) return [...(v as number[])].sort((a, b) => a - b);
    if (!v.every((x) => typeof x === 'string')) return refuse(where, v, 'a list of texts or of numbers');
    return [...(v as string[])].sort(byCodePoint);
  },
};

const starting = (name: string, keep: boolean): Param => (arg) => {
  const chars = nonEmptyText(name)(arg);
  return (v) => {
    const kept = asList(v).filter((x) => typeof x === 'string' && chars.includes(trimSpace(x).charAt(0)) === keep && trimSpace(x) !== '');
    return kept.length ? kept : undefined;
  };
};

export const PARAM: Record<string, Param> = {
  /** a list of objects without a later one whose value at `key` repeats an earlier one's (JSON equality; first kept) */
  unique_by: (arg) => {
    const key = nonEmptyText('unique_by', 'a key')(arg);
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list');
      const seen = new Set<string>();
      return v.filter((x) => {
        const k = stringifyJson(isObj(x) ? x[key] ?? null : null);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    };
  },
  /**
   * a list of objects without an element that repeats an id of an earlier kept one: each key (a dotted key reads
   * inside: `selected.userId`) has its own set of seen values, only a non-empty text counts, and an element is dropped
   * when any of its keys holds a value already seen at that key (a dropped element marks nothing). Upstream's
   * stable-id dedupe of resolved users (targetresolver ResolveUsers, resolver.go:711-724@c7521c1c: by userId or
   * openDingTalkId); `unique_by` compares one key, nulls too.
   */
  unique_by_any: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('unique_by_any needs a non-empty list of keys');
    const keys = (arg as string[]).map((k) => k.split('.'));
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list');
      const seen = keys.map(() => new Set<string>());
      const at = (x: unknown, path: string[]) => path.reduce<unknown>((o, p) => (isObj(o) ? o[p] : undefined), x);
      const idsOf = (x: unknown) => keys.map((path) => { const id = at(x, path); return typeof id === 'string' && id !== '' ? id : undefined; });
      return v.filter((x) => {
        const ids = idsOf(x);
        if (ids.some((id, i) => id !== undefined && seen[i].has(id))) return false;
        ids.forEach((id, i) => { if (id !== undefined) seen[i].add(id); });
        return true;
      });
    };
  },
  /**
   * a list of objects sorted (stably) by the texts at the keys, in order, by code point; a missing or non-text value
   * counts as "" (Go's `s, _ := m[k].(string)` in a sort.SliceStable less function)
   */
  sort_by: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('sort_by needs a non-empty list of keys');
    const keys = arg as string[];
    const textAt = (x: unknown, k: string) => (isObj(x) && typeof x[k] === 'string' ? x[k] as string : '');
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list');
      return [...v].sort((a, b) => {
        for (const k of keys) {
          const c = byCodePoint(textAt(a, k), textAt(b, k));
          if (c !== 0) return c;
        }
        return 0;
      });
    };
  },
  /**
   * an answer -> the first list found under one of the keys, as upstream aitabletarget findObjectList (resolver.go:298-338@c7521c1c)
   * searches: at an object its keys in order (a list there is the answer; an object there is searched the same way,
   * and what it finds or refuses is the answer); then inside its `data`, `result`, `response` objects in turn. Absent
   * when none is found, and when a key of an object where nothing was found holds another kind of value (a text, a
   * number, null): upstream refuses the answer then, even when a later sibling would hold a list. The list's
   * elements are not checked (a plan refuses the non-objects, as upstream does)
   */
  /**
   * an answer -> the objects of the list under one of the keys (compared as Go's strings.ToLower lowers both), as upstream
   * findNamedObjectList (shortcut/aitable/base_composite.go:281-317@c7521c1c) walks: at an object, a key named so ends the
   * search there (it gives the list when its value is a list of objects only, and nothing otherwise, the object's other
   * values then not searched); else each of the object's values that is an object, searched the same way (lists are
   * not entered). Absent when nothing is found. Go visits a map's keys in random order, dws in the answer's order
   */
  named_object_list: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('named_object_list needs a non-empty list of keys');
    // Go's strings.ToLower, code point by code point (src/text/go-case.ts: U+0130 to a plain i)
    const lower = (k: string) => goCase(k, 'lower');
    const names = new Set((arg as string[]).map(lower));
    const find = (v: unknown): { list: unknown[] } | undefined => {
      if (!isObj(v)) return undefined;
      for (const [k, x] of Object.entries(v)) {
        if (!names.has(lower(k))) continue;
        return Array.isArray(x) && x.every(isObj) ? { list: x } : undefined;
      }
      for (const x of Object.values(v)) {
        const inner = find(x);
        if (inner !== undefined) return inner;
      }
      return undefined;
    };
    return (v) => find(v)?.list;
  },
  object_list: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('object_list needs a non-empty list of keys');
    const keys = arg as string[];
    type Found = { list: unknown[] } | 'invalid' | undefined;
    const find = (v: unknown): Found => {
      if (!isObj(v)) return undefined;
      let invalid = false;
      for (const k of keys) {
        if (!Object.hasOwn(v, k)) continue;
        const x = v[k];
        if (Array.isArray(x)) return { list: x };
        if (isObj(x)) {
          const inner = find(x);
          if (inner !== undefined) return inner;
          continue;
        }
        invalid = true;
      }
      for (const e of ['data', 'result', 'response']) {
        const inner = isObj(v[e]) ? find(v[e]) : undefined;
        if (inner !== undefined) return inner;
      }
      return invalid ? 'invalid' : undefined;
    };
    return (v) => {
      const found = find(v);
      return found === undefined || found === 'invalid' ? undefined : found.list;
    };
  },
  /**
   * an object -> the list of it and of every object held under one of the keys, depth first, each before what it
   * holds, the keys in the given order at every level (upstream workflowPublishResult's visit, aitable
   * workflow_deploy.go:135-184@c7521c1c: the reviewed response envelopes data/result/response, not any nested key);
   * absent when the value is not an object. A plan reads each envelope's own keys from the list
   */
  envelopes: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('envelopes needs a non-empty list of keys');
    const keys = arg as string[];
    const visit = (v: Record<string, unknown>, out: unknown[]): unknown[] => {
      out.push(v);
      for (const k of keys) {
        const inner = v[k];
        if (isObj(inner)) visit(inner, out);
      }
      return out;
    };
    return (v) => (isObj(v) ? visit(v, []) : undefined);
  },
  /**
   * text split on any of the given characters, parts trimmed (Go's strings.TrimSpace), empty parts dropped. The long
   * form `{on: ",", as_typed: true}` keeps every part as typed, blank and empty ones included (Go's strings.Split)
   */
  split: (arg) => {
    const long = isObj(arg);
    if (long && (Object.keys(arg).some((k) => k !== 'on' && k !== 'as_typed') || typeof arg.as_typed !== 'boolean')) throw new Error('split needs {on: characters, as_typed: true|false}');
    const seps = [...nonEmptyText('split')(long ? arg.on : arg)];
    const asTyped = long && arg.as_typed === true;
    return (v, where) => {
      if (typeof v !== 'string') return Array.isArray(v) ? v : refuse(where, v, 'text');
      const parts = seps.reduce<string[]>((acc, sep) => acc.flatMap((x) => x.split(sep)), [v]);
      return asTyped ? parts : parts.map(trimSpace).filter((x) => x.length > 0);
    };
  },
  only_starting: starting('only_starting', true),
  except_starting: starting('except_starting', false),
  /** a list -> lists of at most n elements, in order */
  chunk: (arg) => {
    const n = positive('chunk')(arg);
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list');
      const out: unknown[][] = [];
      for (let i = 0; i < v.length; i += n) out.push(v.slice(i, i + n));
      return out;
    };
  },
  /**
   * "left<sep>right" texts -> [left, right] pairs, both trimmed as Go's strings.TrimSpace (upstream's splitters:
   * splitSheetPrefixedRange sheet_style.go:747-748, parseExtension chat/toolbar_helpers.go:59-60@c7521c1c; p-blank4:
   * JavaScript's trim took U+FEFF and left U+0085); a text without sep or with an empty left is refused
   */
  split_pairs: (arg) => {
    const sep = nonEmptyText('split_pairs', 'a separator text')(arg);
    return (v, where) => asList(v).map((x) => {
      const t = str(x, where);
      const at = t.indexOf(sep);
      if (at < 0 || trimSpace(t.slice(0, at)) === '') return refuse(where, x, `a pair written "left${sep}right"`);
      return [trimSpace(t.slice(0, at)), trimSpace(t.slice(at + sep.length))];
    });
  },
  /** a list of texts -> the elements that match the regular expression */
  keep_matching: (arg) => {
    const r = regex('keep_matching')(arg);
    return (v) => asList(v).filter((x) => typeof x === 'string' && r.test(x));
  },
  /** a text -> the first capture group of every match of the regular expression (the whole match without a group), in order (Go FindAllStringSubmatch) */
  regex_all: (arg) => {
    const r = regex('regex_all')(arg);
    return (v, where) => [...str(v, where).matchAll(new RegExp(r.source, 'gu'))].map((m) => m[1] ?? m[0]);
  },
  /** a list of texts -> the elements that do not match the regular expression */
  reject_matching: (arg) => {
    const r = regex('reject_matching')(arg);
    return (v) => asList(v).filter((x) => !(typeof x === 'string' && r.test(x)));
  },
  /** a list of objects -> each reduced to the listed fields (absent fields left out) */
  project: (fields) => {
    if (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => typeof f === 'string')) throw new Error('project needs a list of field names');
    return (v, where) => {
      if (!Array.isArray(v)) return refuse(where, v, 'a list of objects');
      return v.map((x) => (isObj(x) ? Object.fromEntries((fields as string[]).filter((f) => Object.hasOwn(x, f)).map((f) => [f, x[f]])) : x));
    };
  },
  /**
   * a list of [key, value] pairs (as split_pairs makes them) -> one object. `last`: a repeated key takes its last
   * value (a Go map filled in order); `once`: a repeated key is refused (upstream parseExtension)
   */
  pairs_to_object: (mode) => {
    if (mode !== 'last' && mode !== 'once') throw new Error('pairs_to_object is last or once (what a repeated key does)');
    return (v, where) => {
      const out: Record<string, unknown> = {};
      for (const pair of asList(v)) {
        if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') return refuse(where, pair, 'a [key, value] pair');
        if (mode === 'once' && Object.hasOwn(out, pair[0])) return refuse(where, pair[0], 'a key given once (it is repeated)');
        // an own key whatever its name: `__proto__` is a key like any other in a Go map (h56-a2)
        setOwn(out, pair[0], pair[1]);
      }
      return out;
    };
  },
  /** an object (each object of a list) with keys renamed by the table {old: new}; its other keys kept in place */
  rename_key: (table) => {
    if (!isObj(table) || Object.keys(table).length === 0 || !Object.values(table).every((x) => typeof x === 'string' && x.length > 0)) {
      throw new Error('rename_key needs a table {old: new} of key names');
    }
    const names = table as Record<string, string>;
    // a key whose new name is already there stays as it is (upstream renames order only when direction is absent)
    const one = (x: unknown) => (isObj(x) ? Object.fromEntries(Object.entries(x).map(([k, y]) => [Object.hasOwn(names, k) && !Object.hasOwn(x, names[k]) ? names[k] : k, y])) : x);
    return (v) => (Array.isArray(v) ? v.map(one) : one(v));
  },
  /** an object without the keys listed (a copy; anything else unchanged): a record dropped from a printed answer */
  omit_keys: (keys) => {
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k.length > 0)) throw new Error('omit_keys needs a list of key names');
    const drop = new Set(keys as string[]);
    return (v) => (isObj(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !drop.has(k))) : v);
  },
  /** a list of keys -> an object mapping each key to the literal */
  to_keys: (literal) => (v) => Object.fromEntries(asList(v).map((k) => [String(k), literal])),
};

