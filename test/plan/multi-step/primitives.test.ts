// The primitives the multi-step plans added to the plan language: each transform, source, condition and step kind
// on its own, through the real validator and executor with small plans of a real catalog tool.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../../src/catalog/types.js';
import { executePlan, type PlanDryRun } from '../../../src/plan/executor.js';
import { DwsError } from '../../../src/errors.js';
import { localCommands } from '../../../src/local/index.js';
import { applyTransforms } from '../../../src/plan/transforms/index.js';
import { validatePlans } from '../../../src/plan/validate.js';
import type { Transform } from '../../../src/plan/spec.js';
import { ROOT, anySteps, executeOptions, shippedEngine } from '../../helpers.js';

const tool = (canonical: string): ToolSpec => shippedEngine().tools().find((t) => t.canonical_path === canonical)!;
const OPTIONS = {
  env: { DWS_CONFIG: '/nonexistent/dws.json', DWS_FILE_ROOT: ROOT }, timeoutMs: 1000, catalog: { source_hash: 'h', surface_hash: 'h' },
  now: () => new Date(2026, 0, 31, 8, 5, 9), uuid: () => 'u-1',
};

async function apply(ts: unknown[], v: unknown): Promise<unknown> {
  return applyTransforms(ts as Transform[], v, '--x', { env: OPTIONS.env });
}

/** Validates one plan for contact.shortcut_lookup (its only flag: --name) and returns the problems. */
async function problemsOf(plan: unknown, canonical = 'contact.shortcut_lookup'): Promise<string[]> {
  return validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [canonical]: plan } } }], shippedEngine().tools()).problems;
}

async function dry(plan: unknown, data: Record<string, unknown>, canonical = 'contact.shortcut_lookup') {
  const { plans, problems } = validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [canonical]: plan } } }], shippedEngine().tools());
  expect(problems).toEqual([]);
  const outcome = await executePlan(tool(canonical), plans.get(canonical)!, data, executeOptions(tool(canonical), { ...OPTIONS, dryRun: true }));
  return ('plan' in outcome ? (outcome.plan as PlanDryRun).steps : []) as unknown as Record<string, unknown>[];
}

const step = (args: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ facts: 'test plan', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, ...args }, ...extra }] });

describe('multi-step transforms', () => {
  it('p-blankreq: trim_nonblank trims a text unless that leaves nothing, then keeps it as typed (chat.go:449-456@c7521c1c)', async () => {
    expect(await apply(['trim_nonblank'], '  cid1 ')).toBe('cid1');
    expect(await apply(['trim_nonblank'], ' \u3000 ')).toBe(' \u3000 ');
    expect(await apply(['trim_nonblank'], '\ufeffcid1')).toBe('\ufeffcid1');
    expect(await apply(['trim_nonblank'], [' a ', '  '])).toEqual(['a', '  ']);
  });

  it('file names, extensions, safe names, byte lengths and first lines', async () => {
    expect(await apply(['file_ext'], 'a/b/report.PDF')).toBe('PDF');
    expect(await apply(['safe_filename'], '../a:b*?.eml')).toBe('_a_b__.eml');
    expect(await apply(['safe_filename'], '...')).toBe('unnamed');
    expect(await apply(['byte_length'], '周报')).toBe(6);
    expect(await apply(['first_line'], '  标题 \n正文')).toBe('标题');
    expect(await apply([{ max_chars: 2 }], '周报模板')).toBe('周报');
    expect(await apply(['join'], ['[文档](u)', '\n\nnote'])).toBe('[文档](u)\n\nnote');
  });

  it('file_md5 reads a file inside the file root and refuses one outside it', async () => {
    expect(await apply(['file_md5'], 'test/fixtures/multi-step/files/book.xlsx')).toMatch(/^[0-9a-f]{32}$/u);
    await expect(apply(['file_md5'], '/etc/hostname')).rejects.toMatchObject({ reason: 'invalid_parameter' });
  });

  it('safe_filename always gives one non-empty name that stays in its directory (property)', async () => {
    const tricky = fc.stringMatching(/^[ ./\\\u3000a]{0,8}$/u);
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), tricky), async (t) => {
      const name = (await apply(['safe_filename'], t)) as string;
      expect(name.length).toBeGreaterThan(0);
      expect(name).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]/u);
      expect(name.startsWith('.')).toBe(false);
      expect(name.trim()).toBe(name);
      expect(path.basename(name)).toBe(name);
      expect([...name].length).toBeLessThanOrEqual(200);
    }), { numRuns: 200 });
  });

  it('rows_to_csv quotes what needs quoting', async () => {
    expect(await apply(['rows_to_csv'], [['a', 'b,c'], [1, 'say "hi"'], [null, true]])).toBe('a,"b,c"\n1,"say ""hi"""\n,true');
    await expect(apply(['rows_to_csv'], ['not rows'])).rejects.toBeInstanceOf(DwsError);
  });

  it('chunk keeps order and bounds every chunk (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.integer()), fc.integer({ min: 1, max: 7 }), async (xs, n) => {
      const chunks = (await apply([{ chunk: n }], xs)) as number[][];
      expect(chunks.flat()).toEqual(xs);
      expect(chunks.every((c) => c.length >= 1 && c.length <= n)).toBe(true);
    }), { numRuns: 60 });
  });

  it('split_pairs splits at the first separator and refuses a rule without one or without a left side', async () => {
    expect(await apply([{ split_pairs: '=>' }], ['张三 => 张三丰', 'a=>b=>c'])).toEqual([['张三', '张三丰'], ['a', 'b=>c']]);
    await expect(apply([{ split_pairs: '=>' }], ['no separator'])).rejects.toMatchObject({ reason: 'invalid_parameter' });
    await expect(apply([{ split_pairs: '=>' }], ['=>x'])).rejects.toMatchObject({ reason: 'invalid_parameter' });
  });

  it('keep_matching / reject_matching partition a list (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.stringMatching(/^[dDu][a-z0-9]{0,4}$/u)), async (xs) => {
      const keep = (await apply([{ keep_matching: '^[dD]' }], xs)) as string[];
      const reject = (await apply([{ reject_matching: '^[dD]' }], xs)) as string[];
      expect([...keep, ...reject].sort()).toEqual([...xs].sort());
      expect(keep.every((x) => /^[dD]/u.test(x)) && reject.every((x) => !/^[dD]/u.test(x))).toBe(true);
    }), { numRuns: 60 });
  });

  it('project, to_keys and url_part', async () => {
    expect(await apply([{ project: ['a'] }], [{ a: 1, b: 2 }, { b: 3 }])).toEqual([{ a: 1 }, {}]);
    expect(await apply([{ to_keys: null }], ['f1', 'f2'])).toEqual({ f1: null, f2: null });
    const url = 'https://alidocs.dingtalk.com/i/nodes/base1?iframeQuery=' + encodeURIComponent('sheetId=tbl1&viewId=v1');
    expect(await apply([{ url_part: 'baseId' }], url)).toBe('base1');
    expect(await apply([{ url_part: 'tableId' }], url)).toBe('tbl1');
    expect(await apply([{ url_part: 'viewId' }], url)).toBe('v1');
    expect(await apply([{ url_part: 'recordId' }], url)).toBeUndefined();
    await expect(apply([{ url_part: 'baseId' }], 'http://alidocs.dingtalk.com/i/nodes/b')).rejects.toMatchObject({ reason: 'invalid_parameter' });
  });
});

describe('multi-step sources and conditions (dry run)', () => {
  it('now: start of day or month, shifted by days (also from a flag) or months, as ms or text', async () => {
    const steps = await dry(step({
      a: { now: { start_of: 'day', format: 'YYYY-MM-DD HH:mm:ss' } },
      b: { now: { start_of: 'month', add_months: 1, format: 'YYYY-MM-DD HH:mm:ss' } },
      c: { now: { format: 'millis' } },
      d: { now: { add_days: { const: -7 }, format: 'YYYY-MM-DD HH:mm:ss' } },
    }), { name: 'x' });
    expect(steps[0].arguments).toEqual({ keyword: 'x', a: '2026-01-31 00:00:00', b: '2026-02-01 00:00:00', c: new Date(2026, 0, 31, 8, 5, 9).getTime(), d: '2026-01-24 08:05:09' });
  });

  it('uuid is one value per name per run; entries, merge, get, difference, filter and replace', async () => {
    const steps = await dry(step({
      u1: { uuid: 'block' }, u2: { uuid: 'block' },
      e: { entries: [[{ flag: 'name' }, { const: 1 }]] },
      m: { merge: [{ const: { a: 1, b: 1 } }, { const: { b: 2 } }] },
      g: { get: { in: { const: { k1: 'v1' } }, key: { const: 'k1' } } },
      d: { difference: [{ const: ['a', 'b', 'c'] }, { const: ['b'] }] },
      f: { filter: { in: { const: [{ n: 'x' }, { n: 'y' }] }, field: 'n', not_equals: { const: 'x' } } },
      r: { replace: { in: { const: 'a.b.a' }, pattern: { const: 'a' }, with: { const: 'z' } } },
      rx: { replace: { in: { const: 'a1b22' }, pattern: { const: '\\d+' }, with: { const: '#' }, regex: { const: true } } },
    }), { name: 'k' });
    expect(steps[0].arguments).toEqual({
      keyword: 'k', u1: 'u-1', u2: 'u-1', e: { k: 1 }, m: { a: 1, b: 2 }, g: 'v1', d: ['a', 'c'], f: [{ n: 'y' }], r: 'z.b.z', rx: 'a#b#',
    });
  });

  it('matches, has and present conditions decide which steps run', async () => {
    const plan = { facts: 'test plan', steps: [
      { id: 'a', server: 'contact', rpc: 'x', effect: 'read', when: { matches: [{ flag: 'name' }, '^cid'] }, args: { keyword: { flag: 'name' } } },
      { id: 'b', server: 'contact', rpc: 'y', effect: 'read', when: { has: [{ const: ['u', 'v'] }, 'v'] }, args: { keyword: { flag: 'name' } } },
      { id: 'c', server: 'contact', rpc: 'z', effect: 'read', when: { present: { difference: [{ const: ['a'] }, { const: ['a'] }] } }, args: { keyword: { flag: 'name' } } },
    ] };
    expect((await dry(plan, { name: 'cid123' })).map((s) => s.id)).toEqual(['a', 'b']);
    expect((await dry(plan, { name: 'group' })).map((s) => s.id)).toEqual(['b']);
  });
});

describe('multi-step validation messages', () => {
  it('names the plan, the step and the key of a malformed primitive', async () => {
    expect(await problemsOf(step({}, { poll: { until: { path: 'status', equals: 1 }, interval_seconds: { const: 1 } } }))).toEqual([
      expect.stringContaining('steps[0] (a).poll: needs until and either interval_seconds with max_attempts'),
    ]);
    expect(await problemsOf(step({ t: { now: { format: 'iso' } } }))).toEqual([expect.stringContaining('args.t.now: needs format millis')]);
    expect(await problemsOf(step({ t: { flag: 'name', transform: [{ chunk: 0 }] } }))).toEqual([expect.stringContaining('chunk needs a positive integer')]);
    expect(await problemsOf(step({}, { expect: { path: 'x' } }))).toEqual([expect.stringContaining('.expect: needs path and one of')]);
    expect(await problemsOf({ facts: 'test plan', steps: [{ id: 'a', refuse: 'no', server: 'contact' }, { id: 'b', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' } } }] })).toEqual([
      expect.stringContaining('a refuse step has no server'),
    ]);
    expect(await problemsOf(step({}, { resolve: { items: 'result', value: 'userId', take: 'last' } }))).toEqual([expect.stringContaining('.take: must be first or {max: field}')]);
    expect(await problemsOf(step({}, { tolerate_failure: true, effect: 'write' }))).toEqual([expect.stringContaining('tolerate_failure: only a read')]);
  });
});

describe('transfers of text and files', () => {
  it('an upload larger than its max_bytes is refused before anything is sent, as is a text upload', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dws-prim-'));
    writeFileSync(path.join(root, 'ten.bin'), '0123456789');
    const o = executeOptions(tool('contact.shortcut_lookup'), { ...OPTIONS, env: { ...OPTIONS.env, DWS_FILE_ROOT: root, DWS_JOURNAL: path.join(root, 'j.jsonl') }, dryRun: false });
    // port 9 (discard) on 127.0.0.1: a request that was sent would fail with a transport error, not a refusal
    const plan = (upload: Record<string, unknown>) => ({ facts: 'test plan', steps: [{ id: 'put', upload: { url: { const: 'http://127.0.0.1:9/put' }, max_bytes: 4, ...upload } }] });
    for (const upload of [{ file: { flag: 'name' } }, { content: { flag: 'name', transform: [{ format: '%s%s%s' }] } }]) {
      const { plans, problems } = validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { 'contact.shortcut_lookup': plan(upload) } } }], shippedEngine().tools());
      expect(problems).toEqual([]);
      const err = await executePlan(tool('contact.shortcut_lookup'), plans.get('contact.shortcut_lookup')!, { name: 'ten.bin' }, o).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DwsError);
      expect((err as DwsError).reason).toBe('invalid_parameter');
      expect((err as DwsError).message).toMatch(/more than the 4/u);
    }
  });

  it('every handoff names a registered local command', () => {
    for (const t of shippedEngine().tools()) {
      for (const s of t.plan ? anySteps(t.plan) : []) if (s.handoff) expect(Object.hasOwn(localCommands, s.handoff.local), `${t.canonical_path} -> ${s.handoff.local}`).toBe(true);
    }
  });
});
