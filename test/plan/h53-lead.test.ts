// Session 53 lead (issue 32, noticed by h53-a1): upstream's typo rule (ParamNameHandler, FuzzyMatchFlag
// pkg/cmdutil/flagmatch.go:109-153@c7521c1c) also corrects a word to the root's --yes, so `--desc 说明` on a write became
// `--yes 说明`: the write ran unconfirmed and the description was dropped. dws is stricter: a typo never becomes --yes
// (src/dispatch/preparse.ts nearest), so the word is refused as unknown, and the hint names the option the word begins
// (--description), not the option a few edits away (src/catalog/nearest.ts commanderSuggestion).
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h53lead-');
const form = ['aitable', '+form-update', '--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1', '--title', '报名表'];

async function refusal(argv: string[]) {
  runs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, runs.env());
  return { reason: outcome.error?.reason, hint: outcome.error?.hint, out: outcome.out, calls: runs.mcp.calls.length };
}

describe('a typo never confirms a write', () => {
  it.each([['--desc'], ['--des'], ['--yse'], ['--ye'], ['--yess']])('%s on a write that needs confirmation: refused as unknown, nothing sent', async (typo) => {
    const run = await refusal([...form, typo, '请在周五前提交']);
    expect(run).toMatchObject({ reason: 'unknown_option', out: '', calls: 0 });
  });

  it('the hint names the option a cut-short word begins; a near miss of --yes still names --yes', async () => {
    expect((await refusal([...form, '--desc', 'x'])).hint).toBe('Did you mean --description?');
    expect((await refusal([...form, '--des', 'x'])).hint).toBe('Did you mean --description?');
    expect((await refusal([...form, '--ye'])).hint).toBe('Did you mean --yes?');
  });

  it('other typos are still corrected as upstream corrects them, and --yes or -y as typed confirms', async () => {
    const sent = async (argv: string[]) => (await runs.sent(argv)).calls;
    const want = [['aitable-helper/update_form_info', { baseId: 'b1', tableId: 't1', title: '报名表', viewId: 'v1', description: '周五前' }]];
    expect(await sent([...form, '--descripton', '周五前', '--yes'])).toEqual(want);
    expect(await sent([...form, '--description', '周五前', '-y'])).toEqual(want);
    // a typo of --description with no --yes is corrected, then refused for want of confirmation (nothing sent)
    expect(await refusal([...form, '--descripton', '周五前'])).toMatchObject({ reason: 'confirmation_required', calls: 0 });
  });
});
