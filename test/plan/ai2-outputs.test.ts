// What the commands audit-30i-b fixed print (issue 32, a-i2), as upstream's bodies at c7521c1c print it, run as a
// user types them against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { run, answer } = useOutputRuns('dws-ai2-');
describe('calendar +free and +my-free', () => {
  const window = ['--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T18:00:00+08:00'];
  // every scheduleItems object of every result[] entry, its start/end the dateTime, else the date, else the value
  // itself (null when missing); other shapes passed over (freebusySlots, freebusyDateTime: freebusy.go:117, :144)
  const busyAnswer = { result: [
    'not an entry',
    { userId: 'u1', scheduleItems: [
      { start: { dateTime: '2026-03-10T14:00:00+08:00', timeZone: 'Asia/Shanghai' }, end: { date: '2026-03-10' } },
      'not an item',
      { start: 'raw', end: { dateTime: null, date: null } },
      { start: { dateTime: null, date: '2026-03-11' } },
    ] },
    { scheduleItems: { start: 'an object, not a list' } },
  ] };
  const slots = [
    { start: '2026-03-10T14:00:00+08:00', end: '2026-03-10' },
    { start: 'raw', end: { dateTime: null, date: null } },
    { start: '2026-03-11', end: null },
  ];

  it('+free prints {who, userId, busy, free} (freebusy.go:108)', async () => {
    answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] });
    answer('calendar/query_busy_status', busyAnswer);
    expect(await run(['calendar', '+free', '--who', '张三', ...window])).toEqual({ who: '张三', userId: 'u1', busy: slots, free: false });
  });
  it('+free prints free: true and an empty list when nothing is busy, whatever the answer holds', async () => {
    answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    answer('calendar/query_busy_status', { result: { scheduleItems: [{ start: 'x' }] } });
    expect(await run(['calendar', '+free', '--who', '张三', ...window])).toEqual({ who: '张三', userId: 'u1', busy: [], free: true });
    answer('calendar/query_busy_status', { result: [{ userId: 'u1', scheduleItems: [] }] });
    expect(await run(['calendar', '+free', '--who', '张三', ...window])).toEqual({ who: '张三', userId: 'u1', busy: [], free: true });
  });
  it('+my-free prints {userId, busy, free} (my_free.go:130)', async () => {
    answer('contact/get_current_user_profile', { result: { userId: 'me1' } });
    answer('calendar/query_busy_status', busyAnswer);
    expect(await run(['calendar', '+my-free', ...window])).toEqual({ userId: 'me1', busy: slots, free: false });
    answer('calendar/query_busy_status', { result: [] });
    expect(await run(['calendar', '+my-free', ...window])).toEqual({ userId: 'me1', busy: [], free: true });
  });
});

describe('dev app leaves print the service answer unwrapped', () => {
  // runDevAppTool (devapp.go:1841) -> normalizeDevAppServiceResult (devapp.go:2271): an answer {success: true,
  // result: X} with X not null prints X; any other answer prints as it comes
  it('dev app version get prints the version, not the {success, result} around it', async () => {
    answer('devapp/get_dev_app_version_detail', { success: true, result: { versionId: 'v1', status: 'RELEASE' } });
    expect(await run(['dev', 'app', 'version', 'get', '--unified-app-id', 'app1', '--version-id', 'v1'])).toEqual({ versionId: 'v1', status: 'RELEASE' });
  });
  it('an answer without result, or with a null result, prints as it comes (with the runner\'s success stamp)', async () => {
    const argv = ['dev', 'app', 'version', 'get', '--unified-app-id', 'app1', '--version-id', 'v1'];
    // h39-left2: the runner stamps success: true on an answer object that has no success key (app/runner.go:779-783@c7521c1c)
    answer('devapp/get_dev_app_version_detail', { versionId: 'v1' });
    expect(await run(argv)).toEqual({ versionId: 'v1', success: true });
    answer('devapp/get_dev_app_version_detail', { success: true, result: null, traceId: 't' });
    expect(await run(argv)).toEqual({ success: true, result: null, traceId: 't' });
  });
  it('the class: a list leaf and a write leaf unwrap alike', async () => {
    answer('devapp/list_dev_app', { success: true, result: { items: [{ unifiedAppId: 'a1' }], hasMore: false } });
    expect(await run(['dev', 'app', 'list'])).toEqual({ items: [{ unifiedAppId: 'a1' }], hasMore: false });
    answer('devapp/unsubscribe_dev_app_events', { success: true, result: true });
    expect(await run(['dev', 'app', 'event', 'unsubscribe', '--unified-app-id', 'app1', '--event-codes', 'x', '--yes'])).toBe(true);
  });
});
