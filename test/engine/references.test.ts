// twins and steps in references (SPEC 4.4, 4.3 step 5).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

type Ref = { canonical_path: string; twins?: string[]; steps?: number[] };
const search = (r: Record<string, unknown>) => JSON.parse(shippedEngine().search(r)) as { candidates: Ref[] };

describe('twins', () => {
  it('a shortcut names the atomic command it wraps, and that command names the shortcut (available ones only)', () => {
    const e = shippedEngine();
    const shortcuts = e.tools().filter((t) => t.wraps !== undefined && t.availability === 'available');
    expect(shortcuts.length).toBeGreaterThan(100);
    for (const t of shortcuts.slice(0, 60)) {
      const [ref] = search({ query: t.canonical_path }).candidates;
      const wrapped = JSON.parse(inspect(e, t.wraps!)) as { availability: string };
      if (wrapped.availability === 'available') expect(ref.twins, t.canonical_path).toContain(t.wraps);
      const [back] = search({ query: t.wraps! }).candidates;
      if (back) expect(back.twins, t.wraps).toContain(t.canonical_path);
    }
  });

  it('a command nothing wraps and that wraps nothing has no twins key', () => {
    const e = shippedEngine();
    const twinned = new Set(e.tools().flatMap((t) => (t.wraps ? [t.wraps, t.canonical_path] : [])));
    const lone = e.tools().find((t) => !twinned.has(t.canonical_path) && t.availability === 'available')!;
    expect(search({ query: lone.canonical_path }).candidates[0]).not.toHaveProperty('twins');
  });
});

describe('steps in a decomposed answer', () => {
  const texts = ['撤回消息', '创建待办', '上传文件到钉盘', '查看日程', 'send a DING', 'list my approvals', '新建多维表'];

  it('every reference answers at least one step, and every step whose first hit is eligible is answered', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.constantFrom(...texts), { minLength: 2, maxLength: 4 }), fc.integer({ min: 4, max: 10 }), (subqueries, limit) => {
      const r = search({ query: 'task', subqueries, limit });
      for (const c of r.candidates) expect(c.steps?.length, c.canonical_path).toBeGreaterThan(0);
      const answered = new Set(r.candidates.flatMap((c) => c.steps ?? []));
      subqueries.forEach((_, i) => expect(answered.has(i), `step ${i} of ${subqueries.join(' | ')}`).toBe(true));
    }), { numRuns: 40 });
  });

  it('a step is listed on the reference of its own first hit', () => {
    const subqueries = ['撤回消息', '创建待办'];
    const r = search({ query: 'task', subqueries, limit: 5 });
    subqueries.forEach((q, i) => {
      const first = search({ query: q, limit: 1 }).candidates[0];
      const shown = r.candidates.find((c) => c.canonical_path === first.canonical_path || c.twins?.includes(first.canonical_path));
      expect(shown?.steps).toContain(i);
    });
  });
});
