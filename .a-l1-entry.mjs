import fs from 'node:fs';
import YAML from 'yaml';
const [cp] = process.argv.slice(2);
const [prod, name] = cp.split('.');
const doc = YAML.parse(fs.readFileSync(`catalog/${prod}.yaml`, 'utf8'));
const t = doc.tools.find((x) => x.canonical_path === cp);
const keep = {...t};
for (const k of ['title','title_en','agent_summary','agent_summary_en','description','description_en','use_when','use_when_en','avoid_when','avoid_when_en','keywords','keywords_en']) delete keep[k];
console.log(YAML.stringify(keep));
