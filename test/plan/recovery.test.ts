// Build-time validation of the verify plans (catalog/verify/, docs/PLANS.md "Verify and compensate"): the shipped
// reviewed set, and `unknown_when` checked like any condition against the command's flags.
import { describe, expect, it } from 'vitest';
import { validateRecovery } from '../../src/plan/recovery.js';
import { planOf } from '../../src/plan/runs.js';
import { realCatalog } from '../helpers.js';

const catalog = realCatalog();
const servers = new Set(['drive', 'doc', 'chat', 'im']);
const upload = {
  facts: 'test',
  steps: [{ id: 'files', server: 'drive', rpc: 'list_files', args: { parentId: { from: 'invocation', path: 'steps.commit.args.parentId', optional: true } } }],
  done: { commit: { present: { from: 'files', path: 'items', optional: true } } },
};
const check = (spec: Record<string, unknown>) =>
  validateRecovery([{ file: 'x.yaml', doc: { verify: { 'drive.upload': spec } } }], catalog.tools, planOf, servers);

describe('verify plans', () => {
  it('ships the reviewed writes', () => {
    expect(catalog.tools.filter((t) => t.recovery).map((t) => t.canonical_path).sort()).toEqual([
      'aitable.record_delete', 'calendar.add_calendar_participant', 'calendar.create_calendar_event', 'calendar.shortcut_book',
      'chat.reply_personal_message', 'chat.send_personal_message', 'chat.shortcut_dm', 'chat.shortcut_send_to_group',
      'ding.shortcut_send_personal', 'doc.create_document', 'drive.shortcut_upload', 'drive.upload', 'mail.send_email',
      'oa.approve_processInstance', 'oa.reject_processInstance', 'todo.create_personal_todo',
    ]);
  });

  it('accepts unknown_when over the command\'s flags and keeps it', () => {
    const { recovery, problems } = check({ ...upload, unknown_when: { flag: 'node' } });
    expect(problems).toEqual([]);
    expect(recovery.get('drive.upload')?.unknown_when).toEqual({ flag: 'node' });
  });

  it('rejects an unknown_when naming a flag the command does not have', () => {
    expect(check({ ...upload, unknown_when: { flag: 'no-such-flag' } }).problems.join('\n')).toMatch(/unknown_when.*no-such-flag|no-such-flag.*unknown_when/);
  });
});
