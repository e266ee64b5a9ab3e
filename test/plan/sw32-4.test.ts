// Session 32 sweep, share 4 (issue 32): the commands of notes/sw32-4.md where dws differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw32-4-');
const { sent } = outputs;

describe('aitable +record-share-links: each batch read by rt.CallMCPData, each item through recordShareItems (smart/record_share_links.go:100-138, :164-208, runner.go:255-271@c7521c1c)', () => {
  const argv = ['aitable', '+record-share-links', '--base', 'b', '--table', 't', '--record-ids', 'r1'];

  it('an answer that is a list or a non-blank text fails that batch: listed in errors, exit 0, items empty', async () => {
    for (const answer of [[{ items: [{ recordId: 'r1', shareUrl: 'u' }] }], 'not json']) {
      outputs.answer('aitable-helper/get_record_share_url', answer);
      const r = await sent(argv);
      expect(r.reason).toBeUndefined();
      const printed = r.printed as { items: unknown[]; errors?: { recordIds: string[] }[] };
      expect([printed.items, printed.errors?.map((e) => e.recordIds)]).toEqual([[], [['r1']]]);
    }
  });

  it('null and blank answers are empty maps: no items, no errors', async () => {
    for (const answer of [null, ' ']) {
      outputs.answer('aitable-helper/get_record_share_url', answer);
      const r = await sent(argv);
      expect(r.printed).toEqual({ base: 'b', batches: 1, items: [], table: 't', total: 1 });
    }
  });

  it('shareUrl is the first of shareUrl/share_url/url that is present, a null one kept (firstAny)', async () => {
    outputs.answer('aitable-helper/get_record_share_url', {
      items: [{ recordId: 'r1', shareUrl: null, url: 'u1' }, { record_id: 'r2', share_url: null, url: 'u2' }, { id: 'r3', url: 'u3' }, { recordId: 'r4' }],
    });
    const r = await sent(argv);
    expect((r.printed as { items: unknown[] }).items).toEqual([
      { recordId: 'r1', shareUrl: null }, { recordId: 'r2', shareUrl: null }, { recordId: 'r3', shareUrl: 'u3' }, { recordId: 'r4', shareUrl: null },
    ]);
  });
});

describe('aitable +template-search: resolveNamedList refuses an answer where no container holds a list (shortcut/aitable/aitable.go:67-105, :1075-1108@c7521c1c)', () => {
  const run = async (answer: unknown) => {
    outputs.answer('aitable/search_templates', answer);
    const r = await sent(['aitable', '+template-search', '--query', '周报']);
    return [r.reason, r.printed];
  };

  it('a container holding text, null or an object without a list: backend_error, nothing printed', async () => {
    const refused = ['backend_error', undefined];
    expect([await run({ templates: {} }), await run({ templates: { foo: 1 } }), await run({ templates: 'x' }), await run({ data: null })])
      .toEqual([refused, refused, refused, refused]);
  });

  it('an empty list is a list; a bad key before a good one is passed over', async () => {
    expect(await run({ templates: [] })).toEqual([undefined, { count: 0, templates: [] }]);
    expect(await run({ templates: { list: 5, items: [{ template_id: 'a' }] } })).toEqual([undefined, { count: 1, templates: [{ templateId: 'a' }] }]);
    expect(await run({ templates: 'x', data: { list: [{ id: 7, name: null }] } })).toEqual([undefined, { count: 1, templates: [{ templateId: 7, templateName: null }] }]);
  });
});
