import YAML from 'yaml'; import fs from 'fs';
const [,, prod] = process.argv;
const c = YAML.parse(fs.readFileSync(`catalog/${prod}.yaml`,'utf8'));
const tools = c.tools ?? c;
for (const t of tools) {
  const ps = Object.entries(t.parameters??{}).map(([k,p])=>`${k}${p.required?'*':''}${p.hidden?'(h)':''}${p.alias_of?'->'+p.alias_of:''}:${p.type}${p.default!==undefined?'='+JSON.stringify(p.default):''}@${p.property}`).join(' ');
  console.log(`${t.canonical_path} | ${t.cli_path} | ${t.interface?.mode} ${t.interface?.ref?.rpc_name??''} ${t.confirmation} ${t.upstream??''}\n    ${ps}`);
}
