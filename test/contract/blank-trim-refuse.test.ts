// Plan refusals that read a flag through a trimming or matching check, on commands without trim_strings (issue 32,
// p-blank4): each blank or format check trims exactly as its upstream body does. Go's strings.TrimSpace trims
// unicode.IsSpace (U+0085 is space, U+FEFF is not), JavaScript's `\s` the other way round, so a check written as a
// `\S`/`\s` regular expression differed from upstream on those two characters; the checks now read the flag through
// the `trim` transform (src/text/space.ts) or a regular expression of Go's spaces, or, where upstream parses the raw
// value, no trimming at all. Runs are typed as users type them against the fake backend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimSpace } from '../../src/contract/values.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from '../plan/output-runs.js';

const runs = useOutputRuns('pb-blanktrim-');

/** A run's exit code, refusal reason and the calls it sent as [`<server>/<tool>`, arguments]. */
const outcome = async (argv: string[], env: Record<string, string> = {}) => {
  runs.mcp.calls.length = 0;
  const r = await dispatchInProcess(argv, { ...runs.env(), ...env });
  return { exit: r.error?.exitCode ?? 0, reason: r.error?.reason, calls: runs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as const) };
};

// Go's unicode.IsSpace (strings.TrimSpace), and characters JavaScript's `\s` holds that Go's does not
const GO_SPACES = ['\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];
const NOT_GO_SPACES = ['\ufeff', '\u180e', '\u200b'];
const padding = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 3 }).map((cs) => cs.join(''));

type Case = [string, string[], { exit: number; reason?: string; call?: readonly [string, unknown] }];
const REFUSED_BLANK = { exit: 3, reason: 'missing_parameter' };
/**
 * Not blank to the body, so it goes on to the call; a text argument holding U+FEFF is then refused by upstream's
 * transport before it is sent (client.go:394-402, validateCallArguments :1093-1125@c7521c1c): nothing sent.
 */
const REFUSED_UNSAFE = { exit: 3, reason: 'invalid_argument' };

describe('p-blank4: blank checks that trim as strings.TrimSpace (typed as users type them)', () => {
  const cases: Case[] = [
    // todo tag create: name := strings.TrimSpace(mustGetFlag(cmd, "name")); name == "" refused (todo.go:1660-1663@c7521c1c)
    ['todo tag create --name "\\u0085" (Go space: blank)', ['todo', 'tag', 'create', '--name', '\u0085'], REFUSED_BLANK],
    ['todo tag create --name "" ', ['todo', 'tag', 'create', '--name', ''], REFUSED_BLANK],
    // (userTags is a typed []map[string]any (todo.go:1666), which the transport's check does not read: sent)
    ['todo tag create --name "\\ufeff" (not a Go space: sent; before: refused)', ['todo', 'tag', 'create', '--name', '\ufeff'],
      { exit: 0, call: ['todo/create_todo_tag', { UserTagAddRequest: { userTags: [{ name: '\ufeff' }] } }] }],
    ['todo tag create --name "  x " (sent trimmed)', ['todo', 'tag', 'create', '--name', '  x '],
      { exit: 0, call: ['todo/create_todo_tag', { UserTagAddRequest: { userTags: [{ name: 'x' }] } }] }],
    // chat category create-smart: the same check (chat.go:10183-10186@c7521c1c)
    ['chat category create-smart --name "\\u0085"', ['chat', 'category', 'create-smart', '--name', '\u0085'], REFUSED_BLANK],
    ['chat category create-smart --name "\\ufeff" (not blank; categoryName refused by the transport)', ['chat', 'category', 'create-smart', '--name', '\ufeff'],
      REFUSED_UNSAFE],
    ['chat category create-smart --name "  x "', ['chat', 'category', 'create-smart', '--name', '  x '],
      { exit: 0, call: ['im/create_smart_conv_category', { categoryName: 'x' }] }],
    // drive comment create: strings.TrimSpace(content) == "" refused, content sent as typed (file_comment.go:216-218@c7521c1c)
    ['drive comment create --content "\\u0085"', ['drive', 'comment', 'create', '--node', 'n1', '--content', '\u0085', '--yes'], REFUSED_BLANK],
    ['drive comment create --content "\\ufeff" (not blank; the content as typed, refused by the transport)', ['drive', 'comment', 'create', '--node', 'n1', '--content', '\ufeff', '--yes'],
      REFUSED_UNSAFE],
    ['drive comment create --content "  x "', ['drive', 'comment', 'create', '--node', 'n1', '--content', '  x ', '--yes'],
      { exit: 7, call: ['doc-comment/create_file_comment', { fileId: 'n1', content: '  x ' }] }],
    // sheet formula-verify: --targets with a --sheet-id whose TrimSpace is not empty is refused (sheet_formula_verify.go:146-148@c7521c1c)
    ['sheet formula-verify --targets … --sheet-id "\\u0085" (blank: no conflict; before: refused)', ['sheet', 'formula-verify', '--node', 'n1', '--targets', '[{"sheetId":"s1"}]', '--sheet-id', '\u0085'],
      { exit: 0, call: ['sheet/verify_formula', { nodeId: 'n1', targets: [{ sheetId: 's1' }] }] }],
    ['sheet formula-verify --targets … --range "\\ufeff" (conflict; before: sent)', ['sheet', 'formula-verify', '--node', 'n1', '--targets', '[{"sheetId":"s1"}]', '--range', '\ufeff'],
      { exit: 3, reason: 'invalid_parameter' }],
    ['sheet formula-verify --targets … --sheet-id ""', ['sheet', 'formula-verify', '--node', 'n1', '--targets', '[{"sheetId":"s1"}]', '--sheet-id', ''],
      { exit: 0, call: ['sheet/verify_formula', { nodeId: 'n1', targets: [{ sheetId: 's1' }] }] }],
    // pat chmod: code := TrimSpace(flag); "" falls back to TrimSpace(DINGTALK_DWS_AGENTCODE); a non-empty code must match
    // ^[A-Za-z0-9_-]{1,64}$ (chmod.go:168-176, auth/channel.go:39-44@c7521c1c). The environment holds `envc`.
    ['pat chmod --agentCode "\\u0085" (blank: the environment\'s code)', ['pat', 'chmod', 'calendar.event:read', '--agentCode', '\u0085', '--yes'],
      { exit: 0, call: ['pat/pat.batch_grant', { scopes: ['calendar.event:read'], grantType: 'permanent', agentCode: 'envc' }] }],
    ['pat chmod --agentCode "\\ufeff" (not blank, not a code: refused; before: the environment\'s code sent)', ['pat', 'chmod', 'calendar.event:read', '--agentCode', '\ufeff', '--yes'],
      { exit: 3, reason: 'invalid_parameter' }],
    ['pat chmod --agentCode " a1 "', ['pat', 'chmod', 'calendar.event:read', '--agentCode', ' a1 ', '--yes'],
      { exit: 0, call: ['pat/pat.batch_grant', { scopes: ['calendar.event:read'], grantType: 'permanent', agentCode: 'a1' }] }],
  ];
  for (const [name, argv, want] of cases) {
    it(name, async () => {
      const got = await outcome(argv, { DINGTALK_DWS_AGENTCODE: 'envc' });
      expect({ exit: got.exit, reason: want.exit === 0 || want.exit === 7 ? undefined : got.reason }).toEqual({ exit: want.exit, reason: want.reason });
      expect(got.calls).toEqual(want.call ? [want.call] : []);
    });
  }

  it('todo tag create --name: refused exactly when strings.TrimSpace leaves nothing, else sent trimmed (property)', async () => {
    const text = fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES, 'a', '标'), { maxLength: 4 }).map((cs) => cs.join(''));
    await fc.assert(fc.asyncProperty(text, async (name) => {
      const got = await outcome(['todo', 'tag', 'create', '--name', name]);
      if (trimSpace(name) === '') expect(got).toEqual({ exit: 3, reason: 'missing_parameter', calls: [] });
      else expect(got.calls).toEqual([['todo/create_todo_tag', { UserTagAddRequest: { userTags: [{ name: trimSpace(name) }] } }]]);
    }), { numRuns: 60 });
  });

  it('sheet formula-verify --targets conflicts with a --range exactly when its TrimSpace is not empty (property)', async () => {
    const text = fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES, 'A'), { maxLength: 3 }).map((cs) => cs.join(''));
    await fc.assert(fc.asyncProperty(text, async (range) => {
      const got = await outcome(['sheet', 'formula-verify', '--node', 'n1', '--targets', '[{"sheetId":"s1"}]', '--range', range]);
      expect(got.exit, JSON.stringify(range)).toBe(trimSpace(range) === '' ? 0 : 3);
    }), { numRuns: 40 });
  });
});

describe('p-blank4: dates upstream parses untrimmed (time.ParseInLocation on the raw flag)', () => {
  // attendance shift list (attendance.go:1015-1022@c7521c1c) and vacation records (:3361-3368): mustGetFlag is
  // cmdutil.MustGetFlag (pkg/cmdutil/flags.go:68-74), which does not trim; before, a padded date was accepted
  it('attendance shift list --start "2026-01-01" is sent as its epoch ms; " 2026-01-01" is refused', async () => {
    const ok = await outcome(['attendance', 'shift', 'list', '--users', 'u1', '--start', '2026-01-01', '--end', '2026-01-02']);
    expect(ok.calls.map((c) => c[0])).toEqual(['attendance/batch_get_employee_shifts']);
    expect(await outcome(['attendance', 'shift', 'list', '--users', 'u1', '--start', ' 2026-01-01', '--end', '2026-01-02'])).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  it('attendance vacation records refuses a date padded with any Go or JavaScript space, before any call (property)', async () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES), { minLength: 1, maxLength: 2 }).map((cs) => cs.join(''));
    await fc.assert(fc.asyncProperty(pad, fc.boolean(), fc.boolean(), async (p, before, onEnd) => {
      const date = before ? `${p}2026-01-01` : `2026-01-01${p}`;
      const argv = ['attendance', 'vacation', 'records', '--user', 'u1', '--start', onEnd ? '2026-01-01' : date, '--end', onEnd ? date : '2026-01-02'];
      expect(await outcome(argv)).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    }), { numRuns: 40 });
  });
});

describe('p-blank4: drive download --part-size trimmed of Go spaces (parsePartSize, drive_transfer.go:104-134@c7521c1c)', () => {
  const argv = (size: string) => ['drive', 'download', '--node', 'n1', '--output', 'o.bin', '--part-size', size];
  it('takes "16MB\\u0085" and " 16 mb " (the call is made); refuses "\\ufeff16MB" and "" before any call', async () => {
    for (const size of ['16MB\u0085', ' 16 mb ', '\u30002048KB']) expect((await outcome(argv(size))).calls.map((c) => c[0]), JSON.stringify(size)).toEqual(['drive/download_file']);
    for (const size of ['\ufeff16MB', '16MB\ufeff', '']) expect(await outcome(argv(size)), JSON.stringify(size)).toMatchObject({ exit: 3, calls: [] });
  });

  it('a size in range padded with Go spaces passes the checks; one holding U+FEFF is refused (property)', async () => {
    const size = fc.tuple(fc.integer({ min: 1, max: 1024 }), fc.constantFrom('MB', 'mb', 'M', 'm')).map(([n, u]) => `${n}${u}`);
    await fc.assert(fc.asyncProperty(padding, size, padding, fc.boolean(), async (a, s, b, bom) => {
      const typed = bom ? `${a}\ufeff${s}${b}` : `${a}${s}${b}`;
      const got = await outcome(argv(typed));
      if (bom) expect(got, JSON.stringify(typed)).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
      else expect(got.calls.map((c) => c[0]), JSON.stringify(typed)).toEqual(['drive/download_file']);
    }), { numRuns: 40 });
  });
});

describe('p-blank4: list and prefix checks after strings.TrimSpace', () => {
  // contact account create: parseCSVIntsStrict refuses an item blank after TrimSpace (contact.go:2013-2023@c7521c1c)
  const account = (ids: string) => ['contact', 'account', 'create', '--org-user-name', '张三', '--login-id', 'z1', '--dept-ids', ids, '--yes'];
  it('contact account create --dept-ids "1,\\u0085" is refused (before: sent [1]); "1, 2 " is sent as [1, 2]', async () => {
    expect(await outcome(account('1,\u0085'))).toMatchObject({ exit: 3, calls: [] });
    expect(await outcome(account('\u3000,1'))).toMatchObject({ exit: 3, calls: [] });
    expect((await outcome(account('1, 2 '))).calls).toEqual([['contact/exclusive_account_create', { orgUserName: '张三', loginId: 'z1', deptIds: [1, 2] }]]);
  });

  it('contact account create --dept-ids: refused exactly when an item is blank to Go (property)', async () => {
    const item = fc.tuple(padding, fc.constantFrom('', '7')).map(([p, d]) => `${p}${d}`);
    await fc.assert(fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 3 }), async (items) => {
      const got = await outcome(account(items.join(',')));
      if (items.some((i) => trimSpace(i) === '')) expect(got, JSON.stringify(items)).toMatchObject({ exit: 3, calls: [] });
      else expect(got.calls[0]?.[1], JSON.stringify(items)).toMatchObject({ deptIds: items.map(() => 7) });
    }), { numRuns: 40 });
  });

  // sheet set-dropdown: validateDropdownSourceRangeInput trims, then refuses a `=` prefix (sheet_dimension.go:26-34@c7521c1c);
  // the untrimmed range is sent (:873-878)
  const dropdown = (range: string) => ['sheet', 'set-dropdown', '--node', 'n1', '--sheet-id', 's1', '--range', 'B2:B9', '--source-sheet-id', 's2', '--source-range', range];
  it('sheet set-dropdown --source-range "\\u0085=A1" is refused (before: sent); "\\ufeff=A1" is no formula, and the transport refuses it', async () => {
    expect(await outcome(dropdown('\u0085=A1'))).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    // sourceRange is a map[string]any (:876), whose texts the transport reads
    expect(await outcome(dropdown('\ufeff=A1'))).toEqual({ ...REFUSED_UNSAFE, calls: [] });
  });
});

describe('p-blank4: an enum flag read as ToLower(TrimSpace(v)), blank meaning not given', () => {
  // sheet update-dimension: sizeType := ToLower(TrimSpace(--size-type)); "" passes and is not sent (sheet_dimension.go:571-575,
  // :614-616@c7521c1c); before, a blank --size-type was refused as not pixel/standard/auto
  const dim = (st: string) => ['sheet', 'update-dimension', '--node', 'n1', '--sheet-id', 's1', '--dimension', 'ROWS', '--start-index', '1', '--length', '2', '--hidden', '--size-type', st];
  it('--size-type "  " / "\\u0085" sends no sizeType; " Auto " sends auto; "\\ufeffauto" is refused', async () => {
    for (const st of ['  ', '\u0085', '']) {
      const got = await outcome(dim(st));
      expect(got.calls.map((c) => c[0]), JSON.stringify(st)).toEqual(['sheet/update_dimension']);
      expect(got.calls[0][1], JSON.stringify(st)).not.toHaveProperty('sizeType');
    }
    expect((await outcome(dim(' Auto '))).calls[0]?.[1]).toMatchObject({ sizeType: 'auto', hidden: true });
    expect(await outcome(dim('\ufeffauto'))).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  it('--size-type: refused exactly when its trimmed lower-cased value is neither blank nor pixel/standard/auto (property)', async () => {
    const word = fc.constantFrom('', 'auto', 'Standard', 'PIXEL', 'x', '\ufeff');
    await fc.assert(fc.asyncProperty(padding, word, padding, async (a, w, b) => {
      const st = `${a}${w}${b}`;
      const norm = trimSpace(st).toLowerCase();
      const got = await outcome(dim(st));
      // pixel without --pixel-size is refused too (sheet_dimension.go:593-595)
      if (!['', 'auto', 'standard'].includes(norm)) expect(got, JSON.stringify(st)).toMatchObject({ exit: 3, calls: [] });
      else expect(got.calls[0]?.[1], JSON.stringify(st)).toEqual(expect.objectContaining(norm === '' ? { hidden: true } : { sizeType: norm }));
    }), { numRuns: 40 });
  });
});

describe('p-blank4: "Sheet!A1" ranges split and trimmed as splitSheetPrefixedRange (sheet_style.go:742-751@c7521c1c)', () => {
  const clear = (ranges: string[]) => ['sheet', 'range', 'batch-clear', '--node', 'n1', '--ranges', JSON.stringify(ranges), '--yes'];
  // the operations are a []any of map[string]any (sheet_batch.go:562-576@c7521c1c), whose texts the transport reads
  it('"\\ufeff!A1" is not blank to the split, and its sheetId "\\ufeff" is refused by the transport; refuses "\\u0085!A1" and "S!\\u0085" (before: sent)', async () => {
    expect((await outcome(clear(['S2!A1', ' S ! B2 ']))).calls).toEqual([['sheet/batch_update', { nodeId: 'n1', operations: [
      { toolName: 'clear_range', input: { sheetId: 'S2', range: 'A1', type: 'content' } },
      { toolName: 'clear_range', input: { sheetId: 'S', range: 'B2', type: 'content' } }] }]]);
    expect(await outcome(clear(['\ufeff!A1', ' S ! B2 ']))).toEqual({ ...REFUSED_UNSAFE, calls: [] });
    expect(await outcome(clear(['\u0085!A1']))).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(await outcome(clear(['S!\u0085']))).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  it('refuses a range exactly when a side of its first "!" is blank to Go, else sends both sides trimmed unless one holds U+FEFF (property)', async () => {
    const side = fc.tuple(padding, fc.constantFrom('', 'S', '\ufeff', 'A1:B2'), padding).map(([a, w, b]) => `${a}${w}${b}`);
    await fc.assert(fc.asyncProperty(side, side, async (left, right) => {
      const got = await outcome(clear([`${left}!${right}`]));
      if (trimSpace(left) === '' || trimSpace(right) === '') expect(got, JSON.stringify([left, right])).toEqual({ exit: 3, reason: 'invalid_parameter', calls: [] });
      else if (`${left}${right}`.includes('\ufeff')) expect(got, JSON.stringify([left, right])).toEqual({ ...REFUSED_UNSAFE, calls: [] });
      else expect(got.calls[0]?.[1], JSON.stringify([left, right])).toEqual({ nodeId: 'n1', operations: [{ toolName: 'clear_range', input: { sheetId: trimSpace(left), range: trimSpace(right), type: 'content' } }] });
    }), { numRuns: 50 });
  });
});

describe('p-blank4: shortcut blank checks on a Go-trimmed flag (corecmd.go:701-704@c7521c1c)', () => {
  // todo +todo-done / +assign-multi: the preflight's Required check trims with Go's TrimSpace, so a U+FEFF title is not
  // blank and the run goes on to search the to-dos; before, the plan's \S test refused it
  it('todo +todo-done --task "\\ufeff" searches the to-dos; --task "\\u0085" is refused before any call', async () => {
    const got = await outcome(['todo', '+todo-done', '--task', '\ufeff', '--yes']);
    expect(got.calls.length).toBeGreaterThan(0);
    expect(await outcome(['todo', '+todo-done', '--task', '\u0085', '--yes'])).toEqual({ exit: 3, reason: 'missing_parameter', calls: [] });
  });
});
