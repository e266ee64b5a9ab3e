// Session 54 helper a7, second-reading audit of seed 20261453 (issue 32, notes/h54-a7.md). All 30 drawn commands sent
// what their upstream bodies at c7521c1c send, so nothing here is a fix: these are regression pins for the drawn
// commands that no earlier test ran as a user types them (minutes tag list, mail contact list, aitable chart share get,
// sheet cond-format list, aitable +section-delete, aitable +role-list) and for the edges this reading checked by hand
// (+send-to-group's mention rewrite, +chat-members-get's list as typed, sheet chart delete's target check, hrbrain
// profile query's JSON rules, +dashboard-update's config merge). Each runs against the recording backend on 127.0.0.1
// and would fail if the behaviour moved away from upstream's.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-h54a7-');

/** A current-form openDingTalkId (D + canonical base64 of 24 bytes), as LooksLikeCurrentDOpenDingTalkID accepts it. */
const OPEN_ID = `D${'A'.repeat(32)}`;

describe('minutes tag list (helpers/minutes.go:1959-1970@c7521c1c)', () => {
  it('sends an empty object', async () => {
    const run = await sent(['minutes', 'tag', 'list']);
    expect(run.calls).toEqual([['minutes/query_user_tag_list', {}]]);
  });
});

describe('mail contact list (helpers/mail.go:3129-3156, flags :3189-3193@c7521c1c)', () => {
  it('sends email, size and cursor as typed text (String flags, no trim)', async () => {
    const run = await sent(['mail', 'contact', 'list', '--email', ' e ', '--limit', ' 20 ', '--cursor', ' ']);
    expect(run.calls).toEqual([['mail/list_user_mail_contacts', { email: ' e ', size: ' 20 ', cursor: ' ' }]]);
  });

  it('takes --size when --limit is empty (validateRequiredFlagWithAliases, then flagOrFallback)', async () => {
    const run = await sent(['mail', 'contact', 'list', '--email', 'e', '--limit', '', '--size', '7']);
    expect(run.calls).toEqual([['mail/list_user_mail_contacts', { email: 'e', size: '7' }]]);
  });

  it('refuses a missing --limit and an empty --email before any call', async () => {
    for (const argv of [['--email', 'e'], ['--email', '', '--limit', '5']]) {
      const run = await sent(['mail', 'contact', 'list', ...argv]);
      expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
    }
  });
});

describe('aitable chart share get (helpers/aitable.go:6041-6060@c7521c1c)', () => {
  it('sends the ids as typed, the base from --base-id or --base', async () => {
    const run = await sent(['aitable', 'chart', 'share', 'get', '--base', ' b ', '--dashboard-id', ' d ', '--chart-id', ' c ']);
    expect(run.calls).toEqual([['aitable/get_chart_share', { baseId: ' b ', dashboardId: ' d ', chartId: ' c ' }]]);
  });

  it('refuses an empty --dashboard-id and a missing base', async () => {
    for (const argv of [['--base-id', 'b', '--dashboard-id', '', '--chart-id', 'c'], ['--dashboard-id', 'd', '--chart-id', 'c']]) {
      const run = await sent(['aitable', 'chart', 'share', 'get', ...argv]);
      expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
    }
  });
});

describe('sheet cond-format list (helpers/sheet_cond_format.go:31-39; cross-product aliases sheet.go:253-256@c7521c1c)', () => {
  it('checks nothing: missing ids are sent as ""', async () => {
    const run = await sent(['sheet', 'cond-format', 'list']);
    expect(run.calls).toEqual([['sheet/get_cond_format', { nodeId: '', sheetId: '' }]]);
  });

  it('sends ruleId when non-empty, untrimmed; --node-id is accepted and not read', async () => {
    const run = await sent(['sheet', 'cond-format', 'list', '--node', ' n ', '--sheet-id', 's', '--rule-id', ' ']);
    expect(run.calls).toEqual([['sheet/get_cond_format', { nodeId: ' n ', sheetId: 's', ruleId: ' ' }]]);
    const alias = await sent(['sheet', 'cond-format', 'list', '--node-id', 'x', '--sheet-id', 's']);
    expect(alias.calls).toEqual([['sheet/get_cond_format', { nodeId: '', sheetId: 's' }]]);
  });
});

describe('aitable +section-delete and +role-list (shortcut/aitable/aitable.go:2946-2965, :2725-2763@c7521c1c)', () => {
  it('+section-delete needs --yes, then sends the trimmed ids to aitable-helper', async () => {
    const refused = await sent(['aitable', '+section-delete', '--base-id', 'b', '--section-id', 's']);
    expect([refused.reason, refused.calls]).toEqual(['confirmation_required', []]);
    const run = await sent(['aitable', '+section-delete', '--base-id', ' b ', '--section-id', ' s ', '--yes']);
    expect(run.calls).toEqual([['aitable-helper/delete_section', { baseId: 'b', sectionId: 's' }]]);
  });

  it('+role-list sends the trimmed base and refuses a blank one', async () => {
    const run = await sent(['aitable', '+role-list', '--base-id', ' b ']);
    expect(run.calls).toEqual([['aitable-helper/list_roles', { baseId: 'b' }]]);
    const blank = await sent(['aitable', '+role-list', '--base-id', ' ']);
    expect([blank.reason, blank.calls]).toEqual(['missing_parameter', []]);
  });
});

describe('aitable +dashboard-update (shortcut/aitable/aitable.go:2202-2236@c7521c1c)', () => {
  it('merges --name over --config (Changed, trimmed, "" kept)', async () => {
    const run = await sent(['aitable', '+dashboard-update', '--base-id', ' b ', '--dashboard-id', ' d ', '--config', ' {"name":"x","a":1e2} ', '--name', '', '--yes']);
    expect(run.calls).toEqual([['aitable/update_dashboard', { baseId: 'b', dashboardId: 'd', config: { name: '', a: 100 } }]]);
  });

  it.each([['{}'], ['null'], ['[1]']])('refuses --config %j without --name before any call', async (config) => {
    const run = await sent(['aitable', '+dashboard-update', '--base-id', 'b', '--dashboard-id', 'd', '--config', config, '--yes']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('chat +send-to-group (shortcut/smart/send_to_group.go:76-90; chat/unified_send.go:474-520; helpers/chat.go:1392-1431@c7521c1c)', () => {
  it('rewrites bare @all in the body only, keeps the title as typed, and escapes < > as Go does', async () => {
    const run = await sent(['chat', '+send-to-group', '--group', ' cidabcdefghij ', '--text', ' hi @all <@all> @allison ', '--yes']);
    expect(run.calls).toEqual([['chat/send_personal_message', {
      msgType: 'markdown',
      content: '{"text":"hi \\u003c@all\\u003e \\u003c@all\\u003e \\u003c@all\\u003eison","title":"hi @all \\u003c@all\\u003e @allison"}',
      openConversationId: 'cidabcdefghij',
      clawType: 'openClaw',
    }]]);
  });

  it('leaves clawType out with --ai-tag=false', async () => {
    const run = await sent(['chat', '+send-to-group', '--group', 'cidabcdefghij', '--text', 'x', '--ai-tag=false', '--yes']);
    expect(run.calls).toEqual([['chat/send_personal_message', { msgType: 'markdown', content: '{"text":"x","title":"x"}', openConversationId: 'cidabcdefghij' }]]);
  });
});

describe('chat +chat-members-get (shortcut/chat/chat_group.go:399-420; chat.go:54-64; targetresolver resolver.go:386-403@c7521c1c)', () => {
  it('sends the list as pflag split it, blank parts included', async () => {
    const run = await sent(['chat', '+chat-members-get', '--id', ' c ', '--users', `${OPEN_ID},,${OPEN_ID}`]);
    expect(run.calls).toEqual([['im/list_group_member_by_ids', { openConversationId: 'c', cid: 'c', memberOpenDingTalkIds: [OPEN_ID, '', OPEN_ID] }]]);
  });

  it.each([[` ${OPEN_ID}`], ['u1'], [`${OPEN_ID}=`]])('refuses %j (not a current-form openDingTalkId as typed)', async (users) => {
    const run = await sent(['chat', '+chat-members-get', '--id', 'c', '--users', users]);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});

describe('sheet chart delete (helpers/sheet_chart.go:379-392; sheet.go:268-292; sheet_batch.go:408-437@c7521c1c)', () => {
  it('refuses a missing --node before the confirmation, and a blank-but-present one passes as typed', async () => {
    const missing = await sent(['sheet', 'chart', 'delete', '--yes']);
    expect([missing.reason, missing.calls]).toEqual(['missing_parameter', []]);
    const unconfirmed = await sent(['sheet', 'chart', 'delete', '--node', 'n']);
    expect([unconfirmed.reason, unconfirmed.calls]).toEqual(['confirmation_required', []]);
    const run = await sent(['sheet', 'chart', 'delete', '--node', ' ', '--yes']);
    expect(run.calls).toEqual([['sheet/delete_float_chart', { nodeId: ' ', sheetId: '', floatChartId: '' }]]);
  });
});

describe('hrbrain profile query (helpers/hrbrain.go:287-310@c7521c1c)', () => {
  it('sends the decoded list and the work number as typed', async () => {
    const run = await sent(['hrbrain', 'profile', 'query', '--work-no', ' w ', '--data-queries', ' [{"modelCode":"b"}, 1, null] ']);
    expect(run.calls).toEqual([['hrbrain/query_profile_data', { workNo: ' w ', dataQueries: [{ modelCode: 'b' }, 1, null] }]]);
  });

  it.each([['[]'], ['null'], ['{}'], ['[1] 2'], ['[1e400]']])('refuses --data-queries %j before any call', async (queries) => {
    const run = await sent(['hrbrain', 'profile', 'query', '--work-no', 'w', '--data-queries', queries]);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});
