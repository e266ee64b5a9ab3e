// event consume's --query words are split on commas and each trimmed as upstream's splitCSV does, with Go's
// strings.TrimSpace (internal/event/personal/registry.go@c7521c1c): U+0085 (NEL) is space there and U+FEFF is not,
// the reverse of JavaScript's String.prototype.trim. Run as a user types it, with --dry-run (no request is made).
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../src/events/catalog.js';
import { matcher } from '../../src/events/consume.js';
import { runCliAsync } from '../helpers.js';

async function queryWords(query: string): Promise<unknown> {
  const run = await runCliAsync(['event', 'consume', 'user_im_message_receive_at', '--query', query, '--dry-run']);
  expect(run.status, run.stderr).toBe(0);
  const steps = (JSON.parse(run.stdout) as { steps: { id: string; filter?: { value?: unknown } }[] }).steps;
  return steps.find((s) => s.id === 'subscribe_0')?.filter?.value;
}

describe('event consume --query words (h54-event)', () => {
  it('drops a word that is only U+0085, as Go TrimSpace does', async () => {
    expect(await queryWords('a,\u0085,b')).toEqual(['a', 'b']);
  });

  it('keeps a word that is only U+FEFF, which Go TrimSpace does not trim', async () => {
    expect(await queryWords('a,\uFEFF,b')).toEqual(['a', '\uFEFF', 'b']);
  });

  it('trims ordinary spaces around each word and drops empty ones', async () => {
    expect(await queryWords(' a , ,b ,')).toEqual(['a', 'b']);
  });
});

describe('event consume --event-types match (h54-event)', () => {
  const ev = (eventType: string) => ({ event_type: eventType, subscribe_id: 's1' }) as unknown as EventEnvelope;

  it('trims each type with Go TrimSpace before matching (bus/hub.go:77@c7521c1c)', () => {
    const m = matcher({ subscribeIds: [], eventTypes: ['\u0085user_im_message_receive_at\u0085'] });
    expect(m(ev('user_im_message_receive_at'))).toBe(true);
    expect(m(ev('user_im_message_receive_o2o'))).toBe(false);
    // U+FEFF is no space to Go: the type keeps it and so matches nothing here
    expect(matcher({ subscribeIds: [], eventTypes: ['\uFEFFuser_im_message_receive_at'] })(ev('user_im_message_receive_at'))).toBe(false);
  });
});
