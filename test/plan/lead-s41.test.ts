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
