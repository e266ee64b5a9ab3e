// Session 45 second-reading audit, seed 20261408 (issue 32, notes/h45-b4.md): no drawn command differed from upstream's
// body at c7521c1c. These pin the readings the audit checked against upstream, each run as a user types it against the
// recording backend on 127.0.0.1, so a later change that breaks one fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45b4-');

/** upstream minutesDetailIDs (shortcut/smart/minutes_detail.go@c7521c1c): --id then --ids, each split on ',', trimmed, blanks and repeats dropped. */
function upstreamDetailIds(id: string): string[] {
  const out: string[] = [];
  for (const item of id.split(',').map((s) => s.trim())) if (item !== '' && !out.includes(item)) out.push(item);
  return out;
}

/** upstream addDrivePagination (shortcut/drive/common.go:190-196@c7521c1c): nextCursor, nextToken, nextPageToken in turn, the last non-null one wins. */
function upstreamNextCursor(page: Record<string, unknown>): unknown {
  let out: unknown;
  for (const key of ['nextCursor', 'nextToken', 'nextPageToken']) if (page[key] !== undefined && page[key] !== null) out = page[key];
  return out;
}

/** upstream parseCSVValues (helpers/contact.go:20-45@c7521c1c) for a text that is not a JSON list: nil (JSON null) when blank. */
function upstreamCsv(raw: string): string[] | null {
  const t = raw.trim();
  if (t === '') return null;
  return t.split(',').map((p) => p.trim().replace(/^["']+|["']+$/g, '')).filter((v) => v !== '');
}

describe('minutes +detail: --id is split on commas as minutesDetailIDs does (minutes_detail.go@c7521c1c)', () => {
  it('--id " a, b ,a" reads two minutes and prints the multi-minutes bundle', async () => {
    outputs.answer('minutes/get_minutes_keywords', { success: true, result: { keywords: [] } });
    const run = await outputs.sent(['minutes', '+detail', '--id', ' a, b ,a', '--artifacts', 'keywords']);
    expect(run.calls).toEqual([['minutes/get_minutes_keywords', { taskUuid: 'a' }], ['minutes/get_minutes_keywords', { taskUuid: 'b' }]]);
  });
  it('the minutes read are upstream\'s ids, for any --id text', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.constantFrom('a', 'b', ' c', '', ' ', 'a '), { minLength: 1, maxLength: 4 }).map((p) => p.join(',')),
      async (id) => {
        outputs.answer('minutes/get_minutes_keywords', { success: true, result: { keywords: [] } });
        const want = upstreamDetailIds(id);
        const run = await outputs.sent(['minutes', '+detail', '--id', id, '--artifacts', 'keywords']);
        if (want.length === 0) expect(run.calls).toEqual([]);
        else expect(run.calls.map(([, a]) => (a as { taskUuid: string }).taskUuid)).toEqual(want);
      },
    ), { numRuns: 25 });
  });
});

describe('drive +version-history prints the page cursor as addDrivePagination does (common.go:190-196@c7521c1c)', () => {
  it('for any mix of nextCursor / nextToken / nextPageToken, the last present one is printed', async () => {
    const cursor = fc.constantFrom<unknown>(undefined, null, 'c1', 'c2', '');
    await fc.assert(fc.asyncProperty(cursor, cursor, cursor, async (a, b, c) => {
      const page: Record<string, unknown> = { versionList: [{ versionNum: 2 }] };
      if (a !== undefined) page.nextCursor = a;
      if (b !== undefined) page.nextToken = b;
      if (c !== undefined) page.nextPageToken = c;
      outputs.answer('drive/list_file_versions', { success: true, result: page });
      const run = await outputs.sent(['drive', '+version-history', '--node', 'n', '--limit', '0x10']);
      expect(run.calls).toEqual([['drive/list_file_versions', { nodeId: 'n', maxResults: 16 }]]);
      expect((run.printed as Record<string, unknown>).nextCursor).toEqual(upstreamNextCursor(page));
    }), { numRuns: 30 });
  });
});

describe('aitable table get: --table-ids read by parseCSVValues (helpers/aitable.go tableGetCmd, contact.go:20-45@c7521c1c)', () => {
  it('any comma text is split, trimmed, unquoted and blank parts dropped (a blank text is null); --base is sent as typed', async () => {
    const part = fc.constantFrom('t1', ' t2 ', '"t3"', "'t4'", '', ' ');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }).map((p) => p.join(',')), async (raw) => {
      const run = await outputs.sent(['aitable', 'table', 'get', '--base', ' b ', '--table-ids', raw]);
      const want: Record<string, unknown> = { baseId: ' b ' };
      if (raw !== '') want.tableIds = upstreamCsv(raw);
      expect(run.calls).toEqual([['aitable/get_tables', want]]);
    }), { numRuns: 30 });
  });
});

describe('contact account update: --depts decoded as []map (contactOptionalDepartments contact.go:100-113@c7521c1c)', () => {
  it('--depts null is sent as null; a blank --depts is no change', async () => {
    expect(await outputs.argsOf(['contact', 'account', 'update', '--user-id', ' u ', '--depts', 'null', '--yes']))
      .toEqual([{ userId: 'u', depts: null }]);
    expect(await outputs.argsOf(['contact', 'account', 'update', '--user-id', 'u', '--depts', ' ', '--nick', ' ', '--yes']))
      .toBe('invalid_parameter');
  });
});

describe('attendance class create: a local --yes without shorthand (attendance.go:4021@c7521c1c) and HH:mm checkTime', () => {
  const vo = JSON.stringify({ name: 'x', sections: [{ times: [{ checkTime: ' 8:00' }, { checkTime: '08:5' }, { checkTime: '+8:00' }, { checkTime: '23:59' }] }] });
  it('-y is not a flag of this command', async () => {
    expect(await outputs.argsOf(['attendance', 'class', 'create', '--class-vo', vo, '-y'])).toBe('unknown_option');
  });
  it('times that ParseInLocation("15:04") reads become epoch ms at UTC+8, the rest stay as typed', async () => {
    expect(await outputs.argsOf(['attendance', 'class', 'create', '--class-vo', vo, '--yes'])).toEqual([{
      TopAtClassVO: { name: 'x', sections: [{ times: [{ checkTime: 0 }, { checkTime: '08:5' }, { checkTime: '+8:00' }, { checkTime: 57540000 }] }] },
    }]);
  });
});
