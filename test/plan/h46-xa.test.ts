// Session 46, helper xa (issue 32, notes/h46-xa.md): upstream's cross-product flag spellings on the doc and markdown
// commands (RegisterCrossProductAliases, internal/helpers/cross_product_aliases.go:57-82@c7521c1c) where dws read them
// differently. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46xa-');

// doc version list, template list and template search register --limit as an Int and --cursor as a String
// (doc.go:4339-4341, :4486-4488, :4550-4557@c7521c1c); RegisterCrossProductAliases (doc.go:4641-4645) then adds
// --page-size as a hidden STRING flag, which their bodies never read (doc.go:4303, :4447, :4511 read --limit only):
// any text is accepted and nothing of it is sent
describe('doc version list / template list / template search: the hidden --page-size is a text flag that is accepted and ignored', () => {
  const commands: { argv: string[]; tool: string }[] = [
    { argv: ['doc', 'version', 'list', '--node', 'n1'], tool: 'doc/list_doc_versions' },
    { argv: ['doc', 'template', 'list'], tool: 'doc/list_doc_templates' },
    { argv: ['doc', 'template', 'search', '--query', 'q'], tool: 'doc/search_doc_templates' },
  ];
  const text = fc.oneof(fc.constantFrom('abc', ' 7', '0x10', '1.5', '', '-3', '20', '1e3'), fc.string({ maxLength: 6 }));
  const limit = fc.constantFrom<string[]>([], ['--limit', '5'], ['--limit', '0']);
  for (const c of commands) {
    it(`${c.argv.slice(0, 3).join(' ')}: --page-size=<any text> sends what the command sends without it`, async () => {
      await fc.assert(fc.asyncProperty(text, limit, async (v, l) => {
        outputs.answer(c.tool, { success: true, result: {} });
        const without = await outputs.sent([...c.argv, ...l]);
        const withIt = await outputs.sent([...c.argv, ...l, `--page-size=${v}`]);
        expect(without.reason).toBeUndefined();
        expect(withIt.reason).toBeUndefined();
        expect(withIt.calls).toEqual(without.calls);
      }), { numRuns: 15 });
    });
  }
});

// runMarkdownPatch (helpers/markdown.go:643, :647, :660-662@c7521c1c): the replacement is flagOrFallback(content,
// markdown), and it counts as given when either spelling was typed (cmd.Flags().Changed), a typed blank --markdown
// included; --markdown is the hidden spelling RegisterCrossProductAliases adds beside --content (markdown.go:595)
describe('markdown patch: a typed --markdown, a blank one included, is the replacement as upstream reads it', () => {
  const { mcp } = outputs;
  const setUp = () => {
    mcp.files['cur.md'] = Buffer.from('keep old line');
    mcp.uploads.length = 0;
    outputs.answer('drive/get_file_info', { result: { fileName: 'R.md' } });
    outputs.answer('drive/download_file', { result: { downloadUrl: `${mcp.base}/files/cur.md` } });
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/p1` } });
    outputs.answer('drive/commit_upload', { result: { fileId: 'n1' } });
  };
  const patch = (...spellings: string[]) =>
    ['markdown', 'patch', '--node', 'n1', '--space-id', 's1', '--pattern', ' old', ...spellings, '--yes'];
  /** upstream's reading: flagOrFallback(content, markdown), required when neither spelling was typed. */
  const upstream = (content: string | undefined, markdown: string | undefined) => {
    if (content === undefined && markdown === undefined) return 'refused';
    return content ? content : (markdown ?? '');
  };
  const value = fc.constantFrom<string | undefined>(undefined, '', ' new', 'X');

  it('--markdown "" typed alone removes the matches, as --content "" does', async () => {
    for (const spelling of ['--content', '--markdown']) {
      setUp();
      const r = await outputs.sent(patch(spelling, ''));
      expect([r.reason, mcp.uploads.at(-1)?.bytes.toString()]).toEqual([undefined, 'keep line']);
    }
  });
  it('for any pair of typed spellings, the uploaded text is the one upstream replaces with', async () => {
    await fc.assert(fc.asyncProperty(value, value, async (content, markdown) => {
      if (content && markdown && content !== markdown) return; // two different values: dws refuses where upstream picks one (not counted)
      setUp();
      const spellings = [...(content === undefined ? [] : [`--content=${content}`]), ...(markdown === undefined ? [] : [`--markdown=${markdown}`])];
      const r = await outputs.sent(patch(...spellings));
      const expected = upstream(content, markdown);
      if (expected === 'refused') expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
      else expect([r.reason, mcp.uploads.at(-1)?.bytes.toString()]).toEqual([undefined, 'keep old line'.replace(' old', expected)]);
    }), { numRuns: 16 });
  });
});
