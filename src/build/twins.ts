// Twin groups (SPEC 4.4: the same job's other entry point; the agent may pick either), derived from the catalog at
// build, never listed by hand. Two commands are twins when
//   - one is a `+shortcut` that wraps the other (the catalog's `wraps` fact; across products only when the shortcut's
//     calls are the wrapped command's, whatever each prints: src/build/wraps.ts validateWraps), or
//   - they send the same calls: for every input both accept, the same MCP calls (server tool and arguments) and the
//     same answer. Read from the plans (the declared one, or an atomic command's one-step plan): each plan's calls,
//     other steps and output, with its flags renamed by where they are first read, must be equal, and each renamed
//     flag must read a typed value the same way (type, catalog default, trimming, enum spelling). A `refuse` step
//     sends nothing, so validation may differ (`drive delete` refuses --node-id, which `doc delete` does not know).
//     Two plans that fix different values (another filter, enable vs disable) or print another part of one answer
//     (a view's filter vs its sort) differ, so they are not twins.
// Twins are grouped transitively (a shortcut of either same-call command joins the group); a group is named by the
// first canonical path, in code point order, of its members that wrap nothing: for a group of a shortcut and the
// command it wraps, that command, as before same-call twins (so the seeded held-out split of src/build/written.ts
// reads a group by one name, and a merged group is placed once).
import type { ToolSpec } from '../catalog/types.js';
import { howItRuns } from '../plan/runs.js';
import { byCodePoint } from '../text/order.js';

/** A command's calls and answer with its inputs renamed, and those inputs (flag names, `#n` positionals) in order. */
export interface CallForm {
  key: string;
  inputs: string[];
}

/** Keys whose value is a literal (sent or compared as written): copied with sorted keys, never renamed. */
const LITERAL = new Set(['const', 'default', 'transform', 'one_of', 'next_transform']);
/** Step kinds that send nothing and only read values at hand (a `refuse` is left out of every call form). */
const ANSWER_ONLY = new Set(['value', 'pick']);
/** Keys whose text (or list of texts) names a step: renamed by place in a call form without the answer. */
const STEP_REFS = new Set(['id', 'from', 'failure_as', 'rounds_as', 'timeout_as', 'interleave', 'steps', 'answer_of']);
/** Keys that are the plan's own prose, not behaviour. */
const PROSE = new Set(['facts', 'derived']);

const sortedLiteral = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(sortedLiteral);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(Object.keys(o).sort(byCodePoint).map((k) => [k, sortedLiteral(o[k])]));
};

/**
 * The command's call form, or undefined when it makes no MCP call (local, unavailable, no plan). Two commands with
 * one key send the same calls for the same input: input i of one is input i of the other. With `answer` false the
 * form is the calls alone (a cross-product `wraps`, src/build/wraps.ts): it leaves out what the command prints
 * (`output`, `local_answer`, `answer_object`/`answer_json`), the steps after the last one that reaches out (a value or
 * pick step only reads answers already at hand), and the step ids, each name a step declares (its id, `failure_as`,
 * `rounds_as`, `timeout_as`) read as its place among the steps kept (`@0`, `@1`, ...) wherever a step names it. Two commands with
 * one such key send the same calls and may read and print the answer differently.
 */
export function callForm(tool: ToolSpec, answer = true): CallForm | undefined {
  const how = howItRuns(tool);
  if (how.kind !== 'plan' || !how.plan.steps.some((s) => s.kind === 'call')) return undefined;
  const declared = { ...tool.hidden_parameters, ...tool.parameters } as Record<string, { type: string; default?: unknown; enum?: string[]; enum_fold?: string; enum_blank?: string }>;
  const param = (name: string) => (Object.hasOwn(declared, name) ? declared[name] : undefined);
  const trimmed = (name: string) => tool.trim_strings === true && param(name)?.type === 'string';
  const names = new Map<string, string>();
  const rename = (input: string) => {
    if (!names.has(input)) names.set(input, `$${names.size}`);
    return names.get(input)!;
  };
  // answer false: each name a kept step declares, by its place (a reference to a step left out stays as written)
  const stepNames = new Map<string, string>();
  const stepName = (x: unknown): unknown => (typeof x === 'string' ? stepNames.get(x) ?? x : x);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    let o = v as Record<string, unknown>;
    const flag = typeof o.flag === 'string' ? o.flag : typeof o.typed === 'string' ? o.typed : undefined;
    if (flag !== undefined) {
      // `{flag: x, when: {given: x}}` (an atomic command's argument) is `{flag: x}` when x has no default: not given,
      // it has no value either way.
      const when = o.when as Record<string, unknown> | undefined;
      if (o.flag === flag && when && Object.keys(when).length === 1 && when.given === flag && param(flag)?.default === undefined) {
        const { when: _, ...rest } = o;
        o = rest;
      }
      // A text flag of a command that trims its flags is trimmed already: a leading `trim` changes nothing.
      const ts = o.transform;
      if (Array.isArray(ts) && ts[0] === 'trim' && trimmed(flag)) {
        const { transform: _, ...rest } = o;
        o = ts.length > 1 ? { ...rest, transform: ts.slice(1) } : rest;
      }
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort(byCodePoint)) {
      const x = o[k];
      // `answer_object`/`answer_json` say how the answer is read, not what is sent: a call form without the answer leaves them out
      if (PROSE.has(k) || (!answer && (k === 'answer_object' || k === 'answer_json'))) continue;
      if (!answer && STEP_REFS.has(k) && (typeof x === 'string' || (Array.isArray(x) && x.every((e) => typeof e === 'string')))) out[k] = Array.isArray(x) ? x.map(stepName) : stepName(x);
      else if ((k === 'flag' || k === 'typed' || k === 'given') && typeof x === 'string') out[k] = rename(x);
      else if (k === 'positional' && typeof x === 'number') out[k] = rename(`#${x}`);
      else out[k] = LITERAL.has(k) ? sortedLiteral(x) : walk(x);
    }
    return out;
  };
  const plan = how.plan;
  let steps = plan.steps.filter((s) => s.kind !== 'refuse');
  if (!answer) {
    // the calls alone: nothing after the last step that reaches out (a call, upload, download, save or handoff)
    const reaching = steps.map((s) => !ANSWER_ONLY.has(s.kind));
    steps = steps.slice(0, reaching.lastIndexOf(true) + 1);
    steps.forEach((s, i) => {
      stepNames.set(s.id, `@${i}`);
      const own = s as { failure_as?: string; repeat?: { rounds_as?: string }; poll?: { timeout_as?: string } };
      for (const [k, n] of [['failure_as', own.failure_as], ['rounds_as', own.repeat?.rounds_as], ['timeout_as', own.poll?.timeout_as]]) {
        if (n !== undefined) stepNames.set(n, `@${i}.${k}`);
      }
    });
  }
  const body = walk(answer ? { steps, output: plan.output ?? null, local_answer: plan.local_answer ?? null, ...(plan.outputs ? { outputs: plan.outputs } : {}) } : { steps });
  const inputs = [...names.keys()];
  // How each input's typed text becomes its value: a positional that is also a flag reads as that flag.
  const reading = inputs.map((n) => {
    const p = param(n.startsWith('#') ? (tool.positionals ?? []).find((x) => `#${x.index}` === n)?.name ?? '' : n);
    return p ? { type: p.type, default: p.default ?? null, trim: trimmed(n), enum: p.enum ?? null, fold: p.enum_fold ?? null, blank: p.enum_blank ?? null, positional: n.startsWith('#') } : { positional: n.startsWith('#') };
  });
  return { key: JSON.stringify([body, sortedLiteral(reading)]), inputs };
}

/** The same-call groups: commands (canonical paths, code point order) sharing a call form, two or more each. */
export function sameCallGroups(tools: readonly ToolSpec[]): { paths: string[]; inputs: string[][] }[] {
  const byKey = new Map<string, { paths: string[]; inputs: string[][] }>();
  for (const t of [...tools].sort((a, b) => byCodePoint(a.canonical_path, b.canonical_path))) {
    const form = callForm(t);
    if (!form) continue;
    const g = byKey.get(form.key) ?? byKey.set(form.key, { paths: [], inputs: [] }).get(form.key)!;
    g.paths.push(t.canonical_path);
    g.inputs.push(form.inputs);
  }
  return [...byKey.values()].filter((g) => g.paths.length > 1);
}

/**
 * Each tool's twin group, named by its first member (code point order) that wraps nothing. With sameCall false, the
 * groups of `wraps` alone (a shortcut and the command it wraps).
 */
export function twinGroups(tools: readonly ToolSpec[], sameCall = true): Map<string, string> {
  const known = new Set(tools.map((t) => t.canonical_path));
  const parent = new Map([...known].map((p) => [p, p]));
  const find = (p: string): string => {
    let root = p;
    while (parent.get(root) !== root) root = parent.get(root)!;
    return root;
  };
  const union = (a: string, b: string) => parent.set(find(b), find(a));
  for (const t of tools) if (t.wraps !== undefined && known.has(t.wraps)) union(t.wraps, t.canonical_path);
  if (sameCall) for (const g of sameCallGroups(tools)) for (const p of g.paths.slice(1)) union(g.paths[0], p);
  const wrapsOne = new Set(tools.filter((t) => t.wraps !== undefined && known.has(t.wraps)).map((t) => t.canonical_path));
  const members = new Map<string, string[]>();
  for (const p of [...known].sort(byCodePoint)) members.set(find(p), [...(members.get(find(p)) ?? []), p]);
  const name = new Map<string, string>();
  for (const [root, ps] of members) name.set(root, ps.find((p) => !wrapsOne.has(p)) ?? ps[0]);
  return new Map([...known].map((p) => [p, name.get(find(p))!]));
}
