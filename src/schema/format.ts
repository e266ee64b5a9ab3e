// Output for people and pipelines: real jq (jq-wasm, the jq C code compiled to WebAssembly) and tables
// (cli-table3) with the summary in the terminal's language. Only the CLI uses this module.
import Table from 'cli-table3';
import { DwsError } from '../errors.js';

/** Runs a jq program over a JSON value; compile errors and runtime errors are typed validation errors. */
export async function applyJq(json: string, expr: string): Promise<string> {
  const { default: jq } = await import('jq-wasm');
  try {
    const out = await jq.raw(JSON.parse(json), expr, ['-c']);
    return out.endsWith('\n') ? out : out + '\n';
  } catch (e) {
    const message = (e as Error).message.trim();
    const compile = /compile error|syntax error/.test(message);
    throw new DwsError(compile ? 'invalid_jq' : 'jq_runtime_error', message, compile ? 'check the jq expression syntax' : undefined);
  }
}

/** Chinese when LANG/LC_ALL/LC_MESSAGES says so, English otherwise. */
export function terminalIsChinese(env: Record<string, string | undefined> = process.env): boolean {
  return /^zh/i.test(env.LC_ALL || env.LC_MESSAGES || env.LANG || '');
}

type Obj = Record<string, unknown>;

export function renderTable(body: Obj, zh: boolean): string {
  const text = (o: Obj, k: string) => String((zh ? o[k] : o[`${k}_en`] || o[k]) ?? '');
  if (Array.isArray(body.products)) {
    const t = new Table({ head: ['product', 'tools', zh ? '说明' : 'summary'], wordWrap: true, colWidths: [14, 7, 70] });
    for (const p of body.products as Obj[]) t.push([String(p.id), String(p.tool_count ?? (p.tools as unknown[])?.length ?? ''), text(p, 'summary')]);
    return t.toString() + '\n';
  }
  if (Array.isArray(body.tools)) {
    const t = new Table({ head: ['cli path', 'effect', 'risk', zh ? '说明' : 'summary'], wordWrap: true, colWidths: [40, 12, 8, 60] });
    for (const x of body.tools as Obj[]) t.push([String(x.cli_path), String(x.effect), String(x.risk), text(x, 'agent_summary')]);
    return t.toString() + '\n';
  }
  if (body.tool_spec) return renderTable(body.tool_spec as Obj, zh);
  if (body.parameters) {
    const head = `dws ${String(body.cli_path)}  (${String(body.canonical_path)})\n${text(body, 'agent_summary')}\n` +
      `effect=${String(body.effect)} risk=${String(body.risk)} confirmation=${String(body.confirmation)}\n`;
    const t = new Table({ head: ['flag', 'type', 'required', zh ? '说明' : 'description'], wordWrap: true, colWidths: [24, 12, 10, 64] });
    for (const [flag, p] of Object.entries(body.parameters as Record<string, Obj>)) {
      t.push([`--${flag}`, String(p.type ?? ''), p.required ? 'yes' : '', text(p, 'description')]);
    }
    return head + t.toString() + '\n';
  }
  throw new DwsError('unsupported_output_format', 'this output has no table form');
}
