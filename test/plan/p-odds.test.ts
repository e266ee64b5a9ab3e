// p-odds (issue 32 leftovers): todo +assign-multi prints upstream's two documents (a plan's `outputs`), run as a user
// types it against the recording backend on 127.0.0.1. Upstream: internal/shortcut/smart/assign_multi.go:129-142,
// shortcut/runner.go:130-177@c7521c1c (a legacy-output shortcut: rt.CallMCP prints the call's answer, rt.Output the
// summary after it).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import { validatePlans } from '../../src/plan/validate.js';
import { realCatalog } from '../helpers.js';

const { mcp, env } = useOutputRuns('dws-p-odds-');

/** The lines a run printed on stdout, each parsed. */
async function printed(argv: string[]): Promise<unknown[]> {
  const outcome = await dispatchInProcess(argv, env());
  expect(outcome.error).toBeUndefined();
  return outcome.out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}

describe('todo +assign-multi prints the create answer, then {subject, executors, count}', () => {
  it('two documents, in that order; executors "<name>(<userId>)" in the order of --to, the subject trimmed', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = (args) => (args.keyword === '张三'
      ? { result: [{ name: '张三', userId: 'u1' }] }
      : { result: [{ meta: { name: '李四', userId: 'u2' } }] });
    mcp.answers['todo/create_personal_todo'] = () => ({ success: true, result: { taskId: 't9' } });
    expect(await printed(['todo', '+assign-multi', '--to', '张三,李四', '--task', ' 写周报 ', '--yes'])).toEqual([
      { result: { success: true, result: { taskId: 't9' } } },
      { result: { subject: '写周报', executors: ['张三(u1)', '李四(u2)'], count: 2 } },
    ]);
    expect(mcp.calls.map((c) => c.name)).toEqual(['search_contact_by_key_word', 'search_contact_by_key_word', 'create_personal_todo']);
  });

  it('a person the directory names without a name prints as "(<userId>)", as Go formats an empty name', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ userId: 'u7' }] });
    mcp.answers['todo/create_personal_todo'] = () => ({ success: true });
    const [, summary] = await printed(['todo', '+assign-multi', '--to', 'x7', '--task', 't', '--yes']);
    expect(summary).toEqual({ result: { subject: 't', executors: ['(u7)'], count: 1 } });
  });

  it('a failed name prints nothing and creates nothing', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [] });
    const outcome = await dispatchInProcess(['todo', '+assign-multi', '--to', '王五', '--task', 't', '--yes'], env());
    expect({ out: outcome.out, reason: outcome.error?.reason, calls: mcp.calls.map((c) => c.name) }).toEqual({ out: '', reason: 'not_found', calls: ['search_contact_by_key_word'] });
  });

  it('the build takes outputs as two or more sources, never beside output', () => {
    const problems = (body: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { 'todo.shortcut_assign_multi': { facts: 'test', ...body } } } }], realCatalog().tools).problems;
    const steps = [{ id: 'create', server: 'todo', rpc: 'create_personal_todo', args: { 'PersonalTodoCreateVO.subject': { flag: 'task' }, 'PersonalTodoCreateVO.executorIds': { flag: 'to' } } }];
    expect(problems({ steps, outputs: [{ from: 'create' }, { flag: 'task' }] })).toEqual([]);
    const bad = 'catalog/plans/x.yaml: todo.shortcut_assign_multi: outputs must be a list of at least two sources, the documents printed in order, without output or local_answer';
    expect(problems({ steps, outputs: [{ from: 'create' }] })).toEqual([bad]);
    expect(problems({ steps, output: { from: 'create' }, outputs: [{ from: 'create' }, { flag: 'task' }] })).toEqual([bad]);
  });
});
