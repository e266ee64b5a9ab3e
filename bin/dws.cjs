#!/usr/bin/env node
'use strict';
// The process entry. Three things here are about the cost of a cold process, which an agent pays once per step:
// - CommonJS on purpose: an ES module entry makes node start its ESM loader (and the fs promise, stream and readline
//   modules it reads files with) before any of dws runs, about 8 ms of every process.
// - Two one-file bundles, picked by the first word: a catalog command (`dws chat +dm ...`, any first word that is not
//   an option or a built-in command) runs dist/exec.cjs, the dispatch alone (src/cli/exec.ts); everything else runs
//   dist/dws.cjs (src/cli/bin.ts: search and Inspect, and the commander program, dist/cli.mjs, for the rest). The
//   built-in words are src/cli/route.ts BUILT_IN (a test keeps the two lists equal).
// - Each bundle runs from V8's code cache, dist/<bundle>.cjs.cache, which `npm run build` writes after the bundle's
//   commands have run (scripts/lib/write-code-cache.cjs): the functions those commands run arrive compiled instead of
//   being parsed and compiled again in every process (3 to 9 ms in alternating runs).
// A cache starts with a header line "dws-code-cache <build id> <length>". The build id is the one in the bundle's
// last line, so a cache is only offered to the bundle it was made from; V8 itself rejects data from another V8
// version or other flags. A missing, stale or rejected cache only means the bundle is compiled from source.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const DIST = path.join(__dirname, '..', 'dist');
const bundleFile = (name) => path.join(DIST, `${name}.cjs`);
const cacheFile = (name) => `${bundleFile(name)}.cache`;
const BUILD_ID = /\/\/# dws-build-id=([0-9a-f]+)\s*$/;
/** src/cli/route.ts BUILT_IN: first words that are not catalog commands. */
const BUILT_IN = new Set(['schema', 'serve', 'help', 'auth', 'profile', 'doctor']);

/** The bundle that runs this argv: 'exec' for a catalog command, else 'dws' (src/cli/route.ts isDispatch). */
function bundleFor(argv) {
  const first = argv[0];
  return first !== undefined && !first.startsWith('-') && !BUILT_IN.has(first) ? 'exec' : 'dws';
}

/** The V8 code cache made for the bundle with this build id, or undefined when there is none. */
function cachedDataFor(name, id) {
  if (!id) return undefined;
  let bytes;
  try {
    bytes = fs.readFileSync(cacheFile(name));
  } catch {
    return undefined;
  }
  const eol = bytes.indexOf(10);
  const header = eol > 0 && eol < 120 ? bytes.toString('latin1', 0, eol).split(' ') : [];
  const data = bytes.subarray(eol + 1);
  if (header.length !== 3 || header[0] !== 'dws-code-cache' || header[1] !== id || Number(header[2]) !== data.length) return undefined;
  return data;
}

/**
 * A bundle ('dws' or 'exec') compiled, from its code cache when that fits (useCache false: never). Its text is
 * already a CommonJS module wrapper, `(function (exports, require, module, __filename, __dirname) {...})`
 * (scripts/build.mjs).
 */
function compile(useCache = true, name = 'dws') {
  const file = bundleFile(name);
  const source = fs.readFileSync(file, 'utf8');
  const id = BUILD_ID.exec(source.slice(-80))?.[1];
  const script = new vm.Script(source, { filename: file, cachedData: useCache ? cachedDataFor(name, id) : undefined });
  return { script, id, name };
}

/** Runs one command (argv without node and the script) with a compiled bundle; resolves when it is done. */
function run(script, argv, name = 'dws') {
  const file = bundleFile(name);
  const bundleModule = { exports: {} };
  script.runInThisContext()(bundleModule.exports, createRequire(file), bundleModule, file, DIST);
  // dws.cjs hands every command but the hot two to the commander program, an ES module: imported here, where
  // import() works.
  return bundleModule.exports.start(argv, () => import('../dist/cli.mjs'));
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const name = bundleFor(argv);
  run(compile(true, name).script, argv, name);
} else {
  module.exports = { compile, run, bundleFor, cacheFile, BUILT_IN, CACHE: cacheFile('dws') };
}
