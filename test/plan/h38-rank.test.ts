// Session 38 (h38-rank, issue 34): the destructive over-reach readings the train requests still showed, and the
// "take ... out of" reading whose session-36 property failed on a random seed. Searches run as a user types them
// (`dws schema search --query ...`); the lexicon checks read catalog/lexicon/*.yaml as the build does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readActionLexicon } from '../../src/build/load.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';

const actions = readActionLexicon('catalog');
const acts = (q: string) => { const m = queryActionMask(fold(q), actions, 2); return actions.classes.filter((_, i) => (m & (1 << i)) !== 0); };

describe('session 38: "take" with an object ending in a pronoun before "out of" or "off the" is still the removal', () => {
  // The session-36 property (test/engine/stages.test.ts) failed when its random object ended in us, me, it, him: the
  // pronoun join (take me out -> take out me) ran first and broke "out of" apart.
  it('reads the removal when the object is or ends with a pronoun', () => {
    expect(acts('take me out of the launch group')).toContain('remove');
    expect(acts('take them out of the design chat')).toContain('remove');
    expect(acts('take Ann and him off the attendee list')).toContain('remove');
    expect(acts('take it out of my folder')).toContain('remove');
    // the pronoun join still works where no "out of" / "off the" follows
    expect(acts('take it off')).toContain('delete');
    expect(acts('turn it off')).toContain('enable');
    // time off is still no removal
    expect(acts('take Friday off')).not.toContain('remove');
  });

  it('for any object of one to three words whose last may be a pronoun', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/).filter((w) => !['and', 'out', 'off', 'of', 'take'].includes(w));
    const pronoun = fc.constantFrom('it', 'him', 'her', 'them', 'me', 'us', 'this', 'that', 'these', 'those');
    fc.assert(fc.property(fc.array(word, { minLength: 0, maxLength: 2 }), pronoun,
      fc.constantFrom('out of the launch group', 'off the attendee list', 'out of my folder'), (names, who, rest) => {
        const q = `take ${[...names, who].join(' ')} ${rest}`;
        expect(acts(q), q).toContain('remove');
      }), { numRuns: 300 });
  });
});
