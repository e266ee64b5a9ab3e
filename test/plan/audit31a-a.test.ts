// The twenty-seventh audit, part a (seed 20261228, notes/audit-31a-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-aa1:` cases of
// test/fixtures/calls/{aisearch,calendar,minutes}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES } from '../go-spaces.js';

const { sent } = useOutputRuns('dws-audit31a-a-');


/** The one call's arguments, or the refusal reason. */
const argsOf = async (argv: string[]) => {
  const run = await sent(argv);
  if (run.reason !== undefined) return run.reason;
  expect(run.calls).toHaveLength(1);
  return run.calls[0][1] as Record<string, unknown>;
};

// aisearch enterprise / behavior (runAisearchEnterprise aisearch.go:113-127, normalizeAisearchSearchTypes :159-170,
// parseCSVValues contact.go:20-45@c7521c1c): each element parseCSVValues leaves is matched by
// strings.ToLower(strings.TrimSpace(v)) against doc/document.
describe('aisearch enterprise writes a doc element document after Go\'s TrimSpace and ToLower of the decoded element', () => {
  const types = async (value: string, leaf = 'enterprise') => ((await argsOf(['aisearch', leaf, '--types', value])) as { searchTypes: unknown }).searchTypes;

  it('trims U+0085, keeps U+FEFF, and decodes JSON escapes before matching', async () => {
    const got = [];
    for (const value of ['\u0085doc', '\ufeffdoc', 'doc\u0085,im', '["\\u0064oc"]', '["DOC\\t","im"]', '["\\u00a0doc"]', '[null]', '" Document ",mail']) {
      got.push(await types(value));
    }
    expect(got).toEqual([
      ['document'], ['\ufeffdoc'], ['document', 'im'], ['document'], ['document', 'im'], ['document'], ['all'], ['document', 'mail'],
    ]);
  });

  it('reads behavior\'s --types the same way', async () => {
    expect(await types('\u0085Doc,\ufeffdoc', 'behavior')).toEqual(['document', '\ufeffdoc']);
  });

  it('writes any Go-space padding of any casing of doc/document as document, and keeps it behind U+FEFF (property)', async () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    const word = fc.tuple(fc.constantFrom('doc', 'document'), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }))
      .map(([w, up]) => [...w].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));
    await fc.assert(fc.asyncProperty(pad, word, pad, fc.boolean(), async (lead, w, tail, bom) => {
      const element = `${bom ? '\ufeff' : ''}${lead}${w}${tail}`;
      // parseCSVValues trims the element (not past a leading U+FEFF); the kept element is what the match saw
      const kept = bom ? `\ufeff${lead}${w}${tail}`.replace(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u, '') : w;
      expect(await types(`${element},mail`)).toEqual([bom ? kept : 'document', 'mail']);
    }), { numRuns: 20 });
  });
});

// calendar room delete and its siblings: the bodies check the raw flag for "" (mustFlagOrFallback / validateRequiredFlags /
// v == "") and send parseCSVValues of it, which returns Go's nil slice for a text of only Go spaces (contact.go:20-24):
// JSON null. Only commas give the empty non-nil slice (contact.go:32-45@c7521c1c).
describe('a list flag of only Go spaces is sent as null where upstream sends parseCSVValues of the raw text', () => {
  it('calendar room delete sends roomIds null for spaces and [] for commas', async () => {
    const got = [];
    for (const rooms of [' ', '\u0085', ' , ', 'r1, r2']) {
      got.push(((await argsOf(['calendar', 'room', 'delete', '--event', 'e1', '--rooms', rooms])) as { roomIds: unknown }).roomIds);
    }
    expect(got).toEqual([null, null, [], ['r1', 'r2']]);
  });

  it('minutes speaker summary create sends uuids null for spaces', async () => {
    expect(await argsOf(['minutes', 'speaker', 'summary', 'create', '--ids', '\u3000'])).toEqual({ uuids: null });
    expect(await argsOf(['minutes', 'speaker', 'summary', 'create', '--ids', ' , '])).toEqual({ uuids: [] });
  });

  it('the siblings with the same body shape send null too', async () => {
    const cases: [string[], string][] = [
      [['calendar', 'room', 'add', '--event', 'e1', '--rooms', ' '], 'roomIds'], // calendar.go:1184-1193
      [['calendar', 'attendee', 'add', '--event', 'e1', '--attendees', ' '], 'attendeesToAdd'], // :889-897
      [['calendar', 'attendee', 'delete', '--event', 'e1', '--attendees', ' ', '--yes'], 'attendeesToRemove'], // :957-965
      [['minutes', 'speaker', 'summary', 'get', '--ids', ' '], 'uuids'], // minutes.go:1196-1201
      [['minutes', 'hot-word', 'add', '--words', ' '], 'hotWordList'], // :1256-1260
      [['minutes', 'hot-word', 'delete', '--words', ' ', '--yes'], 'hotWordList'], // :1352-1356
      [['minutes', 'permission', 'add', '--ids', ' ', '--member-uids', 'm', '--policy', '2'], 'uuids'], // :1712-1729
      [['minutes', 'permission', 'add', '--ids', 'a', '--member-uids', ' ', '--policy', '2'], 'memberUids'], // :1725
      [['minutes', 'permission', 'add', '--ids', 'a', '--member-uids', 'm', '--policy', '2', '--sub-resources', ' '], 'roleSubResourceIds'], // :1742-1743
      [['minutes', 'permission', 'remove', '--ids', ' ', '--member-uids', ' ', '--yes'], 'memberUids'], // :1809-1820
    ];
    for (const [argv, key] of cases) {
      const args = await argsOf(argv);
      expect([argv.slice(0, 3).join(' '), key, typeof args === 'string' ? args : args[key]]).toEqual([argv.slice(0, 3).join(' '), key, null]);
    }
  });

  it('sends null for any non-empty run of Go spaces (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 4 }), async (spaces) => {
      const args = await argsOf(['calendar', 'room', 'delete', '--event', 'e1', '--rooms', spaces.join('')]);
      expect(args).toEqual({ eventId: 'e1', roomIds: null });
    }), { numRuns: 20 });
  });
});

// chat group update-icon (on chatPendingConversationIDMigrationPaths, chat.go:371-386; installChatFlagAliases :419-466,
// chatFlagOrAlias :198-215, the body :6798-6809@c7521c1c): the PreRunE compares the trimmed spellings and sets
// --conversation-id only to a non-empty trimmed value; cobra's required check on --conversation-id runs after it.
describe('chat group update-icon folds its conversation id spellings trimmed, as upstream\'s PreRunE', () => {
  const icon = async (flags: string[]) => {
    const args = await argsOf(['chat', 'group', 'update-icon', ...flags, '--icon-media-id', 'm']);
    return typeof args === 'string' ? args : args.openConversationId;
  };

  it('refuses a blank --group alone, lets a blank --conversation-id yield, and agrees on spellings equal once trimmed', async () => {
    const got = [];
    for (const flags of [
      ['--group', ' '], ['--group', '\u0085'], ['--conversation-id', ' ', '--group', 'g'], ['--group', 'g', '--conversation-id', '\u3000'],
      ['--conversation-id', 'a', '--group', ' a '], ['--group', ' ', '--conversation-id', ' '], ['--conversation-id', ' '], ['--conversation-id', 'a', '--group', 'b'],
    ]) {
      got.push(await icon(flags));
    }
    expect(got).toEqual(['missing_parameter', 'missing_parameter', 'g', 'g', 'a', ' ', ' ', 'invalid_parameter']);
  });

  it('sends the trimmed id of any spelling padded with Go spaces, and refuses two that differ once trimmed (property)', async () => {
    const pad = fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }).map((a) => a.join(''));
    const spelling = fc.constantFrom('--conversation-id', '--group', '--id', '--chat', '--open-conversation-id');
    await fc.assert(fc.asyncProperty(spelling, spelling, pad, pad, fc.boolean(), async (a, b, p1, p2, differ) => {
      fc.pre(a !== b);
      const got = await icon([a, `${p1}cid1${p2}`, b, `${p2}cid${differ ? '2' : '1'}${p1}`]);
      expect(got).toBe(differ ? 'invalid_parameter' : 'cid1');
    }), { numRuns: 25 });
  });
});
