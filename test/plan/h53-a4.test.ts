// Session 53 helper a4, second-reading audit of seed 20261443 (issue 32, notes/h53-a4.md). Each drawn command was read
// against its upstream body at c7521c1c and run as a user types it against the recording backend on 127.0.0.1. What
// differed is fixed and tested first below; the readings the audit checked are held after it, so a later change that
// breaks one fails here.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, mcp } = useOutputRuns('dws-h53a4-');

describe('minutes +prepare-asr: a blank hot word in the list answer is refused before any write (minutesdata/workflow.go:193-204@c7521c1c)', () => {
  // HotWords trims every element's word and fails on one that is left empty, a bare text as well as an object's
  // field; executeMinutesPrepareASR returns that error before add_personal_hot_word (workflows.go:455-458).
  it.each([[[' ']], [['a', '']], [['a', { hotWord: ' ' }]]])('hotWordList %j: backend_error, only the read is sent', async (list) => {
    mcp.answers['minutes/list_my_hotwords'] = () => ({ success: true, result: { hotWordList: list } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'b', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['minutes/list_my_hotwords', {}]]);
  });
  it('a blank word in the read-back is refused as unreadable, not taken as a word (workflows.go:496-499)', async () => {
    let n = 0;
    mcp.answers['minutes/list_my_hotwords'] = () => (n++ === 0
      ? { success: true, result: { hotWordList: ['a'] } }
      : { success: true, result: { hotWordList: ['a', 'b', ' '] } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'a,b', '--yes']);
    expect(run.calls.map((c) => c[0])).toEqual(['minutes/list_my_hotwords', 'minutes/add_personal_hot_word', 'minutes/list_my_hotwords']);
    // HotWords fails on the read-back, so upstream returns that error after the add (before: "" was a word, the
    // desired set a and b was found and the run printed verified: true)
    expect(run.reason).toBe('partial_outcome');
    expect(run.printed).toBeUndefined();
  });
  it('trimmed words still count: " c " is c, the additions sorted, --sync deletes the rest', async () => {
    let n = 0;
    mcp.answers['minutes/list_my_hotwords'] = () => (n++ === 0
      ? { success: true, result: { hotWordList: ['a', { hotWord: ' c ' }] } }
      : { success: true, result: { hotWordList: ['a', 'b', 'z'] } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    mcp.answers['minutes/delete_personal_hotword'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'z, b,,a', '--sync', '--yes']);
    expect(run.calls).toEqual([['minutes/list_my_hotwords', {}], ['minutes/add_personal_hot_word', { hotWordList: ['b', 'z'] }],
      ['minutes/delete_personal_hotword', { hotWordList: ['c'] }], ['minutes/list_my_hotwords', {}]]);
    expect(run.printed).toMatchObject({ desired: ['z', 'b', 'a'], before: ['a', 'c'], verified: true });
  });
});
