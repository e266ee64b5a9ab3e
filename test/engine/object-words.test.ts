// Object words learned from the command titles (src/build/object-words.ts), read by the object guard with
// objectGuardLearned 1 (off by default: docs/ranking.md, session 16).
import { describe, expect, it } from 'vitest';
import { learnObjectWords } from '../../src/build/object-words.js';
import { withLearned, type ActionLexicon } from '../../src/lexicon/actions.js';

function lexicon(): ActionLexicon {
  return {
    classes: ['delete'], names: [['delete']], zh: [['删除']], en: [['delete']], filters: [[]],
    context: { zhAfter: [], zhBefore: [], enBefore: [] },
    objects: {
      keys: ['view', 'record'], names: [['view'], ['record']], zh: [[], ['记录']], en: [[], ['record']], inside: [[], []],
      including: { zh: [], en: [] },
    },
  };
}

const tools = [
  { cli_path: 'aitable view delete', title: '删除视图（原子命令）', title_en: 'Delete a view (atomic)' },
  { cli_path: 'aitable +view-delete', title: '快捷删除数据表的视图', title_en: 'Shortcut: delete a view of a table' },
  { cli_path: 'aitable view get', title: '查看视图', title_en: 'Show a grid view' },
  { cli_path: 'aitable record delete', title: '删除记录', title_en: 'Delete records of a table' },
];

describe('learnObjectWords', () => {
  it('files the words that end the object phrase of two or more titles on one object as that object\'s', () => {
    const lex = learnObjectWords(lexicon(), tools);
    const learned = lex.objects!.learned!;
    expect(learned.zh[0]).toContain('视图');
    expect(learned.en[0]).toContain('view');
    // a word one title says (grid) is no name; one said as often on another object (table) neither
    expect(learned.en[0]).not.toContain('grid');
    expect(learned.en[0]).not.toContain('table');
    // words the hand lexicon already files stay where they are
    expect(learned.zh[1]).not.toContain('记录');
    // the hand lexicon is not changed; withLearned reads both
    expect(lex.objects!.zh[0]).toEqual([]);
    expect(withLearned(lex.objects!).zh[0]).toContain('视图');
  });

  it('asks for more titles with a higher minTools', () => {
    const lex = learnObjectWords(lexicon(), tools, { minTools: 4, minShare: 0.6 });
    expect(lex.objects!.learned!.zh[0]).toEqual([]);
  });
});
