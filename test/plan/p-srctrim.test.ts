// The shared plan transforms trim as upstream's Go does (issue 32, p-srctrim): strings.TrimSpace removes Go's spaces
// (unicode.IsSpace: U+0085 one of them) and keeps U+FEFF; JavaScript's trim() did the reverse. Commands are typed as
// users type them against the recording backend; the transforms are checked against an oracle written here from
// Go's space list (not src/text/space.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { answerObject } from '../../src/plan/transforms/json.js';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES, NOT_GO_SPACES, goTrim } from '../go-spaces.js';

const outputs = useOutputRuns('dws-srctrim-');
const { sent } = outputs;

const NEL = '\u0085';
const BOM = '\ufeff';

describe('int reads text as strconv.ParseInt(strings.TrimSpace(s)) (toInt64Slice shortcut/chat/chat.go:67-84@c7521c1c)', () => {
  const add = (ids: string) => ['chat', '+category-add-conversation', '--group', 'cid1', '--category-ids', ids, '--yes'];

  it('chat +category-add-conversation --category-ids with U+FEFF before an id is refused before any call', async () => {
    expect(await sent(add(`${BOM}5`))).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });

  it('chat +category-add-conversation --category-ids with U+0085 around the ids sends the integers', async () => {
    outputs.answer('im/add_conv_to_categories', { success: true });
    expect((await sent(add(`${NEL}5${NEL},7`))).calls).toEqual([['im/add_conv_to_categories', { categoryIds: [5, 7], openConversationId: 'cid1' }]]);
  });

  it('report entry submit: a contents sort of U+FEFF then digits is refused before any call (normalizeReportSort helpers/report.go:1881-1897)', async () => {
    const contents = (sort: string) => JSON.stringify([{ key: '今日完成', sort, content: '写完了', contentType: 'markdown', type: '1' }]);
    expect(await sent(['report', 'entry', 'submit', '--template-id', 'T1', '--contents', contents(`${BOM}0`), '--yes'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    outputs.answer('report/create_report', { success: true });
    const padded = await sent(['report', 'entry', 'submit', '--template-id', 'T1', '--contents', contents(`${NEL}0${NEL}`), '--yes']);
    expect(padded.calls).toEqual([['report/create_report', expect.objectContaining({ contents: [expect.objectContaining({ sort: '0' })] })]]);
  });
});

describe('find_texts reads ids as collectPermissionUserIDs (strings.TrimSpace, smart/doc_access.go:288-298@c7521c1c)', () => {
  const change = ['doc', '+access-change', '--node', 'D1', '--to', '张三', '--role', 'EDITOR', '--yes'];

  it('doc +access-change: a collaborator id padded by U+0085 is the person asked for; the write is sent', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { data: { list: [{ member: { id: `${NEL}u1${NEL}` }, role: 'READER' }] } });
    outputs.answer('doc/update_permission', { success: true });
    expect((await sent(change)).calls).toEqual([
      ['contact/search_contact_by_key_word', { keyword: '张三' }], ['doc/list_permission', { nodeId: 'D1' }],
      ['doc/update_permission', { nodeId: 'D1', roleId: 'EDITOR', userIds: ['u1'] }],
    ]);
  });

  it('doc +access-change: a collaborator id of U+FEFF then u1 is another id; refused before the write', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { data: { list: [{ member: { id: `${BOM}u1` }, role: 'READER' }] } });
    expect(await sent(change)).toMatchObject({ reason: 'invalid_parameter', calls: [['contact/search_contact_by_key_word', { keyword: '张三' }], ['doc/list_permission', { nodeId: 'D1' }]] });
  });
});

describe('a drive answer with success false names its message as firstString reads it (drive/common.go:88-93, :198-205@c7521c1c)', () => {
  // the transport's classifyAnswer sees success=false first on a live run (src/backend/classify.ts); this reads the
  // answer_object check itself, which a plan applies to an answer handed to it
  it('an errorMsg of U+0085 alone is blank, so the message key is the one shown, trimmed of Go spaces only', () => {
    expect(() => answerObject({ success: false, errorMsg: NEL, message: `${BOM}无权访问${NEL}` }, 'x')).toThrowError(expect.objectContaining({
      reason: 'backend_error', message: `x: the backend answered success=false: ${BOM}无权访问`,
    }));
  });
});

describe('list flags reach the plan as typed (rt.StrSlice does not trim)', () => {
  it('doc +comment-reply --mention U+0085 then a JSON list: TrimSpace finds the [, the JSON decoder refuses the U+0085 (review_shortcuts.go:164-170@c7521c1c)', async () => {
    const got = await sent(['doc', '+comment-reply', '--node', 'n1', '--comment-key', 'k1', '--content', 'hi', '--mention', `${NEL}[123]`, '--yes']);
    expect(got).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });
});

describe('the transforms that trim read Go spaces, keep U+FEFF (properties)', () => {
  const pad = fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES), { maxLength: 3 }).map((cs) => cs.join(''));
  const ctx = { env: {} };
  const t = (ts: unknown[], v: unknown) => applyTransforms(ts as never, v, 'x', ctx);
  const refused = expect.objectContaining({ reason: 'invalid_parameter' });

  it('every Go space alone around a number is trimmed by int; U+FEFF is not', () => {
    for (const sp of GO_SPACES) expect(t(['int'], `${sp}42${sp}`)).toBe(42);
    for (const sp of NOT_GO_SPACES) expect(() => t(['int'], `${sp}42`)).toThrowError(refused);
  });

  it('int, bool, add and find_int / find_texts read a padded value as Go after TrimSpace (property)', () => {
    fc.assert(fc.property(pad, pad, fc.integer({ min: -1e9, max: 1e9 }), fc.boolean(), (a, b, n, yes) => {
      const num = `${a}${n}${b}`;
      const clean = goTrim(num) === String(n);
      if (clean) expect(t(['int'], num)).toBe(n);
      else expect(() => t(['int'], num)).toThrowError(refused);
      if (clean) expect(t([{ add: 1 }], num)).toBe(n + 1);
      else expect(() => t([{ add: 1 }], num)).toThrowError(refused);
      // find_int: int64FromJSONScalar (helpers/chat.go:2279-2281): a text id TrimSpace'd then ParseInt; otherwise not found
      expect(t([{ find_int: ['dentryId'] }], { result: { dentryId: num } })).toBe(clean ? n : undefined);
      // findInt64Field (:2256-2262): a text holding JSON is TrimSpace'd before the { test and decoded
      const nested = `${a}{"dentryId": 7}`;
      expect(t([{ find_int: ['dentryId'] }], { data: nested })).toBe(goTrim(nested).startsWith('{') ? 7 : undefined);
      const word = `${a}${yes ? 'TRUE' : 'no'}${b}`;
      if (goTrim(word) === (yes ? 'TRUE' : 'no')) expect(t(['bool'], word)).toBe(yes);
      else expect(() => t(['bool'], word)).toThrowError(refused);
      const id = `${a}u${n}${b}`;
      expect(t([{ find_texts: ['userId'] }], [{ userId: id }])).toEqual(goTrim(id) !== '' ? [goTrim(id)] : undefined);
      expect(t([{ find_texts: ['userId'] }], [{ userId: `${a}${b}` }])).toEqual(goTrim(`${a}${b}`) !== '' ? [goTrim(`${a}${b}`)] : undefined);
    }));
  });

  it('find_int keeps an int64 text beyond 2^53 whole after TrimSpace', () => {
    expect(t([{ find_int: ['spaceId'] }], { spaceId: `${NEL}9007199254740993${NEL}` })).toEqual(new JsonNumber('9007199254740993'));
    expect(t([{ find_int: ['spaceId'] }], { spaceId: `${BOM}9007199254740993` })).toBeUndefined();
  });
});
