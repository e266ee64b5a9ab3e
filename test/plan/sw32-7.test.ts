// Session 32 sweep, share 7 (drive, wiki; issue 32): where a command differed from upstream's body at c7521c1c, run
// as a user types it against the recording backend on 127.0.0.1, asserting what is sent, fetched and printed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import { acceptedEnum } from '../../src/contract/enum-input.js';
import { validateInput } from '../../src/contract/validate.js';
import { shippedEngine } from '../helpers.js';
import { stringifyJson } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw32-7-');
const { sent, mcp } = outputs;

describe('drive +version-download reads the link as driveDownloadPayload does: only the object requireDriveObject gives (version_operations.go:112-131, :270-291; common.go:99-122, :198-205@c7521c1c)', () => {
  const argv = ['drive', '+version-download', '--node', 'n', '--version', '3', '--output', 'out/'];
  const run = async (link: unknown) => {
    mcp.files['v3.pdf'] = Buffer.from('PDFDATA');
    mcp.files['empty.pdf'] = Buffer.alloc(0);
    mcp.files['top.pdf'] = Buffer.from('TOP');
    outputs.answer('drive/list_file_versions', { result: { versions: [{ version: 3 }], hasMore: false } });
    outputs.answer('drive/download_file_version', link);
    mcp.fetched.length = 0;
    const r = await sent(argv);
    const fetched = mcp.fetched.map((f) => [f.name, Object.fromEntries(Object.entries(f.headers).filter(([k]) => k.startsWith('x-')))]);
    return { reason: r.reason, fetched, printed: r.printed as { savedPath?: string } | undefined };
  };
  const url = (name: string) => `${mcp.base}/files/${name}`;

  it('a URL beside a result object that names none is not read: missing_download_url before any fetch', async () => {
    const r = await run({ result: { fileName: 'x', a: 1 }, downloadUrl: url('top.pdf') });
    expect([r.reason, r.fetched]).toEqual(['backend_error', []]);
  });

  it('a blank URL text is skipped for the next spelling; header values that are not text are dropped', async () => {
    const blank = await run({ result: { downloadUrl: '  ', url: url('v3.pdf') } });
    expect([blank.reason, blank.fetched, blank.printed?.savedPath]).toEqual([undefined, [['v3.pdf', {}]], 'out/v3.pdf']);
    const headers = await run({ result: { downloadUrl: url('v3.pdf'), fileName: 'a.pdf', headers: { 'x-a': '1', 'x-n': 5 } } });
    expect([headers.fetched, headers.printed?.savedPath]).toEqual([[['v3.pdf', { 'x-a': '1' }]], 'out/a.pdf']);
  });

  it('the headers and the file name come from the object that gave the URL, never mixed across levels', async () => {
    const own = await run({ result: { downloadUrl: url('v3.pdf'), resourceUrls: [{ headers: { 'x-r': 'r' }, name: 'res.pdf' }] } });
    expect([own.fetched, own.printed?.savedPath]).toEqual([[['v3.pdf', {}]], 'out/v3.pdf']);
    const resource = await run({ result: { resourceUrls: [{ resourceUrl: url('v3.pdf'), headers: { 'x-q': 'q' } }], headers: { 'x-top': 't' }, fileName: 'outer.pdf' } });
    expect([resource.fetched, resource.printed?.savedPath]).toEqual([[['v3.pdf', { 'x-q': 'q' }]], 'out/v3.pdf']);
  });

  it('a download of 0 bytes is refused (empty_download_artifact), nothing printed', async () => {
    const r = await run({ result: { downloadUrl: url('empty.pdf') } });
    expect([r.reason, r.fetched, r.printed]).toEqual(['backend_error', [['empty.pdf', {}]], undefined]);
  });
});

describe('wiki space list --type orgSpace|mySpace: --limit goes as the integer strconv.Atoi reads, else as typed (helpers/wiki.go:303-309@c7521c1c)', () => {
  const limit = async (typed: string) => {
    outputs.answer('drive/list_spaces', { result: { spaces: [] } });
    const r = await sent(['wiki', 'space', 'list', '--type', 'mySpace', '--limit', typed]);
    // the wire's text of the value (a literal beyond 2^53 is a JsonNumber, written unquoted)
    return stringifyJson((r.calls[0][1] as { maxResults: unknown }).maxResults);
  };

  it('16 to 19 digits within int64 (beyond 2^53 kept whole), a sign and leading zeros are a number; spaces, 0x and full-width digits stay text', async () => {
    expect(await limit('1234567890123456')).toBe('1234567890123456');
    expect(await limit('123456789012345678')).toBe('123456789012345678');
    expect(await limit('+00000000000000000000042')).toBe('42');
    // 19 digits: within int64 the integer, beyond it Atoi fails and the text goes as typed
    expect([await limit('9223372036854775807'), await limit('-9223372036854775808')]).toEqual(['9223372036854775807', '-9223372036854775808']);
    expect([await limit('9223372036854775808'), await limit('-9223372036854775809')]).toEqual(['"9223372036854775808"', '"-9223372036854775809"']);
    expect([await limit(' 5'), await limit('0x5'), await limit('５')]).toEqual(['" 5"', '"0x5"', '"５"']);
  });
  it('property: any sign, leading zeros and digits near the int64 bounds go as Atoi reads them (the integer inside int64, else the text)', async () => {
    const max = 2n ** 63n - 1n;
    const near = fc.oneof(fc.bigInt({ min: max - 1000n, max: max + 1000n }), fc.bigInt({ min: -max - 1001n, max: -max + 999n }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }));
    await fc.assert(fc.asyncProperty(near, fc.nat({ max: 3 }), fc.boolean(), async (n, zeros, plus) => {
      const digits = `${'0'.repeat(zeros)}${(n < 0n ? -n : n).toString()}`;
      const typed = n < 0n ? `-${digits}` : `${plus ? '+' : ''}${digits}`;
      const inside = n >= -(2n ** 63n) && n <= max;
      expect(await limit(typed)).toBe(inside ? n.toString() : JSON.stringify(typed));
    }), { numRuns: 25 });
  });
});

describe('an enum flag with a default, typed as whitespace only, is refused by upstream\'s framework check; only a typed "" passes (corecmd rawValue/validateEnum, corecmd.go:761-797, :1009-1034; shortcut/adapter.go:207-221@c7521c1c)', () => {
  it('drive +publish-set --permission " " and wiki +node-create --type "\u3000": refused before any call; "" still sent as ""', async () => {
    outputs.answer('drive/set_file_publish', { success: true });
    outputs.answer('drive/get_file_publish_status', { result: { published: true } });
    const padded = await sent(['drive', '+publish-set', '--node', 'n', '--permission', ' ', '--yes']);
    expect([padded.reason, padded.calls]).toEqual(['invalid_parameter', []]);
    const empty = await sent(['drive', '+publish-set', '--node', 'n', '--permission', '', '--yes']);
    expect(empty.calls[0]).toEqual(['drive/set_file_publish', { fileId: 'n', published: true, publishPermission: '' }]);
    const wide = await sent(['wiki', '+node-create', '--workspace', 'w', '--name', 'n', '--type', '\u3000']);
    expect([wide.reason, wide.calls]).toEqual(['invalid_parameter', []]);
  });

  it('on every such flag of a trimming command: a run of Go spaces is refused, "" is kept', () => {
    const kept = shippedEngine().tools().filter((t) => t.trim_strings).flatMap((t) => Object.entries(t.parameters)
      .filter(([, p]) => p.enum && p.enum_blank === 'keep' && p.enum_fold === undefined && p.type === 'string').map(([name]) => [t, name] as const));
    expect(kept.length).toBeGreaterThan(15);
    const reason = (f: () => unknown) => {
      try {
        f();
        return undefined;
      } catch (e) {
        return e instanceof DwsError ? e.reason : String(e);
      }
    };
    fc.assert(fc.property(fc.constantFrom(...kept), fc.array(fc.constantFrom(' ', '\t', '\n', '\u0085', '\u00a0', '\u3000'), { minLength: 1, maxLength: 4 }), ([t, name], spaces) => {
      // the typed run reaches the enum check as typed, which it cannot pass (another missing flag may be named first)
      const typed = spaces.join('');
      expect(foldInput(t, { [name]: typed }, {})[name], `${t.canonical_path} --${name}`).toBe(typed);
      expect(acceptedEnum(t.parameters[name])).not.toContain(typed);
      expect(reason(() => validateInput(t, foldInput(t, { [name]: typed }, {})))).toMatch(/invalid_parameter|missing_parameter|constraint_violation/);
      expect(foldInput(t, { [name]: '' }, {})[name]).toBe('');
    }));
  });
});
