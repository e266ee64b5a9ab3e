// h48-left (issue 32): the fidelity items session 47 left alone (notes/h47-lead.md "Left alone"), each run as a user
// types it against the fake MCP server on 127.0.0.1 and checked against what upstream's body does at c7521c1c.
import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed, answersInTurn } = useOutputRuns('dws-h48left-');

/**
 * 1. minutes +upload / +upload-and-analyze: upstream's localio.PutFile (internal/localio/upload.go:70-99@c7521c1c)
 * PUTs the same bytes at most 3 times: after a send with no answer, or an answer 5xx, 408 or 429, it waits
 * attempt x 200 ms (200, then 400) and sends again; any other answer ends it (2xx stored, else failed). The payload
 * prints the number of PUTs as uploadAttempts (alignment.go:413); a failed PUT cancels the session (:393-397).
 */
describe('minutes upload: the PUT sent again as localio.PutFile sends it (upload.go:70-99)', () => {
  const transient = (status: number) => status >= 500 || status === 408 || status === 429;
  /** upstream's loop over the statuses the storage would answer, attempt by attempt */
  function model(statuses: number[]) {
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const status = statuses[Math.min(attempt - 1, statuses.length - 1)];
      if (status >= 200 && status < 300) return { attempts: attempt, stored: true, waits };
      if (!transient(status) || attempt === 3) return { attempts: attempt, stored: false, waits };
      waits.push(attempt * 200);
    }
    throw new Error('unreachable');
  }

  function answers(url: string) {
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
    answersInTurn('minutes/create_upload_session', { result: { sessionId: 's1', presignedUrl: url } });
    answersInTurn('minutes/complete_upload_session', { result: { taskUuid: 't1' } });
    answersInTurn('minutes/get_minutes_basic_info', { result: { taskUuid: 't1' } });
    answersInTurn('minutes/cancel_upload_session', { success: true });
  }

  it('a 503 then 200: the same bytes PUT twice, one wait of 200 ms, completed, uploadAttempts 2', async () => {
    answers(`${mcp.base}/upload/a.m4a?statuses=503,200`);
    const { calls, sleeps, result } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
    expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(['AUDIO', 'AUDIO']);
    expect(sleeps).toEqual([200]);
    expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info']);
    expect(result).toEqual({ complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 5, taskUuid: 't1', uploadAttempts: 2, verified: true });
  });

  it('three 5xx answers: three PUTs, waits 200 and 400 ms, the session cancelled, nothing completed', async () => {
    answers(`${mcp.base}/upload/a.m4a?statuses=503,502,500`);
    const { outcome, calls, sleeps } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
    expect(mcp.uploads).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
    expect(calls).toEqual([['create_upload_session', { fileName: 'a.m4a', fileSize: 5 }], ['cancel_upload_session', { sessionId: 's1' }]]);
    expect(outcome.error?.reason).toBe('rolled_back');
    expect(outcome.error?.message).toContain('HTTP 500 (attempt 3 of 3)');
  });

  it('a send that gets no answer is sent again too: three sends, then the session cancelled', async () => {
    // a storage that takes the connection and closes it without answering (upstream: client.Do fails, lastErr)
    let sends = 0;
    const storage = net.createServer((socket) => {
      sends++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    try {
      answers(`http://127.0.0.1:${(storage.address() as net.AddressInfo).port}/a.m4a`);
      const { outcome, calls, sleeps } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
      expect(sends).toBe(3);
      expect(sleeps).toEqual([200, 400]);
      expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'cancel_upload_session']);
      expect(outcome.error?.reason).toBe('rolled_back');
    } finally {
      await new Promise((resolve) => storage.close(resolve));
    }
  });

  it('any sequence of storage answers: the PUTs, waits, outcome and uploadAttempts are upstream\'s loop', async () => {
    const status = fc.constantFrom(200, 201, 204, 400, 403, 404, 408, 429, 500, 502, 503, 504, 599);
    await fc.assert(fc.asyncProperty(fc.array(status, { minLength: 3, maxLength: 3 }), async (statuses) => {
      answers(`${mcp.base}/upload/a.m4a?statuses=${statuses.join(',')}`);
      const { outcome, calls, sleeps, result } = await timed(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
      const want = model(statuses);
      expect(mcp.uploads.map((u) => u.bytes.toString())).toEqual(Array<string>(want.attempts).fill('AUDIO'));
      expect(sleeps).toEqual(want.waits);
      if (want.stored) {
        expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'complete_upload_session', 'get_minutes_basic_info']);
        expect(result).toMatchObject({ uploadAttempts: want.attempts, complete: true });
      } else {
        expect(calls.map(([name]) => name)).toEqual(['create_upload_session', 'cancel_upload_session']);
        expect(outcome.error?.reason).toBe('rolled_back');
      }
    }), { numRuns: 30 });
  });

  it('+upload-and-analyze: the upload stage sends the PUT again as +upload and prints its uploadAttempts', async () => {
    answers(`${mcp.base}/upload/a.mp4?statuses=429,200`);
    answersInTurn('minutes/list_minutes_todos', { result: { dingtalkTodoList: [{ id: 1 }] } });
    const { sleeps, result } = await timed(['minutes', '+upload-and-analyze', '--file', 'a.mp4', '--artifacts', 'todos', '--yes'], { 'a.mp4': 'MP4!' });
    expect(mcp.uploads).toHaveLength(2);
    expect(sleeps).toEqual([200]);
    expect((result as { stages: unknown[] }).stages[0]).toEqual({
      complete: true, name: 'upload', result: { complete: true, completeAttempts: 1, operation: 'minutes.upload', sessionId: 's1', sizeBytes: 4, taskUuid: 't1', uploadAttempts: 2, verified: true },
    });
  });
});
