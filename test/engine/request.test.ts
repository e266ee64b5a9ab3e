// Every reason of SPEC 4.2, through the library and through the CLI (exit 3, nothing on stdout).
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { errorOf, runCli, shippedEngine } from '../helpers.js';

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DwsError);
    return (e as DwsError).reason;
  }
  throw new Error('expected a DwsError');
}

const search = (req: unknown) => () => shippedEngine().search(typeof req === 'string' ? req : JSON.stringify({ version: 'tool-search.v1', ...(req as object) }));

describe('request validation refuses with a typed reason', () => {
  const cases: [string, unknown, string][] = [
    ['an empty query', { query: '   ' }, 'query_required'],
    ['a query of 257 characters', { query: '群'.repeat(257) }, 'query_too_long'],
    ['a zero-width space', { query: '撤回\u200b消息' }, 'dangerous_query_unicode'],
    ['a bidi override', { query: 'recall \u202e message' }, 'dangerous_query_unicode'],
    ['a C0 control', { query: 'recall\u0007' }, 'dangerous_query_unicode'],
    ['a line separator', { query: 'recall\u2028message' }, 'dangerous_query_unicode'],
    ['nine subqueries', { query: 'x', subqueries: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, 'too_many_subqueries'],
    ['only blank subqueries', { query: 'x', subqueries: [' ', ''] }, 'subquery_required'],
    ['subqueries over 2048 bytes', { query: 'x', subqueries: ['群'.repeat(250), '聊'.repeat(250), '天'.repeat(250)] }, 'subqueries_too_large'],
    ['limit 21', { query: 'x', limit: 21 }, 'invalid_limit'],
    ['limit -1', { query: 'x', limit: -1 }, 'invalid_limit'],
    ['candidate_limit 101', { query: 'x', candidate_limit: 101 }, 'invalid_candidate_limit'],
    ['an unknown effect', { query: 'x', effects: ['delete'] }, 'invalid_effect'],
    ['an unknown product', { query: 'x', product_ids: ['slack'] }, 'unknown_product'],
    ['an unknown field', { query: 'x', top_k: 3 }, 'invalid_request_json'],
    ['a wrong type', { query: 'x', limit: '5' }, 'invalid_request_json'],
    ['a fractional limit', { query: 'x', limit: 1.5 }, 'invalid_request_json'],
    ['bad JSON', '{"version":"tool-search.v1","query":', 'invalid_request_json'],
    ['a second JSON value', '{"version":"tool-search.v1","query":"x"} {}', 'invalid_request_json'],
    ['a missing version', '{"query":"x"}', 'unsupported_version'],
    ['a wrong version', '{"version":"tool-search.v2","query":"x"}', 'unsupported_version'],
    ['a request over 64 KiB', JSON.stringify({ version: 'tool-search.v1', query: 'x', pad: ' '.repeat(70000) }), 'request_too_large'],
  ];
  for (const [name, req, reason] of cases) {
    it(`refuses ${name} with ${reason}`, () => {
      expect(reasonOf(search(req))).toBe(reason);
    });
  }

  it('counts query length in Unicode scalars, not UTF-16 units', () => {
    expect(() => shippedEngine().search({ query: '𠀀'.repeat(256) })).not.toThrow();
    expect(reasonOf(search({ query: '𠀀'.repeat(257) }))).toBe('query_too_long');
    expect(() => shippedEngine().search({ query: '群'.repeat(256) })).not.toThrow();
  });

  it('accepts effects case-insensitively and normalizes filters', () => {
    const e = shippedEngine();
    expect(e.normalize({ query: ' 撤回 ', effects: ['READ', 'read', ' Write '], product_ids: ['todo', 'chat', 'chat'] })).toEqual({
      query: '撤回', limit: 5, candidate_limit: 20, product_ids: ['chat', 'todo'], effects: ['read', 'write'], exclude_canonical: [],
    });
  });

  it('raises candidate_limit to limit', () => {
    expect(shippedEngine().normalize({ query: 'x', limit: 10, candidate_limit: 3 }).candidate_limit).toBe(10);
  });
});

describe('the CLI reports validation errors on stderr with exit 3 and prints nothing', () => {
  const cases: [string, string[], string | undefined, string][] = [
    ['--request-json with --query', ['schema', 'search', '--request-json', '-', '--query', 'x'], '{}', 'ambiguous_input'],
    ['--batch with --limit', ['schema', 'search', '--batch', '--limit', '3'], '', 'ambiguous_input'],
    ['--batch with --jq', ['schema', 'search', '--batch', '--jq', '.candidates'], '', 'unsupported_output_filter'],
    ['--batch with --fields', ['schema', 'search', '--batch', '--fields', 'rank'], '', 'unsupported_output_filter'],
    ['--batch with --format table', ['schema', 'search', '--batch', '--format', 'table'], '', 'unsupported_output_format'],
    ['--jq with --fields', ['schema', 'search', '--query', 'x', '--jq', '.', '--fields', 'rank'], undefined, 'unsupported_output_filter'],
    ['--format yaml', ['schema', 'search', '--query', 'x', '--format', 'yaml'], undefined, 'unsupported_output_format'],
    ['a non-numeric --limit', ['schema', 'search', '--query', 'x', '--limit', 'five'], undefined, 'invalid_limit'],
    ['an empty query', ['schema', 'search', '--query', ''], undefined, 'query_required'],
    ['a stdin request over 64 KiB', ['schema', 'search', '--request-json', '-'], ' '.repeat(70000), 'request_too_large'],
    ['a stdin request without version', ['schema', 'search', '--request-json', '-'], '{"query":"x"}', 'unsupported_version'],
  ];
  for (const [name, args, input, reason] of cases) {
    it(`${name} -> ${reason}`, () => {
      const r = runCli(args, { input });
      expect(r.stdout).toBe('');
      expect(r.status).toBe(3);
      expect(errorOf(r.stderr).reason).toBe(reason);
      expect(errorOf(r.stderr).category).toBe('validation');
    });
  }

  it('an unknown flag is a usage error (exit 3) with a suggestion', () => {
    const r = runCli(['schema', 'search', '--querry', 'x']);
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr)).toMatchObject({ category: 'validation', reason: 'unknown_option', hint: 'Did you mean --query? See `dws schema search --help`.' });
  });

  it('an unknown top-level command is a usage error (exit 3) with a hint', () => {
    const r = runCli(['schemaa', 'search', '--query', 'x']);
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr).reason).toBe('unknown_command');
    expect(errorOf(r.stderr).hint).toBeTruthy();
  });

  it('DWS_TOOL_SEARCH_ALGORITHM selects the TF-IDF shadow ranker; an unknown one is refused', () => {
    const r = runCli(['schema', 'search', '--query', '撤回消息'], { env: { DWS_TOOL_SEARCH_ALGORITHM: 'fielded_tfidf_cosine' } });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ strategy: 'fielded_tfidf_cosine' });
    expect(JSON.parse(r.stdout).candidates[0].rank_sources).toEqual(['tfidf']);
    const bad = runCli(['schema', 'search', '--query', 'x'], { env: { DWS_TOOL_SEARCH_ALGORITHM: 'dense' } });
    expect(bad.stdout).toBe('');
    expect(errorOf(bad.stderr).reason).toBe('invalid_argument');
  });

  it('search options after `search` belong to search, not to `dws schema`', () => {
    const r = runCli(['schema', 'search', '--query', 'x', '--format', 'json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).version).toBe('tool-search.v1');
  });
});

describe('dws with no arguments', () => {
  it('prints the help on stdout, including how to reach catalog commands, and exits 0', () => {
    const r = runCli([]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Usage: dws');
    expect(r.stdout).toContain('dws schema search --query');
  });
});
