// `dws schema search --batch` as a stream: an answer comes out as soon as its line is in (before stdin ends), many
// lines are answered one for one and in order, and a line too long to be a request is refused on its own without
// being held. The 1M-line memory check is bench/hardening/batch-memory.mjs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCliAsync, shippedEngine } from '../helpers.js';
import { until } from '../serve/client.js';
import { DwsError } from '../../src/errors.js';

const requests = readFileSync(path.join(ROOT, 'test', 'fixtures', 'requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim());

function expected(line: string): string {
  try {
    return shippedEngine().search(line);
  } catch (e) {
    if (e instanceof DwsError) return e.envelope();
    throw e;
  }
}

describe('--batch streams', () => {
  it('answers each line before stdin ends', async () => {
    const child = spawn(process.execPath, [BIN, 'schema', 'search', '--batch']);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let i = 0; i < 3; i++) {
      child.stdin.write(requests[i] + '\n');
      await until(`answer ${i + 1}`, async () => (out.split('\n').length > i + 1 ? true : undefined));
    }
    child.stdin.end();
    expect(await closed).toBe(0);
    expect(out).toBe(requests.slice(0, 3).map((l) => expected(l) + '\n').join(''));
  });

  it('answers 20,000 lines one for one and in order, refusing an over-long line on its own', async () => {
    const long = JSON.stringify({ version: 'tool-search.v1', query: 'x'.repeat(200 * 1024) });
    const lines: string[] = [];
    for (let i = 0; i < 20_000; i++) lines.push(i === 777 ? long : i % 4 === 0 ? requests[i % requests.length] : i % 4 === 1 ? '{"version":"tool-search.v1","query":""}' : i % 4 === 2 ? 'not json' : '\t');
    const r = await runCliAsync(['schema', 'search', '--batch'], lines.join('\n'));
    expect(r.status).toBe(0);
    const answered = lines.filter((l) => l.trim().length > 0);
    const out = r.stdout.split('\n');
    expect(out.pop()).toBe('');
    expect(out.length).toBe(answered.length);
    expect(JSON.parse(out[answered.indexOf(long)]).error.reason).toBe('request_too_large');
    // Every distinct kind of line, checked against the library's answer (the rest are repeats).
    const seen = new Set<string>();
    answered.forEach((line, i) => {
      if (seen.has(line)) return;
      seen.add(line);
      expect(out[i], line.slice(0, 80)).toBe(expected(line));
    });
  });
});
