import { loadEngine } from '../src/index.js';
import { validatorSource } from '../src/contract/standalone.js';
import { executionCalls } from '../src/plan/summary.js';
const e = loadEngine({ snapshot: 'build/snapshot.bin' });
const tools = e.tools().filter((t) => executionCalls(t) !== undefined);
let total = 0;
const t0 = performance.now();
const out: string[] = [];
for (const t of tools) { const s = validatorSource(t); total += s.length; out.push(s); }
console.log('tools', tools.length, 'bytes', total, 'ms', performance.now() - t0);
(await import('node:fs')).writeFileSync(process.argv[2], out.join('\n\n'));
