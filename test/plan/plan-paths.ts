// The canonical paths of this plans: catalog/plans/<product>.yaml (single-call and paged; not multi-step/).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ROOT } from '../helpers.js';

export function singleCallPlanPaths(): string[] {
  const dir = path.join(ROOT, 'catalog', 'plans');
  return readdirSync(dir).filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => Object.keys((YAML.parse(readFileSync(path.join(dir, f), 'utf8'), { maxAliasCount: -1 }) as { plans?: object }).plans ?? {}))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
