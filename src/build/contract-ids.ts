// Build-time: the ids a destructive command's own contract requires (--base-id, --table-id, --record-ids), filed in the
// object lexicon's `requires` per CLI path, for the narrow_destroy stage (src/engine/stages/narrow-destroy.ts). A command
// whose required ids are a strict superset of another's acts on something inside what the other acts on: `aitable
// record delete` (base, table, record) is inside `aitable table delete` (base, table), inside `aitable base delete`
// (base). Read from the parameters every command has, so it needs no word list and holds for commands whose requests
// nobody read. An id parameter: a required, visible flag named `…id` / `…ids` (or whose RPC argument is `…Id(s)`); the
// plural is read as the singular (record-ids = record-id).
import type { ActionLexicon } from '../lexicon/actions.js';
import type { ToolSpec } from '../catalog/types.js';

/** A tool's required id flags, sorted, plurals singular; empty when it requires none. */
export function requiredIds(tool: Pick<ToolSpec, 'parameters'>): string[] {
  const ids = Object.entries(tool.parameters ?? {})
    .filter(([name, p]) => (p.required || p.cli_required === true) && !p.alias_of && (/(^|-)ids?$/u.test(name) || /Ids?$/u.test(p.property ?? '')))
    .map(([name]) => name.replace(/ids$/u, 'id'));
  return [...new Set(ids)].sort();
}

/** The lexicon with `requires` filed for every destructive or removing tool that requires an id (a new lexicon object). */
export function fileRequiredIds(lex: ActionLexicon, tools: readonly Pick<ToolSpec, 'cli_path' | 'effect' | 'parameters'>[]): ActionLexicon {
  const objects = lex.objects;
  if (!objects) return lex;
  const removing = new Set(['delete', 'remove'].flatMap((c) => lex.names[lex.classes.indexOf(c)] ?? []));
  const requires: Record<string, string[]> = {};
  for (const t of [...tools].sort((a, b) => (a.cli_path < b.cli_path ? -1 : a.cli_path > b.cli_path ? 1 : 0))) {
    const words = t.cli_path.replace(/\+/gu, '').split(/[ -]/u);
    if (t.effect !== 'destructive' && !words.some((w) => removing.has(w))) continue;
    const ids = requiredIds(t);
    if (ids.length > 0) requires[t.cli_path] = ids;
  }
  return { ...lex, objects: { ...objects, requires } };
}
