// Build-time: the objects a destructive or removing command's own contract says it acts on, read from its id
// parameters (`--record-ids`: records; `--open-conversation-id`: a conversation, a chat; `--user-ids`: users, members),
// filed in the object lexicon's `touches` per CLI path for the object guard (src/engine/stages/object-guard.ts). The
// word before `-id(s)` (or `Id(s)` in the RPC argument) is looked up in the objects' CLI names (catalog/lexicon/
// objects.yaml `names`), so it reads every command's parameters the same way, with no word list and no request read.
import type { ActionLexicon, ObjectLexicon } from '../lexicon/actions.js';
import type { ToolSpec } from '../catalog/types.js';

/** The nouns of a tool's id parameters: `record-ids` -> record, `openConversationId` -> conversation. */
export function idNouns(tool: Pick<ToolSpec, 'parameters'>): string[] {
  const nouns: string[] = [];
  for (const [name, p] of Object.entries(tool.parameters ?? {})) {
    if (p.alias_of) continue;
    const flag = /([a-z0-9]+)-ids?$/u.exec(name)?.[1];
    if (flag) nouns.push(flag);
    const prop = /([A-Z]?[a-z0-9]+)Ids?$/u.exec(p.property ?? '')?.[1];
    if (prop) nouns.push(prop.toLowerCase());
  }
  return [...new Set(nouns)];
}

/** The object indexes these nouns name (an object's CLI names), sorted. */
function objectsNamed(nouns: readonly string[], objects: ObjectLexicon): number[] {
  const out = new Set<number>();
  for (const n of nouns) {
    // A noun and its plural (users -> user) name one object.
    const i = objects.names.findIndex((ns) => ns.includes(n) || ns.includes(n.replace(/s$/u, '')));
    if (i >= 0) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** The lexicon with `touches` filed for every destructive or removing tool whose id parameters name an object. */
export function fileContractObjects(lex: ActionLexicon, tools: readonly Pick<ToolSpec, 'cli_path' | 'effect' | 'parameters'>[]): ActionLexicon {
  const objects = lex.objects;
  if (!objects) return lex;
  const removing = new Set(['delete', 'remove'].flatMap((c) => lex.names[lex.classes.indexOf(c)] ?? []));
  const touches: Record<string, number[]> = {};
  for (const t of [...tools].sort((a, b) => (a.cli_path < b.cli_path ? -1 : a.cli_path > b.cli_path ? 1 : 0))) {
    const words = t.cli_path.replace(/\+/gu, '').split(/[ -]/u);
    if (t.effect !== 'destructive' && !words.some((w) => removing.has(w))) continue;
    const named = objectsNamed(idNouns(t), objects);
    if (named.length > 0) touches[t.cli_path] = named;
  }
  return { ...lex, objects: { ...objects, touches } };
}
