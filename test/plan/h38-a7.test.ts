// Session 38 second reading, part a7 (issue 32, notes/h38-a7.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a7-');

const cards = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ taskId: `${tag}${i}` }));

/**
 * upstream's reading of one page (todoListAutoPage, helpers/todo.go:1836-1848@c7521c1c: json.Unmarshal of the text into
 * struct {Result struct {TodoCards []any}}), as a model: the page's cards (none ends the pages) or 'refused'.
 */
function upstreamPage(answer: unknown): unknown[] | 'refused' {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (answer === null) return [];
  if (!isObject(answer)) return 'refused';
  const result = answer.result;
  if (result === undefined || result === null) return [];
  if (!isObject(result)) return 'refused';
  const list = result.todoCards;
  if (list === undefined || list === null) return [];
  return Array.isArray(list) ? list : 'refused';
}

describe('todo task list above 20 decodes each page as json.Unmarshal into a struct (todoListAutoPage, helpers/todo.go:1836-1848@c7521c1c)', () => {
  it('a page answered by the JSON text null is no card: the pages end and the merged cards print (Go leaves the struct as it was)', async () => {
    outputs.answerText('get_user_todos_in_current_org', JSON.stringify({ result: { todoCards: cards(20, 'a') } }));
    outputs.answerText('get_user_todos_in_current_org', 'null');
    const run = await outputs.sent(['todo', 'task', 'list', '--size', '30']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([, a]) => (a as { pageNum: string }).pageNum)).toEqual(['1', '2']);
    expect(run.printed).toEqual({ result: { todoCards: cards(20, 'a') } });
  });

  it('a first page answered null (padded) prints {result: {todoCards: null}}, the nil slice upstream marshals', async () => {
    outputs.answerText('get_user_todos', ' null ');
    const run = await outputs.sent(['todo', 'task', 'list', '--size', '21', '--query-all']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toHaveLength(1);
    expect(run.printed).toEqual({ result: { todoCards: null } });
  });

  it('a blank page text is still refused (json.Unmarshal of "" fails)', async () => {
    outputs.answerText('get_user_todos_in_current_org', '  ');
    expect(await outputs.sent(['todo', 'task', 'list', '--size', '21'])).toMatchObject({ reason: 'backend_error' });
  });

  it('the second page of any shape is read as upstream: refused, or the cards merged up to --size', async () => {
    const shape = fc.constantFrom<unknown>(null, [], cards(2, 'b'), 'x', 5, {}, { todoCards: null }, { todoCards: [] },
      { todoCards: cards(3, 'c') }, { todoCards: 'x' }, { todoCards: {} });
    const answer = fc.oneof(fc.constant<unknown>(null), fc.constantFrom<unknown>([1], 'text', 7, true),
      fc.record({ result: shape }, { requiredKeys: [] }));
    await fc.assert(fc.asyncProperty(answer, async (second) => {
      outputs.answerText('get_user_todos_in_current_org', JSON.stringify({ result: { todoCards: cards(20, 'a') } }));
      outputs.answerText('get_user_todos_in_current_org', JSON.stringify(second));
      const run = await outputs.sent(['todo', 'task', 'list', '--size', '22']);
      const page = upstreamPage(second);
      if (page === 'refused') {
        expect(run.reason).toBe('backend_error');
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual({ result: { todoCards: [...cards(20, 'a'), ...page].slice(0, 22) } });
      }
    }), { numRuns: 40 });
  });
});

/** A fresh run directory (the file root) and its environment. */
function placeRun() {
  const env = outputs.env();
  return { dir: env.DWS_FILE_ROOT, env };
}

describe('sheet export-csv --output whose folder does not exist is refused, nothing created (runSheetExportCsv, helpers/sheet_export_csv.go:189-199@c7521c1c)', () => {
  const csvAnswer = JSON.stringify({ result: { csv: 'a,b\n1,2\n' } });

  it('a file in a missing folder: the read is sent, then the run fails and the folder is not made', async () => {
    outputs.answerText('get_range_as_csv', csvAnswer);
    outputs.mcp.calls.length = 0;
    const { dir, env } = placeRun();
    const outcome = await dispatchInProcess(['sheet', 'export-csv', '--node', 'n', '--output', 'nodir/x.csv'], env);
    expect(outcome.error?.reason).toBe('invalid_parameter');
    expect(outputs.mcp.calls.map((c) => c.name)).toContain('get_range_as_csv');
    expect(existsSync(path.join(dir, 'nodir'))).toBe(false);
  });

  it('a missing folder written with a trailing slash is refused too (Go: os.Stat fails, filepath.Dir("nodir/") is "nodir")', async () => {
    outputs.answerText('get_range_as_csv', csvAnswer);
    const { dir, env } = placeRun();
    const outcome = await dispatchInProcess(['sheet', 'export-csv', '--node', 'n', '--output', 'deeper/nodir/'], env);
    expect(outcome.error?.reason).toBe('invalid_parameter');
    expect(existsSync(path.join(dir, 'deeper'))).toBe(false);
  });

  it('a file beside the run, in an existing folder, or an existing folder itself is written', async () => {
    for (const [target, written] of [['x.csv', 'x.csv'], ['sub/y.csv', 'sub/y.csv'], ['sub', 'sub/sheet-export.csv'], ['sub/', 'sub/sheet-export.csv']]) {
      outputs.answerText('get_range_as_csv', csvAnswer);
      const { dir, env } = placeRun();
      mkdirSync(path.join(dir, 'sub'));
      const outcome = await dispatchInProcess(['sheet', 'export-csv', '--node', 'n', '--output', target], env);
      expect(outcome.error?.envelope()).toBeUndefined();
      expect(readFileSync(path.join(dir, written), 'utf8')).toBe('a,b\n1,2\n');
    }
  });
});
