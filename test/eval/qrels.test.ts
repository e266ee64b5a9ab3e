import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQrels } from '../../src/eval/qrels.js';
import { DwsError } from '../../src/errors.js';
import { ROOT } from '../helpers.js';

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'eval', 'small.jsonl');

function errorOf(text: string): DwsError {
  try {
    parseQrels(text, 'q.jsonl');
  } catch (e) {
    return e as DwsError;
  }
  throw new Error('expected parseQrels to throw');
}

describe('qrels parsing', () => {
  it('reads every kind of case of the fixture into typed cases', () => {
    const cases = parseQrels(readFileSync(FIXTURE, 'utf8'));
    expect(cases.map((c) => c.kind)).toEqual(['single', 'single', 'single', 'single', 'single', 'single', 'workflow', 'workflow', 'negative', 'negative']);
    expect(cases[0]).toEqual({
      kind: 'single',
      id: 'fx-zh-1',
      slice: 'zh',
      query: '刚才那条消息发错人了，帮我撤掉',
      product: 'chat',
      gold: ['chat.recall_message', 'chat.shortcut_messages_recall'],
      acceptable: [],
      forbidden: ['chat.recall_robot_message'],
    });
  });

  it('uses required_any as the steps of a workflow and the required tools alone without it', () => {
    const [withAny, plain] = parseQrels(readFileSync(FIXTURE, 'utf8')).filter((c) => c.kind === 'workflow');
    expect(withAny).toMatchObject({ product: 'chat', steps: [['chat.search_groups'], ['chat.forward_message', 'chat.shortcut_messages_forward']] });
    expect(plain).toMatchObject({ product: 'drive', steps: [['drive.create_folder'], ['drive.upload']], subqueries: ['create a folder in drive', 'upload a local file to drive'] });
  });

  it('skips blank lines and rejects an empty file', () => {
    expect(parseQrels('\n{"id":"n","slice":"negative","query":"q","note":""}\n\n')).toHaveLength(1);
    expect(errorOf('\n\n').message).toBe('q.jsonl: no cases');
  });

  it('names the line of a malformed case', () => {
    const good = '{"id":"a","slice":"en","query":"q","gold":["chat.x"],"product":"chat"}';
    expect(errorOf(`${good}\n{oops`).message).toMatch(/^q\.jsonl:2: not valid JSON/);
    expect(errorOf(`${good}\n${good}`).message).toBe('q.jsonl:2: duplicate id "a"');
    expect(errorOf('{"id":"a","slice":"fr","query":"q","gold":["chat.x"],"product":"chat"}').message).toMatch(/^q\.jsonl:1: unknown slice "fr"/);
    expect(errorOf('{"id":"a","slice":"en","query":"q","gold":[],"product":"chat"}').message).toBe('q.jsonl:1: "gold" must name at least one canonical path');
    expect(errorOf('{"id":"a","slice":"en","query":"q","gold":["chat send"],"product":"chat"}').message).toMatch(/not a canonical path/);
    expect(errorOf('{"id":"a","slice":"en","query":"q","gold":["chat.x"],"product":"chat","extra":1}').message).toMatch(/unknown field\(s\) extra/);
    expect(errorOf('{"id":"a","slice":"en","query":"  ","gold":["chat.x"],"product":"chat"}').message).toMatch(/"query" must be a non-empty string/);
  });

  it('rejects a workflow whose required_any does not line up with its steps', () => {
    const wf = (any: unknown) => JSON.stringify({ id: 'w', slice: 'workflow', query: 'q', subqueries: ['a', 'b'], required: ['chat.a', 'chat.b'], required_any: any });
    expect(errorOf(wf([['chat.a']])).message).toMatch(/one entry per required step/);
    expect(errorOf(wf([['chat.a'], ['chat.c']])).message).toMatch(/required_any\[1\] must contain the required tool chat\.b/);
  });

  it('rejects a negative case with gold tools', () => {
    expect(errorOf('{"id":"n","slice":"negative","query":"q","gold":["chat.a"]}').message).toMatch(/a negative case has no gold tools/);
  });

  it('reports qrels errors as usage errors (exit 3)', () => {
    expect(errorOf('[]')).toMatchObject({ reason: 'invalid_argument', exitCode: 3 });
  });
});
