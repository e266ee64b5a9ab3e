// Output for people and pipelines: real jq (jq-wasm: jq 1.8 compiled to WebAssembly) and tables (cli-table3) with
// the summary in the terminal's language, sized to the terminal, coloured only where colour is wanted. Only the
// commander program (src/cli/main.ts) uses this module: the hot path (bin.ts) hands --jq and --format table to it.
import Table from 'cli-table3';
import { DwsError } from '../errors.js';
import { pickFields } from './browse.js';

/**
 * Runs a jq program over a JSON text as `jq -c -r` would: values compact, one per line, and a string result printed
 * raw (as `gh --jq` does; `tojson` keeps the quotes). jq's compile errors (its exit code 3) are invalid_jq, errors
 * raised while it runs (exit 5) jq_runtime_error; both carry jq's own message.
 */
export async function applyJq(json: string, expr: string): Promise<string> {
  const { raw } = await import('jq-wasm');
  const { stdout, stderr, exitCode } = await raw(json, expr, ['-c', '-r']);
  if (exitCode !== 0) {
    const message = stderr.trim() || `jq exited with status ${exitCode}`;
    if (exitCode === 3) throw new DwsError('invalid_jq', message, 'check the jq expression syntax (jq 1.8 manual)');
    throw new DwsError('jq_runtime_error', message);
  }
  return stdout === '' || stdout.endsWith('\n') ? stdout : stdout + '\n';
}

/** Every key a tool-search.v1 reference may carry (SPEC 4.4), the keys `--fields` may name on search output. */
export const REFERENCE_FIELDS = ['canonical_path', 'primary_cli_path', 'product_id', 'title', 'agent_summary', 'effect',
  'risk', 'confirmation', 'idempotency', 'rank', 'matched_fields', 'rank_sources', 'twins', 'steps', 'truncated_fields',
  'requires_inspect', 'score_breakdown'] as const;

/** `dws schema search --fields a,b`: the response with only those keys in each candidate. */
export function searchFields(json: string, fields: string[]): string {
  const body = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify({ ...body, candidates: pickFields(body.candidates as Record<string, unknown>[], fields, REFERENCE_FIELDS) });
}

/** What the output goes to: its language, whether it is a terminal, how wide it is, whether to colour. */
export interface Terminal {
  zh: boolean;
  tty: boolean;
  width: number;
  colour: boolean;
}

/**
 * The terminal from the environment: Chinese when LC_ALL/LC_MESSAGES/LANG says so; colour on a TTY unless NO_COLOR is
 * set (no-color.org), or wherever FORCE_COLOR is set to anything but 0/false; the width from COLUMNS, else the
 * terminal's, else 100.
 */
export function terminal(env: Record<string, string | undefined> = process.env, tty = process.getBuiltinModule('node:tty').isatty(1),
  columns: number | undefined = tty ? process.stdout.columns : undefined): Terminal {
  const force = env.FORCE_COLOR;
  const colour = env.NO_COLOR ? false : force !== undefined ? !['0', 'false'].includes(force) : tty;
  const fromEnv = Number(env.COLUMNS);
  const width = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : columns && columns > 0 ? columns : 100;
  return { zh: /^zh/i.test(env.LC_ALL || env.LC_MESSAGES || env.LANG || ''), tty, width, colour };
}

type Obj = Record<string, unknown>;

interface Column {
  head: string;
  cell: (row: Obj) => string;
  /** The column that takes the width left over (and wraps); the others are as wide as their widest cell. */
  flex?: boolean;
}

const BOLD = (s: string) => `\u001b[1m${s}\u001b[22m`;

/**
 * A table on a terminal: boxed, as wide as the terminal, the flex column wrapped. Anywhere else (a pipe, a file) it
 * degrades to tab-separated lines, a header line first, one row per line, nothing cut or wrapped (what `gh` prints
 * when piped), so `cut -f` and `column -t` work on it.
 */
function table(columns: Column[], rows: Obj[], term: Terminal): string {
  const cells = rows.map((r) => columns.map((c) => c.cell(r)));
  const bold = (s: string) => (term.colour ? s.split('\n').map(BOLD).join('\n') : s);
  if (!term.tty) {
    const flat = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
    return [columns.map((c) => bold(c.head)), ...cells].map((line) => line.map(flat).join('\t') + '\n').join('');
  }
  const widths = fitWidths(columns, cells, term.width);
  // Cells are wrapped here (by display width: a CJK character takes two columns and may end a line anywhere), so
  // cli-table3 only draws: its own wrapping cuts CJK text short and splits colour codes.
  const t = new Table({ head: columns.map((c, i) => bold(wrap(c.head, widths[i] - 2))), colWidths: widths, style: { head: [], border: [] } });
  t.push(...cells.map((line) => line.map((cell, i) => wrap(cell, widths[i] - 2))));
  return t.toString() + '\n';
}

/**
 * Column widths (each with one space of padding either side) whose sum, with the borders, is the terminal width: the
 * fixed columns as wide as their widest cell and the flex column the rest, or, when that leaves the flex column
 * under 40% of the line, the fixed columns wider than 12 shrunk in proportion (they wrap too).
 */
function fitWidths(columns: Column[], cells: string[][], width: number): number[] {
  const available = width - columns.length - 1;
  const natural = columns.map((c, i) => Math.max(displayWidth(c.head), ...cells.map((line) => displayWidth(line[i]))) + 2);
  const fixed = natural.reduce((n, w, i) => (columns[i].flex ? n : n + w), 0);
  const flexMin = Math.max(16, Math.floor(available * 0.4));
  if (available - fixed >= flexMin) return columns.map((c, i) => (c.flex ? available - fixed : natural[i]));
  const shrinks = (i: number) => !columns[i].flex && natural[i] > 12;
  const kept = natural.reduce((n, w, i) => (columns[i].flex || shrinks(i) ? n : n + w), 0);
  const wide = fixed - kept;
  const room = Math.max(0, available - flexMin - kept);
  const sized = natural.map((w, i) => (shrinks(i) ? Math.max(12, Math.floor((w * room) / wide)) : w));
  const flex = Math.max(16, available - sized.reduce((n, w, i) => (columns[i].flex ? n : n + w), 0));
  return sized.map((w, i) => (columns[i].flex ? flex : w));
}

// East Asian wide and fullwidth ranges: two terminal columns each, and a line may break before any of them.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
const SEGMENTS = new RegExp(`${WIDE.source}|(?:(?!${WIDE.source}).)+`, 'gu');

function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += WIDE.test(ch) ? 2 : 1;
  return w;
}

/** Text wrapped to `width` columns: at spaces, before or after a wide character, and inside a word longer than a line. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const put = (piece: string, spaced: boolean) => {
    const w = displayWidth(piece);
    if (used > 0 && used + (spaced ? 1 : 0) + w > width) {
      lines.push(line);
      line = '';
      used = 0;
    } else if (spaced && used > 0) {
      line += ' ';
      used += 1;
    }
    line += piece;
    used += w;
  };
  for (const paragraph of text.split('\n')) {
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      let first = true;
      for (const segment of word.match(SEGMENTS) ?? []) {
        const chars = [...segment];
        for (let at = 0; at < chars.length; at += Math.max(1, width)) {
          put(chars.slice(at, at + Math.max(1, width)).join(''), first);
          first = false;
        }
      }
    }
    lines.push(line);
    line = '';
    used = 0;
  }
  return lines.join('\n');
}

const text = (zh: boolean) => (o: Obj, k: string) => String((zh ? o[k] : o[`${k}_en`] || o[k]) ?? '');

/** `--format table` of a `dws schema` view or of a tool-search.v1 response. */
export function renderTable(body: Obj, term: Terminal): string {
  const say = text(term.zh);
  const summary = term.zh ? '说明' : 'summary';
  if (body.version === 'tool-search.v1') {
    const out = table([
      { head: 'rank', cell: (r) => String(r.rank) },
      { head: 'command', cell: (r) => `dws ${String(r.primary_cli_path)}` },
      { head: 'canonical path', cell: (r) => String(r.canonical_path) },
      { head: 'effect', cell: (r) => String(r.effect) },
      { head: summary, cell: (r) => String(r.title), flex: true },
    ], body.candidates as Obj[], term);
    // A flagged answer (abstained, weak_match, a known gap) says so under the table, as the JSON does in "hint".
    return body.hint === undefined ? out : `${out}${String(body.hint)}\n`;
  }
  if (Array.isArray(body.products)) {
    return table([
      { head: 'product', cell: (p) => String(p.id) },
      { head: 'tools', cell: (p) => String(p.tool_count ?? (p.tools as unknown[])?.length ?? '') },
      { head: summary, cell: (p) => say(p, 'summary'), flex: true },
    ], body.products as Obj[], term);
  }
  if (Array.isArray(body.tools)) {
    return table([
      { head: 'cli path', cell: (x) => String(x.cli_path) },
      { head: 'effect', cell: (x) => String(x.effect) },
      { head: 'risk', cell: (x) => String(x.risk) },
      { head: summary, cell: (x) => say(x, 'agent_summary'), flex: true },
    ], body.tools as Obj[], term);
  }
  if (body.tool_spec) return renderTable(body.tool_spec as Obj, term);
  if (body.parameters) {
    const head = `dws ${String(body.cli_path)}  (${String(body.canonical_path)})\n${say(body, 'agent_summary')}\n` +
      `effect=${String(body.effect)} risk=${String(body.risk)} confirmation=${String(body.confirmation)}\n`;
    const params = Object.entries(body.parameters as Record<string, Obj>).map(([flag, p]) => ({ ...p, flag }));
    return head + table([
      { head: 'flag', cell: (p) => `--${String(p.flag)}` },
      { head: 'type', cell: (p) => String(p.type ?? '') },
      { head: 'required', cell: (p) => (p.required ? 'yes' : '') },
      { head: term.zh ? '说明' : 'description', cell: (p) => say(p, 'description'), flex: true },
    ], params, term);
  }
  throw new DwsError('unsupported_output_format', 'this output has no table form');
}
