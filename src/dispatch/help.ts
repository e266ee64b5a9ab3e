// Help text for catalog commands, in English and Chinese side by side, rendered from the ToolSpec (hidden
// compatibility flags are never shown). Group help lists the commands under a CLI path prefix.
import type { ToolSpec } from '../catalog/types.js';
import { CONTROL_FLAGS, CONTROL_HELP } from '../contract/control.js';
import { byCodePoint } from '../text/order.js';
import { executionSummary } from '../plan/summary.js';
import { describeCondition } from '../plan/values.js';


/** One line on how the command runs: its backend call(s), paging, resolution, transfers. */
function executionText(t: ToolSpec, e: NonNullable<ReturnType<typeof executionSummary>>): string {
  const walk = t.plan?.local?.calls;
  if (e.local && walk?.length) {
    const perFile = walk.length > 1;
    return `locally, walking both folders: ${walk.join(' -> ')}; paged, at most ${e.max_pages} pages in all; one call per folder page${perFile ? ' and per file' : ''} / 本地执行，遍历两侧文件夹，每个文件夹分页调用${perFile ? '，逐个文件调用' : ''}`;
  }
  if (e.local) return 'locally, no backend call / 本地执行，不调用后端';
  if (!t.plan) return `one call: ${t.interface_ref!.rpc_name} on the "${t.interface_ref!.product_id}" server / 一次调用`;
  const calls = t.plan.steps.map((s) => (s.kind === 'call' ? `${s.server}.${s.rpc}` : s.kind === 'handoff' ? `local ${s.handoff.local}` : s.kind));
  const notes = [
    e.max_pages ? `paged, at most ${e.max_pages} pages / 分页，最多 ${e.max_pages} 页` : '',
    e.for_each ? 'one call per item / 每项一次调用' : '',
    e.resolve ? 'stops with candidates when a name is ambiguous / 名称有歧义时列出候选并停止' : '',
    e.poll ? 'waits for a task, bounded / 有界等待任务完成' : '',
  ].filter(Boolean);
  return `${calls.length === 1 ? 'one step' : `${calls.length} steps`}: ${calls.join(' -> ')}${notes.length ? `; ${notes.join('; ')}` : ''}`;
}

export function toolHelp(t: ToolSpec): string {
  const lines: string[] = [];
  lines.push(`dws ${t.primary_cli_path} - ${t.title_en} / ${t.title}`, '');
  lines.push(t.agent_summary_en, t.agent_summary, '');
  if (t.description_en) lines.push(t.description_en, t.description, '');
  const positionals = [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)
    .map((p) => (p.required ? `<${p.name}${p.variadic ? '...' : ''}>` : `[${p.name}${p.variadic ? '...' : ''}]`));
  lines.push(`Usage: dws ${t.primary_cli_path} [flags]${positionals.length ? ' ' + positionals.join(' ') : ''}`);
  const aliases = [...t.aliases, ...(t.command_aliases ?? []).map((a) => [...t.cli_path.split(' ').slice(0, -1), a].join(' '))]
    .filter((a, i, all) => a !== t.primary_cli_path && all.indexOf(a) === i);
  if (aliases.length) lines.push(`Aliases: ${aliases.map((a) => `dws ${a}`).join(', ')}`);
  lines.push(`Canonical: ${t.canonical_path}  effect: ${t.effect}  risk: ${t.risk}  confirmation: ${t.confirmation}  idempotency: ${t.idempotency}`);
  // a plan's `confirm: {when}`: the gate stands only on that path (docs/PLANS.md "Confirmation")
  const confirmWhen = typeof t.plan?.confirm === 'object' ? t.plan.confirm.when : undefined;
  if (t.confirmation === 'user_required' && confirmWhen !== undefined) {
    lines.push(`Confirmation / 确认: --yes is needed only when ${describeCondition(confirmWhen)} / 仅在该条件成立时需要 --yes`);
  }
  const execution = executionSummary(t);
  if (t.availability === 'unavailable') lines.push(`Unavailable / 不可用: ${t.interface_reason ?? ''}`);
  else if (execution === undefined) lines.push(`Not dispatchable by this build / 本版本无法执行: ${t.interface_reason ?? t.interface_mode}`);
  else lines.push(`Executes / 执行方式: ${executionText(t, execution)}`);
  lines.push('');
  const names = Object.keys(t.parameters).sort(byCodePoint);
  if (names.length) {
    lines.push('Flags / 参数:');
    for (const name of names) {
      const p = t.parameters[name];
      const head = `  ${p.shorthand ? `-${p.shorthand}, ` : ''}--${name}${p.type === 'bool' ? '' : ` <${p.type}>`}`;
      const notes = [
        p.required || p.cli_required ? 'required' : '',
        p.enum ? `one of: ${p.enum.join(', ')}` : '',
        p.default !== undefined ? `default: ${JSON.stringify(p.default)}` : '',
        p.format ? `format: ${p.format}` : '',
        p.example ? `e.g. ${p.example}` : '',
      ].filter(Boolean);
      lines.push(`${head}${notes.length ? `  (${notes.join('; ')})` : ''}`);
      if (p.description_en) lines.push(`      ${p.description_en}`);
      if (p.description) lines.push(`      ${p.description}`);
    }
    lines.push('');
  }
  // [label, groups, the fewest shown flags that still say something]
  const groups: [string, string[][], number][] = [
    ['Give all or none / 需同时提供', t.constraints.require_together, 2],
    ['Give at least one / 至少提供一个', t.constraints.require_one_of, 1],
    ['Give at most one / 至多提供一个', t.constraints.mutually_exclusive, 2],
  ];
  // a hidden flag (a compatibility alias, absent from the flag list above, as upstream hides it) is not named here either
  // (h54-left: drive comment list's hidden --page-size); the constraint still holds when it is typed
  const said = groups.flatMap(([label, list, fewest]) => list.map((g) => g.filter((f) => t.hidden_parameters?.[f] === undefined))
    .filter((g) => g.length >= fewest).map((g) => `${label}: ${g.map((f) => `--${f}`).join(', ')}`));
  if (said.length) lines.push(...said, '');
  lines.push('Dispatch flags / 执行控制:');
  for (const f of CONTROL_FLAGS) {
    if (t.parameters[f] || t.hidden_parameters?.[f]) continue;
    lines.push(`  ${CONTROL_HELP[f][0]}`, `      ${CONTROL_HELP[f][1]}`);
  }
  if (t.examples.length) {
    lines.push('', 'Examples / 示例:', ...t.examples.map((e) => `  ${e}`));
  }
  return lines.join('\n') + '\n';
}

/** `body`: the group's own body (ToolSpec.group_body), run when the group's words come with flags; its help comes first. */
export function groupHelp(prefix: string, tools: ToolSpec[], body?: ToolSpec): string {
  const sorted = [...tools].sort((a, b) => byCodePoint(a.cli_path, b.cli_path));
  const hidden = sorted.filter((t) => t.visibility !== 'visible').length;
  const lines = body ? [toolHelp(body), `Commands of the group / 该组的命令:`] : [];
  lines.push(`dws ${prefix} - ${sorted.length} commands / 个命令${hidden ? ` (${hidden} hidden: compatibility or unpublished / 其中 ${hidden} 个隐藏)` : ''}`, '');
  for (const t of sorted) lines.push(`  dws ${t.cli_path}${t.visibility === 'visible' ? '' : '  [hidden / 隐藏]'}`, `      ${t.title_en} / ${t.title}`);
  lines.push('', `Run \`dws <command> --help\` for one command's flags / 查看单个命令的参数。`);
  return lines.join('\n') + '\n';
}
