#!/usr/bin/env node
// RSS of a running `dws serve` over many `execute` dry runs (issue 21, defect 5): every call used to compile a new
// ajv schema that ajv kept, which grew the process without bound. Prints the server's RSS after a warm-up and at
// the end; the growth should be a few MB at most. Needs `npm run build`. Usage:
//   node bench/hardening/serve-memory.mjs [calls=50000] [concurrency=32]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const calls = Number(process.argv[2] ?? 50_000);
const width = Number(process.argv[3] ?? 32);

const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(root, 'bin', 'dws.cjs'), 'serve'], stderr: 'pipe' });
const client = new Client({ name: 'serve-memory-bench', version: '1.0.0' });
await client.connect(transport);
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${transport.pid}/status`, 'utf8'))[1]) / 1024;

const search = await client.callTool({ name: 'schema_search', arguments: { query: 'list my groups', limit: 1 } });
const catalog = JSON.parse(search.content[0].text).catalog;
// A few tools in turn, so the validators of several schemas are exercised.
const paths = ['chat.list_my_groups_pagination', 'chat.recall_message', 'chat.clear_all_red_point'];
const args = [{ limit: 5 }, { 'conversation-id': 'c', 'msg-id': 'm' }, {}];
let next = 0;
async function runCalls(n) {
  const end = next + n;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < end) {
      const i = next++;
      const r = await client.callTool({ name: 'execute', arguments: { canonical_path: paths[i % 3], arguments: args[i % 3], expected_source_hash: catalog.source_hash, expected_surface_hash: catalog.surface_hash, dry_run: true } });
      if (r.isError) throw new Error(r.content[0].text);
    }
  }));
}
const warm = Math.min(5000, calls);
await runCalls(warm);
const afterWarm = rss();
await runCalls(calls - warm);
const atEnd = rss();
console.log(JSON.stringify({ calls, rss_mb_after_warmup: Math.round(afterWarm), rss_mb_at_end: Math.round(atEnd), growth_mb: Math.round(atEnd - afterWarm) }));
await client.close();
