// Paths into a step's result (docs/PLANS.md "Paths"): `a.b[0].c`, `[*]` for every element of a list. Parsing is
// strict (the build rejects a malformed path); reading never throws: a missing key is absent (undefined).

export type Segment = { key: string } | { index: number } | { each: true };

const SEGMENT = /^([^.[\]]*)((?:\[(?:\d+|\*)\])*)$/u;

/** Parses a path; throws an Error naming the problem (the build adds where). */
export function parsePath(path: string): Segment[] {
  if (path.length === 0) throw new Error('empty path');
  const out: Segment[] = [];
  const parts = path.split('.');
  parts.forEach((part, i) => {
    const m = SEGMENT.exec(part);
    if (!m) throw new Error(`malformed path "${path}" at "${part}"`);
    const [, key, brackets] = m;
    if (key === '' && !(i === 0 && brackets !== '')) throw new Error(`malformed path "${path}": empty segment`);
    if (key !== '') out.push({ key });
    for (const b of brackets.match(/\[(\d+|\*)\]/gu) ?? []) {
      const inner = b.slice(1, -1);
      out.push(inner === '*' ? { each: true } : { index: Number(inner) });
    }
  });
  return out;
}

function readSegments(value: unknown, segs: Segment[], at: number): unknown {
  if (at === segs.length) return value;
  const s = segs[at];
  if ('each' in s) {
    if (!Array.isArray(value)) return undefined;
    return value.map((v) => readSegments(v, segs, at + 1)).filter((v) => v !== undefined);
  }
  if ('index' in s) return Array.isArray(value) ? readSegments(value[s.index], segs, at + 1) : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, s.key)) return undefined;
  return readSegments((value as Record<string, unknown>)[s.key], segs, at + 1);
}

/** The value at the path, or undefined when any part of it is missing. */
export function readPath(value: unknown, path: string | undefined): unknown {
  if (path === undefined) return value;
  return readSegments(value, parsePath(path), 0);
}

/**
 * A copy of `value` with the list at `path` (plain keys and indexes only) replaced; the original is untouched. With
 * `create`, a key missing on the way is made an empty object (a place that holds a non-object stays as it is).
 */
export function replaceAt(value: unknown, path: string, replacement: unknown, create = false): unknown {
  const segs = parsePath(path);
  const put = (node: unknown, at: number): unknown => {
    if (at === segs.length) return replacement;
    const s = segs[at];
    if ('each' in s) return node;
    if ('index' in s) {
      if (!Array.isArray(node)) return node;
      const copy = [...node];
      copy[s.index] = put(copy[s.index], at + 1);
      return copy;
    }
    if (create && node === undefined) node = {};
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
    return { ...(node as Record<string, unknown>), [s.key]: put((node as Record<string, unknown>)[s.key], at + 1) };
  };
  return put(value, 0);
}
