#!/usr/bin/env node
// Peak RSS of `dws schema search --batch` over many lines (issue 21, defect 8): the batch used to read all of stdin
// and hold every answer (2.4 GB for 100k lines; 120k lines of limit-20 queries ended in exit 5). The lines are
// generated as they are written and the answers are only counted, so this process stays small too. Needs
// `npm run build`. Usage: node bench/hardening/batch-memory.mjs [lines=1000000]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const total = Number(process.argv[2] ?? 1_000_000);
const queries = readFileSync(path.join(root, 'test', 'fixtures', 'requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim())
  .map((l) => JSON.stringify({ ...JSON.parse(l), limit: 20 }));

const child = spawn(process.execPath, [path.join(root, 'bin', 'dws.cjs'), 'schema', 'search', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] });
let answers = 0;
child.stdout.on('data', (d) => {
  for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) answers++;
});
let peakKb = 0;
const sample = setInterval(() => {
  try {
    peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]));
  } catch {
    // the process has ended
  }
}, 100);
const started = Date.now();
let written = 0;
function pump() {
  while (written < total) {
    const ok = child.stdin.write(queries[written % queries.length] + '\n');
    written++;
    if (!ok) return void child.stdin.once('drain', pump);
  }
  child.stdin.end();
}
pump();
child.on('close', (status) => {
  clearInterval(sample);
  console.log(JSON.stringify({ lines: total, answers, status, peak_rss_mb: Math.round(peakKb / 1024), seconds: Math.round((Date.now() - started) / 1000) }));
});
