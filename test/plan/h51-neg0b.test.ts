// Session 51 helper neg0b (issue 32, notes/h51-neg0b.md): a negative zero inside a JSON flag, every product but aitable
// and sheet. Where upstream decodes a flag with plain json.Unmarshal into an any, a map[string]any, a []any or a
// []map[string]any and sends what it decoded, every number is a float64 that json.Marshal writes back with its sign: a
// -0 anywhere in the value goes on the wire as `-0`. dws sent 0 (JavaScript's JSON writes -0 as 0) until `go_float64s`
// was put at each send. Each command runs as a user types it against the recording backend on 127.0.0.1; the fake
// server reads the arguments keeping a literal JavaScript would change (-0) as a JsonNumber, so the sign is seen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { sameSigned, wire } from './signed-zero.js';

const { sent } = useOutputRuns('dws-h51neg0b-');

/** Expects `got` (a sent argument) to be `want` with every zero's sign, showing both when not. */
const expectSigned = (got: unknown, want: unknown) => {
  const show = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (Object.is(x, -0) ? '<-0>' : x));
  expect(sameSigned(wire(got), want) ? show(want) : show(wire(got))).toBe(show(want));
};
/** The arguments of the one call a run must send to `tool` (`<server>/<name>`). */
async function oneCall(argv: string[], tool: string, files?: Record<string, string>): Promise<Record<string, unknown>> {
  const run = await sent(argv, files);
  expect(run.reason).toBeUndefined();
  expect(run.calls.map(([t]) => t)).toEqual([tool]);
  return run.calls[0][1] as Record<string, unknown>;
}

/** The spellings of a negative zero a user may type; Go's float64 reads each as -0. */
const NEG_ZEROS = ['-0', '-0.0', '-0e0', '-0E+3', '-0.000e-2'];
/** Number spellings whose float64 JavaScript writes alike (1.50 is 1.5, 1e3 is 1000, 1E+2 is 100). */
const SAMPLE = `{"z":-0,"l":[${NEG_ZEROS.join(',')},0,1.50,1e3,1E+2,5e-7,1e21],"o":{"p":[{"q":-0}]}}`;
const SAMPLE_SENT = { z: -0, l: [-0, -0, -0, -0, -0, 0, 1.5, 1000, 100, 5e-7, 1e21], o: { p: [{ q: -0 }] } };

/** JSON values as a user might type them inside a JSON flag, negative zeros among the numbers. */
const jsonValue = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.constantFrom(-0, 0, 1.5, -2, 1e21, 5e-7), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'x'), tie('node'), { maxKeys: 3 })),
})).node;
/** JSON text with each negative zero written in one of the spellings a user types (JSON.stringify writes it `0`). */
const typed = (v: unknown, zero = '-0'): string => {
  if (typeof v === 'number') return Object.is(v, -0) ? zero : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => typed(x, zero)).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${typed(x, zero)}`).join(',')}}`;
  return JSON.stringify(v);
};

/**
 * The commands whose JSON flag upstream decodes into an any / []any / map[string]any and sends whole: the command line
 * for a typed value, the tool it calls, and where the decoded value sits in the arguments.
 */
interface Whole { name: string; where: string; argv: (json: string) => string[]; tool: string; get: (args: Record<string, unknown>) => unknown; shape: 'any' | 'list' | 'object' }
const WHOLE: Whole[] = [
  {
    name: 'todo tag update --user-tags', where: 'helpers/todo.go:1566-1581 ([]any)', shape: 'list',
    argv: (j) => ['todo', 'tag', 'update', '--user-tags', j], tool: 'todo/update_todo_tag',
    get: (a) => (a.UserTagAddRequest as Record<string, unknown>).userTags,
  },
  {
    name: 'hrbrain profile query --data-queries', where: 'helpers/hrbrain.go:299-309 ([]any)', shape: 'list',
    argv: (j) => ['hrbrain', 'profile', 'query', '--work-no', 'w', '--data-queries', j], tool: 'hrbrain/query_profile_data',
    get: (a) => a.dataQueries,
  },
  {
    name: 'hrbrain search employees-structured --fields', where: 'helpers/hrbrain.go:601-613 ([]any)', shape: 'list',
    argv: (j) => ['hrbrain', 'search', 'employees-structured', '--origin-json', '{"k":-0}', '--fields', j], tool: 'hrbrain/search_employees_structured',
    get: (a) => a.fields,
  },
  {
    name: 'doc block insert --element', where: 'helpers/doc.go:1022-1029, :2203-2220 (buildBlockElement: any)', shape: 'any',
    argv: (j) => ['doc', 'block', 'insert', '--node', 'n', '--element', j], tool: 'doc/insert_document_block',
    get: (a) => a.element,
  },
  {
    name: 'doc block update --element', where: 'helpers/doc.go:1022-1029, :2304-2312 (buildBlockElement: any)', shape: 'any',
    argv: (j) => ['doc', 'block', 'update', '--node', 'n', '--block-id', 'b', '--element', j], tool: 'doc/update_document_block',
    get: (a) => a.element,
  },
  {
    name: 'dev app robot config --i18n-name', where: 'helpers/devapp.go:1509-1524 (map[string]any)', shape: 'object',
    argv: (j) => ['dev', 'app', 'robot', 'config', '--unified-app-id', 'a', '--i18n-name', j, '--yes'], tool: 'devapp/set_extension_robot_config',
    get: (a) => a.i18nName,
  },
  {
    name: 'dev app robot config --i18n-brief', where: 'helpers/devapp.go:1509-1524 (map[string]any)', shape: 'object',
    argv: (j) => ['dev', 'app', 'robot', 'config', '--unified-app-id', 'a', '--i18n-brief', j, '--yes'], tool: 'devapp/set_extension_robot_config',
    get: (a) => a.i18nBrief,
  },
  {
    name: 'dev app robot config --i18n-description', where: 'helpers/devapp.go:1509-1524 (map[string]any)', shape: 'object',
    argv: (j) => ['dev', 'app', 'robot', 'config', '--unified-app-id', 'a', '--i18n-description', j, '--yes'], tool: 'devapp/set_extension_robot_config',
    get: (a) => a.i18nDescription,
  },
];
/** A value of the shape the command accepts, holding `v`. */
const holding = (c: Whole, v: unknown): unknown => (c.shape === 'object' ? { v } : c.shape === 'list' ? [v] : v);

describe.each(WHOLE)('$name is sent as json.Unmarshal then json.Marshal make it ($where@c7521c1c)', (c) => {
  it('each negative zero, in every spelling and at any depth, is sent as -0; other numbers as their float64', async () => {
    const args = await oneCall(c.argv(typed(holding(c, 0)).replace('0', SAMPLE)), c.tool);
    expectSigned(c.get(args), holding(c, SAMPLE_SENT));
  });
});

describe('a value sent whole: for any JSON value, the value sent is the float64 decoding Go sends, every zero signed (property)', () => {
  it('todo, hrbrain, doc block and dev robot flags', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...WHOLE), jsonValue, fc.constantFrom(...NEG_ZEROS), async (c, v, zero) => {
      const args = await oneCall(c.argv(typed(holding(c, v), zero)), c.tool);
      expectSigned(c.get(args), holding(c, v));
    }), { numRuns: 60, examples: [[WHOLE[0], -0, '-0'], [WHOLE[3], [-0, { a: -0 }], '-0.0'], [WHOLE[5], { a: [-0] }, '-0e0']] });
  });
});

/**
 * The commands whose JSON flag upstream decodes into a []map[string]any, checks some keys of each object and sends
 * the list: a command line for a typed list, the tool, where the list sits, and an element the checks accept.
 */
interface Objects { name: string; where: string; argv: (json: string) => string[]; tool: string; get: (args: Record<string, unknown>) => unknown; element: Record<string, unknown> }
const OBJECTS: Objects[] = [
  {
    name: 'chat group user-settings set --items', where: 'helpers/chat.go:10426-10446',
    argv: (j) => ['chat', 'group', 'user-settings', 'set', '--items', j], tool: 'im/batch_update_group_chat_settings',
    get: (a) => a.items, element: { openConversationId: 'cid1' },
  },
  {
    name: 'contact user invite --depts', where: 'helpers/contact.go:1275-1291',
    argv: (j) => ['contact', 'user', 'invite', '--org-user-name', 'n', '--org-user-mobile', '1', '--depts', j, '--yes'], tool: 'contact/add_employee',
    get: (a) => a.depts, element: {},
  },
  {
    name: 'contact user update --depts', where: 'helpers/contact.go:100-113, :250-256 (contactOptionalDepartments)',
    argv: (j) => ['contact', 'user', 'update', '--user-id', 'u', '--depts', j, '--yes'], tool: 'contact/employee_update',
    get: (a) => a.depts, element: {},
  },
  {
    name: 'contact account update --depts', where: 'helpers/contact.go:100-113, :371-377 (contactOptionalDepartments)',
    argv: (j) => ['contact', 'account', 'update', '--user-id', 'u', '--depts', j, '--yes'], tool: 'contact/exclusive_account_user_update',
    get: (a) => a.depts, element: {},
  },
];

describe.each(OBJECTS)('$name is sent as json.Unmarshal into []map[string]any then json.Marshal make it ($where@c7521c1c)', (c) => {
  it('each negative zero in an element, in every spelling and at any depth, is sent as -0; other numbers as their float64', async () => {
    const list = `[${typed({ ...c.element, deptId: 0 }).replace('0', '-0').replace(/}$/, `,"x":${SAMPLE}}`)}]`;
    const args = await oneCall(c.argv(list), c.tool);
    expectSigned(c.get(args), [{ ...c.element, deptId: -0, x: SAMPLE_SENT }]);
  });
});

describe('a list of objects: for any JSON value in an element, the list sent is the float64 decoding Go sends, every zero signed (property)', () => {
  it('chat user-settings --items, contact --depts', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...OBJECTS), jsonValue, fc.constantFrom(...NEG_ZEROS), async (c, v, zero) => {
      const args = await oneCall(c.argv(typed([{ ...c.element, note: v }, c.element], zero)), c.tool);
      expectSigned(c.get(args), [{ ...c.element, note: v }, c.element]);
    }), { numRuns: 40, examples: [[OBJECTS[0], -0, '-0'], [OBJECTS[1], { a: [-0] }, '-0.0']] });
  });
});

describe('report entry submit sends --contents as validateAndNormalizeReportContents leaves the []map[string]any (helpers/report.go:581-600, :1818-1860@c7521c1c)', () => {
  const submit = (contents: string) => ['report', 'entry', 'submit', '--template-id', 't', '--contents', contents, '--yes'];
  const item = { key: ' k ', sort: 1, content: 'c', type: 1, contentType: 'markdown' };
  const normalized = { key: 'k', sort: '1', content: 'c', type: '1', contentType: 'markdown' };
  it('a -0 in a key the check leaves alone is sent as -0; sort -0 is the text "0" (FormatInt(int64(-0)), reportScalarToString :1943-1947)', async () => {
    const contents = `[${typed(item).replace('"sort":1', '"sort":-0.0').replace(/}$/, `,"x":${SAMPLE}}`)}]`;
    const args = await oneCall(submit(contents), 'report/create_report');
    expectSigned(args.contents, [{ ...normalized, sort: '0', x: SAMPLE_SENT }]);
  });
  it('the same from --contents-file', async () => {
    const contents = `[${typed(item).replace(/}$/, ',"x":[-0,{"y":-0e0}]}')}]`;
    const fromFile = await oneCall(['report', 'entry', 'submit', '--template-id', 't', '--contents-file', 'c.json', '--yes'], 'report/create_report', { 'c.json': contents });
    expectSigned(fromFile.contents, [{ ...normalized, x: [-0, { y: -0 }] }]);
  });
  it('for any JSON value in an item, the item sent is the float64 decoding Go sends with the five keys normalized (property)', async () => {
    await fc.assert(fc.asyncProperty(jsonValue, fc.constantFrom(...NEG_ZEROS), async (v, zero) => {
      const args = await oneCall(submit(typed([{ ...item, note: v }], zero)), 'report/create_report');
      expectSigned(args.contents, [{ ...normalized, note: v }]);
    }), { numRuns: 30, examples: [[-0, '-0'], [[{ a: -0 }], '-0E+3']] });
  });
});
