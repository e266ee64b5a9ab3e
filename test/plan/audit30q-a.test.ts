// The seventeenth audit, part a (seed 20261218, notes/audit-30q-a.md): what its fixed commands print and refuse, run
// as a user types them against the recording backend on 127.0.0.1. The calls themselves are pinned by the `a-q1:`
// cases of test/fixtures/calls/*.yaml.
//
// chat message update-card checks its answer as upstream's VerifyStreamingCardUpdate (shortcut/chatmsg/
// card_update.go:73-210@c7521c1c) and prints it only when it shows the write (or success=true alone); aitable's
// parseBoolFlag is TrimSpace + strconv.ParseBool (aitable.go:27-34); ParseISOTimeToMillis reads its layouts as Go's
// time.ParseInLocation does (pkg/cmdutil/time.go:23-74).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardUpdateVerdict } from '../../src/domain/chat-cards.js';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, answer, run, failure, refusal } = useOutputRuns('dws-audit30q-a-');

const CARD = ['chat', 'message', 'update-card', '--biz-id', ' biz1 ', '--content', '进度 50%', '--flow-status', '2'];

describe('chat message update-card prints the answer only when it shows the write', () => {
  it('prints an answer with a sign of the write as it came, after sending the trimmed bizId', async () => {
    const body = { success: true, result: { bizId: 'biz1', affectedCount: 1 } };
    answer('im/update_streaming_card', body);
    expect(await run(CARD)).toEqual(body);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ bizId: 'biz1', msgContent: '进度 50%', flowStatus: 2 }]);
  });

  it('prints an answer that says success=true and nothing more (accepted, not verified)', async () => {
    answer('im/update_streaming_card', { success: true });
    expect(await run(CARD)).toEqual({ success: true });
  });

  it('fails after the call, printing nothing, for every answer upstream does not trust', async () => {
    // h56-left: the verdict reads the runner-stamped answer (app/runner.go:774-783@c7521c1c): {} is {success: true},
    // accepted (test/plan/h56-left.test.ts); an updated false or a zero count without success meets the stamp's
    // success=true, conflicting evidence (unverified); a list is the nil map, no evidence
    const answers: [unknown, string][] = [
      [{ success: true, result: { updated: false } }, 'no clear sign'],
      [{ result: { updated: false } }, 'no clear sign'],
      [{ success: null, result: { updated: false } }, 'was not updated'],
      // lead-s32: a top-level errorCode fails on the helper path before the update is judged (isBusinessError,
      // helpers.go:598-660@c7521c1c)
      [{ errorCode: 'E1' }, 'E1'],
      [{ data: { modifiedCount: 0 } }, 'no clear sign'],
      [{ result: { bizId: 'biz2', updated: true } }, 'another bizId'],
      [[true], 'no clear sign'],
    ];
    for (const [body, says] of answers) {
      answer('im/update_streaming_card', body);
      const { reason, message, out } = await failure(CARD);
      const expected = body !== null && typeof body === 'object' && 'errorCode' in body ? 'business_error' : 'backend_error';
      expect({ body, reason, says: message.includes(says), out }).toEqual({ body, reason: expected, says: true, out: '' });
    }
  });

  it('refuses a placeholder bizId in any case and a Go space or control character before any call', async () => {
    for (const bizId of ['<BIZID>', ' your_biz_id ', '${Biz-Id}', 'a\u0085b', 'a\u00a0b', 'a\u3000b', 'a\u009fb']) {
      const argv = [...CARD];
      argv[4] = bizId;
      expect({ bizId, ...(await refusal(argv)) }).toEqual({ bizId, reason: 'invalid_parameter', out: '' });
    }
    expect(mcp.calls).toEqual([]);
  });

  // h36-b2 (chat.go:6279-6286, chatmsg/card_update.go:43-47@c7521c1c): a blank --biz-id passes the required check
  // (it is not empty) and NormalizeCardBizID refuses it once trimmed, before any call
  it('refuses a --biz-id of spaces or tabs before any call', async () => {
    for (const bizId of ['   ', '\t', ' \n ']) {
      const argv = [...CARD];
      argv[4] = bizId;
      expect({ bizId, ...(await refusal(argv)) }).toEqual({ bizId, reason: 'invalid_parameter', out: '' });
    }
    expect(mcp.calls).toEqual([]);
  });
});

describe('the card_update_verdict transform (VerifyStreamingCardUpdate)', () => {
  it('names each outcome as upstream orders its checks', () => {
    const cases: [unknown, string][] = [
      [{ answer: { result: true }, bizId: 'b' }, 'verified'],
      [{ answer: { data: [{ applied: true }] }, bizId: 'b' }, 'verified'],
      [{ answer: { updatedCount: 3, bizID: ' b ' }, bizId: 'b' }, 'verified'],
      [{ answer: { success: true }, bizId: 'b' }, 'accepted'],
      [{ answer: { success: true, errorCode: null }, bizId: 'b' }, 'accepted'],
      [{ answer: { success: true, errorCode: '  ' }, bizId: 'b' }, 'accepted'],
      [{ answer: { success: false }, bizId: 'b' }, 'not_applied'],
      [{ answer: { result: false }, bizId: 'b' }, 'not_applied'],
      [{ answer: { updated: true, affectedCount: 0 }, bizId: 'b' }, 'unverified'],
      [{ answer: { affectedCount: -1 }, bizId: 'b' }, 'unverified'],
      [{ answer: { affectedCount: 1.5 }, bizId: 'b' }, 'unverified'],
      [{ answer: { extra: { updated: true } }, bizId: 'b' }, 'unverified'],
      [{ answer: '', bizId: 'b' }, 'unverified'],
      [{ answer: null, bizId: 'b' }, 'unverified'],
      [{ answer: { biz_id: 'c', updated: true }, bizId: 'b' }, 'biz_id_mismatch'],
      [{ answer: { card: { bizId: 'c' } }, bizId: 'b' }, 'biz_id_mismatch'],
      [{ answer: 'not json', bizId: 'b' }, 'invalid'],
      [{ answer: [1], bizId: 'b' }, 'invalid'],
    ];
    expect(cases.map(([v]) => cardUpdateVerdict(v))).toEqual(cases.map(([, want]) => want));
  });

  it('never calls an answer verified unless it holds a sign of the write (property)', () => {
    const leaf = fc.oneof(fc.boolean(), fc.integer({ min: -3, max: 3 }), fc.constantFrom('x', '', null));
    const answerArb = fc.dictionary(fc.constantFrom('success', 'updated', 'applied', 'affectedCount', 'errorCode', 'other'), leaf);
    fc.assert(fc.property(answerArb, (body) => {
      const verdict = cardUpdateVerdict({ answer: body, bizId: 'b' });
      const sign = body.updated === true || body.applied === true || (typeof body.affectedCount === 'number' && body.affectedCount > 0);
      if (verdict === 'verified') expect(sign).toBe(true);
      if (!sign && body.success !== true) expect(['verified', 'accepted']).not.toContain(verdict);
    }));
  });
});

describe('aitable share update --enabled is parseBoolFlag: TrimSpace, then strconv.ParseBool', () => {
  const GO: Record<string, boolean> = { 1: true, t: true, T: true, TRUE: true, true: true, True: true, 0: false, f: false, F: false, FALSE: false, false: false, False: false };
  it('reads exactly strconv.ParseBool\'s spellings after trimming and refuses the rest (property)', () => {
    // the random words hold no space of their own (fast-check found "0 ", which trims to a spelling): the pad is the
    // only whitespace, so the word is what ParseBool reads
    const spelling = fc.oneof(fc.constantFrom(...Object.keys(GO), 'yes', 'no', 'tRue', 'on', 'off', 'y', ''), fc.string({ maxLength: 5 }).filter((w) => !/[\s\u0085]/u.test(w)));
    fc.assert(fc.property(spelling, fc.constantFrom('', ' ', '\t', '\u00a0'), (word, pad) => {
      const text = `${pad}${word}${pad}`;
      const want = Object.hasOwn(GO, word) ? GO[word] : undefined;
      let got: boolean | undefined;
      try {
        got = TRANSFORMS.go_bool(TRANSFORMS.trim(text, '--enabled', { env: {} }), '--enabled', { env: {} }) as boolean;
      } catch {
        got = undefined;
      }
      expect({ text, got }).toEqual({ text, got: want });
    }));
  });

  it('sends ` T ` as true and refuses `yes` as a user types them', async () => {
    const argv = (v: string) => ['aitable', 'dashboard', 'share', 'update', '--base-id', 'b1', '--dashboard-id', 'd1', '--enabled', v];
    answer('aitable/update_dashboard_share', { success: true });
    expect(await run(argv(' T '))).toEqual({ success: true });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ baseId: 'b1', dashboardId: 'd1', enabled: true }]);
    expect(await refusal(argv('yes'))).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});

describe('flex_time_ms reads ParseISOTimeToMillis\'s layouts as Go does', () => {
  const ctx = { env: {} };
  const p2 = (n: number) => String(n).padStart(2, '0');
  // from 1992: Asia/Shanghai kept summer time in 1986-1991 (upstream's LoadLocation, pkg/cmdutil/time.go:61), which the
  // fixed +8 below does not model; test/plan/sweep-time.test.ts covers those years
  it('reads one- or two-digit hours and any fraction after the seconds, zone-less in Asia/Shanghai (property)', () => {
    fc.assert(fc.property(
      fc.record({ y: fc.integer({ min: 1992, max: 2200 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }),
        h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
        oneDigit: fc.boolean(), fraction: fc.constantFrom('', '.5', ',25', '.123456789', '.9999999999'), sep: fc.constantFrom('T', ' ') }),
      ({ y, mo, d, h, mi, s, oneDigit, fraction, sep }) => {
        const hour = oneDigit && h < 10 ? String(h) : p2(h);
        const fracMs = fraction === '' ? 0 : Math.floor(Number(`0.${fraction.slice(1, 10)}`) * 1000);
        const wall = Date.UTC(y, mo - 1, d, h, mi, s) + fracMs;
        const date = `${y}-${p2(mo)}-${p2(d)}`;
        expect(TRANSFORMS.flex_time_ms(`${date}${sep}${hour}:${p2(mi)}:${p2(s)}${fraction}`, '--due', ctx)).toBe(wall - 8 * 3600_000);
        expect(TRANSFORMS.flex_time_ms(`${date}T${hour}:${p2(mi)}:${p2(s)}${fraction}Z`, '--due', ctx)).toBe(wall);
        expect(TRANSFORMS.flex_time_ms(`${date}T${hour}:${p2(mi)}:${p2(s)}${fraction}-05:30`, '--due', ctx)).toBe(wall + 5.5 * 3600_000);
        expect(TRANSFORMS.flex_time_ms(`${date} ${hour}:${p2(mi)}`, '--due', ctx)).toBe(Date.UTC(y, mo - 1, d, h, mi) - 8 * 3600_000);
      },
    ));
  });

  it('refuses what Go refuses: hour 24, a one-digit month, day or minute, a fraction without seconds, a bad offset', () => {
    for (const text of ['2026-03-13T24:00:00Z', '2026-03-13 24:00', '2026-3-13', '2026-03-1', '2026-03-13 9:5', '2026-03-13 09:05.5',
      '2026-03-13T09:00:00+25:00', '2026-03-13T09:00:00+0800', '2026-03-13t09:00:00Z', '2026-02-29', '2026-03-13T09:00:60Z']) {
      expect(() => TRANSFORMS.flex_time_ms(text, '--due', ctx), text).toThrow();
    }
  });

  it('reads an offset up to +24:60 and a year below 100, as Go does', () => {
    expect(TRANSFORMS.flex_time_ms('2026-03-13T09:00:00+24:60', '--due', ctx)).toBe(Date.UTC(2026, 2, 13, 9) - (24 * 60 + 60) * 60_000);
    const year50 = new Date(Date.UTC(2000, 0, 1));
    year50.setUTCFullYear(50);
    expect(TRANSFORMS.flex_time_ms('0050-01-01T00:00:00Z', '--due', ctx)).toBe(year50.getTime());
  });
});
