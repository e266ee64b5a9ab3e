// Output keys are pinned: adding a field to any response is a deliberate change to this file.
import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorOf, readSnapshotBytes, runCli, shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

const REFERENCE_KEYS = ['canonical_path', 'primary_cli_path', 'product_id', 'title', 'agent_summary', 'effect', 'risk',
  'confirmation', 'idempotency', 'calls', 'rank', 'matched_fields', 'rank_sources', 'requires_inspect'];

describe('pinned output keys', () => {
  it('tool-search.v1 responses and references, in order', () => {
    const e = shippedEngine();
    const ranked = JSON.parse(e.search({ query: '撤回消息' }));
    expect(Object.keys(ranked)).toEqual(['version', 'catalog', 'query', 'strategy', 'candidates']);
    expect(Object.keys(ranked.catalog)).toEqual(['source_hash', 'surface_hash']);
    // calls (how many backend steps the command makes) is there exactly when the command can run; twins (SPEC 4.4)
    // sits after rank_sources when the tool has an available twin; steps only in decomposed answers.
    const insert = (keys: string[], before: string, key: string) => [...keys.slice(0, keys.indexOf(before)), key, ...keys.slice(keys.indexOf(before))];
    const keysOf = (c: Record<string, unknown>) => {
      const keys = REFERENCE_KEYS.filter((k) => k !== 'calls' || 'calls' in c);
      return c.twins ? insert(keys, 'requires_inspect', 'twins') : keys;
    };
    for (const c of ranked.candidates) expect(Object.keys(c)).toEqual(keysOf(c));
    expect(ranked.candidates.some((c: { twins?: string[] }) => c.twins)).toBe(true);
    expect(ranked.candidates.some((c: Record<string, unknown>) => c.calls === 1)).toBe(true);
    const planned = JSON.parse(e.search({ query: 'chat.shortcut_conversation_list' })).candidates[0];
    expect(planned).toMatchObject({ canonical_path: 'chat.shortcut_conversation_list', calls: 1 });
    const explained = JSON.parse(e.search({ query: '撤回消息' }, { explain: true }));
    expect(Object.keys(explained.candidates[0])).toEqual([...keysOf(explained.candidates[0]), 'score_breakdown']);
    expect(Object.keys(explained.candidates[0].score_breakdown)).toEqual(['score', 'coverage', 'fields', 'rerank']);
    // 撤回 names the recall action and 消息 the chat product: the rerank factor is a boost above 1
    expect(explained.candidates[0].score_breakdown.rerank).toBeGreaterThan(1);
    const abstained = JSON.parse(e.search({ query: 'zzqxv' }));
    expect(Object.keys(abstained)).toEqual(['version', 'catalog', 'query', 'strategy', 'candidates', 'abstained', 'hint']);
    const decomposed = JSON.parse(e.search({ query: 'x', subqueries: ['撤回消息', '创建待办'] }));
    expect(Object.keys(decomposed)).toEqual(['version', 'catalog', 'query', 'subqueries', 'strategy', 'candidates']);
    for (const c of decomposed.candidates) {
      expect(Object.keys(c)).toEqual(insert(keysOf(c), 'requires_inspect', 'steps'));
    }
    const filtered = JSON.parse(e.search({ query: 'chat.recall_message', effects: ['read'] }));
    expect(Object.keys(filtered)).toEqual(['version', 'catalog', 'query', 'strategy', 'candidates', 'exact_filtered', 'abstained', 'hint']);
  });

  it('full leaves use only the ToolSpec keys, in a fixed order', () => {
    const order = ['product_id', 'name', 'canonical_path', 'cli_path', 'primary_cli_path', 'aliases', 'visibility', 'title',
      'title_en', 'agent_summary', 'agent_summary_en', 'description', 'description_en', 'use_when', 'use_when_en', 'avoid_when',
      'avoid_when_en', 'keywords', 'keywords_en', 'examples', 'effect', 'risk', 'confirmation', 'idempotency', 'interface_mode',
      'availability', 'parameters', 'constraints', 'group', 'interface_reason', 'interface_ref', 'hidden_parameters',
      'command_aliases', 'wraps', 'positionals', 'pagination', 'dry_run', 'upstream', 'group_body', 'trim_strings', 'required_check', 'plan', 'recovery'];
    for (const t of shippedEngine().tools()) {
      const keys = Object.keys(JSON.parse(inspect(shippedEngine(), t.canonical_path)));
      expect(keys.filter((k) => !order.includes(k))).toEqual([]);
      expect(keys).toEqual(order.filter((k) => keys.includes(k)));
    }
  });
});

/** The file offset of byte at (default: the middle one) of a section (a search reads meta, avoid, the index head). */
function middleOf(bytes: Uint8Array, section: string, at?: number): number {
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as { sections: Record<string, { offset: number; length: number }> };
  const s = header.sections[section];
  return ((16 + headerLength + 7) & ~7) + s.offset + (at ?? s.length >> 1);
}

describe('a bad snapshot fails closed through the CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dws-snap-'));
  const cases: [string, (b: Uint8Array) => Uint8Array, string][] = [
    ['corrupt', (b) => { const c = Uint8Array.from(b); c[middleOf(b, 'index', 1000)] ^= 0xff; return c; }, 'snapshot_corrupt'],
    ['corrupt-meta', (b) => { const c = Uint8Array.from(b); c[middleOf(b, 'meta')] ^= 0xff; return c; }, 'snapshot_corrupt'],
    ['incompatible', (b) => { const c = Uint8Array.from(b); c[7] = 250; return c; }, 'snapshot_incompatible'],
    ['truncated', (b) => b.subarray(0, 1000), 'snapshot_corrupt'],
  ];
  for (const [name, mangle, reason] of cases) {
    it(`a ${name} snapshot exits 5 with ${reason} and prints nothing`, () => {
      const file = path.join(dir, `${name}.bin`);
      writeFileSync(file, mangle(readSnapshotBytes()));
      const r = runCli(['schema', 'search', '--query', '撤回消息 recall message'], { env: { DWS_SNAPSHOT: file } });
      expect(r.status).toBe(5);
      expect(r.stdout).toBe('');
      expect(errorOf(r.stderr)).toMatchObject({ category: 'internal', reason });
    });
  }

  it('a missing snapshot exits 5 with snapshot_missing', () => {
    const r = runCli(['schema', 'search', '--query', 'x'], { env: { DWS_SNAPSHOT: path.join(dir, 'nope.bin') } });
    expect(r.status).toBe(5);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr).reason).toBe('snapshot_missing');
  });
});
