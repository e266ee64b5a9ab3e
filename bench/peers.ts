// The libraries people would pick for this job, configured as their docs recommend, over the same per-field text
// (src/build/fields.ts) with the same field weights as our ranking where the library takes weights. Each runs
// with its default tokenizer, with the CJK tokenizer its docs point to (Intl.Segmenter word segmentation where the
// library has no CJK preset), and with our WASM tokenizer plugged in.
import MiniSearch from 'minisearch';
import { create, insert, search as oramaSearch, type AnyOrama } from '@orama/orama';
import { createTokenizer as mandarinTokenizer } from '@orama/tokenizers/mandarin';
import FlexSearch from 'flexsearch';
import bm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';
import { tokenize, instantiateCore } from '../src/core/core.js';
import { DEFAULT_RANKING } from '../src/engine/ranking.js';
import { FIELDS, type FieldName } from '../src/build/fields.js';
import type { Doc } from './corpus.js';

export type TokenizerKind = 'default' | 'cjk' | 'dws';

export interface PeerIndex {
  /** Document ids of the best k hits, best first. */
  search(query: string, k: number): number[];
}

export interface Peer {
  library: string;
  tokenizer: TokenizerKind;
  /** What the tokenizer is, in words, for the report. */
  tokenizerNote: string;
  build(docs: Doc[]): PeerIndex;
}

const WEIGHTS = DEFAULT_RANKING.weights;
const fieldNames = [...FIELDS] as string[];

// Our tokenizer, from a core instance of its own (peers never touch the engine's instance).
const dwsCore = instantiateCore();
const dwsTokens = (text: string): string[] => tokenize(dwsCore, text);

// Intl.Segmenter word segmentation (the recipe MiniSearch's docs and Orama's mandarin tokenizer use for CJK).
const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
const segmenterTokens = (text: string): string[] => {
  const out: string[] = [];
  for (const s of segmenter.segment(text.toLowerCase())) if (s.isWordLike) out.push(s.segment);
  return out;
};

function flatDoc(d: Doc): Record<string, string | number> {
  return { id: d.id, ...d.fields };
}

const minisearch = (tokenizer: TokenizerKind, tokenizerNote: string, tokenize?: (t: string) => string[]): Peer => ({
  library: 'minisearch',
  tokenizer,
  tokenizerNote,
  build(docs) {
    const ms = new MiniSearch<Record<string, string | number>>({
      idField: 'id',
      fields: fieldNames,
      ...(tokenize ? { tokenize } : {}),
      searchOptions: { boost: { ...WEIGHTS } },
    });
    ms.addAll(docs.map(flatDoc));
    return { search: (q, k) => ms.search(q).slice(0, k).map((r) => r.id as number) };
  },
});

const orama = (tokenizer: TokenizerKind, tokenizerNote: string, component?: () => object): Peer => ({
  library: '@orama/orama',
  tokenizer,
  tokenizerNote,
  build(docs) {
    const schema = Object.fromEntries(fieldNames.map((f) => [f, 'string'])) as Record<FieldName, 'string'>;
    const db = create({ schema: { ...schema, doc: 'number' }, ...(component ? { components: { tokenizer: component() } } : {}) }) as AnyOrama;
    for (const d of docs) insert(db, { ...d.fields, doc: d.id });
    return {
      search(q, k) {
        const res = oramaSearch(db, { term: q, limit: k, boost: { ...WEIGHTS } });
        if (res instanceof Promise) throw new Error('orama answered asynchronously');
        return res.hits.map((h) => (h.document as unknown as { doc: number }).doc);
      },
    };
  },
});

const dwsOramaTokenizer = () => ({
  language: 'english',
  normalizationCache: new Map(),
  tokenize: (raw: string) => dwsTokens(raw),
});

const flexsearch = (tokenizer: TokenizerKind, tokenizerNote: string, fieldOptions: () => object): Peer => ({
  library: 'flexsearch',
  tokenizer,
  tokenizerNote,
  build(docs) {
    const index = new FlexSearch.Document({
      document: { id: 'id', index: fieldNames.map((field) => ({ field, ...fieldOptions() })) },
    } as never);
    for (const d of docs) index.add(flatDoc(d) as never);
    return {
      search(q, k) {
        // suggest: return documents that match some of the terms (the default requires all of them).
        const res = index.search(q, { limit: k, suggest: true, merge: true } as never) as unknown as { id: number }[];
        return res.slice(0, k).map((r) => r.id);
      },
    };
  },
});

const wink = (tokenizer: TokenizerKind, tokenizerNote: string, tasks: ((input: never) => unknown)[]): Peer => ({
  library: 'wink-bm25-text-search',
  tokenizer,
  tokenizerNote,
  build(docs) {
    const engine = bm25();
    engine.defineConfig({ fldWeights: { ...WEIGHTS }, bm25Params: { k1: DEFAULT_RANKING.k1, b: DEFAULT_RANKING.b } });
    engine.definePrepTasks(tasks as never);
    for (const d of docs) engine.addDoc(d.fields, d.id);
    engine.consolidate();
    return { search: (q, k) => engine.search(q, k).map(([id]) => Number(id)) };
  },
});

const WINK_DOCS_TASKS = [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem, nlp.tokens.propagateNegations];

export const PEERS: Peer[] = [
  minisearch('default', 'built-in (splits on spaces and punctuation)'),
  minisearch('cjk', 'Intl.Segmenter words', segmenterTokens),
  minisearch('dws', 'dws WASM tokenizer', dwsTokens),
  orama('default', 'built-in english'),
  orama('cjk', '@orama/tokenizers/mandarin', mandarinTokenizer as () => object),
  orama('dws', 'dws WASM tokenizer', dwsOramaTokenizer),
  flexsearch('default', 'default encoder, tokenize "forward"', () => ({ tokenize: 'forward' })),
  flexsearch('cjk', 'Charset.CJK encoder', () => ({ encoder: FlexSearch.Charset.CJK })),
  flexsearch('dws', 'dws WASM tokenizer (encode)', () => ({ encode: dwsTokens })),
  wink('default', 'lowerCase, tokenize0, removeWords, stem', WINK_DOCS_TASKS),
  wink('cjk', 'Intl.Segmenter words', [segmenterTokens as never]),
  wink('dws', 'dws WASM tokenizer', [dwsTokens as never]),
];
