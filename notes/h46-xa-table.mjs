// Session 46, helper xa (issue 32, notes/h46-xa.md): for every doc/markdown command in upstream's
// RegisterCrossProductAliases trees (helpers/doc.go:4632-4645, doc_style.go:259-270, markdown.go:84/:242/:416/:595,
// markdown_diff.go:407@c7521c1c), the spellings that call adds (each group's names not registered before it), whether the
// body names each one (`read`; `read+Changed` when a Changed() check counts it; `ignored`: a review aid, each read by hand)
// and its dws declaration. Usage: node notes/h46-xa-table.mjs (upstream unpacked in /tmp/up). One TSV line per spelling:
// command, spelling, group primary, upstream reading, dws declaration, `plan-names` when the plan names it, body.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { helperFlags } from '../scripts/scan-upstream-flags.mjs';
const ROOT = new URL('..', import.meta.url).pathname;
const GROUPS = [
  ['node', 'file-id', 'node-id', 'doc-id'], ['folder', 'parent-id', 'parent-folder', 'parent-node-id', 'parent-folder-id'],
  ['workspace', 'workspace-id'], ['query', 'keyword'], ['limit', 'page-size'], ['cursor', 'page-token', 'next-token'],
  ['desc', 'description'], ['user', 'user-id', 'uid'], ['users', 'user-ids', 'user-list', 'user-id-list'], ['file', 'file-path'],
  ['content', 'markdown'], ['content-file', 'content-path']];
const TREE = new Set(['doc search', 'doc list', 'doc create', 'doc update', 'doc upload', 'doc download', 'doc copy', 'doc move', 'doc rename', 'doc delete']);
const inTree = (p) => TREE.has(p) || /^doc (block|comment|media|permission|file|folder|version|template|style) /.test(p) || p.startsWith('markdown ');
// `xs := []*cobra.Command{a, b}` then `for _, c := range xs { c.Flags().String("url", ...) }` (doc.go:2796-2811,
// :3001-3014, :3505-3518, :3855-3868@c7521c1c): registrations the scanner's helperFlags does not follow
function sliceLoopFlags(rel, cliPath) {
  const text = readFileSync(`/tmp/up/${rel}`, 'utf8');
  const v = guessVar(text, cliPath);
  if (!v) return [];
  const out = [];
  for (const sm of text.matchAll(/(\w+)\s*:=\s*\[\]\*cobra\.Command\{([^}]*)\}/g)) {
    if (!new RegExp(String.raw`\b${v}\b`).test(sm[2])) continue;
    for (const lm of text.matchAll(new RegExp(String.raw`for _, (\w+) := range ${sm[1]} \{`, 'g'))) {
      const body = text.slice(lm.index, text.indexOf('\n\t}', lm.index));
      for (const r of body.matchAll(new RegExp(String.raw`\b${lm[1]}\.Flags\(\)\.\w+\("([\w-]+)"`, 'g'))) out.push(r[1]);
    }
  }
  return out;
}
/** The command variable: the one whose DeclareLeafMetadata names the CLI path. */
function guessVar(text, cliPath) {
  const at = text.indexOf(`CLIPath:        ${JSON.stringify(cliPath)}`);
  if (at < 0) return null;
  return [...text.slice(Math.max(0, at - 3000), at).matchAll(/DeclareLeafMetadata\((\w+),/g)].at(-1)?.[1] ?? null;
}
const plans = {};
for (const f of ['plans/doc', 'plans/multi-step/doc', 'plans/multi-step/markdown']) {
  const d = parse(readFileSync(`${ROOT}/catalog/${f}.yaml`, 'utf8'), { maxAliasCount: -1 }) ?? {};
  Object.assign(plans, d.plans ?? d);
}
const rows = [];
for (const f of ['doc', 'markdown']) {
  const d = parse(readFileSync(`${ROOT}/catalog/${f}.yaml`, 'utf8'));
  for (const t of d.tools) {
    if (!inTree(t.cli_path)) continue;
    const m = /^(internal\/[^:]+):(\d+)@/.exec(t.upstream);
    const h = helperFlags(m[1], Number(m[2]), t.cli_path);
    const reg = [...h.names.keys(), ...sliceLoopFlags(m[1], t.cli_path)];
    const added = [];
    for (const g of GROUPS) {
      const primary = g.find((n) => reg.includes(n));
      if (!primary) continue;
      for (const n of g) if (n !== primary && !reg.includes(n)) added.push([n, primary]);
    }
    const params = t.parameters ?? {};
    const plan = JSON.stringify(plans[t.canonical_path] ?? null);
    for (const [n, primary] of added) {
      const p = params[n];
      const dws = !p ? 'ABSENT' : p.alias_of ? `alias_of ${p.alias_of}` : `own(${p.type ?? ''}${p.hidden ? ',hidden' : ''}${p.property ? ',prop=' + p.property : ''})`;
      const planNames = plan.includes(`"${n}"`);
      const read = h.body.includes(`"${n}"`) ? (new RegExp(String.raw`Changed\("${n}"\)`).test(h.body) ? 'read+Changed' : 'read') : 'ignored';
      rows.push([t.cli_path, n, primary, read, dws, planNames ? 'plan-names' : '', t.upstream].join('\t'));
    }
    if (!added.length) rows.push([t.cli_path, '-', '-', '-', 'nothing added', '', t.upstream].join('\t'));
  }
}
console.log(rows.join('\n'));
