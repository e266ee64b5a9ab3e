// Session 38 second reading a6 (issue 32, seed 20261344, notes/h38-a6.md): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a6-');

/** A run in a private directory holding `files`, where `{dir}` in an argument is that directory's absolute path. */
async function inPlace(argv: string[], files: Record<string, string>) {
  const env = outputs.env(files);
  const dir = env.DWS_FILE_ROOT;
  outputs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv.map((a) => a.replaceAll('{dir}', dir)), env);
  return { reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => `${c.server}/${c.name}`) };
}

/**
 * upstream validateWorkspaceInputPath (internal/shortcut/doc/common.go:99-121@c7521c1c), the Validate hook of doc
 * +media-insert (media_style_shortcuts.go:56), +import (content_shortcuts.go:507) and +resource-update (:135-140, a
 * given --file only): the trimmed --file must be a relative path (filepath.IsAbs refused) before anything else runs,
 * even when it names a file inside the working directory.
 */
describe('doc shortcuts that take a working-directory file refuse an absolute --file as validateWorkspaceInputPath', () => {
  const png = { 'a.png': 'PNGDATA', 'r.md': '# hello' };
  const cases: { name: string; argv: string[] }[] = [
    { name: 'doc +media-insert', argv: ['doc', '+media-insert', '--node', 'n', '--file', '{dir}/a.png', '--yes'] },
    { name: 'doc +media-insert (padded)', argv: ['doc', '+media-insert', '--node', 'n', '--file', ' {dir}/a.png ', '--yes'] },
    { name: 'doc +import', argv: ['doc', '+import', '--file', '{dir}/r.md'] },
    { name: 'doc +resource-update', argv: ['doc', '+resource-update', '--node', 'n', '--file', '{dir}/a.png', '--yes'] },
  ];
  for (const c of cases) {
    it(`${c.name}: an absolute path inside the working directory is refused before any call`, async () => {
      expect(await inPlace(c.argv, png)).toEqual({ reason: 'invalid_parameter', calls: [] });
    });
  }
  it('the same file named relatively still reaches the backend', async () => {
    const run = await inPlace(['doc', '+media-insert', '--node', 'n', '--file', './a.png', '--yes'], png);
    expect(run.calls[0]).toBe('doc/get_doc_attachment_upload_info');
    const imported = await inPlace(['doc', '+import', '--file', 'r.md'], png);
    expect(imported.calls[0]).toBe('doc/create_import_session');
  });
  it('any path is refused before a call exactly when Go\'s filepath.IsAbs holds for it once trimmed', async () => {
    const name = fc.constantFrom('a.png', 'sub/../a.png', './a.png');
    const lead = fc.constantFrom('', ' ', '\t', '/', ' /', '//', '{dir}/');
    await fc.assert(fc.asyncProperty(lead, name, async (prefix, file) => {
      const typed = `${prefix}${file}`;
      const run = await inPlace(['doc', '+media-insert', '--node', 'n', '--file', typed, '--yes'], png);
      const trimmed = typed.trim();
      const absolute = trimmed.startsWith('/') || trimmed.startsWith('{dir}');
      if (absolute) expect(run).toEqual({ reason: 'invalid_parameter', calls: [] });
      else if (prefix === '') expect(run.calls[0]).toBe('doc/get_doc_attachment_upload_info');
      else expect(path.isAbsolute(trimmed)).toBe(false);
    }), { numRuns: 30 });
  });
});

/**
 * #26 doc +grant-and-share and its siblings +share / +share-doc: resolveDocUsers (internal/shortcut/smart/
 * doc_access.go:206-241@c7521c1c) keeps one person per userId + "\x00" + openDingTalkId (:231-235), and sendDocLinks
 * (:479-498) sends one message per person kept. Two names found as different userIds under one openDingTalkId are two
 * people: two messages, two ledger rows; the same pair named twice is one.
 */
describe('doc share shortcuts keep one person per userId and openDingTalkId pair, as resolveDocUsers', () => {
  /** A contact search answer finding the person the keyword names (A and C are the same pair, B another userId). */
  const directory: Record<string, Record<string, string>> = {
    A: { userId: 'u1', openDingTalkId: 'o1', name: 'A' },
    B: { userId: 'u2', openDingTalkId: 'o1', name: 'B' },
    C: { userId: 'u1', openDingTalkId: 'o1', name: 'C' },
    D: { userId: 'u3', openDingTalkId: 'o3', name: 'D' },
  };
  const answerDirectory = () => {
    outputs.mcp.answers['contact/search_contact_by_key_word'] = (args) => ({ result: [directory[String(args.keyword)]], hasMore: false });
    outputs.mcp.answers['doc/list_permission'] = () => ({ result: { members: [] } });
    outputs.mcp.answers['doc/add_permission'] = () => ({ success: true });
    outputs.mcp.answers['chat/send_personal_message'] = () => ({ success: true });
  };
  const sends = (calls: unknown[][]) => calls.filter(([c]) => c === 'chat/send_personal_message')
    .map(([, a]) => (a as { receiverOpenDingTalkId: string }).receiverOpenDingTalkId);
  const cases = [
    ['doc', '+grant-and-share', '--node', 'n', '--url', 'https://x/d'],
    ['doc', '+share', '--url', 'https://x/d'],
    ['doc', '+share-doc', '--url', 'https://x/d'],
  ];
  for (const base of cases) {
    it(`${base[1]}: A,B,C,D sends to o1 (A), o1 (B) and o3 (D), and lists those three`, async () => {
      answerDirectory();
      const run = await outputs.sent([...base, '--to', 'A,B,C,D', '--yes']);
      expect(run.reason).toBeUndefined();
      expect(sends(run.calls)).toEqual(['o1', 'o1', 'o3']);
      const data = (run.printed as { data: { requestedCount: number; recipients: { name: string; userId: string }[] } }).data;
      expect(data.requestedCount).toBe(3);
      expect(data.recipients.map((r) => `${r.name}/${r.userId}`)).toEqual(['A/u1', 'B/u2', 'D/u3']);
      if (base[1] === '+grant-and-share') {
        expect(run.calls.find(([c]) => c === 'doc/add_permission')?.[1]).toMatchObject({ userIds: ['u1', 'u2', 'u3'] });
      }
    });
  }
  it('any order of names: one message per distinct pair, in the order first named', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('A', 'B', 'C', 'D'), { minLength: 1, maxLength: 6 }), async (names) => {
      answerDirectory();
      const run = await outputs.sent(['doc', '+grant-and-share', '--node', 'n', '--url', 'u', '--to', names.join(','), '--yes']);
      const seen = new Set<string>();
      const want: string[] = [];
      for (const n of names) {
        const p = directory[n];
        const key = `${p.userId}\u0000${p.openDingTalkId}`;
        if (!seen.has(key)) { seen.add(key); want.push(p.openDingTalkId); }
      }
      expect(sends(run.calls)).toEqual(want);
    }), { numRuns: 25 });
  });
});

/**
 * Siblings of #26: doc +access-grant / +access-change / +access-revoke take their people from the same resolveDocUsers
 * (doc_access.go:206-241@c7521c1c): one per userId + openDingTalkId pair, the first named kept. Their userIds are
 * docUserIDs of those people (:246-252, a userId found under two openDingTalkIds twice), and +access-grant's resolved
 * ledger is resolvedUserLedger of them (:255-261: a second name for the same pair is not listed again).
 */
describe('doc access shortcuts read their people as resolveDocUsers keeps them', () => {
  const people: Record<string, Record<string, string>> = {
    A: { userId: 'u1', openDingTalkId: 'o1', name: 'A' },
    B: { userId: 'u1', openDingTalkId: 'o2', name: 'B' },
    C: { userId: 'u1', openDingTalkId: 'o1', name: 'C' },
    D: { userId: 'u2', name: 'D' },
  };
  const answer = () => {
    outputs.mcp.answers['contact/search_contact_by_key_word'] = (args) => ({ result: [people[String(args.keyword)]], hasMore: false });
    outputs.mcp.answers['doc/list_permission'] = () => ({ result: { members: [{ userId: 'u1', roleId: 'READER' }, { userId: 'u2', roleId: 'READER' }] } });
    for (const t of ['add_permission', 'update_permission', 'remove_permission']) outputs.mcp.answers[`doc/${t}`] = () => ({ success: true });
  };
  const writes = (calls: unknown[][]) => calls.filter(([c]) => /^doc\/(add|update|remove)_permission$/u.test(String(c)))
    .map(([c, a]) => [c, (a as { userIds: string[] }).userIds]);
  it('+access-grant --to A,C,D lists A and D once each and grants u1, u2', async () => {
    answer();
    const run = await outputs.sent(['doc', '+access-grant', '--node', 'n', '--to', 'A,C,D', '--yes']);
    expect(writes(run.calls)).toEqual([['doc/add_permission', ['u1', 'u2']]]);
    expect((run.printed as { data: { resolved: unknown[] } }).data.resolved).toEqual([
      { name: 'A', userId: 'u1', openDingTalkId: 'o1' }, { name: 'D', userId: 'u2', openDingTalkId: '' },
    ]);
  });
  for (const [cmd, rpc, extra] of [['+access-grant', 'add_permission', ['--role', 'EDITOR']], ['+access-change', 'update_permission', ['--role', 'EDITOR']], ['+access-revoke', 'remove_permission', []]] as const) {
    it(`${cmd} --to A,B,C sends userIds [u1, u1] (A and B are two pairs, C is A's)`, async () => {
      answer();
      const run = await outputs.sent(['doc', cmd, '--node', 'n', '--to', 'A,B,C', ...extra, '--yes']);
      expect(run.reason).toBeUndefined();
      expect(writes(run.calls)).toEqual([[`doc/${rpc}`, ['u1', 'u1']]]);
    });
  }
});
