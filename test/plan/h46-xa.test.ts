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
