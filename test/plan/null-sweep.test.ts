// The null sweep (issue 32, notes/p-nullre.md): flags whose JSON null upstream reads in one of two ways, run as a user
// types them against the recording backend on 127.0.0.1.
//   raw:  json.Unmarshal of the text as typed: null only between JSON whitespace (space, tab, LF, CR); any other
//         padding (U+00A0, U+0085, U+FEFF) is no JSON and the command is refused.
//   trim: strings.TrimSpace first (Unicode White_Space, U+0085 and U+00A0 included, U+FEFF not), then json.Unmarshal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-null-sweep-');

type Call = [string, Record<string, unknown>];
interface Site { name: string; argv: (v: string) => string[]; sends: (v: string) => Call }

/** What a run did: the calls it sent, or its refusal reason when it sent none. */
async function outcome(argv: string[]): Promise<unknown> {
  const run = await sent(argv);
  return run.reason === undefined ? run.calls : { refused: run.reason, calls: run.calls };
}
const REFUSED = { refused: 'invalid_parameter', calls: [] };

// raw json.Unmarshal sites (the upstream line of each is beside its plan condition)
const RAW: Site[] = [
  { // aitable.go:2286-2292@c7521c1c
    name: 'aitable record create --cells',
    argv: (v) => ['aitable', 'record', 'create', '--base-id', 'b', '--table-id', 't', '--cells', v],
    sends: () => ['aitable/create_records', { baseId: 'b', tableId: 't', records: [{ cells: null }] }],
  },
  { // aitable.go:2365-2372@c7521c1c
    name: 'aitable record update --cells',
    argv: (v) => ['aitable', 'record', 'update', '--base-id', 'b', '--table-id', 't', '--record-id', 'r', '--cells', v, '--yes'],
    sends: () => ['aitable/update_records', { baseId: 'b', tableId: 't', records: [{ recordId: 'r', cells: null }] }],
  },
  { // sheet_cond_format.go:291-295@c7521c1c
    name: 'sheet cond-format update --cell-style',
    argv: (v) => ['sheet', 'cond-format', 'update', '--node', 'n', '--sheet-id', 's', '--rule-id', 'r', '--cell-style', v],
    sends: () => ['sheet/update_cond_format', { nodeId: 'n', sheetId: 's', ruleId: 'r', cellStyle: null }],
  },
  { // contact.go:1275-1291@c7521c1c
    name: 'contact user invite --depts',
    argv: (v) => ['contact', 'user', 'invite', '--org-user-name', 'A', '--org-user-mobile', '1', '--depts', v, '--yes'],
    sends: () => ['contact/add_employee', { orgUserName: 'A', orgUserMobile: '1', depts: null }],
  },
  { // aitable.go:6696-6701@c7521c1c
    name: 'aitable import data --field-mapping',
    argv: (v) => ['aitable', 'import', 'data', '--import-id', 'i', '--field-mapping', v],
    sends: () => ['aitable/import_data', { importId: 'i', fieldMapping: null }],
  },
  { // hrbrain.go:596-610@c7521c1c: the text is sent as typed once it decodes
    name: 'hrbrain search employees-structured --origin-json',
    argv: (v) => ['hrbrain', 'search', 'employees-structured', '--origin-json', v, '--fields', '[1]'],
    sends: (v) => ['hrbrain/search_employees_structured', { originJson: v, currentPage: 1, pageSize: 20, fields: [1] }],
  },
  { // oaFormValues oa.go:33-43, :1112@c7521c1c: a nil map gives an empty name/value list
    name: 'oa approval forecast-process --form-values',
    argv: (v) => ['oa', 'approval', 'forecast-process', '--process-code', 'p', '--dept-id', '1', '--form-values', v],
    sends: () => ['oa/forecast_process', { ProcessForecastPopRequest: { processCode: 'p', deptId: 1, formComponentValues: [[]] } }],
  },
];

// TrimSpace-then-Unmarshal sites
const TRIM: Site[] = [
  { // contactOptionalDepartments contact.go:104-111, :250-256@c7521c1c
    name: 'contact user update --depts',
    argv: (v) => ['contact', 'user', 'update', '--user-id', 'u', '--depts', v, '--yes'],
    sends: () => ['contact/employee_update', { userId: 'u', depts: null }],
  },
  { // contactOptionalDepartments contact.go:104-111, :371-376@c7521c1c
    name: 'contact account update --depts',
    argv: (v) => ['contact', 'account', 'update', '--user-id', 'u', '--depts', v, '--yes'],
    sends: () => ['contact/exclusive_account_user_update', { userId: 'u', depts: null }],
  },
  { // collectSelfSettingSaveRequest attendance.go:387-396@c7521c1c
    name: 'attendance selfsetting save --check-remind-setting',
    argv: (v) => ['attendance', 'selfsetting', 'save', '--setting-scene', 'checkRemind', '--user', 'u', '--check-remind-setting', v, '--yes'],
    sends: () => ['attendance-wukong/save_self_setting', { RuleMcpSaveSelfSettingRequest: { settingScene: 'checkRemind', userId: 'u', checkRemindSetting: null } }],
  },
  { // devAppStringFlag devapp.go:2757-2759, devAppRobotConfigParams :1510-1524@c7521c1c
    name: 'dev app robot config --i18n-name',
    argv: (v) => ['dev', 'app', 'robot', 'config', '--unified-app-id', 'a', '--i18n-name', v, '--yes'],
    sends: () => ['devapp/set_extension_robot_config', { unifiedAppId: 'a', i18nName: null }],
  },
];

const PADDED = ['\u00a0null', '\u0085null', ' null\t', '\ufeffnull'];

describe('raw json.Unmarshal sites read null only between JSON whitespace', () => {
  it.each(RAW.map((s) => [s.name, s] as const))('%s', async (_, site) => {
    const got = [];
    for (const v of PADDED) got.push(await outcome(site.argv(v)));
    expect(got).toEqual([REFUSED, REFUSED, [site.sends(' null\t')], REFUSED]);
  });
});

describe('TrimSpace-then-Unmarshal sites read null after Go\'s trim', () => {
  it.each(TRIM.map((s) => [s.name, s] as const))('%s', async (_, site) => {
    const got = [];
    for (const v of PADDED) got.push(await outcome(site.argv(v)));
    expect(got).toEqual([[site.sends('null')], [site.sends('null')], [site.sends('null')], REFUSED]);
  });

  it('sends a padded list or object once trimmed (contact user update, attendance selfsetting save)', async () => {
    expect(await outcome(TRIM[0].argv('\u0085[{"deptId":1}]'))).toEqual([['contact/employee_update', { userId: 'u', depts: [{ deptId: 1 }] }]]);
    expect(await outcome(TRIM[2].argv('\u00a0{"onDutyRemind":{"openRemind":true}}\u0085'))).toEqual([['attendance-wukong/save_self_setting', {
      RuleMcpSaveSelfSettingRequest: { settingScene: 'checkRemind', userId: 'u', checkRemindSetting: { onDutyRemind: { openRemind: true } } },
    }]]);
    expect(await outcome(TRIM[2].argv('\ufeff{}'))).toEqual(REFUSED);
  });
});

// the padding characters the properties draw from, and what each upstream reading makes of them
const JSON_SPACE = [' ', '\t', '\n', '\r'];
const GO_SPACE = [...JSON_SPACE, '\u000b', '\u000c', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];
const PAD = fc.string({ unit: fc.constantFrom(...GO_SPACE, '\ufeff', '\u180e', '\u200b'), maxLength: 3 });

describe('null padded by any mix of spaces (property, one command per kind)', () => {
  it('raw: aitable record create --cells sends cells null only for JSON whitespace padding', async () => {
    await fc.assert(fc.asyncProperty(PAD, PAD, async (lead, tail) => {
      const v = `${lead}null${tail}`;
      const json = [...lead, ...tail].every((c) => JSON_SPACE.includes(c));
      expect(await outcome(RAW[0].argv(v))).toEqual(json ? [RAW[0].sends(v)] : REFUSED);
    }), { numRuns: 30 });
  });

  it('trim: attendance selfsetting save sends checkRemindSetting null only when Go\'s TrimSpace leaves null', async () => {
    await fc.assert(fc.asyncProperty(PAD, PAD, async (lead, tail) => {
      const v = `${lead}null${tail}`;
      const go = [...lead, ...tail].every((c) => GO_SPACE.includes(c));
      expect(await outcome(TRIM[2].argv(v))).toEqual(go ? [TRIM[2].sends(v)] : REFUSED);
    }), { numRuns: 30 });
  });
});
