// Session 39, lead (issue 32): an `answer_object` call answered by a JSON text literal whose text is blank (`""`,
// `" "`) is no blank answer: upstream's CallMCPData trims the text as it came (not blank: two quote marks) and fails
// to json.Unmarshal a JSON text into a map (shortcut/runner.go:255-271@c7521c1c). dws decoded the literal first and
// took its blank text for the blank answer (the empty page), printing an empty list with exit 0.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39lead-');
const { sent } = outputs;

describe('answer_object: a quoted blank text is a text, not the blank answer (runner.go:255-271@c7521c1c)', () => {
  const blankText = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f'), maxLength: 4 });
  it.each([['+overdue'], ['+created-todos']])('todo %s: a page answered by a quoted blank text fails, nothing printed', async (verb) => {
    await fc.assert(fc.asyncProperty(blankText, async (inner) => {
      outputs.answerText('get_user_todos_in_current_org', JSON.stringify(inner));
      const r = await sent(['todo', verb]);
      expect(r.calls).toHaveLength(1);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
  });
  it('the blank answer itself (a blank text as it came) is still the empty page', async () => {
    for (const text of ['', ' ', '\n\t']) {
      outputs.answerText('get_user_todos_in_current_org', text);
      const r = await sent(['todo', '+overdue']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toMatchObject({ overdue: [] });
    }
  });
  it('todo +get-my-tasks (answer_object on its one call) refuses the quoted blank text too', async () => {
    outputs.answerText('get_user_todos_in_current_org', '""');
    const r = await sent(['todo', '+get-my-tasks']);
    expect(r.reason).toBe('backend_error');
    expect(r.printed).toBeUndefined();
  });
});
