// Help a person can read in either language: `dws --help` lists every product and the exit codes, the built-in
// commands' help is bilingual, `dws serve --help` names its environment, and a product's help counts its commands
// as `dws schema <product>` does (hidden ones included and marked).
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';
import { runDispatch } from '../../src/dispatch/cli.js';
import { EXIT } from '../../src/errors.js';
import { runCli, shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

const CJK = /[\u4e00-\u9fff]/;

describe('dws --help', () => {
  it('lists the products, one line each with its command count and title, and every exit code', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    const products = shippedEngine().products;
    expect(products.length).toBe(27);
    for (const p of products) {
      expect(r.stdout.split('\n').filter((l) => new RegExp(`^  ${p.id} +${p.tool_count}  `).test(l))).toEqual([
        expect.stringContaining(`${p.title_en} / ${p.title}`),
      ]);
    }
    expect(r.stdout).toContain(`(27 products, ${shippedEngine().tools().length} commands`);
    for (const code of Object.values(EXIT)) expect(r.stdout).toMatch(new RegExp(`^  ${code}  \\S`, 'm'));
    expect(runCli([]).stdout).toBe(r.stdout);
  });

  it('the built-in commands describe themselves and every option in English and Chinese', () => {
    const walk = (c: Command): Command[] => [c, ...c.commands.flatMap(walk)];
    const commands = walk(buildProgram());
    expect(commands.map((c) => c.name())).toEqual(['dws', 'schema', 'search', 'serve', 'auth', 'login', 'status', 'logout', 'profile', 'list', 'switch', 'use', 'doctor']);
    for (const c of commands) {
      expect(c.description()).toMatch(CJK);
      for (const o of c.options) expect([c.name(), o.flags, o.description]).toEqual([c.name(), o.flags, expect.stringMatching(CJK)]);
    }
    for (const args of [['--help'], ['schema', '--help'], ['schema', 'search', '--help'], ['serve', '--help']]) {
      const r = runCli(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('show this help / 显示帮助');
    }
  });

  it('dws serve --help names the environment it reads', () => {
    const r = runCli(['serve', '--help']);
    for (const name of ['DWS_MCP_URL_TEMPLATE', 'DWS_TOKEN', 'DWS_SNAPSHOT']) expect(r.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });
});

describe('dws help <command>', () => {
  it('is the command\'s --help, and an unknown name is unknown_command with the nearest names', () => {
    expect(runCli(['help', 'chat', 'message'])).toEqual(runCli(['chat', 'message', '--help']));
    expect(runCli(['help', 'serve']).stdout).toBe(runCli(['serve', '--help']).stdout);
    const r = runCli(['help', 'caht']);
    expect([r.status, r.stdout]).toEqual([3, '']);
    expect(JSON.parse(r.stderr).error).toMatchObject({ reason: 'unknown_command', hint: expect.stringMatching(/^did you mean `dws chat`/) });
  });
});

describe('command counts', () => {
  it('dws <product> --help counts the commands dws schema <product> lists, hidden ones marked', async () => {
    const e = shippedEngine();
    let hiddenSeen = 0;
    for (const p of e.products) {
      let out = '';
      await runDispatch([p.id, '--help'], () => e, { write: async (s: string) => void (out += s), env: {} });
      const view = JSON.parse(inspect(e, p.id));
      expect(out.split('\n')[0]).toMatch(new RegExp(`^dws ${p.id} - ${view.count} commands`));
      expect(view.count).toBe(p.tool_count);
      const hidden = e.tools().filter((t) => t.product_id === p.id && t.visibility !== 'visible');
      for (const t of hidden) expect(out).toContain(`  dws ${t.cli_path}  [hidden / 隐藏]\n`);
      hiddenSeen += hidden.length;
    }
    expect(hiddenSeen).toBeGreaterThan(0);
  });
});
