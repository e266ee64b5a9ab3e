#!/usr/bin/env node
// f-bignum: the cost of decoding an answer with its number literals kept (src/json-number.ts parseJsonExact, used for
// a call step declaring `answer_numbers: exact`) against JSON.parse (every other step), and of writing it back
// (stringifyJson against JSON.stringify), on answers of about 1 MB: plain records (no literal to keep), records whose
// ids are all beyond 2^53, and records full of fractions (numbers to check that need no keeping).
// Usage: node bench/answer-decode.mjs [targetBytes=1048576] [rounds=30]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntry } from '../scripts/lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = Number(process.argv[2] ?? 1 << 20);
const rounds = Number(process.argv[3] ?? 30);
const outfile = await bundleEntry(path.join(root, 'src', 'json-number.ts'), path.join(root, 'build', 'bench', 'json-number.mjs'));
const { parseJsonExact, stringifyJson, JsonNumber } = await import(outfile);

/** An aitable-like page of records, built until its JSON text reaches the target size. */
function answer(kind) {
  const records = [];
  let bytes = 0;
  for (let i = 0; bytes < target; i++) {
    const id = kind === 'big' ? `${1234567890123456789n + BigInt(i)}` : String(100000 + i);
    const price = kind === 'fractions' ? `${i}.25` : String(i);
    const text = `{"recordId":"rec${i}","id":${id},"cells":{"name":"第${i}行 row ${i}","amount":${price},"count":${i % 97},"done":${i % 2 === 0},"tags":["a","b"],"createdAt":1767225600000}}`;
    records.push(text);
    bytes += text.length + 1;
  }
  return `{"success":true,"data":{"hasMore":false,"records":[${records.join(',')}]}}`;
}

/** The fastest and the median milliseconds of `rounds` runs of f (after 3 warm-up runs): `min/median`. */
function median(f) {
  for (let i = 0; i < 3; i++) f();
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t = process.hrtime.bigint();
    f();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { min: times[0], median: times[Math.floor(times.length / 2)] };
}

const ms = (t) => `${t.min.toFixed(2)}/${t.median.toFixed(2)}`;
console.log(`node ${process.version}, answers of ${target} bytes, ${rounds} runs, milliseconds as fastest/median; ratio of the fastest`);
console.log('answer     | bytes   | JSON.parse  | parseJsonExact | ratio | JSON.stringify | stringifyJson | kept');
for (const kind of ['plain', 'big', 'fractions']) {
  const text = answer(kind);
  const plain = median(() => JSON.parse(text));
  const exact = median(() => parseJsonExact(text));
  const value = parseJsonExact(text);
  const kept = countKept(value);
  const plainValue = JSON.parse(text);
  const out1 = median(() => JSON.stringify(plainValue));
  const out2 = median(() => stringifyJson(value));
  if (stringifyJson(value) !== text) throw new Error(`${kind}: the answer does not round-trip`);
  console.log(`${kind.padEnd(10)} | ${String(text.length).padEnd(7)} | ${ms(plain).padStart(11)} | ${ms(exact).padStart(14)} | ${(exact.min / plain.min).toFixed(2).padStart(5)} | ${ms(out1).padStart(14)} | ${ms(out2).padStart(13)} | ${kept}`);
}

function countKept(v) {
  if (v instanceof JsonNumber) return 1;
  if (Array.isArray(v)) return v.reduce((n, x) => n + countKept(x), 0);
  if (v && typeof v === 'object') return Object.values(v).reduce((n, x) => n + countKept(x), 0);
  return 0;
}
