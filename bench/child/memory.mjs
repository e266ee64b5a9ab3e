// Run with --expose-gc in a fresh process: heap and external memory before and after loading the engine and after
// a first search, plus the WASM memory size and the process's peak RSS. Prints one JSON line.
import { readFileSync } from 'node:fs';

const query = process.argv[2] ?? 'search';
const mem = () => { globalThis.gc(); return process.memoryUsage(); };
const base = mem();
const { loadEngine } = await import('../../dist/index.mjs');
const imported = mem();
const engine = loadEngine();
const loaded = mem();
engine.search({ query });
const searched = mem();
const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
process.stdout.write(JSON.stringify({
  base, imported, loaded, searched,
  wasmMemory: engine.wasm.memory.buffer.byteLength,
  peakRss: hwm ? Number(hwm[1]) * 1024 : null,
}) + '\n');
