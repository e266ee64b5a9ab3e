// A bool flag on the command line is read as upstream's BoolValueHandler reads it before pflag parses argv
// (internal/pipeline/handlers/boolvalue.go, registered for every command at internal/app/root.go:2055@c7521c1c):
// `--x <word>` and `--x=<word>` take cmdutil.NormalizeBoolLiteral's words (pkg/cmdutil/sticky_suffix.go:116-125:
// true/1/t/yes/on/y and false/0/f/no/off/n, trimmed, any case), so `--off false` is false rather than true plus a
// stray `false`; a bare flag before any other word is true; one flag given two values is refused
// (BoolValueConflictError, internal/pipeline/phase.go:177-191). Run as a user types the commands against the
// recording MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boolLiteral } from '../../src/dispatch/flags.js';
import { GO_SPACES } from '../go-spaces.js';
import { useOutputRuns } from '../plan/output-runs.js';

const { sent } = useOutputRuns('dws-bool-value-');
const TRUE = ['true', '1', 't', 'yes', 'on', 'y'];
const FALSE = ['false', '0', 'f', 'no', 'off', 'n'];

/** A word in random case with Go spaces around it. */
const spelled = (words: string[]) => fc.tuple(fc.constantFrom(...words), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  fc.constantFrom('', ...GO_SPACES), fc.constantFrom('', ...GO_SPACES))
  .map(([w, up, a, b]) => a + [...w].map((c, i) => (up[i] ? c.toUpperCase() : c)).join('') + b);

describe('boolLiteral: NormalizeBoolLiteral\'s words', () => {
  it('reads the twelve words in any case with Go spaces around, and nothing else', () => {
    fc.assert(fc.property(spelled(TRUE), (w) => {
      expect(boolLiteral(w)).toBe(true);
    }));
    fc.assert(fc.property(spelled(FALSE), (w) => {
      expect(boolLiteral(w)).toBe(false);
    }));
    fc.assert(fc.property(fc.string({ maxLength: 6 }), (w) => {
      const word = w.replace(new RegExp(`^[${GO_SPACES.join('')}]+|[${GO_SPACES.join('')}]+$`, 'gu'), '').toLowerCase();
      expect(boolLiteral(w)).toBe(TRUE.includes(word) ? true : FALSE.includes(word) ? false : undefined);
    }));
  });
});

describe('a bool flag followed by a word, as upstream\'s BoolValueHandler', () => {
  const mute = async (...flags: string[]) => {
    const run = await sent(['chat', 'group-mute', '--conversation-id', 'c1', ...flags]);
    return run.reason ?? run.calls.map(([, args]) => (args as { mute: boolean }).mute);
  };

  it('chat group-mute --off <word> (mute: !off, helpers/chat.go:7224@c7521c1c)', async () => {
    expect(await mute('--off', 'false')).toEqual([true]);
    expect(await mute('--off', ' No ')).toEqual([true]);
    expect(await mute('--off', 'YES')).toEqual([false]);
    expect(await mute('--off=on')).toEqual([false]);
    expect(await mute('--off=0')).toEqual([true]);
    expect(await mute('--off')).toEqual([false]);
    expect(await mute()).toEqual([true]);
  });

  it('a word after = that is none of them is refused, as pflag\'s ParseBool refuses what the handler leaves', async () => {
    expect(await mute('--off=maybe')).toBe('invalid_parameter');
    expect(await mute('--off=')).toBe('invalid_parameter');
  });

  it('one flag given true and false is refused before any call; the same value twice is not', async () => {
    expect(await mute('--off', '--off=false')).toBe('invalid_parameter');
    expect(await mute('--off', 'no', '--off', 'yes')).toBe('invalid_parameter');
    expect(await mute('--off', '--off=true', '--off', 'y')).toEqual([false]);
  });

  it('dispatch\'s own --dry-run and --yes read the same words: `--dry-run false` runs the command', async () => {
    expect(await mute('--dry-run', 'false', '--off', 'false')).toEqual([true]);
    const dry = await sent(['chat', 'group-mute', '--conversation-id', 'c1', '--dry-run', 'on']);
    expect({ reason: dry.reason, calls: dry.calls }).toEqual({ reason: undefined, calls: [] });
  });
});

describe('-y: upstream\'s root shorthand of --yes (internal/app/flags.go:55@c7521c1c), on every command', () => {
  const dismiss = (...flags: string[]) => sent(['chat', 'group', 'dismiss', '--id', 'c1', ...flags]);

  it('confirms a command that needs confirmation as --yes does, and reads the same words after it', async () => {
    expect((await dismiss()).reason).toBe('confirmation_required');
    for (const flags of [['-y'], ['-y', 'true'], ['-y=on'], ['--yes']]) {
      const run = await dismiss(...flags);
      expect({ reason: run.reason, calls: run.calls.map(([tool]) => tool) }).toEqual({ reason: undefined, calls: [expect.stringMatching(/dismiss/u)] });
    }
    expect((await dismiss('-y', 'false')).reason).toBe('confirmation_required');
    expect((await dismiss('-y=n')).reason).toBe('confirmation_required');
    expect((await dismiss('-y', '--yes=false')).reason).toBe('invalid_parameter');
  });

  it('a command that declares its own --yes keeps its own -y (chat chmod, helpers/chat.go:2414)', async () => {
    const run = await sent(['chat', 'chmod', 'chat.message:send', '--conversation-id', 'c1', '-y']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.length).toBe(1);
  });
});
