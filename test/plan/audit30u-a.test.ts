// The twenty-first audit, part a (seed 20261222, notes/audit-30u-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1, with canned answers of the shapes upstream's output code tells apart.
// The calls are also pinned by the `a-u1:` cases of test/fixtures/calls/{drive,todo,devdoc,dev,doc}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { applyTransform } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-audit30u-a-');

// driveInfoWithDocFallback (helpers/drive.go:3616-3694@c7521c1c): the doc answer's result is the document only when it
// is an object; a doc answer that is not an object, or an empty document, prints the drive answer.
describe('drive info merges the doc read as upstream does for every shape of doc answer', () => {
  const argv = ['drive', 'info', '--node', 'n1'];
  const drive = { result: { extension: 'axls', path: '/p', type: 'file', fileSize: null } };
  it('prints the merged document, the doc answer wrapped, or the drive answer', async () => {
    const docAnswers: unknown[] = [
      { result: { name: 'D', path: null }, extra: 2 },
      { name: 'D', type: null },
      { result: 'text', a: 1 },
      { result: null },
      { result: {} },
      {},
      [1],
    ];
    const printed = [];
    for (const body of docAnswers) {
      answer('drive/get_file_info', drive);
      answer('doc/get_document_info', body);
      const run = await sent(argv);
      expect(run.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }], ['doc/get_document_info', { nodeId: 'n1' }]]);
      printed.push(run.printed);
    }
    expect(printed).toEqual([
      { result: { name: 'D', path: '/p', extension: 'axls', type: 'file' }, extra: 2 },
      { result: { name: 'D', type: 'file', path: '/p', extension: 'axls' }, success: true },
      { result: { result: 'text', a: 1, path: '/p', extension: 'axls', type: 'file' }, success: true },
      { result: { result: null, path: '/p', extension: 'axls', type: 'file' }, success: true },
      drive,
      drive,
      drive,
    ]);
  });

  it('reads the doc by result.fileId only when that is a non-empty text', async () => {
    const nodes = [];
    for (const fileId of ['F2', '', 7, null, ['F3']]) {
      answer('drive/get_file_info', { result: { message: '这是钉钉文档', fileId } });
      answer('doc/get_document_info', { result: { name: 'D' } });
      nodes.push((await sent(argv)).calls[1]);
    }
    expect(nodes).toEqual([
      ['doc/get_document_info', { nodeId: 'F2' }],
      ...[1, 2, 3, 4].map(() => ['doc/get_document_info', { nodeId: 'n1' }]),
    ]);
  });
});

// normalizePermissionRole (helpers/doc.go:5118-5120@c7521c1c): strings.ToUpper maps rune by rune (unicode.ToUpper).
describe('upper and lower are Go\'s strings.ToUpper / strings.ToLower', () => {
  it('maps each code point by its simple case mapping', () => {
    expect(applyTransform('upper', 'straße ﬁ ŉ ᾀ ᾳ ᾈ ΑΣ abc ı', '--role')).toBe('STRAßE ﬁ ŉ ᾈ ᾼ ᾈ ΑΣ ABC I');
    expect(applyTransform('lower', 'İSTANBUL ΟΔΟΣ ABC ẞ', '--x')).toBe('istanbul οδοσ abc ß');
  });

  it('agrees with JavaScript wherever JavaScript maps a code point to one code point', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      for (const to of ['upper', 'lower'] as const) {
        const out = applyTransform(to, s, '--x') as string;
        const js = [...s].map((c) => (to === 'upper' ? c.toUpperCase() : c.toLowerCase()));
        const kept = [...s].every((c, i) => [...js[i]].length === 1);
        if (kept) expect(out).toBe(js.join(''));
      }
    }));
  });
});

// devdoc article search (devdoc.go:57-64@c7521c1c): `n, _ := strconv.Atoi(s)`.
describe('{int: atoi} is the value Go\'s strconv.Atoi returns with its error ignored', () => {
  const atoi = (v: unknown) => applyTransform({ int: 'atoi' }, v, '--page');
  it('reads signed decimal text, clamps beyond int64 and gives 0 for anything else', () => {
    expect(['12', '+5', '-7', '010', '9007199254740993', '99999999999999999999', '-99999999999999999999', ' 1', '1_0', '0x10', '1.5', ''].map(atoi)).toEqual([
      12, 5, -7, 10, new JsonNumber('9007199254740993'), new JsonNumber('9223372036854775807'), new JsonNumber('-9223372036854775808'), 0, 0, 0, 0, 0,
    ]);
  });

  it('gives back any int64 it is given as decimal text', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
      const got = atoi(n.toString());
      expect(got instanceof JsonNumber ? got.literal : String(got)).toBe(n.toString());
    }));
  });
});

// todo task create-sub (todo.go:183-190@c7521c1c): strconv.ParseInt(parentId, 10, 64) must read the parent id.
describe('todo task create-sub checks the parent id as ParseInt(s, 10, 64)', () => {
  it('refuses a parent id beyond int64 and sends one within it as typed', async () => {
    const base = ['todo', 'task', 'create-sub', '--title', 't', '--executors', 'u1', '--parent-id'];
    const outcomes = [];
    for (const id of ['9223372036854775807', '-9223372036854775808', '9223372036854775808', '-9223372036854775809', '+012']) {
      const run = await sent([...base, id]);
      outcomes.push([run.reason, (run.calls[0]?.[1] as { PersonalTodoCreateVO?: { parentId?: string } } | undefined)?.PersonalTodoCreateVO?.parentId]);
    }
    expect(outcomes).toEqual([
      [undefined, '9223372036854775807'],
      [undefined, '-9223372036854775808'],
      ['invalid_parameter', undefined],
      ['invalid_parameter', undefined],
      [undefined, '+012'],
    ]);
  });
});
