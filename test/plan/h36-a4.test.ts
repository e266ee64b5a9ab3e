// Session 36 second reading, part a4 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a4.md). The drive push
// listing fix is tested beside the other drive folder walks (test/local/drive-folder.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36a4-');
const { sent } = outputs;

/** Go's unicode.IsSpace set, which strings.TrimSpace (in parseCSVValues, helpers/contact.go:20-24@c7521c1c) trims. */
const GO_SPACE = [' ', '\t', '\n', '\v', '\f', '\r', '\u0085', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];

// calendar attachment add (helpers/calendar.go:1456-1489@c7521c1c): validateRequiredFlags (:1461) refuses only "";
// parseCSVValues of a text of Go spaces is nil, so no entry is checked and attachments is make([]map, 0, 0): [] is sent.
describe('calendar attachment add: a --files of only spaces sends attachments [] (helpers/calendar.go:1461-1484@c7521c1c)', () => {
  it('any run of Go spaces is sent as no attachment, the event as typed', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACE), { minLength: 1, maxLength: 4 }).map((p) => p.join('')), async (blank) => {
      const r = await sent(['calendar', 'attachment', 'add', '--event', ' e1 ', '--files', blank]);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([['calendar/add_attachments', { eventId: ' e1 ', attachments: [] }]]);
    }), { numRuns: 12 });
  });
  it('"" is still refused before any call; a filled entry is still read and a malformed one refused', async () => {
    const empty = await sent(['calendar', 'attachment', 'add', '--event', 'e1', '--files', '']);
    expect(empty.reason).toBe('missing_parameter');
    expect(empty.calls).toEqual([]);
    const filled = await sent(['calendar', 'attachment', 'add', '--event', 'e1', '--files', ' f1 : a.pdf ,', '--calendar-id', 'c']);
    expect(filled.calls).toEqual([['calendar/add_attachments', { eventId: 'e1', attachments: [{ id: 'f1', name: 'a.pdf' }], calendarId: 'c' }]]);
    const bad = await sent(['calendar', 'attachment', 'add', '--event', 'e1', '--files', ' , f1:']);
    expect(bad.reason).toBe('invalid_parameter');
    expect(bad.calls).toEqual([]);
  });
});
