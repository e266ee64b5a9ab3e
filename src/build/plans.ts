// Build time (Node only): reads catalog/plans/**/*.yaml and attaches the validated plans to the catalog's
// composite tools (ToolSpec.plan), so the snapshot and source_hash carry them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { Catalog } from '../catalog/types.js';
import { CatalogInvalid } from '../catalog/validate.js';
import { validatePlans, type PlanFile } from '../plan/validate.js';
import { byCodePoint } from '../text/order.js';
import { validateRecovery } from '../plan/recovery.js';
import { planOf } from '../plan/runs.js';


/** Every .yaml file under dir (recursively), paths relative to dir with `/`, in code point order. */
export function readPlanFiles(dir: string): PlanFile[] {
  if (!existsSync(dir)) return [];
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.yaml'))
    .sort(byCodePoint);
  return files.map((file) => {
    try {
      // The plans are the repository's own source, not outside input: a shared answer check aliased by every leaf of a
      // product (dev.yaml's devapp checks) may expand past the parser's guard against alias bombs.
      return { file, doc: YAML.parse(readFileSync(path.join(dir, file), 'utf8'), { maxAliasCount: -1 }) as unknown };
    } catch (e) {
      throw new CatalogInvalid([`catalog/plans/${file}: not valid YAML: ${(e as Error).message}`]);
    }
  });
}

/** Returns the catalog with each reviewed write's `recovery` set (catalog/verify/); throws CatalogInvalid listing every problem. */
export function attachRecovery(catalog: Catalog, files: PlanFile[]): Catalog {
  const servers = new Set<string>();
  for (const t of catalog.tools) {
    servers.add(t.product_id);
    if (t.interface_ref) servers.add(t.interface_ref.product_id);
    for (const s of t.plan?.steps ?? []) if (s.kind === 'call') servers.add(s.server);
  }
  const { recovery, problems } = validateRecovery(files, catalog.tools, planOf, servers);
  if (problems.length) throw new CatalogInvalid(problems);
  return { ...catalog, tools: catalog.tools.map((t) => (recovery.has(t.canonical_path) ? { ...t, recovery: recovery.get(t.canonical_path)! } : t)) };
}

/** Returns the catalog with each planned tool's `plan` set; throws CatalogInvalid listing every problem. */
export function attachPlans(catalog: Catalog, files: PlanFile[]): Catalog {
  const { plans, problems } = validatePlans(files, catalog.tools);
  if (problems.length) throw new CatalogInvalid(problems);
  return { ...catalog, tools: catalog.tools.map((t) => (plans.has(t.canonical_path) ? { ...t, plan: plans.get(t.canonical_path)! } : t)) };
}
