// SessionBudget (src/serve/budget.ts) as a property: whatever the sequence of answers, the distinct commands shown
// and the contract bytes read never pass their caps, a refusal changes nothing, and an answer naming only commands
// already shown is always admitted.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DwsError } from '../../src/errors.js';
import { SessionBudget, budgetLimits, DEFAULT_BUDGET } from '../../src/serve/budget.js';

const answerOf = (paths: string[]) => JSON.stringify({ candidates: paths.map((p) => ({ canonical_path: p })) });
const reasonOf = (run: () => void): string | undefined => {
  try {
    run();
    return undefined;
  } catch (e) {
    return (e as DwsError).reason;
  }
};

describe('SessionBudget', () => {
  it('never shows more distinct commands or contract bytes than its caps, and a refusal changes nothing', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('search' as const), paths: fc.array(fc.integer({ min: 0, max: 40 }).map((n) => `p.${n}`), { maxLength: 8 }) }),
      fc.record({ kind: fc.constant('inspect' as const), path: fc.integer({ min: 0, max: 40 }).map((n) => `p.${n}`), bytes: fc.integer({ min: 1, max: 3000 }), large: fc.boolean() }),
    );
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 10_000 }), fc.array(step, { maxLength: 40 }), (maxTools, maxContractBytes, steps) => {
      const b = new SessionBudget({ maxTools, maxContractBytes, maxContractBytesEach: 2000 });
      const shown = new Set<string>();
      for (const s of steps) {
        const before = b.used;
        const reason = s.kind === 'search' ? reasonOf(() => b.admitSearch(answerOf(s.paths))) : reasonOf(() => b.admitInspect(s.path, s.bytes, s.large));
        if (reason) {
          expect(b.used).toEqual(before);
          expect(reason).toMatch(/^(session_budget_exceeded|contract_too_large)$/);
          if (reason === 'contract_too_large') expect(s.kind === 'inspect' && s.bytes > 2000 && !s.large).toBe(true);
        } else {
          for (const p of s.kind === 'search' ? s.paths : [s.path]) shown.add(p);
        }
        if (s.kind === 'search' && s.paths.every((p) => shown.has(p))) expect(reason).toBeUndefined();
        expect(b.used.tools).toBe(shown.size);
        expect(b.used.tools).toBeLessThanOrEqual(maxTools);
        expect(b.used.contractBytes).toBeLessThanOrEqual(maxContractBytes);
      }
    }), { numRuns: 300 });
  });

  it('reads its caps from flags first, then the environment, then the defaults', () => {
    expect(budgetLimits({}, {})).toEqual(DEFAULT_BUDGET);
    expect(budgetLimits({ maxTools: '5' }, { DWS_SERVE_MAX_TOOLS: '9', DWS_SERVE_MAX_CONTRACT_BYTES: '100' })).toEqual({ ...DEFAULT_BUDGET, maxTools: 5, maxContractBytes: 100 });
    for (const bad of ['0', '-1', '1.5', 'x', '99999999999999999999']) expect(reasonOf(() => budgetLimits({ maxTools: bad }, {}))).toBe('invalid_argument');
  });
});
