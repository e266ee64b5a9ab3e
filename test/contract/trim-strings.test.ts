// Text flags trimmed before validation and plans (issue 32, audit-30 P2): upstream's shortcut framework reads every
// string through rt.Str (strings.TrimSpace) and refuses a required one that is blank after trimming; corecmd leaves
// declaring `Trim` do the same. The catalog says it once: a `+shortcut` trims unless it declares
// `trim_strings: false`, a corecmd leaf declares `trim_strings: true` (src/build/normalize.ts trimsStrings).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import { trimSpace } from '../../src/contract/values.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { trimsStrings } from '../../src/build/normalize.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { shippedEngine } from '../helpers.js';

/** Go's unicode.IsSpace, written out from its definition (Latin-1 table, then the White_Space property). */
const GO_SPACES = ['\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004',
  '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];
const isGoSpace = (c: string) => GO_SPACES.includes(c);
/** strings.TrimSpace by its definition: drop spaces from both ends, one code point at a time. */
function goTrimSpace(s: string): string {
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && isGoSpace(cps[a])) a++;
  while (b > a && isGoSpace(cps[b - 1])) b--;
  return cps.slice(a, b).join('');
}

// texts mixing Go spaces, look-alikes that are not Go spaces (U+FEFF, U+200B, U+180E) and ordinary characters
const piece = fc.oneof(fc.constantFrom(...GO_SPACES, '\ufeff', '\u200b', '\u180e'), fc.string({ maxLength: 3 }), fc.constantFrom('中', 'a', '😀'));
const text = fc.array(piece, { maxLength: 12 }).map((xs) => xs.join(''));
const spaces = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 4 }).map((xs) => xs.join(''));

const tools = () => shippedEngine().tools();
const stringFlags = (t: ToolSpec) => Object.entries(t.parameters).filter(([, p]) => p.type === 'string' && !p.alias_of).map(([name]) => name);

describe('trimSpace is Go strings.TrimSpace', () => {
  it('agrees with the definition on any text', () => {
    fc.assert(fc.property(text, (s) => {
      expect(trimSpace(s)).toBe(goTrimSpace(s));
    }), { numRuns: 2000 });
  });

  it('removes any run of surrounding spaces and keeps what is inside', () => {
    fc.assert(fc.property(spaces, text, spaces, (l, s, r) => {
      expect(trimSpace(l + s + r)).toBe(trimSpace(s));
    }));
  });

  it('treats NEL as space and the BOM as text, where JavaScript trim does the opposite', () => {
    expect(trimSpace('\u0085id\u0085')).toBe('id');
    expect(trimSpace('\ufeffid')).toBe('\ufeffid');
  });

  it('is what the plan transform trim does', () => {
    fc.assert(fc.property(text, (s) => {
      expect(applyTransforms(['trim'], s, '--x')).toBe(goTrimSpace(s));
    }));
  });
});

describe('which commands trim', () => {
  it('every +shortcut but the four upstream runs outside rt.Str, and the corecmd leaves declaring Trim', () => {
    const trimming = tools().filter((t) => t.trim_strings).map((t) => t.canonical_path);
    const shortcuts = tools().filter((t) => t.cli_path.includes(' +')).map((t) => t.canonical_path);
    // event +listen-im is not a shortcut-framework command; doc +import/+media-insert/+resource-update hand the
    // cobra command to helpers that read the flags untrimmed (helpers/doc_shortcut_bridge.go)
    const untrimmed = ['doc.shortcut_import', 'doc.shortcut_media_insert', 'doc.shortcut_resource_update', 'event.listen_im'];
    expect(shortcuts.filter((p) => !trimming.includes(p)).sort()).toEqual(untrimmed);
    const leaves = trimming.filter((p) => !shortcuts.includes(p));
    expect(leaves.filter((p) => !p.startsWith('dev.')).sort()).toEqual(['aitable.workflow_history', 'aitable.workflow_run', 'drive.list_file_comments']);
    for (const p of leaves.filter((x) => x.startsWith('dev.'))) expect(tools().find((t) => t.canonical_path === p)!.upstream).toMatch(/^internal\/helpers\/devapp\.go:/);
  });

  it('follows the declaration, else the + word of the path', () => {
    fc.assert(fc.property(fc.constantFrom('chat +send', 'chat message send', 'a +b c'), fc.option(fc.boolean(), { nil: undefined }), (cli, declared) => {
      expect(trimsStrings({ cli_path: cli, trim_strings: declared })).toBe(declared ?? cli.split(' ').some((w) => w.startsWith('+')));
    }));
  });
});

describe('a trimming command', () => {
  const trimming = () => tools().filter((t) => t.trim_strings && stringFlags(t).length > 0);

  it('gets every text flag trimmed before validation; other commands get it as typed (but an enum_fold flag)', () => {
    const all = tools().filter((t) => stringFlags(t).length > 0);
    fc.assert(fc.property(fc.constantFrom(...all), fc.nat(), spaces, fc.stringMatching(/^[a-z0-9]{1,8}$/), spaces, (t, i, l, v, r) => {
      const flags = stringFlags(t);
      const name = flags[i % flags.length];
      let data: Record<string, unknown>;
      try {
        data = foldInput(t, { [name]: l + v + r }, {});
      } catch (e) {
        // only the blank-required refusal may stop a non-blank value; v is never blank
        throw e instanceof DwsError ? new Error(`${t.canonical_path} --${name}: ${e.reason}`) : e;
      }
      // an enum flag declaring enum_fold is trimmed on any command (its upstream body trims it: enum-input.ts)
      expect(data[name]).toBe(t.trim_strings || t.parameters[name]?.enum_fold ? v : l + v + r);
    }), { numRuns: 500 });
  });

  it('leaves list elements as typed (rt.StrSlice does not trim)', () => {
    const t = tools().find((x) => x.trim_strings && Object.values(x.parameters).some((p) => p.type === 'stringSlice'))!;
    const name = Object.entries(t.parameters).find(([, p]) => p.type === 'stringSlice')![0];
    expect(foldInput(t, { [name]: [' a ', 'b '] }, {})[name]).toEqual([' a ', 'b ']);
  });

  it('refuses a required text that is only spaces as missing_parameter', () => {
    const required = trimming().flatMap((t) => Object.entries(t.parameters)
      .filter(([, p]) => p.type === 'string' && p.required && p.default === undefined).map(([name]) => [t, name] as const));
    expect(required.length).toBeGreaterThan(300);
    fc.assert(fc.property(fc.constantFrom(...required), spaces, ([t, name], blank) => {
      expect(() => foldInput(t, { [name]: blank }, {})).toThrow(expect.objectContaining({ reason: 'missing_parameter' }));
    }), { numRuns: 300 });
  });
});
