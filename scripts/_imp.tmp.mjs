import * as esbuild from 'esbuild';
const r = await esbuild.build({ entryPoints: [process.argv[2]], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, metafile: true, logLevel: 'error', outfile: '/tmp/cp/x.cjs' });
const inputs = r.metafile.inputs; const seen = new Set([process.argv[2]]); const q = [process.argv[2]];
while (q.length) { const f = q.shift(); for (const i of inputs[f]?.imports ?? []) { if (i.kind === 'dynamic-import') continue; if (i.external) { if (i.path.match(process.argv[3])) console.log(f, '->', i.path); continue; } if (!seen.has(i.path)) { seen.add(i.path); q.push(i.path); } } }
