// Session 41 (lead): what the lead fixed while the helpers audited (notes/h41-lead.md).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-lead-s41-');

// A hidden alias whose primary has a default of its own is read only after a typed blank primary: upstream's
// flagOrFallback takes GetString(primary), which is the primary's default when it is not typed
// (pkg/cmdutil/flags.go:78-88@c7521c1c). mail message list already read it so (p-work); mail message search and
// oa approval list-initiated folded the alias into the primary and sent its value.
describe('a hidden alias is read only after a typed blank primary that has a default', () => {
  it('mail message search --size / --page-size alone send size "20" (mail.go:322, :2119-2122@c7521c1c)', async () => {
    const base = ['mail', 'message', 'search', '--email', 'e', '--query', 'q'];
    for (const alias of ['--size', '--page-size']) {
      const r = await outputs.sent([...base, alias, '50']);
      expect(r.calls).toEqual([['mail/search_emails', { email: 'e', query: 'q', size: '20' }]]);
    }
    expect((await outputs.sent([...base, '--limit', '', '--size', '9'])).calls).toEqual([['mail/search_emails', { email: 'e', query: 'q', size: '9' }]]);
    expect((await outputs.sent([...base, '--limit', '', '--page-size', '7'])).calls).toEqual([['mail/search_emails', { email: 'e', query: 'q', size: '7' }]]);
    expect((await outputs.sent([...base, '--limit', ''])).calls).toEqual([['mail/search_emails', { email: 'e', query: 'q', size: '' }]]);
    expect((await outputs.sent([...base, '--limit', '30', '--size', '9'])).calls).toEqual([['mail/search_emails', { email: 'e', query: 'q', size: '30' }]]);
  });
  it('oa approval list-initiated --next-token / --max-results alone send nextToken 0 and maxResults 20 (oa.go:440-441, :1264-1269@c7521c1c)', async () => {
    const base = ['oa', 'approval', 'list-initiated', '--process-code', 'p', '--start', '2026-03-10', '--end', '2026-03-11'];
    const times = { processCode: 'p', startTime: 1773072000000, endTime: 1773158400000 };
    expect((await outputs.sent([...base, '--next-token', '5', '--max-results', '8'])).calls)
      .toEqual([['oa/list_initiated_instances', { ...times, nextToken: 0, maxResults: 20 }]]);
    expect((await outputs.sent([...base, '--cursor', '', '--next-token', '5', '--limit', '', '--max-results', '8'])).calls)
      .toEqual([['oa/list_initiated_instances', { ...times, nextToken: 5, maxResults: 8 }]]);
    expect((await outputs.sent([...base, '--cursor', '', '--limit', ''])).calls)
      .toEqual([['oa/list_initiated_instances', { ...times, nextToken: 0, maxResults: 20 }]]);
    expect((await outputs.sent([...base, '--cursor', '', '--next-token', '', '--limit', '', '--max-results', ''])).calls)
      .toEqual([['oa/list_initiated_instances', { ...times, nextToken: 0, maxResults: 0 }]]);
    expect((await outputs.sent([...base, '--cursor', '3', '--next-token', '5', '--limit', '10', '--max-results', '8'])).calls)
      .toEqual([['oa/list_initiated_instances', { ...times, nextToken: 3, maxResults: 10 }]]);
  });
});

// aitable +view-preset-apply reads get_views as upstream does (view_preset.go:55-121, base_composite.go:281-326@c7521c1c):
// the views are findNamedObjectList(views, viewList) at any depth, keys in any case (none is a failure before any
// write); a view's name, id and type are stringValue's first key holding a text (viewName/name/title, viewId/id,
// viewType/type); a matched view without an id text is refused before the write. Before: the views at four fixed paths,
// named by viewName only, identified by viewId/id as present values, and no views collection read as no such view.
describe('aitable +view-preset-apply reads the views where upstream finds them', () => {
  const argv = ['aitable', '+view-preset-apply', '--base-id', 'b', '--table-id', 't', '--name', 'P', '--view-type', 'Grid', '--config', '{"visibleFieldIds":["f1"]}', '--yes'];
  const held = { visibleFieldIds: ['f1'] };
  it('a view at result.data.viewList named by name and id, config held: unchanged, no write', async () => {
    outputs.answer('aitable/get_views', { result: { data: { viewList: [{ name: 'P', id: 'v1', type: 'Grid', config: held }] } } });
    const r = await outputs.sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([tool]) => tool)).toEqual(['aitable/get_views']);
    expect(r.printed).toMatchObject({ status: 'unchanged', resolved: { action: 'unchanged', name: 'P', viewId: 'v1' } });
  });
  it('an answer with no views or viewList collection is refused before any write', async () => {
    outputs.answer('aitable/get_views', { result: { items: [] } });
    const r = await outputs.sent(argv);
    expect(r.reason).toBe('backend_error');
    expect(r.calls.map(([tool]) => tool)).toEqual(['aitable/get_views']);
  });
  it('the id is the first of viewId, id holding a text; the name the first of viewName, name, title holding one', async () => {
    outputs.answersInTurn('aitable/get_views',
      { Views: [{ viewName: 5, name: 'P', viewId: 7, id: 'v2', viewType: 'Grid', config: {} }] },
      { data: { VIEWLIST: [{ title: 'P', id: 'v2', config: held }] } });
    outputs.answer('aitable/update_view', { success: true });
    const r = await outputs.sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([
      ['aitable/get_views', { baseId: 'b', tableId: 't' }],
      ['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v2', newViewName: 'P', config: held }],
      ['aitable/get_views', { baseId: 'b', tableId: 't' }],
    ]);
    expect(r.printed).toMatchObject({ status: 'success', resolved: { action: 'update', viewId: 'v2' } });
  });
  it('a matched view whose viewId is a blank text (the first key holding one) is refused before the write', async () => {
    outputs.answer('aitable/get_views', { views: [{ viewName: 'P', viewId: '', id: 'v3', viewType: 'Grid' }] });
    const r = await outputs.sent(argv);
    expect(r.reason).toBe('backend_error');
    expect(r.calls.map(([tool]) => tool)).toEqual(['aitable/get_views']);
  });
  it('a create read back at result.viewList under name/id is proven', async () => {
    outputs.answersInTurn('aitable/get_views', { data: { views: [] } }, { result: { viewList: [{ name: 'P', id: 'v9', type: 'Grid', config: held }] } });
    outputs.answer('aitable/create_view', { success: true, result: { view: { ViewId: ' v9 ' } } });
    const r = await outputs.sent(argv);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toMatchObject({ status: 'success', resolved: { action: 'create', viewId: 'v9' } });
  });
});
