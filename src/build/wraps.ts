// The wraps across products (product decision, session 24; docs/ARCHITECTURE.md "Twins"), checked at build once the
// plans are attached (src/build/load.ts): it reads each command's plan and the twin call form, so it lives in the
// build layer, beside src/build/twins.ts, not in src/catalog/validate.ts (which checks declarations alone).
import type { ToolSpec } from '../catalog/types.js';
import { CatalogInvalid, isShortcut } from '../catalog/validate.js';
import { howItRuns } from '../plan/runs.js';
import { callForm } from './twins.js';

/** The server tools a command's plan calls, in order (`server.rpc`), or [] when it makes no call. */
function callsOf(t: ToolSpec): string[] {
  const how = howItRuns(t);
  return how.kind === 'plan' ? how.plan.steps.flatMap((s) => (s.kind === 'call' ? [`${s.server}.${s.rpc}`] : [])) : [];
}

/**
 * The wraps across products, read on the planned tools (product decision, session 24): a `+shortcut` may wrap an
 * atomic command of another product only when its call is that command's call: the same server tools in the same
 * order and, for the same input, the same arguments (src/build/twins.ts callForm without the answer: the steps up to
 * the last one that reaches out, step ids read by place). How each reads and prints the answer may differ (`devapp
 * +disable` prints the service answer whole; `dev app disable` unwraps and checks it; `devapp +get` first reads an
 * answer holding `content` as that value, in a value step after its call). Returns the tools, or throws CatalogInvalid.
 */
export function validateWraps(tools: readonly ToolSpec[]): readonly ToolSpec[] {
  const problems: string[] = [];
  const byPath = new Map(tools.map((t) => [t.canonical_path, t]));
  for (const t of tools) {
    const target = t.wraps === undefined ? undefined : byPath.get(t.wraps);
    if (!target || target.product_id === t.product_id) continue;
    const at = `${t.product_id}.yaml: ${t.canonical_path}`;
    if (isShortcut(target.cli_path)) {
      problems.push(`${at}: wraps ${t.wraps}, a shortcut of another product (name an atomic command)`);
      continue;
    }
    const [mine, theirs] = [callsOf(t), callsOf(target)];
    if (mine.length === 0 || mine.join() !== theirs.join()) {
      problems.push(`${at}: wraps ${t.wraps} in another product, but calls ${mine.join(', ') || 'nothing'} where it calls ${theirs.join(', ') || 'nothing'} (another server or RPC)`);
    } else if (callForm(t, false)?.key !== callForm(target, false)?.key) {
      problems.push(`${at}: wraps ${t.wraps} in another product, but sends other arguments for the same input (not its call)`);
    }
  }
  if (problems.length) throw new CatalogInvalid(problems);
  return tools;
}

