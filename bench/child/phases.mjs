// A cold process split into phases, timed from the process's time origin: Node bootstrap, importing the library
// bundle, reading the snapshot, loading it into the engine, the first search and a second one. Prints one JSON line.
const t = { bootstrap: performance.nodeTiming.bootstrapComplete, start: performance.now() };
const lib = await import('../../dist/index.mjs');
t.imported = performance.now();
const bytes = lib.readSnapshot();
t.read = performance.now();
const engine = lib.loadEngine({ snapshot: bytes });
t.loaded = performance.now();
engine.search({ query: process.argv[2] ?? 'search' });
t.first = performance.now();
engine.search({ query: process.argv[2] ?? 'search' });
t.second = performance.now();
process.stdout.write(JSON.stringify(t) + '\n');
