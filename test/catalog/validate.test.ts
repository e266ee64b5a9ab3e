// Build-time validation: every rule of SPEC 3.2 fails the build with a message naming file, tool and field.
import { describe, expect, it } from 'vitest';
import { validateDeclarations } from '../../src/catalog/validate.js';
import { declarationFiles, declarationProblemsOf, realCatalog, wrapProblemsOf, type DeclarationDoc } from '../helpers.js';

type Doc = DeclarationDoc;
const files = declarationFiles();
const problemsOf = declarationProblemsOf;

const tool = (m: Map<string, Doc>, file: string, name: string) => m.get(file)!.tools.find((t) => t.name === name)!;

describe('catalog validation', () => {
  it('accepts the shipped catalog', () => {
    expect(validateDeclarations(files).length).toBe(27);
  });

  const cases: [string, (m: Map<string, Doc>) => void, string][] = [
    ['an unknown field', (m) => { tool(m, 'ding.yaml', 'shortcut_list').colour = 'red'; }, 'ding.yaml: ding.shortcut_list: must NOT have additional properties (colour)'],
    ['a bad enum value', (m) => { tool(m, 'ding.yaml', 'shortcut_list').effect = 'delete'; }, 'ding.yaml: ding.shortcut_list/effect: must be equal to one of the allowed values'],
    ['a duplicate canonical path', (m) => { m.get('ding.yaml')!.tools.push(structuredClone(tool(m, 'ding.yaml', 'shortcut_list'))); }, 'ding.yaml: ding.shortcut_list: duplicate canonical_path'],
    ['a canonical path that is not product.name', (m) => { tool(m, 'ding.yaml', 'shortcut_list').canonical_path = 'ding.other'; }, 'ding.yaml: ding.other: canonical_path must be "ding.shortcut_list"'],
    ['an alias that resolves to two tools', (m) => { tool(m, 'ding.yaml', 'shortcut_list').aliases = ['ding message send']; }, 'identity "ding message send" also resolves to'],
    ['an mcp tool without a ref', (m) => { delete tool(m, 'ding.yaml', 'send_ding_message').interface.ref; }, 'ding.yaml: ding.send_ding_message: interface.mode mcp needs interface.ref'],
    ['a composite tool with a ref', (m) => { tool(m, 'ding.yaml', 'shortcut_list').interface.ref = { product_id: 'ding', rpc_name: 'x' }; }, 'interface.mode composite must not have interface.ref'],
    ['an unavailable tool without a reason', (m) => { tool(m, 'ding.yaml', 'send_ding_message').interface.availability = 'unavailable'; }, 'an unavailable tool needs interface.reason'],
    ['a constraint on an undeclared flag', (m) => { tool(m, 'ding.yaml', 'send_ding_message').constraints = { require_one_of: [['users', 'nope']] }; }, 'constraints.require_one_of names undeclared parameter "nope"'],
    ['a group the plan refuses that is no declared group', (m) => { tool(m, 'ding.yaml', 'send_ding_message').constraints = { require_one_of: [['users', 'content']], plan_refuses: { require_one_of: [['users', 'robot-code']] } }; }, 'constraints.plan_refuses.require_one_of [users, robot-code] is no require_one_of group of the command'],
    ['a group the plan refuses declared under the other kind', (m) => { tool(m, 'ding.yaml', 'send_ding_message').constraints = { require_one_of: [['users', 'content']], plan_refuses: { mutually_exclusive: [['content', 'users']] } }; }, 'constraints.plan_refuses.mutually_exclusive [content, users] is no mutually_exclusive group of the command'],
    ['a group counting blanks that is no declared exclusive group', (m) => { tool(m, 'ding.yaml', 'send_ding_message').constraints = { require_one_of: [['users', 'content']], count_blank: { mutually_exclusive: [['users', 'content']] } }; }, 'constraints.count_blank.mutually_exclusive [users, content] is no mutually_exclusive group of the command'],
    ['a default outside its enum', (m) => { const p = tool(m, 'ding.yaml', 'send_ding_message').parameters.type; p.enum = ['app', 'sms']; p.default = 'call'; }, 'parameter --type default "call" is not in its enum'],
    ['an inherent flag that is not a bool', (m) => { tool(m, 'ding.yaml', 'send_ding_message').parameters.type.inherent = { reason: '总是如此', reason_en: 'always so' }; }, 'parameter --type inherent needs a visible bool flag and a reason in both languages'],
    ['an inherent flag with a blank reason', (m) => { tool(m, 'drive.yaml', 'download_file').parameters['no-resume'].inherent.reason_en = ' '; }, 'parameter --no-resume inherent needs a visible bool flag and a reason in both languages'],
    ['an inherent reason missing its English', (m) => { delete tool(m, 'drive.yaml', 'download_file').parameters['no-resume'].inherent.reason_en; }, "must have required property 'reason_en'"],
    ['a read order naming a flag that is no spelling of it', (m) => { tool(m, 'calendar.yaml', 'delete_calendar_event').parameters.id.read_order = ['id', 'event', 'calendar']; }, 'parameter --id read_order needs a visible flag read by the first non-blank spelling, listing only its spellings (not one: calendar)'],
    ['a positional_yields on a flag no positional folds into', (m) => { tool(m, 'calendar.yaml', 'delete_calendar_event').parameters.id.positional_yields = true; }, 'parameter --id positional_yields needs a visible flag that a declared positional folds into'],
    ['a read order on a flag whose spellings upstream compares', (m) => { tool(m, 'chat.yaml', 'add_custom_group_role').parameters['conversation-id'].read_order = ['conversation-id', 'group']; }, 'parameter --conversation-id read_order needs a visible flag read by the first non-blank spelling, listing only its spellings'],
    ['h34-alias: read_skips zero on a text flag', (m) => { tool(m, 'doc.yaml', 'search_documents').parameters.cursor.read_order = ['cursor', 'page-token']; tool(m, 'doc.yaml', 'search_documents').parameters.cursor.read_skips = 'zero'; }, 'parameter --cursor read_skips needs a read_order (zero / not_positive: on an int flag; empty: on a text flag)'],
    ['h48-a3: read_skips empty on an int flag', (m) => { tool(m, 'attendance.yaml', 'group_get').parameters['group-id'].read_skips = 'empty'; }, 'parameter --group-id read_skips needs a read_order (zero / not_positive: on an int flag; empty: on a text flag)'],
    ['h34-alias: read_skips without a read_order', (m) => { const p = tool(m, 'attendance.yaml', 'group_get').parameters['group-id']; delete p.read_order; }, "parameter --group-id read_skips needs a read_order"],
    ['wraps naming an unknown tool', (m) => { tool(m, 'ding.yaml', 'shortcut_list').wraps = 'ding.nope'; }, 'wraps names unknown tool ding.nope'],
    ['wraps across products by a command that is no shortcut', (m) => { tool(m, 'ding.yaml', 'send_ding_message').wraps = 'chat.recall_message'; }, 'ding.yaml: ding.send_ding_message: wraps chat.recall_message is in another product'],
    ['p-blankreq: a command with a required text flag and no required_check', (m) => { delete tool(m, 'ding.yaml', 'send_ding_message').required_check; }, 'ding.yaml: ding.send_ding_message: required text flags --content, --users need required_check (trim, empty or given) on the command'],
    ['p-blankreq: a required_check no required text flag takes', (m) => { tool(m, 'ding.yaml', 'send_ding_message').parameters.content.required_check = 'trim'; tool(m, 'ding.yaml', 'send_ding_message').parameters.users.required_check = 'trim'; }, 'ding.yaml: ding.send_ding_message: required_check declared but no required text flag takes it'],
    ['p-blankreq: a parameter repeating the command\'s check', (m) => { tool(m, 'ding.yaml', 'send_ding_message').parameters.content.required_check = 'empty'; }, "parameter --content required_check repeats the command's"],
    ['p-blankreq: a check on a flag that is not required', (m) => { tool(m, 'ding.yaml', 'send_ding_message').parameters.type.required_check = 'trim'; }, 'parameter --type required_check needs a visible required text flag without a default'],
    ['p-blankreq: an empty check on a command that trims its text flags', (m) => { tool(m, 'ding.yaml', 'shortcut_send_personal').required_check = 'empty'; }, 'ding.yaml: ding.shortcut_send_personal: required_check empty on a command whose text flags are trimmed (trim_strings)'],
    ['p-blank3: a given check on a command that trims its text flags', (m) => { tool(m, 'ding.yaml', 'shortcut_send_personal').required_check = 'given'; }, 'ding.yaml: ding.shortcut_send_personal: required_check given on a command whose text flags are trimmed (trim_strings)'],
    ['p-blank3: a given check on a list flag', (m) => { tool(m, 'aitable.yaml', 'shortcut_record_delete').parameters['record-ids'].required_check = 'given'; }, 'aitable.yaml: aitable.shortcut_record_delete: parameter --record-ids required_check given on a trimmed text or a list flag'],
    ['p-blankreq: an empty check on a list flag', (m) => { const t = tool(m, 'ding.yaml', 'send_ding_message'); t.parameters.users.type = 'stringSlice'; }, 'list flag --users cannot be checked empty'],
    ['a product id that does not match its file', (m) => { m.get('ding.yaml')!.product.id = 'dingx'; }, 'ding.yaml: product.id "dingx" does not match the file name'],
  ];
  for (const [name, mutate, expected] of cases) {
    it(`fails the build for ${name}, naming file, tool and field`, () => {
      const problems = problemsOf(mutate);
      expect(problems.some((p) => p.includes(expected)), problems.slice(0, 5).join('\n')).toBe(true);
    });
  }
});

describe('wraps across products (a shortcut that sends another product\'s call)', () => {
  it('are the nine devapp shortcuts of a dev app command, and the planned catalog is accepted', () => {
    const across = realCatalog().tools.filter((t) => t.wraps !== undefined && !t.wraps.startsWith(`${t.product_id}.`)).map((t) => [t.canonical_path, t.wraps]);
    expect(across).toEqual([
      ['devapp.shortcut_disable', 'dev.disable_dev_app'],
      ['devapp.shortcut_enable', 'dev.enable_dev_app'],
      ['devapp.shortcut_member_list', 'dev.list_dev_app_members'],
      ['devapp.shortcut_robot_get', 'dev.get_extension_robot_config'],
      ['devapp.shortcut_version_check_approval', 'dev.version_check_approval'],
      ['devapp.shortcut_version_get', 'dev.get_dev_app_version_detail'],
      ['devapp.shortcut_version_list', 'dev.list_dev_app_versions'],
      ['devapp.shortcut_version_status', 'dev.get_dev_app_version_status'],
      ['devapp.shortcut_webapp_get', 'dev.get_extension_webapp_config'],
    ]);
    expect(wrapProblemsOf(() => {})).toEqual([]);
  });

  it('accept a shortcut wrapping another product\'s command with the same call, whatever each prints', () => {
    // devapp +member-list prints the service answer whole; dev app member list unwraps and checks it
    expect(wrapProblemsOf((t) => {
      const s = t('devapp.shortcut_member_list');
      for (const u of ['devapp.shortcut_disable', 'devapp.shortcut_enable', 'devapp.shortcut_member_list']) delete t(u).wraps;
      expect(s.plan!.output).toBeUndefined();
      expect(t('dev.list_dev_app_members').plan!.output).toBeDefined();
      s.wraps = 'dev.list_dev_app_members';
    })).toEqual([]);
  });

  it('refuse a shortcut wrapping another product\'s command that calls another RPC', () => {
    expect(wrapProblemsOf((t) => { t('devapp.shortcut_disable').wraps = 'dev.enable_dev_app'; })).toEqual([
      'devapp.yaml: devapp.shortcut_disable: wraps dev.enable_dev_app in another product, but calls devapp.disable_dev_app where it calls devapp.enable_dev_app (another server or RPC)',
    ]);
  });

  it('refuse a shortcut wrapping another product\'s command on another server with the same RPC', () => {
    expect(wrapProblemsOf((t) => {
      const call = t('dev.disable_dev_app').plan!.steps.find((s) => s.kind === 'call')!;
      if (call.kind === 'call') call.server = 'devdoc';
    })).toEqual([
      'devapp.yaml: devapp.shortcut_disable: wraps dev.disable_dev_app in another product, but calls devapp.disable_dev_app where it calls devdoc.disable_dev_app (another server or RPC)',
    ]);
  });

  it('refuse a shortcut wrapping another product\'s command on the same RPC with other arguments', () => {
    // dev app get also reads --app-key; devapp +get sends unifiedAppId only
    expect(wrapProblemsOf((t) => { t('devapp.shortcut_get').wraps = 'dev.get_dev_app'; })).toEqual([
      'devapp.yaml: devapp.shortcut_get: wraps dev.get_dev_app in another product, but sends other arguments for the same input (not its call)',
    ]);
  });

  it('refuse a shortcut wrapping another product\'s shortcut', () => {
    expect(wrapProblemsOf((t) => { t('ding.shortcut_list').wraps = 'devapp.shortcut_get'; })).toEqual([
      'ding.yaml: ding.shortcut_list: wraps devapp.shortcut_get, a shortcut of another product (name an atomic command)',
    ]);
  });
});
