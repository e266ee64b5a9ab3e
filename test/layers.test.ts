// The layering of src/ (docs/ARCHITECTURE.md): each folder imports only folders of a lower layer (and itself).
// Data flows one way, catalog -> build -> snapshot -> engine -> schema/dispatch -> serve -> cli, so an upward import
// is a design error this test names, file and line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** Folder (or root file) of src/ -> layer; a module may import its own folder and any lower layer. */
export const LAYERS: Record<string, number> = {
  // JSON numbers kept as typed where upstream decodes with UseNumber: parsed, cloned and written back byte for byte
  // (below errors.ts, whose envelope writes a failure's details with it, and below json-object.ts, whose JSON object
  // test and equality know a kept number). It imports nothing of src/.
  'json-number.ts': -0.1,
  'errors.ts': 0,
  // The one timer every wait goes through (polls, pages, retry backoffs, login polling); it imports nothing of src/.
  'sleep.ts': 0.1,
  // The bounds every input is held to (string lengths, argument bytes, suggestion work), for every layer.
  'limits.ts': 0.5,
  // The one "is a JSON object" test, for every layer that reads parsed JSON or YAML, and the one way to set an own key
  // (setOwn: "__proto__" stays a key), which json-well-formed.ts's decoder and the plan's merge share.
  'json-object.ts': 0.46,
  // JSON decoded with its texts well formed, as Go's decoder gives them (a lone surrogate escape is U+FFFD).
  'json-well-formed.ts': 0.47,
  // How Go's fmt prints a decoded JSON value (%v): one home for every place upstream formats an answer's value.
  'go-fmt.ts': 0.55,
  // Go's time.Parse of upstream's time layouts: one home for the plan's time transforms and the answer readers.
  'go-time.ts': 0.56,
  // Text analysis shared by everything that matches words: the one fold, plural rule, phrase matcher and order; Go's
  // whitespace (below backend, which reads answers as upstream trims them). It imports nothing outside itself.
  text: 0.6,
  // The way out to DingTalk: server configuration, the MCP transport, transfers, secrets, the file root.
  backend: 0.8,
  // The append-only, hash-chained record of every backend call.
  journal: 0.9,
  catalog: 1,
  // Code of one command's domain that plans call through a transform (sheet styles, alidocs URLs, CSV rows).
  domain: 1.2,
  // What a ToolSpec's flags mean: flag types, aliases, ajv validation, flag -> argument mapping.
  contract: 1.3,
  // The plan language (catalog/plans/): its spec, validation, evaluation, transforms and the one executor, which
  // reaches the world only through its effects port.
  plan: 1.5,
  lexicon: 2,
  core: 2,
  build: 3,
  snapshot: 4,
  engine: 5,
  schema: 6,
  // DingTalk's personal event stream: the event catalog, the control plane, the consumer and its run records.
  events: 6.4,
  // Commands that run on this machine (audit, event, dev connect, pat, drive folder sync) through the effects port.
  local: 6.5,
  dispatch: 7,
  serve: 8,
  cli: 9,
  // The library entry is the engine loaded from a Node file (serve and the CLI load it the same way).
  'index.ts': 5.5,
  playground: 11,
  eval: 11,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|json)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const SRC = path.join(ROOT, 'src');
const unitOf = (file: string) => path.relative(SRC, file).split(path.sep)[0].replace(/\.js$/, '.ts');
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** The relative imports of one source text, each with its line and the file it resolves to (`.js` -> `.ts`). */
export function importsOf(file: string, text: string): { line: number; spec: string; target: string }[] {
  return text.split('\n').flatMap((line, i) => [...line.matchAll(IMPORT)].map((m) => ({
    line: i + 1, spec: m[1], target: path.resolve(path.dirname(file), m[1]).replace(/\.js$/, '.ts'),
  })));
}

/** Catalog data embedded at bundle time (catalog/events/: the event keys local commands list) is below everything. */
const isCatalogData = (target: string) => path.relative(path.join(ROOT, 'catalog'), target).split(path.sep)[0] !== '..';

/** Imports that go to the same or a higher layer, named by file and line. */
export function upwardImports(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const from = unitOf(file);
    expect(LAYERS[from], `src/${from} has no layer in test/layers.test.ts`).toBeDefined();
    for (const { line, spec, target } of importsOf(file, text)) {
      if (isCatalogData(target)) continue;
      const to = unitOf(target);
      if (to !== from && !(LAYERS[to] < LAYERS[from])) {
        found.push(`${path.relative(ROOT, file)}:${line} (${from}, layer ${LAYERS[from]}) imports ${spec} (${to}, layer ${LAYERS[to] ?? '?'})`);
      }
    }
  }
  return found;
}

/** Every import circle between files (each reported once, from its first file in code point order). */
export function fileCircles(files: Map<string, string>): string[][] {
  const edges = new Map([...files].map(([file, text]) => [file, importsOf(file, text).map((i) => i.target).filter((t) => files.has(t))]));
  const circles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, stack: string[]) => {
    const at = stack.indexOf(file);
    if (at >= 0) {
      circles.push(stack.slice(at).map((f) => path.relative(ROOT, f)));
      return;
    }
    if (done.has(file)) return;
    for (const next of edges.get(file) ?? []) visit(next, [...stack, file]);
    done.add(file);
  };
  for (const file of [...files.keys()].sort()) visit(file, []);
  return circles;
}

const srcFiles = () => new Map(sources(SRC).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(f, 'utf8')]));

describe('the layering of src/', () => {
  it('has no import from a folder of the same or a higher layer', () => {
    expect(upwardImports(srcFiles())).toEqual([]);
  });

  it('has no import circle between files, inside a folder or across folders', () => {
    expect(fileCircles(srcFiles())).toEqual([]);
  });

  it('notices an upward import and a circle (the checks themselves can fail)', () => {
    const a = path.join(SRC, 'catalog', 'probe-a.ts');
    const b = path.join(SRC, 'catalog', 'probe-b.ts');
    const probe = new Map([
      [a, "import type { Engine } from '../engine/engine.js';\nimport { b } from './probe-b.js';"],
      [b, "export { a } from './probe-a.js';"],
    ]);
    expect(upwardImports(probe)).toEqual(["src/catalog/probe-a.ts:1 (catalog, layer 1) imports ../engine/engine.js (engine, layer 5)"]);
    expect(fileCircles(probe)).toEqual([['src/catalog/probe-a.ts', 'src/catalog/probe-b.ts']]);
  });
});
