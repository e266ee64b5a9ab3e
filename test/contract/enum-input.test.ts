// Enum flags read as upstream reads them (f-enum, issue 32): the rules a parameter declares beside its enum
// (`enum_fold`, `enum_blank`; src/contract/enum-input.ts) and the folding of two spellings of one flag
// (src/contract/schema.ts foldInput), checked on the shipped catalog and as a user types the commands.
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import { validateInput } from '../../src/contract/validate.js';
import { enumInput } from '../../src/contract/enum-input.js';
import type { ParameterSpec, ToolSpec } from '../../src/catalog/types.js';
import { runCli, shippedEngine } from '../helpers.js';

const param = (rules: Partial<ParameterSpec>): ParameterSpec =>
  ({ type: 'string', description: '', description_en: '', required: false, property: 'p', enum: ['app', 'sms', 'absoluteMonthly'], ...rules });

const reasonOf = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    return e instanceof DwsError ? e.reason : String(e);
  }
};

describe('enumInput (one enum value as its parameter declares it is read)', () => {
  it('leaves a value as typed without a rule, so the enum check refuses a blank or a padded value', () => {
    expect(enumInput(param({}), '')).toBe('');
    expect(enumInput(param({}), ' sms ')).toBe(' sms ');
  });
  it('enum_fold: trim removes the surrounding whitespace, nothing else', () => {
    expect(enumInput(param({ enum_fold: 'trim' }), ' sms\t')).toBe('sms');
    expect(enumInput(param({ enum_fold: 'trim' }), ' SMS ')).toBe('SMS');
  });
  it('enum_fold: case also matches ignoring case and gives the enum\'s own spelling', () => {
    expect(enumInput(param({ enum_fold: 'case' }), ' ABSOLUTEMONTHLY ')).toBe('absoluteMonthly');
    expect(enumInput(param({ enum_fold: 'case' }), 'Sms')).toBe('sms');
    expect(enumInput(param({ enum_fold: 'case' }), ' fax ')).toBe('fax');
  });
  it('enum_blank: unset makes a blank not given; without a fold only "" is blank (a body that does not trim sees spaces as a value)', () => {
    expect(enumInput(param({ enum_blank: 'unset' }), '')).toBeUndefined();
    expect(enumInput(param({ enum_blank: 'unset' }), '  ')).toBe('  ');
    expect(enumInput(param({ enum_blank: 'unset', enum_fold: 'trim' }), '  ')).toBeUndefined();
  });
  it('enum_blank: keep lets a blank through as ""', () => {
    expect(enumInput(param({ enum_blank: 'keep', enum_fold: 'trim' }), ' ')).toBe('');
  });
  it('reads a list flag element by element, dropping the blank elements a rule unsets', () => {
    expect(enumInput(param({ enum_fold: 'case', enum_blank: 'unset' }), [' APP', '', 'Sms '])).toEqual(['app', 'sms']);
  });
});

describe('the catalog rules, on every parameter that declares one', () => {
  const tools = shippedEngine().tools();
  const ruled = tools.flatMap((t) => Object.entries(t.parameters).filter(([, p]) => p.enum_fold || p.enum_blank).map(([n, p]) => [t, n, p] as [ToolSpec, string, ParameterSpec]));

  it('are declared on 29 parameters (ding message send --type left the enum in f-docupd; a-i1 added --content-format on six doc commands; sweep-dflt kept a typed blank on six flags with a default, sweep-dflt2 on more; a-t2 trims minutes --artifacts on +record-wrap-up, +upload-and-analyze and +export-pack; a-w1 dropped wiki space search --type\'s enum; h38-a2 kept doc +create and +update --doc-format\'s typed blank; h45-a7 dropped oa approval create-instance\'s --approvers-action-type and --cc-position enums, read only beside their list; h53-a2 passes drive comment list\'s blank --scope to its default)', () => {
    expect(ruled.map(([t, n]) => `${t.primary_cli_path} --${n}`).sort()).toHaveLength(47);
  });
  it('let every enum value through however it is folded, and a blank through as not given where it is unset, as "" where it is kept', () => {
    for (const [t, name, p] of ruled) {
      const list = Array.isArray(p.default) || p.type === 'stringSlice';
      for (const v of p.enum!) {
        const typed = p.enum_fold === 'case' ? ` ${v.toUpperCase()} ` : p.enum_fold === 'trim' ? ` ${v} ` : v;
        const data = foldInput(t, { [name]: list ? [typed] : typed }, {});
        expect(data[name], `${t.canonical_path} --${name} ${typed}`).toEqual(list ? [v] : v);
      }
      if (p.enum_blank === 'unset' && !list) expect(Object.hasOwn(foldInput(t, { [name]: '' }, {}), name), `${t.canonical_path} --${name}`).toBe(false);
      if (p.enum_blank === 'keep') expect(foldInput(t, { [name]: '' }, {})[name], `${t.canonical_path} --${name}`).toBe('');
    }
  });
  it('leave every other enum flag to the exact check: a blank is refused', () => {
    let checked = 0;
    for (const t of tools) {
      for (const [name, p] of Object.entries(t.parameters)) {
        if (!p.enum || p.enum_fold || p.enum_blank || p.type !== 'string' || p.enum.includes('')) continue;
        const reason = reasonOf(() => validateInput(t, foldInput(t, { [name]: '' }, {})));
        expect(reason, `${t.canonical_path} --${name}`).toMatch(/invalid_parameter|missing_parameter|constraint_violation/);
        checked++;
      }
    }
    // each flag given enum_blank: keep (sweep-dflt, sweep-dflt2) leaves this set
    expect(checked).toBeGreaterThan(55);
  });
});

describe('two spellings of one flag (upstream flagOrFallback and corecmd\'s alias chain)', () => {
  const tool = shippedEngine().tools().find((t) => t.canonical_path === 'doc.create_document')!;
  it('take the filled one when the other is blank, in either order', () => {
    expect(foldInput(tool, { name: 'n', workspace: 'w', 'workspace-id': '' }, {}).workspace).toBe('w');
    expect(foldInput(tool, { name: 'n', 'workspace-id': 'w', workspace: '' }, {}).workspace).toBe('w');
  });
  it('count an alias typed blank alone as not given, and keep a blank typed under the flag\'s own name', () => {
    expect(Object.hasOwn(foldInput(tool, { name: 'n', 'workspace-id': '' }, {}), 'workspace')).toBe(false);
    expect(foldInput(tool, { name: 'n', workspace: '' }, {}).workspace).toBe('');
  });
  it('take the first filled one in the read order of two different filled values (flagOrFallback(workspace, workspace-id), helpers/doc.go:1574@c7521c1c)', () => {
    expect(foldInput(tool, { name: 'n', workspace: 'a', 'workspace-id': 'b' }, {}).workspace).toBe('a');
    expect(foldInput(tool, { name: 'n', 'workspace-id': 'b', workspace: 'a' }, {}).workspace).toBe('a');
  });
  it('still refuse two different filled values of spellings no read order ranks', () => {
    const unranked = structuredClone(tool);
    delete unranked.parameters.workspace.read_order;
    expect(reasonOf(() => foldInput(unranked, { name: 'n', workspace: 'a', 'workspace-id': 'b' }, {}))).toBe('invalid_parameter');
    expect(reasonOf(() => foldInput({ ...unranked, parameters: { ...unranked.parameters, workspace: { ...unranked.parameters.workspace, read_order: ['workspace'] } } },
      { name: 'n', workspace: 'a', 'workspace-id': 'b' }, {}))).toBeUndefined();
  });
});

describe('as a user types them', () => {
  it('a typed blank ding type, and a padded or unknown one, send the in-app DING (dingRemindTypeMap miss, ding.go:65-69)', () => {
    const remind = (type: string) => {
      const r = runCli(['ding', 'message', 'send', '--robot-code', 'r', '--users', 'u1', '--content', 'hi', '--type', type, '--dry-run']);
      expect(r.status, type).toBe(0);
      return JSON.parse(r.stdout).steps[0].arguments.remindType as number;
    };
    expect(['', ' sms ', 'phone', 'sms', 'call'].map(remind)).toEqual([1, 1, 1, 2, 3]);
  });
  it('Inspect shows the rules beside the enum, in the compact contract too', () => {
    const r = runCli(['schema', 'aitable.export_data', '--compact']);
    expect(JSON.parse(r.stdout).parameters.scope).toMatchObject({ enum: ['all', 'table', 'view'], enum_fold: 'case' });
  });
});
