import * as esbuild from 'esbuild';
const r = await esbuild.build({ entryPoints: [process.argv[2]], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, metafile: true, logLevel: 'error', outfile: '/tmp/cp/x.cjs' });
const inputs = r.metafile.inputs;
const start = process.argv[2];
const parent = new Map([[start, null]]); const q = [start];
while (q.length) { const f = q.shift(); for (const i of inputs[f]?.imports ?? []) { if (i.kind === 'dynamic-import') continue; const p = i.external ? 'EXT:' + i.path : i.path; if (!parent.has(p)) { parent.set(p, f); if (!i.external) q.push(p); } } }
const chain = (p) => { const c = []; while (p) { c.unshift(p.replace(/.*node_modules\//, 'nm/')); p = parent.get(p); } return c.join(' <- '.replace('<-','->')); };
for (const p of parent.keys()) if (p.startsWith('EXT:')) console.log(chain(p));
console.log('static modules:', parent.size);
if (process.argv[3]) for (const p of parent.keys()) if (p.includes(process.argv[3])) console.log(chain(p));
