// The layering of src/ (docs/ARCHITECTURE.md): each folder imports only folders of a lower layer (and itself).
// Data flows one way, catalog -> build -> snapshot -> engine -> schema/dispatch -> serve -> cli, so an upward import
// is a design error this test names, file and line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** Folder (or root file) of src/ -> layer; a module may import its own folder and any lower layer. */
export const LAYERS: Record<string, number> = {
  'errors.ts': 0,
  // The bounds every input is held to (string lengths, argument bytes, suggestion work), for every layer.
  'limits.ts': 0.5,
  // The way out to DingTalk: server configuration, the MCP transport, transfers, secrets, the file root.
  backend: 0.8,
  // The append-only, hash-chained record of every backend call.
  journal: 0.9,
  catalog: 1,
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

export function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC).filter((f) => f.endsWith('.ts'))) {
    const from = unitOf(file);
    expect(LAYERS[from], `src/${from} has no layer in test/layers.test.ts`).toBeDefined();
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), m[1]);
        // Catalog data embedded at bundle time (catalog/events/: the event keys local commands list) is below
        // everything, as the catalog is.
        if (path.relative(path.join(ROOT, 'catalog'), target).split(path.sep)[0] !== '..') continue;
        const to = unitOf(target);
        if (to !== from && !(LAYERS[to] < LAYERS[from])) {
          found.push(`${path.relative(ROOT, file)}:${i + 1} (${from}, layer ${LAYERS[from]}) imports ${m[1]} (${to}, layer ${LAYERS[to] ?? '?'})`);
        }
      }
    });
  }
  return found;
}

describe('the layering of src/', () => {
  it('has no import from a folder of the same or a higher layer', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('notices an upward import (the check itself can fail)', () => {
    const probe = path.join(SRC, 'catalog', 'types.ts');
    const text = readFileSync(probe, 'utf8');
    // Every folder but the lowest is somewhere above catalog/.
    expect(LAYERS.catalog).toBeLessThan(LAYERS.engine);
    expect(text.includes("from '../engine/")).toBe(false);
    const line = `import type { Engine } from '../engine/engine.js';`;
    const to = unitOf(path.resolve(path.dirname(probe), line.match(/'([^']+)'/)![1]));
    expect(to).toBe('engine');
    expect(LAYERS[to] < LAYERS[unitOf(probe)]).toBe(false);
  });
});
