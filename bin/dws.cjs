#!/usr/bin/env node
'use strict';
// The process entry. Two things here are about the cost of a cold process, which an agent pays once per step:
// - CommonJS on purpose: an ES module entry makes node start its ESM loader (and the fs promise, stream and readline
//   modules it reads files with) before any of dws runs, about 8 ms of every process.
// - dist/dws.cjs (the one-file bundle of src/cli/bin.ts) runs from V8's code cache, dist/dws.cjs.cache, which
//   `npm run build` writes after an Inspect and a search have run (scripts/lib/write-code-cache.cjs): the functions
//   those commands run arrive compiled instead of being parsed and compiled again in every process (3 to 9 ms in
//   alternating runs).
// The cache starts with a header line "dws-code-cache <build id> <length>". The build id is the one in the bundle's
// last line, so a cache is only offered to the bundle it was made from; V8 itself rejects data from another V8
// version or other flags. A missing, stale or rejected cache only means the bundle is compiled from source.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const BUNDLE = path.join(__dirname, '..', 'dist', 'dws.cjs');
const CACHE = `${BUNDLE}.cache`;
const BUILD_ID = /\/\/# dws-build-id=([0-9a-f]+)\s*$/;

/** The V8 code cache made for the bundle with this build id, or undefined when there is none. */
function cachedDataFor(id) {
  if (!id) return undefined;
  let bytes;
  try {
    bytes = fs.readFileSync(CACHE);
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
 * The bundle compiled, from the code cache when it fits (useCache false: never). Its text is already a CommonJS
 * module wrapper, `(function (exports, require, module, __filename, __dirname) {...})` (scripts/build.mjs).
 */
function compile(useCache = true) {
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const id = BUILD_ID.exec(source.slice(-80))?.[1];
  const script = new vm.Script(source, { filename: BUNDLE, cachedData: useCache ? cachedDataFor(id) : undefined });
  return { script, id };
}

/** Runs one command (argv without node and the script) with the compiled bundle; resolves when it is done. */
function run(script, argv) {
  const bundleModule = { exports: {} };
  script.runInThisContext()(bundleModule.exports, createRequire(BUNDLE), bundleModule, BUNDLE, path.dirname(BUNDLE));
  // Every command but the hot two goes to the commander program, an ES module: imported here, where import() works.
  return bundleModule.exports.start(argv, () => import('../dist/cli.mjs'));
}

if (require.main === module) run(compile().script, process.argv.slice(2));
else module.exports = { compile, run, CACHE };
