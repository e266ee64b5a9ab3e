// Build-time: object words learned from the catalog's own command titles, for the object guard
// (src/engine/stages/object-guard.ts). catalog/lexicon/objects.yaml says by hand how requests name each object; a
// title says it too ("删除视图", "Delete a view"): a tool's object is its CLI path's last noun (toolObjectIndex), and a
// title word that the titles of at least `minTools` tools on that object end their object phrase with, and that
// titles of tools on other objects seldom say (`minShare` of the titles saying it are on the object), names it.
// Chinese: the last 2 to 4 Han characters of each part of the title between action words, 的 and brackets; English:
// each word of the title that is no action word and no stop word. Words another object already has stay its own.
import { queryActionMask, toolObjectIndex, type ActionLexicon, type ObjectLexicon } from '../lexicon/actions.js';
import { fold } from '../text/fold.js';

export interface ObjectWordOptions {
  /** A word must end object phrases in the titles of at least this many tools on the object. */
  minTools: number;
  /** Of the tools whose titles say the word, at least this share must be on the object. */
  minShare: number;
}

export const OBJECT_WORD_DEFAULTS: ObjectWordOptions = { minTools: 2, minShare: 0.6 };

const EN_STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'from', 'for', 'by', 'and', 'or', 'with', 'its', 'it', 'as',
  'into', 'one', 'all', 'shortcut', 'atomic', 'legacy', 'path', 'command', 'entry', 'top-level', 'level', 'top', 'your',
  'my', 'you', 'their', 'after', 'before', 'checking', 'confirmation', 'verification', 'bulk', 'batch', 'whole', 'entirely',
  'custom', 'new', 'old', 'single', 'current', 'given', 'via', 'at', 'is', 'are', 'be', 'that', 'this', 'these', 'some']);
const ZH_NOISE = /快捷|便捷版|便捷|原子命令|兼容旧路径|旧命令|批量|一个|一条|某个|某条|指定|整个|整张|整篇|当前|需确认|并确认已|自定义/gu;

/** Chinese candidates: the last 2..4 Han characters of each run between action words, 的 and non-Han text. */
function zhCandidates(title: string, actionWords: string[]): string[] {
  let t = fold(title).replace(/（[^）]*）|\([^)]*\)/gu, ' ').replace(ZH_NOISE, ' ');
  for (const w of actionWords) if (w.length >= 2) t = t.split(w).join(' ');
  const out: string[] = [];
  for (const run of t.split(/[^\u4e00-\u9fff]+|的|里|中/u)) {
    for (let n = 2; n <= Math.min(4, run.length); n++) out.push(run.slice(run.length - n));
  }
  return out;
}

function enCandidates(title: string, actionWords: Set<string>): string[] {
  return fold(title).split(/[^a-z-]+/u).filter((w) => w.length >= 3 && !EN_STOP.has(w) && !actionWords.has(w));
}

/**
 * The lexicon with the words the titles teach filed as the object lexicon's `learned` (a new lexicon object; the given
 * one is not changed); the guard reads them with objectGuardLearned 1 (withLearned in src/lexicon/actions.ts).
 * tools: each tool's CLI path and titles.
 */
export function learnObjectWords(lex: ActionLexicon, tools: readonly { cli_path: string; title: string; title_en: string }[],
  options: ObjectWordOptions = OBJECT_WORD_DEFAULTS): ActionLexicon {
  const objects = lex.objects;
  if (!objects) return lex;
  const zhActions = [...new Set(lex.zh.flat())].sort((a, b) => b.length - a.length);
  const enActions = new Set([...lex.en.flat(), ...lex.names.flat()].flatMap((w) => w.split(' ')));
  // word -> per object, the tools whose titles end an object phrase with it; and the tools whose titles say it.
  const onObject = new Map<string, Map<number, number>>();
  const saying = new Map<string, number>();
  const seen = (w: string, o: number, own: Set<string>) => {
    if (own.has(w)) return;
    own.add(w);
    saying.set(w, (saying.get(w) ?? 0) + 1);
    if (o < 0) return;
    const m = onObject.get(w) ?? new Map<number, number>();
    m.set(o, (m.get(o) ?? 0) + 1);
    onObject.set(w, m);
  };
  for (const t of tools) {
    const o = toolObjectIndex(t.cli_path, lex);
    const own = new Set<string>();
    for (const w of zhCandidates(t.title, zhActions)) seen(w, o, own);
    for (const w of enCandidates(t.title_en, enActions)) seen(w, o, own);
  }
  const known = new Set([...objects.zh.flat(), ...objects.en.flat()]);
  const zh = objects.zh.map((ws) => [...ws]);
  const en = objects.en.map((ws) => [...ws]);
  for (const [w, per] of [...onObject].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (known.has(w) || queryActionMask(w, lex, 0) !== 0) continue;
    for (const [o, n] of per) {
      if (n < options.minTools || n / saying.get(w)! < options.minShare) continue;
      (/[a-z]/u.test(w) ? en : zh)[o].push(w);
    }
  }
  const learned: ObjectLexicon = { ...objects, learned: { zh: zh.map((ws, o) => ws.slice(objects.zh[o].length)), en: en.map((ws, o) => ws.slice(objects.en[o].length)) } };
  return { ...lex, objects: learned };
}
