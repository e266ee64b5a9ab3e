// Session 46 second reading, part b3 (issue 32, notes/h46-b3.md, seed 20261416): all 30 drawn commands sent what
// upstream's bodies at c7521c1c send, so nothing was fixed. These properties pin four of the readings checked by hand,
// each against a small model of the upstream code it names, run as a user types the command against the recording
// backend on 127.0.0.1; each fails when dws's reading drifts from the model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46b3-');

describe('attendance class create converts each checkTime as convertClassCheckTime does (helpers/attendance.go:231-248@c7521c1c)', () => {
  /**
   * The model: strings.TrimSpace, then time.ParseInLocation("2006-01-02 15:04", "1970-01-01 "+ct, UTC+8): the hour one or
   * two digits below 24, the minute exactly two digits below 60, nothing after; epoch ms, else the value is kept.
   */
  function upstreamCheckTime(ct: string): number | string {
    const m = /^(\d{1,2}):(\d{2})$/.exec(ct.trim());
    if (!m) return ct;
    const [h, min] = [Number(m[1]), Number(m[2])];
    if (h > 23 || min > 59) return ct;
    return (h * 60 + min) * 60_000 - 8 * 3_600_000;
  }
  const checkTime = fc.record({
    h: fc.integer({ min: 0, max: 30 }), hPad: fc.boolean(),
    m: fc.integer({ min: 0, max: 75 }), mPad: fc.boolean(),
    before: fc.constantFrom('', ' ', '\t', '  '), after: fc.constantFrom('', ' ', '\n'),
  }).map((r) => `${r.before}${r.hPad ? String(r.h).padStart(2, '0') : String(r.h)}:${r.mPad ? String(r.m).padStart(2, '0') : String(r.m)}${r.after}`);

  it('in sections[].times[] and setting.topRestTimeList[], for any hour and minute spelling', async () => {
    await fc.assert(fc.asyncProperty(checkTime, checkTime, async (a, b) => {
      const vo = { name: 'c', sections: [{ times: [{ checkType: 'OnDuty', checkTime: a }, { checkTime: 5 }] }], setting: { topRestTimeList: [{ checkTime: b }] } };
      const args = await outputs.argsOf(['attendance', 'class', 'create', '--class-vo', JSON.stringify(vo), '--yes']);
      expect(args).toEqual([{
        TopAtClassVO: {
          name: 'c',
          sections: [{ times: [{ checkType: 'OnDuty', checkTime: upstreamCheckTime(a) }, { checkTime: 5 }] }],
          setting: { topRestTimeList: [{ checkTime: upstreamCheckTime(b) }] },
        },
      }]);
    }), { numRuns: 40 });
  });
});

describe('contact user dismission search reads --depts as parseCSVInts does (helpers/contact.go:1184-1186, :2000-2011@c7521c1c)', () => {
  /** The model: split at commas, each part TrimSpace'd, kept when strconv.ParseInt(part, 10, 64) reads it. */
  const upstreamDepts = (text: string) => text.split(',').map((p) => p.trim()).filter((p) => /^[+-]?\d+$/.test(p)).map(Number);
  const part = fc.constantFrom('+5', '010', '0x10', '1_0', '-3', ' 7 ', '', ' ', 'a', '1.5', '1e3', '42');
  it('any comma list: integers kept in order (sign and leading zeros read), anything else dropped; a blank text is no list', async () => {
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 5 }), async (parts) => {
      const text = parts.join(',');
      const args = await outputs.argsOf(['contact', 'user', 'dismission', 'search', '--depts', text]);
      const searchVO = text === '' ? {} : { depts: upstreamDepts(text) };
      expect(args).toEqual([{ searchVO, pageNum: 1, pageSize: 20 }]);
    }), { numRuns: 40 });
  });
});

describe('drive +recent prints the cursor addDrivePagination leaves (shortcut/drive/common.go:190-196@c7521c1c)', () => {
  /** The model: nextCursor, nextToken, nextPageToken in turn, each non-null one overwriting; hasMore when non-null. */
  function upstreamPage(container: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    for (const [from, to] of [['nextCursor', 'nextCursor'], ['nextToken', 'nextCursor'], ['nextPageToken', 'nextCursor'], ['hasMore', 'hasMore']]) {
      if (container[from] !== undefined && container[from] !== null) out[to] = container[from];
    }
    return out;
  }
  const value = fc.constantFrom<unknown>(undefined, null, '', 'c1', 'c2', false);
  it('the last non-null of nextCursor, nextToken, nextPageToken wins, an empty text included, at the top or inside result', async () => {
    await fc.assert(fc.asyncProperty(value, value, value, value, fc.boolean(), async (nextCursor, nextToken, nextPageToken, hasMore, wrapped) => {
      const container: Record<string, unknown> = { recentItems: [{ name: 'd', nodeId: 'n', extra: 1 }] };
      for (const [k, v] of Object.entries({ nextCursor, nextToken, nextPageToken, hasMore })) if (v !== undefined) container[k] = v;
      outputs.answer('doc/get_recent_list', wrapped ? { success: true, result: container } : container);
      const run = await outputs.sent(['drive', '+recent']);
      expect(run.reason).toBeUndefined();
      expect(run.printed).toEqual({ count: 1, items: [{ name: 'd', nodeId: 'n' }], ...upstreamPage(container) });
    }), { numRuns: 40 });
  });
});

describe('attendance overtime search reads --page/--current-page and --limit/--size as intFlagOrFallback does (helpers/attendance.go:160-176, :1608-1619@c7521c1c)', () => {
  /** The model: the typed primary when not 0, else the typed alias when not 0, else the primary's value; 0 or less is the default. */
  function upstreamInt(primary: number | undefined, alias: number | undefined, registered: number) {
    let v: number;
    if (primary !== undefined && primary !== 0) v = primary;
    else if (alias !== undefined && alias !== 0) v = alias;
    else v = primary ?? registered;
    return v <= 0 ? registered : v;
  }
  const n = fc.constantFrom<number | undefined>(undefined, -3, 0, 2, 7);
  it('any pair of spellings typed or not', async () => {
    await fc.assert(fc.asyncProperty(n, n, n, n, async (page, currentPage, limit, size) => {
      const argv = ['attendance', 'overtime', 'search'];
      for (const [flag, v] of [['--page', page], ['--current-page', currentPage], ['--limit', limit], ['--size', size]] as const) {
        if (v !== undefined) argv.push(`${flag}=${v}`);
      }
      expect(await outputs.argsOf(argv)).toEqual([{
        ATRuleQueryParam: { currentPage: upstreamInt(page, currentPage, 1), pageSize: upstreamInt(limit, size, 20) },
      }]);
    }), { numRuns: 40 });
  });
});
