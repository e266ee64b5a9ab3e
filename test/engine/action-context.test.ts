// Action words that also name a thing (catalog/lexicon/actions.yaml context.zh_noun_at_end; docs/ranking.md session 16).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readActionLexicon } from '../../src/build/load.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';

const lex = readActionLexicon(path.join(__dirname, '..', '..', 'catalog'));
const says = (q: string, cls: string) => (queryActionMask(fold(q), lex, 2) & (1 << lex.classes.indexOf(cls))) !== 0;

describe('设置 / 设定 at the end of a clause', () => {
  it('name the settings there, not the action "set"', () => {
    expect(says('甘特图的时间条设置', 'update')).toBe(false);
    expect(says('幫我看這個檢視的分組設定？', 'update')).toBe(false);
  });

  it('are still "set" with more of the clause after them', () => {
    expect(says('把时间条设置成按周显示', 'update')).toBe(true);
    expect(says('设置行高为 56，然后保存', 'update')).toBe(true);
  });
});
