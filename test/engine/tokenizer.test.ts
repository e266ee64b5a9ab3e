// The WASM tokenizer and the searchable-text pipeline: ToolSpec -> per-field text -> tokens is pinned by a golden
// file, so any tokenizer or field change shows up as a diff (UPDATE_GOLDEN=1 to accept one).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { instantiateCore, tokenize, wasmBytes } from '../../src/core/core.js';
import { FIELDS, searchableFields } from '../../src/build/fields.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { readGolden, ROOT, shippedEngine } from '../helpers.js';

const core = instantiateCore();
const tok = (s: string) => tokenize(core, s);

describe('tokenizer', () => {
  it('splits Han runs into unigrams and bigrams', () => {
    expect(tok('撤回消息')).toEqual(['撤', '撤回', '回', '回消', '消', '消息', '息']);
  });

  it('splits identifiers on . _ - and camelCase and keeps them whole without the joiners, lowercased', () => {
    expect(tok('chat.send_personal_message')).toEqual(['chat', 'send', 'personal', 'message', 'chatsendpersonalmessage']);
    expect(tok('openConversationId')).toEqual(['open', 'conversation', 'id', 'openconversationid']);
    expect(tok('HTMLParser v2')).toEqual(['html', 'parser', 'htmlparser', 'v2']);
    expect(tok('+messages-send')).toEqual(['message', 'send', 'messagessend']);
    // a joiner not followed by a word character ends the run; digits and upper runs at the edges of parts
    expect(tok('file. v2Files ABCs x.-y a_')).toEqual(['file', 'v2', 'file', 'v2files', 'ab', 'cs', 'abc', 'x', 'y', 'a']);
    expect(tok('getHTTPResponseCodes')).toEqual(['get', 'http', 'response', 'code', 'gethttpresponsecode']);
  });

  it('gives an identifier the same words in every naming convention, singular or plural', () => {
    const forms = ['openConversationId', 'open_conversation_id', 'open-conversation-id', 'OPEN_CONVERSATION_ID', 'openConversationIds', 'open-conversation-ids'];
    for (const f of forms) expect(tok(f)).toEqual(['open', 'conversation', 'id', 'openconversationid']);
    expect(tok('ids userIds')).toEqual(['id', 'user', 'id', 'userid']);
  });

  it('folds full-width ASCII, the ideographic space and traditional characters', () => {
    expect(tok('ＣＨＡＴ　Ｓｅｎｄ')).toEqual(tok('chat send'));
    expect(tok('說')).toEqual(tok('说'));
  });

  it('stems English plurals lightly and treats everything else as a separator', () => {
    expect(tok('messages replies files status lists')).toEqual(['message', 'reply', 'file', 'status', 'list']);
    expect(tok('a, b; (c)! 🙂 é')).toEqual(['a', 'b', 'c']);
  });

  it('keeps "@" as a token of its own: it is how people say mention', () => {
    expect(tok('谁@了我')).toEqual(['谁', '@', '了', '了我', '我']);
    expect(tok('@所有人')).toEqual(['@', '所', '所有', '有', '有人', '人']);
    expect(tok('ping @ alice, mail bob@example.com')).toEqual(['ping', '@', 'alice', 'mail', 'bob', '@', 'example', 'com', 'examplecom']);
  });

  it('mixes scripts without joining them', () => {
    expect(tok('Q3预算.xlsx')).toEqual(['q3', '预', '预算', '算', 'xlsx']);
  });

  it('survives malformed UTF-16 and empty input', () => {
    expect(tok('')).toEqual([]);
    expect(tok('\ud800abc')).toEqual(['abc']);
  });
});

describe('the WASM module', () => {
  it('imports exactly env.abort and nothing else', () => {
    const mod = new WebAssembly.Module(wasmBytes() as BufferSource);
    expect(WebAssembly.Module.imports(mod)).toEqual([{ module: 'env', name: 'abort', kind: 'function' }]);
  });
});

describe('searchable text golden', () => {
  it('real catalog tools -> fields -> tokens match test/fixtures/searchable-text-catalog.golden.json', () => {
    const e = shippedEngine();
    const products = new Map(e.products.map((p) => [p.id, p]));
    const actual = Object.fromEntries(['chat.recall_message', 'drive.shortcut_upload', 'sheet.range_set_style'].map((path) => {
      const tool = e.tools().find((t) => t.canonical_path === path)!;
      const fields = searchableFields(tool, products.get(tool.product_id));
      return [path, Object.fromEntries(FIELDS.map((f) => [f, tok(fields[f])]))];
    }));
    const file = path.join(ROOT, 'test/fixtures/searchable-text-catalog.golden.json');
    expect(actual).toEqual(JSON.parse(readGolden(file, JSON.stringify(actual, null, 1) + '\n')));
  });

  it('ToolSpec -> fields -> tokens matches test/fixtures/searchable-text.golden.json', () => {
    const tool = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/golden-tool.json'), 'utf8')) as ToolSpec;
    const product = { id: 'chat', title: '群聊', title_en: 'Chat', summary: '', summary_en: '', tool_count: 1 };
    const fields = searchableFields(tool, product);
    const actual = Object.fromEntries(FIELDS.map((f) => [f, { text: fields[f], tokens: tok(fields[f]) }]));
    const file = path.join(ROOT, 'test/fixtures/searchable-text.golden.json');
    expect(actual).toEqual(JSON.parse(readGolden(file, JSON.stringify(actual, null, 1) + '\n')));
  });
});
