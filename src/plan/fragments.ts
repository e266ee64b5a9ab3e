// Named plan fragments (docs/PLANS.md "Fragments"): a part of a plan declared once under a plans file's `fragments:`
// and used by plans in any plans file as `{fragment: <name>, with: {<param>: <step id>}}`. YAML anchors end at their
// file; a fragment is how two files share one declaration (chat's im.batch-write.v1 ledger: catalog/plans/chat.yaml's
// batch writes and the multi-step chat +messages-send). Each use is replaced by the fragment's value with every text
// `$<param>` in it replaced by the step id given, before the plans are validated: the normalized plan is the same as
// if the value had been written out there.
import { isObject as isObj } from '../json-object.js';

export interface Fragment {
  /** The step ids the value reads, named as `$<param>` inside it. */
  params: string[];
  value: unknown;
}

interface File {
  file: string;
  doc: unknown;
}

const NAME = /^[a-z][a-z0-9_]*$/u;

/** A use of a fragment: an object with the key `fragment` and at most `with` besides. */
const isUse = (v: unknown): v is { fragment: unknown; with?: unknown } => isObj(v) && Object.hasOwn(v, 'fragment') && Object.keys(v).every((k) => k === 'fragment' || k === 'with');

/** Every `$param` text of the value (a `const` literal included: a fragment's parameters are step ids anywhere). */
function paramTexts(v: unknown, out: Set<string>): Set<string> {
  if (typeof v === 'string' && v.startsWith('$')) out.add(v.slice(1));
  else if (Array.isArray(v)) for (const x of v) paramTexts(x, out);
  else if (isObj(v)) for (const x of Object.values(v)) paramTexts(x, out);
  return out;
}

/** Whether the value holds a use of a fragment (not inside a `const` literal). */
function holdsUse(v: unknown): boolean {
  if (isUse(v)) return true;
  if (Array.isArray(v)) return v.some(holdsUse);
  return isObj(v) && Object.entries(v).some(([k, x]) => k !== 'const' && holdsUse(x));
}

/** The fragments declared in the files (`fragments:` at the top of any of them), each name once. */
function collect(files: readonly File[], problems: string[]): Map<string, Fragment> {
  const found = new Map<string, Fragment>();
  const declaredIn = new Map<string, string>();
  for (const { file, doc } of files) {
    if (!isObj(doc) || doc.fragments === undefined) continue;
    const at = `catalog/plans/${file}: fragments`;
    if (!isObj(doc.fragments)) {
      problems.push(`${at}: must map fragment names to {params, value}`);
      continue;
    }
    for (const [name, raw] of Object.entries(doc.fragments)) {
      const where = `${at}.${name}`;
      if (!NAME.test(name)) problems.push(`${where}: a fragment name matches [a-z][a-z0-9_]*`);
      if (declaredIn.has(name)) {
        problems.push(`${where}: declared twice (also in catalog/plans/${declaredIn.get(name)})`);
        continue;
      }
      const params = isObj(raw) ? raw.params : undefined;
      if (!isObj(raw) || raw.value === undefined || Object.keys(raw).some((k) => k !== 'params' && k !== 'value')
        || !Array.isArray(params) || !params.every((p) => typeof p === 'string' && NAME.test(p)) || new Set(params).size !== params.length) {
        problems.push(`${where}: must be {params: [name, ...] (distinct, [a-z][a-z0-9_]*), value}`);
        continue;
      }
      const named = paramTexts(raw.value, new Set());
      const unused = (params as string[]).filter((p) => !named.has(p));
      const unknown = [...named].filter((p) => !(params as string[]).includes(p));
      if (unused.length) problems.push(`${where}: params ${unused.join(', ')} never appear as $<param> in its value`);
      if (unknown.length) problems.push(`${where}: $${unknown.join(', $')} in its value are not among its params`);
      if (holdsUse(raw.value)) problems.push(`${where}: a fragment's value uses no other fragment`);
      declaredIn.set(name, file);
      found.set(name, { params: params as string[], value: raw.value });
    }
  }
  return found;
}

/** The value with each `$param` text replaced by its step id. */
function instantiate(v: unknown, ids: Record<string, string>): unknown {
  if (typeof v === 'string' && v.startsWith('$') && Object.hasOwn(ids, v.slice(1))) return ids[v.slice(1)];
  if (Array.isArray(v)) return v.map((x) => instantiate(x, ids));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, instantiate(x, ids)]));
  return v;
}

/** The plan value with every use of a fragment replaced by its instance (a `const` literal is left as written). */
function expand(v: unknown, fragments: Map<string, Fragment>, at: string, problems: string[]): unknown {
  if (isUse(v)) {
    const name = v.fragment;
    const fragment = typeof name === 'string' ? fragments.get(name) : undefined;
    if (fragment === undefined) {
      problems.push(`${at}: fragment ${JSON.stringify(name)} is not declared under fragments: in any plans file`);
      return v;
    }
    const ids = v.with ?? {};
    const given = isObj(ids) ? Object.keys(ids) : [];
    if (!isObj(ids) || !Object.values(ids).every((x) => typeof x === 'string') || given.length !== fragment.params.length || !fragment.params.every((p) => given.includes(p))) {
      problems.push(`${at}: fragment "${String(name)}" takes with: {${fragment.params.map((p) => `${p}: <step id>`).join(', ')}}`);
      return v;
    }
    return instantiate(fragment.value, ids as Record<string, string>);
  }
  if (Array.isArray(v)) return v.map((x, i) => expand(x, fragments, `${at}[${i}]`, problems));
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'const' ? x : expand(x, fragments, `${at}.${k}`, problems)]));
  return v;
}

/** The plan files with every use of a fragment in their plans expanded and their `fragments:` taken out; the problems found. */
export function expandFragments<F extends File>(files: readonly F[]): { files: F[]; problems: string[] } {
  const problems: string[] = [];
  const fragments = collect(files, problems);
  const out = files.map((f) => {
    if (!isObj(f.doc)) return f;
    const { fragments: _declared, ...doc } = f.doc;
    if (isObj(doc.plans)) {
      doc.plans = Object.fromEntries(Object.entries(doc.plans).map(([path, plan]) => [path, expand(plan, fragments, `catalog/plans/${f.file}: ${path}`, problems)]));
    }
    return { ...f, doc };
  });
  return { files: out, problems };
}
