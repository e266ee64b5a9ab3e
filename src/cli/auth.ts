// `dws auth login|status|logout`, `dws profile list|switch|use` and `dws doctor`: commander wiring over
// src/backend/auth/. Answers are one JSON line on stdout; progress, the login URL and the device code go to stderr.
import { Command } from 'commander';
import { writeSync } from 'node:fs';
import { writeStdout } from './io.js';

type Root = (cmd: Command) => Command;

const json = (v: unknown) => writeStdout(JSON.stringify(v) + '\n');
const say = (line: string) => void writeSync(2, line + '\n');

export function addAuthCommands(program: Command, configureRoot: Root): void {
  const auth = configureRoot(program.command('auth')).description('log in to DingTalk, show or end the login / 登录钉钉、查看或退出登录');
  configureRoot(auth.command('login'))
    .description('log in (browser by default; --device over SSH or in a container) / 登录（默认浏览器；SSH 或容器内用 --device）')
    .option('--device', 'device flow: a code and a link to open on any device / 设备码登录')
    .option('--token <token>', 'store a DingTalk user access token you already have (24 h, no refresh) / 保存已有的令牌')
    .option('--no-browser', 'print the link, do not open a browser / 只打印链接，不打开浏览器')
    .option('--intl', 'the international hosts (dingtalk.io) / 国际版')
    .option('--mcp-url <base>', 'the MCP base (client id, token proxy, organisation gate; env DWS_MCP_BASE_URL) / MCP 基础地址')
    .option('--client-id <id>', 'your own app: its client id (with --client-secret) / 自有应用的 client id')
    .option('--client-secret <secret>', 'your own app: its client secret / 自有应用的 client secret')
    .option('--profile <corpId>', 'the organisation to log in to / 登录的组织')
    .action(async (f: { device?: boolean; token?: string; browser: boolean; intl?: boolean; mcpUrl?: string; clientId?: string; clientSecret?: string; profile?: string }) => {
      const { login } = await import('../backend/auth/login.js');
      const r = await login(process.env, {
        device: f.device, token: f.token, noBrowser: !f.browser, intl: f.intl, mcpUrl: f.mcpUrl, clientId: f.clientId, clientSecret: f.clientSecret, corpId: f.profile, say,
      });
      say(`Logged in / 登录成功: ${r.user_name ?? r.user_id} @ ${r.corp_name ?? r.corp_id} (until ${r.expires_at})`);
      await json({ logged_in: true, ...r });
    });
  configureRoot(auth.command('status'))
    .description('the login: identity, expiry, refresh token valid / 登录状态')
    .option('--profile <selector>', 'another profile than the current one / 指定档案')
    .action(async (f: { profile?: string }) => {
      const { status } = await import('../backend/auth/account.js');
      await json(await status(process.env, f.profile));
    });
  configureRoot(auth.command('logout'))
    .description('revoke the token (best effort) and delete the local credentials / 退出登录并删除本地凭据')
    .option('--profile <selector>', 'only this profile (default: all) / 只退出此档案')
    .action(async (f: { profile?: string }) => {
      const { logout } = await import('../backend/auth/account.js');
      await json(await logout(process.env, f.profile));
    });

  const profile = configureRoot(program.command('profile')).description('the logged-in identities (one per organisation and user) / 登录档案');
  // `ls`: upstream's cobra alias of profile list (internal/app/profile_command.go:59-61@c7521c1c).
  configureRoot(profile.command('list')).alias('ls').description('every profile / 列出档案').action(async () => {
    const { listProfiles } = await import('../backend/auth/account.js');
    await json(listProfiles(process.env));
  });
  for (const name of ['switch', 'use']) {
    configureRoot(profile.command(name)).description('make a profile current ("-": the previous one) / 切换当前档案')
      .argument('<selector>', 'corpId:userId, corpId, corp name, user name or "-"')
      .action(async (selector: string) => {
        const { switchProfile } = await import('../backend/auth/account.js');
        await json(await switchProfile(process.env, selector));
      });
  }

  configureRoot(program.command('doctor'))
    .description('check configuration, login, keychain, clock and the servers / 诊断')
    .option('--json', 'JSON output (the default) / JSON 输出')
    .option('--timeout <seconds>', 'the bound of each network check (default 5) / 每项网络检查的时限')
    .action(async (f: { timeout?: string }) => {
      const { doctor } = await import('./doctor.js');
      const report = await doctor(process.env, Number(f.timeout ?? 5) * 1000);
      await json(report);
      if (!report.ok) process.exitCode = 1;
    });
}
