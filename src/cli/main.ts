// The `dws` command line (commander). The root program is configured before any subcommand so that commander's own
// parse errors come out as typed JSON envelopes too. The process entry (bin/dws.cjs) runs a catalog command with the
// execute bundle (exec.ts) and everything else with bin.ts, which runs plain `dws schema search` and `dws schema
// <path>` invocations itself and imports this module for the rest (help, serve, unusual flag spellings, errors).
// Dispatch (`dws help <command>`, or main() called directly) and serve modules are imported when their commands run.
import { Command, CommanderError, Option } from 'commander';
import { EXIT } from '../errors.js';
import { fail, quietOnClosedPipe, writeStdout } from './io.js';
import { BUILT_IN, failedCommand, fromCommander, isDispatch } from './route.js';
import { collect, getEngine, inspectSchema, parseFields, runSearch, shapesOutput, type SchemaFlags, type SearchFlags } from './commands.js';
import { checkOptionNames } from '../limits.js';
import { SCHEMA_FLAGS, SEARCH_FLAGS, type FlagSpec } from './flag-table.js';
import { addAuthCommands } from './auth.js';

export { fromCommander };

export function configureRoot(cmd: Command): Command {
  return cmd
    .helpOption('-h, --help', 'show this help / 显示帮助')
    .exitOverride((err) => {
      // The innermost command reports first; its parents only pass the error on.
      if (!failedCommand.has(err)) failedCommand.set(err, cmd);
      throw err;
    })
    .showSuggestionAfterError(false)
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    .enablePositionalOptions()
    .allowExcessArguments(false);
}

/** The JSON answer shaped by --jq, --fields (search: the candidates) or --format table, or as it is plus a newline. */
async function shape(json: string, flags: SearchFlags | SchemaFlags, search: boolean): Promise<string> {
  if (!shapesOutput(flags)) return json + '\n';
  const { applyJq, renderTable, searchFields, terminal } = await import('../schema/format.js');
  if (flags.jq !== undefined) return applyJq(json, flags.jq);
  const fields = search ? parseFields(flags.fields) : undefined;
  if (fields) json = searchFields(json, fields);
  return flags.format === 'table' ? renderTable(JSON.parse(json), terminal()) : json + '\n';
}

/** What each exit code means (src/errors.ts: EXIT), for `dws --help`. */
const EXIT_MEANING: Record<keyof typeof EXIT, string> = {
  ok: 'ok, also for an answer without candidates / 成功（没有候选也是成功的回答）',
  backend: 'backend or api: transport failure, business_error, mcp_tool_error, outcome_unknown / 后端或接口错误',
  auth: 'auth: not logged in, token refused or expired; run `dws auth login` / 认证失败：请运行 dws auth login',
  validation: 'validation or usage: the request, its flags or parameters / 校验失败：请求、参数或用法错误',
  grant: 'an agent-scope grant is needed: its JSON is on stderr; see `dws pat --help` / 需要行为授权（JSON 在 stderr）',
  internal: 'internal: corrupt snapshot, core or credential store, or a bug / 内部错误',
  discovery: 'discovery: catalog_changed (search and inspect again) or an unknown server / 目录已变更或未知服务',
  partial: 'partial outcome: some steps ran, one did not / 部分完成',
};

/** `dws --help` after the commands: every product with its command count and title, then the exit codes. */
function rootHelpTail(): string {
  const products = getEngine().products;
  const total = products.reduce((n, p) => n + p.tool_count, 0);
  const idWidth = Math.max(...products.map((p) => p.id.length));
  const countWidth = String(Math.max(...products.map((p) => p.tool_count))).length;
  return [
    '',
    `Products / 产品 (${products.length} products, ${total} commands / ${products.length} 个产品，${total} 个命令):`,
    ...products.map((p) => `  ${p.id.padEnd(idWidth)}  ${String(p.tool_count).padStart(countWidth)}  ${p.title_en} / ${p.title}`),
    '',
    'Catalog commands / 目录命令:  dws <product> <command> [--flags]  (--help on one shows its flags and safety facts / 查看参数与安全属性)',
    'Find a command / 查找命令:    dws schema search --query "撤回我刚发的群消息"',
    'Read its contract / 查看契约: dws schema <canonical path> --compact --expected-source-hash <h> --expected-surface-hash <h>',
    '',
    'Exit codes / 退出码:',
    ...(Object.entries(EXIT) as [keyof typeof EXIT, number][]).map(([k, code]) => `  ${code}  ${EXIT_MEANING[k]}`),
  ].join('\n');
}

const SERVE_HELP = `
Environment / 环境变量:
  DWS_MCP_URL_TEMPLATE  backend MCP server URL, "{product}" replaced by the product id (e.g. https://host/mcp/{product})
                        后端 MCP 服务地址，"{product}" 替换为产品 id
  DWS_TOKEN             a token to send instead of the stored login; never printed or logged / 代替登录凭据的令牌
                        (without it, execute uses the login of dws auth login, refreshed as needed / 默认使用登录凭据)
  DWS_SNAPSHOT          serve another catalog snapshot; a change to the file is picked up without a restart
                        使用另一个目录快照；文件变化时无需重启即切换
  DWS_CONFIG            config file with servers and token (default ~/.config/dws/config.json) / 配置文件路径

Search and inspect work offline; only execute needs the backend. / 搜索和查看契约无需联网，只有 execute 需要后端。`;

/** Commander options from the declared flag table (the hot path in bin.ts reads the same table). */
export function optionOf(f: FlagSpec): Option {
  const o = new Option(f.arg ? `${f.flag} ${f.arg}` : f.flag, f.help);
  if (f.kind === 'list') o.argParser(collect);
  return f.hidden ? o.hideHelp() : o;
}

function addFlags(cmd: Command, specs: readonly FlagSpec[]): Command {
  for (const f of specs) cmd.addOption(optionOf(f));
  return cmd;
}

export function buildProgram(): Command {
  const program = configureRoot(new Command('dws'))
    .description('DingTalk workspace commands for agents: search, inspect, dispatch\n钉钉工作台命令（面向智能体）：搜索、查看契约、执行')
    .version('0.1.0', '--version', 'print the version / 显示版本')
    .helpCommand('help [command]', 'help for a command / 显示某个命令的帮助')
    .addHelpText('after', rootHelpTail);
  const schema = configureRoot(program.command('schema'))
    .description('discover commands: search, browse, inspect one contract / 发现命令：搜索、浏览、查看单个命令的契约')
    .argument('[path...]', 'product, "product group", canonical path, CLI path or alias / 产品、"产品 分组"、规范路径、CLI 路径或别名');
  addFlags(schema, SCHEMA_FLAGS)
    .action(async (words: string[], flags: SchemaFlags) => writeStdout(await shape(inspectSchema(words, flags), flags, false)));
  addFlags(configureRoot(schema.command('search'))
    .description('find commands for a task (tool-search.v1) / 按任务查找命令'), SEARCH_FLAGS)
    .action((flags: SearchFlags) => runSearch(flags, (json) => shape(json, flags, true)));
  configureRoot(program.command('serve'))
    .description('serve schema_search, schema_inspect and execute as MCP tools over stdio / 以 stdio MCP 服务提供 schema_search、schema_inspect 和 execute')
    .addHelpText('after', SERVE_HELP)
    .option('--max-tools <n>', 'distinct commands one session may be shown (default 64; env DWS_SERVE_MAX_TOOLS) / 每个会话最多展示的命令数')
    .option('--max-contract-bytes <n>', 'contract bytes one session may read (default 131072; env DWS_SERVE_MAX_CONTRACT_BYTES) / 每个会话可读取的契约字节数')
    .option('--max-contract-bytes-each <n>', 'bytes of one contract without allow_large_contract (default 16384; env DWS_SERVE_MAX_CONTRACT_BYTES_EACH) / 单个契约的字节上限')
    .action(async (flags: { maxTools?: string; maxContractBytes?: string; maxContractBytesEach?: string }) => {
      const [{ runServe }, { budgetLimits }] = await Promise.all([import('../serve/server.js'), import('../serve/budget.js')]);
      await runServe({ budget: budgetLimits(flags, process.env) });
    });
  addAuthCommands(program, configureRoot);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    checkOptionNames(argv);
  } catch (err) {
    fail(err);
  }
  // `dws help chat message` is `dws chat message --help`. As upstream's help command (app/root_help.go:31-44@c7521c1c,
  // Root().Find) the words name the deepest command or group they reach, with no path fallback: `dws help chat
  // +members` is the chat group's help (h35-misc). A first word that names nothing stays unknown_command with the
  // nearest names (upstream prints the root's help: a deviation kept for the did-you-mean).
  if (argv[0] === 'help' && argv.length > 1 && !BUILT_IN.has(argv[1])) {
    const { helpWords } = await import('./catalog-command.js');
    argv = [...(helpWords(argv.slice(1)) ?? argv.slice(1)), '--help'];
  }
  // `dws serve` owns its stdout (the MCP transport); dispatch handles a closed stdout itself (below); every other
  // command is a one-shot answer.
  if (argv[0] !== 'serve' && !isDispatch(argv)) quietOnClosedPipe();
  if (isDispatch(argv)) {
    // Catalog commands are generated from the snapshot only when one runs (src/dispatch/).
    const { runCatalogCommand } = await import('./catalog-command.js');
    await runCatalogCommand(argv);
    return;
  }
  const program = buildProgram();
  if (argv.length === 0) {
    // `dws` alone: the overview of what it does, on stdout, as a successful answer.
    program.outputHelp();
    return;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') process.exit(0);
      fail(fromCommander(err));
    }
    fail(err);
  }
}

