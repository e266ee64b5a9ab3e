import fs from 'fs'; import {parse} from 'yaml';
for (const p of process.argv.slice(2)) { const d=parse(fs.readFileSync(`catalog/${p}.yaml`,'utf8'));
 for (const t of d.tools) console.log(t.canonical_path, '|', t.agent_summary, '|', (t.keywords||[]).join(','), '|', (t.keywords_en||[]).join(',')); }
