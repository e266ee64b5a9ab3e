// Upstream's PreParse pass over a command's flags (internal/pipeline/cobra.go:48-127, handlers registered at
// internal/app/root.go:2030-2056@c7521c1c) as src/dispatch/preparse.ts reproduces it: AliasHandler's folding
// (pkg/cmdutil/flagnorm.go Morph), SemanticAliasHandler's reviewed synonyms (catalog/data/param-aliases.json from
// internal/cli/param_aliases_generated.go), StickyHandler's glued values (flagmatch.go:62-105, sticky_suffix.go) and
// ParamNameHandler's typo fixes (flagmatch.go:109-153). Properties over the rules, then real commands typed as a user
// types them against the recording MCP server on 127.0.0.1.
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { flagInfos, levenshteinBytes, morph, preParse, suffixLooksLikeValue } from '../../src/dispatch/preparse.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { realCatalog } from '../helpers.js';
import { useOutputRuns } from '../plan/output-runs.js';
import table from '../../catalog/data/param-aliases.json' with { type: 'json' };

const { sent } = useOutputRuns('dws-preparse-');
const tools = realCatalog().tools;
const byPath = new Map(tools.map((t) => [t.primary_cli_path, t]));

/** A command with these flags (name -> type) and no synonym entry. */
function fakeTool(flags: Record<string, string>, extra: Partial<ToolSpec> = {}): ToolSpec {
  const parameters = Object.fromEntries(Object.entries(flags).map(([n, type]) => [n, { type, description: '', description_en: '', required: false, property: n }]));
  return { primary_cli_path: 'fake none', cli_path: 'fake none', parameters, ...extra } as unknown as ToolSpec;
}

const kebab = fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { minLength: 1, maxLength: 3 }).map((w) => w.join('-'));

describe('morph: cmdutil.Morph', () => {
  it('folds the spellings upstream names (flagnorm.go:18-29)', () => {
    expect(['userId', 'UserName', 'user_name', 'USER_ID', 'pageSize', 'APIKey', 'page.size', 'page size', '--a--b--', 'limit-'].map(morph))
      .toEqual(['user-id', 'user-name', 'user-name', 'user-id', 'page-size', 'api-key', 'page-size', 'page-size', 'a-b', 'limit']);
    // Go lowercases code point by code point through the simple mapping: U+0130 is `i`, the Kelvin sign `k`
    expect(morph('L\u0130MIT')).toBe('limit');
    expect(morph('\u212Aeyword')).toBe('keyword');
    expect(morph('A0A_A')).toBe('a0-a-a');
  });

  it('is idempotent on any text, and leaves a kebab-case name as it is', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
      expect(morph(morph(s))).toBe(morph(s));
    }));
    fc.assert(fc.property(kebab, (name) => {
      expect(morph(name)).toBe(name);
    }));
  });

  it('folds camelCase, PascalCase, SCREAMING_SNAKE and snake_case spellings of a kebab name back to it', () => {
    // words of two letters or more: a capital after a digit starts a word (`A0A_A` is a0-a-a) and one-letter words run
    // together as an acronym (`aJD` is a-jd)
    const letters = fc.array(fc.stringMatching(/^[a-z]{2,7}$/), { minLength: 1, maxLength: 3 }).map((w) => w.join('-'));
    const spell = letters.chain((name) => fc.constantFrom(
      name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      name.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase()),
      name.toUpperCase().replaceAll('-', '_'),
      name.replaceAll('-', '_'),
    ).map((spelled) => ({ name, spelled })));
    fc.assert(fc.property(spell, ({ name, spelled }) => {
      expect(morph(spelled)).toBe(name);
    }));
  });
});

describe('levenshteinBytes: cmdutil.LevenshteinDist over UTF-8 bytes', () => {
  it('is the standard distance on ASCII, and counts bytes beyond it', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'abcdef-_'), maxLength: 10 }), fc.string({ unit: fc.constantFrom(...'abcdef-_'), maxLength: 10 }), (a, b) => {
      expect(levenshteinBytes(a, b)).toBe(distance(a, b));
    }));
    expect(levenshteinBytes('limit', 'lïmit')).toBe(2); // ï is two bytes
    expect(levenshteinBytes('', 'é')).toBe(2);
  });
});

describe('preParse: properties over the real commands', () => {
  const tool = fc.constantFrom(...tools.filter((t) => Object.keys(t.parameters).length > 0));

  it('an argv of the command\'s own flags with plain values is unchanged', () => {
    fc.assert(fc.property(tool, fc.array(fc.tuple(fc.nat(), fc.stringMatching(/^[a-z0-9 ,]{0,6}$/)), { maxLength: 5 }), (t, picks) => {
      const names = Object.keys(t.parameters);
      const argv = picks.flatMap(([i, v]) => {
        const name = names[i % names.length];
        return t.parameters[name].type === 'bool' ? [`--${name}`] : [`--${name}`, v];
      });
      // a real flag that is also a reviewed synonym on this command is rewritten by upstream too; none is today
      expect(preParse(t, argv)).toEqual(argv);
    }));
  });

  it('folding is idempotent: what the pass gives, passed again, is unchanged', () => {
    const word = fc.oneof(fc.stringMatching(/^--[A-Za-z_.-]{1,14}(=[a-z0-9]{0,3})?$/), fc.stringMatching(/^[a-z0-9]{0,4}$/));
    fc.assert(fc.property(tool, fc.array(word, { maxLength: 6 }), (t, argv) => {
      let once: string[];
      try {
        once = preParse(t, argv);
      } catch {
        return; // a refused mix of synonyms
      }
      expect(preParse(t, once)).toEqual(once);
    }));
  });

  it('a typo is corrected only to the one nearest flag within 2 edits (1 for 3 bytes or fewer), never when two are as near', () => {
    fc.assert(fc.property(tool, fc.nat(), fc.stringMatching(/^[a-z-]{0,3}$/), fc.nat(), (t, i, noise, at) => {
      const names = Object.keys(t.parameters);
      const name = names[i % names.length];
      const cut = at % (name.length + 1);
      const typo = name.slice(0, cut) + noise + name.slice(cut + 1);
      const known = [...flagInfos(t).keys()];
      fc.pre(!known.includes(typo) && !known.includes(morph(typo)) && typo !== '' && !t.parameters[name].type.includes('bool'));
      const [out] = preParse(fakeTool(Object.fromEntries(known.map((n) => [n, 'stringSlice']))), [`--${typo}`]);
      const threshold = Buffer.byteLength(typo) <= 3 ? 1 : 2;
      const dists = known.map((n) => levenshteinBytes(typo, n));
      const best = Math.min(...dists);
      const unique = dists.filter((d) => d === best).length === 1;
      const nearestName = known[dists.indexOf(best)];
      // never --yes: a typo does not confirm (stricter than upstream, preparse.ts nearest)
      expect(out).toBe(best <= threshold && unique && nearestName !== 'yes' ? `--${nearestName}` : `--${typo}`);
    }));
  });

  it('a number glued to an int flag is split off: --name<digits> -> --name <digits>', () => {
    const withInt = tools.filter((t) => Object.values(t.parameters).some((p) => p.type === 'int'));
    fc.assert(fc.property(fc.constantFrom(...withInt), fc.nat(), fc.stringMatching(/^[0-9]{1,5}$/), (t, i, n) => {
      const ints = Object.keys(t.parameters).filter((k) => t.parameters[k].type === 'int');
      const name = ints[i % ints.length];
      const known = flagInfos(t);
      // the longest flag the glued word starts with wins (flagmatch.go:79)
      fc.pre(![...known.keys()].some((k) => k !== name && k.startsWith(name) && `${name}${n}`.startsWith(k)));
      expect(preParse(t, [`--${name}${n}`])).toEqual([`--${name}`, n]);
    }));
  });
});

describe('preParse: the rules one by one', () => {
  // a shortcut: its enum is upstream's x-cli-enum annotation (corecmd.go:1304-1316)
  const t = fakeTool({ limit: 'int', 'page-size': 'int', query: 'string', all: 'bool', 'start-time': 'string', scope: 'string', abcd1: 'string', abcd2: 'string', with: 'stringSlice' },
    { primary_cli_path: 'fake +none' });
  t.parameters.scope.enum = ['outline', 'range'];

  it('folds --pageSize, --PAGE_SIZE and --page_size=5, keeping an = value', () => {
    expect(preParse(t, ['--pageSize', '5', '--PAGE_SIZE=6', '--page_size'])).toEqual(['--page-size', '5', '--page-size=6', '--page-size']);
  });

  it('leaves short flags, words after a bare --, and unknown spellings that fold to nothing known', () => {
    expect(preParse(t, ['-l', '5', '--', '--pageSize', '--limt'])).toEqual(['-l', '5', '--', '--pageSize', '--limt']);
    expect(preParse(t, ['--userId', 'x'])).toEqual(['--userId', 'x']);
  });

  it('reads the value of another flag too, as upstream does (it does not skip flag values)', () => {
    expect(preParse(t, ['--query', '--pageSize'])).toEqual(['--query', '--page-size']);
  });

  it('splits a glued value only when it looks like the flag\'s value (type, enum, format)', () => {
    expect(preParse(t, ['--limit100'])).toEqual(['--limit', '100']);
    expect(preParse(t, ['--pageSize50'])).toEqual(['--page-size', '50']);
    expect(preParse(t, ['--limit-5'])).toEqual(['--limit', '5']); // `limit-` folds to limit; the rest is 5
    expect(preParse(t, ['--limitx'])).toEqual(['--limit']); // not split; then one edit from --limit
    expect(preParse(t, ['--allfalse', '--allYes'])).toEqual(['--all=false', '--all=true']);
    expect(preParse(t, ['--scopeRange', '--scopeabc'])).toEqual(['--scope', 'Range', '--scopeabc']);
    expect(preParse(t, ['--start-time2026'])).toEqual(['--start-time', '2026']);
    expect(preParse(t, ['--start-timeX'])).toEqual(['--start-time']); // not split; then one edit away
    // a helper's catalog enum is not upstream's annotation: a letter never splits (sheet add-dimension --dimension)
    const helper = byPath.get('sheet add-dimension')!;
    expect(helper.parameters.dimension.enum).toContain('ROWS');
    expect(preParse(helper, ['--dimensionROWS'])).toEqual(['--dimensionROWS']);
    // ... except where upstream annotates it, with upstream's values (doc read --scope, helpers/doc.go:2682)
    expect(preParse(byPath.get('doc read')!, ['--scopeoutline'])).toEqual(['--scope', 'outline']);
    expect(preParse(byPath.get('chat message send')!, ['--msg-typetext', '--msg-typeimage'])).toEqual(['--msg-typetext', '--msg-type', 'image']);
    expect(preParse(t, ['--query1', '--queryabc', '--query=1x'])).toEqual(['--query', '1', '--queryabc', '--query=1x']);
    expect(preParse(t, ['--with1'])).toEqual(['--with']); // a list never splits; --with1 is one edit from --with
  });

  it('suffixLooksLikeValue: a number for a number, a bool word for a bool, no letter first for plain text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }), (suffix) => {
      expect(suffixLooksLikeValue(suffix, { type: 'int' })).toBe(/^([0-9]|[+-][0-9])/.test(suffix));
      expect(suffixLooksLikeValue(suffix, { type: 'string' })).toBe(!/^[\p{L}\ufffd]/u.test(suffix));
      expect(suffixLooksLikeValue(suffix, { type: 'stringSlice' })).toBe(false);
    }));
    expect(['yes', 'OFF', '1', 'maybe'].map((w) => suffixLooksLikeValue(w, { type: 'bool' }))).toEqual([true, true, true, false]);
    expect(['a@b', 'ab'].map((w) => suffixLooksLikeValue(w, { type: 'string', format: 'email' }))).toEqual([true, false]);
    expect(suffixLooksLikeValue('', { type: 'string' })).toBe(false);
  });

  it('fixes a typo within the threshold, keeps an = value, and leaves a tie alone', () => {
    expect(preParse(t, ['--limt', '5', '--qurey=a', '--abcd', 'x', '--al'])).toEqual(['--limit', '5', '--query=a', '--abcd', 'x', '--all']);
    expect(preParse(t, ['--lim'])).toEqual(['--lim']); // 3 bytes: one edit only; limit is two away
    expect(preParse(t, ['--dry-rn', '--formt', 'json'])).toEqual(['--dry-run', '--format', 'json']);
    expect(preParse(t, ['--verbos'])).toEqual(['--verbose']); // an inherited upstream flag dws then refuses
  });
});

describe('the reviewed synonym table', () => {
  it('carries upstream\'s 340 command entries; every target is a visible flag of the dws command', () => {
    const entries = Object.entries(table.commands as Record<string, { aliases?: Record<string, string> }>);
    expect(entries.length).toBe(340);
    for (const [path, e] of entries) {
      const tool = byPath.get(path);
      if (!tool) continue;
      for (const target of Object.values(e.aliases ?? {})) expect(Object.keys(tool.parameters), `${path} --${target}`).toContain(target);
    }
  });
});

describe('blocked and ambiguous names are guarded from the glue and typo rules (sticky.go:50, paramname.go:58)', () => {
  it('each guarded name of each command is left as typed where the table does not rewrite it', () => {
    let guardedOnly = 0;
    for (const [path, e] of Object.entries(table.commands as Record<string, { aliases?: Record<string, string>; blocked?: string[]; ambiguous?: string[] }>)) {
      const tool = byPath.get(path);
      if (!tool) continue;
      const known = flagInfos(tool);
      for (const name of [...(e.blocked ?? []), ...(e.ambiguous ?? [])]) {
        if (known.has(name) || Object.hasOwn(e.aliases ?? {}, name)) continue;
        expect(preParse(tool, [`--${name}`, 'x']), `${path} --${name}`).toEqual([`--${name}`, 'x']);
        // the same command without its table entry would have read the name as a typo of a flag
        const bare = { ...tool, primary_cli_path: `${path} (no entry)` } as ToolSpec;
        if (preParse(bare, [`--${name}`, 'x'])[0] !== `--${name}`) guardedOnly++;
      }
    }
    expect(guardedOnly).toBeGreaterThan(0);
  });
});

describe('real commands as a user types them', () => {
  const todo = async (...flags: string[]) => {
    const run = await sent(['todo', 'task', 'list', ...flags]);
    return run.reason ?? run.calls.map(([, args]) => args);
  };

  it('todo task list: --Size, --Page2 and --prioirty reach size, page and priority (helpers/todo.go list)', async () => {
    expect(await todo('--Size', '5', '--Page2', '--prioirty', '30')).toEqual([{ pageNum: '2', pageSize: '5', priorityList: [30], roleTypes: ['executor'] }]);
    expect(await todo('--size5', '--role_types', 'creator')).toEqual([{ pageNum: '1', pageSize: '5', roleTypes: ['creator'] }]);
    expect(await todo('--pageSize', '5')).toBe('unknown_option'); // page-size is no flag of this command, upstream refuses too
  });

  it('aitable +base-search: --keyword/--q are --query; mixed with --query refused; a blocked --title left unknown', async () => {
    const search = async (...flags: string[]) => {
      const run = await sent(['aitable', '+base-search', ...flags]);
      return run.reason ?? run.calls.map(([tool, args]) => [tool, args]);
    };
    const viaQuery = await search('--query', '周报');
    expect(viaQuery).not.toBe('unknown_option');
    expect(await search('--keyword', '周报')).toEqual(viaQuery);
    expect(await search('--Keywords=周报')).toEqual(viaQuery);
    expect(await search('--q', '周报', '--q', '周报')).toEqual(viaQuery);
    expect(await search('--keyword', '周报', '--query', '月报')).toBe('invalid_parameter');
    expect(await search('--q', '周报', '--keyword', '周报')).toBe('invalid_parameter');
    // blocked: not a synonym, and guarded from the glue and typo rules (semantic_alias.go:63-66, sticky.go:50)
    expect(await search('--title', '周报')).toBe('unknown_option');
  });

  it('doc file create: --space/--space-id/--knowledge-base-id are --workspace (param_aliases_generated.go, doc file create)', async () => {
    const create = async (...flags: string[]) => {
      const run = await sent(['doc', 'file', 'create', '--name', 'a', '--type', 'adoc', ...flags]);
      return run.reason ?? run.calls.map(([tool, args]) => [tool, (args as { workspaceId?: string }).workspaceId]);
    };
    const viaWorkspace = await create('--workspace', 'ws1');
    expect(viaWorkspace).toEqual([['doc/create_file', 'ws1']]);
    expect(await create('--space', 'ws1')).toEqual(viaWorkspace);
    expect(await create('--spaceId=ws1')).toEqual(viaWorkspace);
    expect(await create('--knowledge_base_id', 'ws1')).toEqual(viaWorkspace);
    expect(await create('--space', 'ws1', '--workspace', 'ws1')).toBe('invalid_parameter');
  });

  it('a bool glued to its word: chat group-mute --offfalse is --off=false', async () => {
    const mute = async (...flags: string[]) => {
      const run = await sent(['chat', 'group-mute', '--conversation-id', 'c1', ...flags]);
      return run.reason ?? run.calls.map(([, args]) => (args as { mute: boolean }).mute);
    };
    expect(await mute('--offfalse')).toEqual([true]);
    expect(await mute('--offYes')).toEqual([false]);
    expect(await mute('--conversationId=c2', '--Off')).toEqual([false]);
  });
});
