// Query phase, after the core: identities named inside a longer query ("... 用 chat message recall 撤回") are
// pinned first, in query order (SPEC 4.3 step 2: an exact identity anywhere in a broad query is never lost). Not an
// option: the SPEC requires it.
import type { IdentityLookup } from '../../catalog/identity.js';
import type { Hit } from '../hits.js';

/**
 * Where the words of an identity cannot run on: a clause mark between two words (in the design doc, delete the
 * comment: doc and delete are in two clauses, and no identity says "doc, delete"). SPEC 4.3 takes `.`, `/` and
 * whitespace as an identity's separators, never these.
 */
const CLAUSE_MARK = /[,;:!?\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f]/u;

/**
 * Tools whose identity (2 to maxWords consecutive identifier words; with clauses, no clause mark between them)
 * appears inside a longer query, in query order.
 */
export function embeddedIdentities(folded: string, identities: IdentityLookup, maxWords: number, clauses = true): number[] {
  // Each word with the number of its clause: a window of words runs inside one clause (one clause when the text has
  // no clause mark, as most requests do: then the words alone are split out).
  const marked = clauses && CLAUSE_MARK.test(folded);
  const words: string[] = [];
  const clause: number[] = [];
  if (!marked) words.push(...folded.split(/[^a-z0-9_+-]+/u).filter((w) => w.length > 0));
  else {
    let c = 0;
    for (const part of folded.split(/([^a-z0-9_+-]+)/u)) {
      if (/^[a-z0-9_+-]+$/u.test(part)) {
        words.push(part);
        clause.push(c);
      } else if (CLAUSE_MARK.test(part)) c++;
    }
  }
  if (words[0] === 'dws') {
    words.shift();
    clause.shift();
  }
  const found: number[] = [];
  for (let i = 0; i < words.length; i++) {
    // One lookup rules out every window that starts with a word no multi-word identity starts with.
    if (words.length - i < 2 || !identities.hasPrefix(`${words[i]} `)) continue;
    let last = marked ? i : words.length - 1;
    while (last + 1 < words.length && clause[last + 1] === clause[i]) last++;
    for (let n = Math.min(maxWords, last + 1 - i); n >= 2; n--) {
      const doc = identities.get(words.slice(i, i + n).join(' '));
      if (doc !== undefined) {
        if (!found.includes(doc)) found.push(doc);
        break;
      }
    }
  }
  return found;
}

/**
 * The core's hits with the eligible embedded identities first (scored ones keep their score and fields). eligible:
 * the request's filters only (a hidden command, left out of the ranking mask, is pinned when named).
 */
export function pinIdentities(ranked: Hit[], folded: string, eligible: (doc: number) => boolean, identities: IdentityLookup,
  maxWords: number): Hit[] {
  return pinFirst(ranked.slice(), embeddedIdentities(folded, identities, maxWords).filter(eligible));
}

/**
 * The hits with the pinned documents first, in their order (pinIdentities, for identities already found); with none
 * pinned, ranked itself (the query phase passes a list of its own).
 */
export function pinFirst(ranked: Hit[], pinned: number[]): Hit[] {
  if (pinned.length === 0) return ranked;
  const pinnedSet = new Set(pinned);
  const hits: Hit[] = pinned.map((doc) => {
    const scored = ranked.find((h) => h.doc === doc);
    return { ...(scored ?? { fields: ['identity'], breakdown: undefined, score: 0 }), doc, sources: scored ? ['exact_identity', ...scored.sources] : ['exact_identity'], strong: true, coverage: 1 };
  });
  for (const h of ranked) if (!pinnedSet.has(h.doc)) hits.push(h);
  return hits;
}
