// Upstream's two readings of an answer inside HTTP 200: its runner fails success:false (nested) only; its helpers and
// shortcuts, through parseMCPToolTextResult, also fail the first text block's top-level error, status and code keys
// (isBusinessError / isErrorCodeValue, internal/helpers/helpers.go:598-660@c7521c1c). src/backend/classify.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAnswer, helperBusinessError } from '../../src/backend/classify.js';
import { GO_SPACES } from '../go-spaces.js';

const same = (t: string) => t;
const helper = (body: Record<string, unknown>) => classifyAnswer(body, false, 'x', same, { rules: 'helper', body })?.reason;
const runner = (body: Record<string, unknown>) => classifyAnswer(body, false, 'x', same)?.reason;

describe('the helper path reads more answers as failures than the runner does', () => {
  it('a non-zero errorCode, an error text, a status of error: failures on the helper path only', () => {
    for (const body of [{ errorCode: 5 }, { code: 'InvalidParam' }, { errcode: 300005 }, { err_code: '-1' }, { error_code: 'E' }, { error: 'denied' }, { error: { a: 1 } }, { error: [1] }, { error: 0 }, { status: ' ERROR ' }]) {
      expect(helper(body), JSON.stringify(body)).toBe('business_error');
      expect(runner(body), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('zero and success codes, blank or empty errors and a null error are no failure on either path', () => {
    for (const body of [{ code: 0 }, { code: '0' }, { code: ' ok ' }, { errorCode: 'Success' }, { errcode: 'SUCCEED' }, { code: '' }, { error: ' ' }, { error: {} }, { error: [] }, { error: null }, { status: 'done' }, { code: true }, { success: true }]) {
      expect(helper(body), JSON.stringify(body)).toBeUndefined();
      expect(runner(body), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('success:false fails on both', () => {
    expect(helper({ success: false })).toBe('business_error');
    expect(runner({ success: false })).toBe('business_error');
    expect(helper({ success: 'FALSE' })).toBe('business_error');
  });

  it('a code text fails unless Go\'s TrimSpace and ToLower leave 0, ok, success or succeed (property)', () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    fc.assert(fc.property(pad, fc.string({ maxLength: 8 }), pad, (a, core, b) => {
      const trimmed = core.replace(new RegExp(`^[${GO_SPACES.join('')}]+|[${GO_SPACES.join('')}]+$`, 'gu'), '');
      const ok = trimmed === '' || ['0', 'ok', 'success', 'succeed'].includes(trimmed.toLowerCase());
      expect(helperBusinessError({ code: `${a}${core}${b}` })).toBe(!ok);
    }));
  });

  it('a numeric code fails unless it is zero (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      expect(helperBusinessError({ errorCode: n })).toBe(n !== 0);
    }));
  });
});
