import fs from 'fs'; import {parse, stringify} from 'yaml';
const [p, ...names] = process.argv.slice(2); const d=parse(fs.readFileSync(`catalog/${p}.yaml`,'utf8'));
for (const t of d.tools) if (names.includes(t.name)) { const {interface:_i, ...rest} = t; const params = {}; for (const [k,v] of Object.entries(rest.parameters||{})) params[k] = {d: v.description, e: v.enum, en: v.description_en}; rest.parameters = params; delete rest.aliases; for (const k of ['visibility','effect','risk','confirmation','idempotency','primary_cli_path']) delete rest[k]; console.log(stringify(rest)); }
