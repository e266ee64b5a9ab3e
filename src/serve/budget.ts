// The host-side budget of one `dws serve` client session: how many distinct commands its searches and inspects have
// shown, and how many bytes of contracts it has read. An agent that keeps searching and inspecting fills its
// context with tool text; past a cap the server refuses with `session_budget_exceeded` and says how to go on,
// instead of cutting an answer short. A single contract larger than `maxContractBytesEach` is refused
// (`contract_too_large`) unless the call asks for it (schema_inspect `allow_large_contract`). Search and inspect
// only describe commands; the budget limits context, not permissions.
import { DwsError } from '../errors.js';
import type { Env } from '../backend/config.js';

export interface BudgetLimits {
  /** Distinct canonical paths shown by schema_search and schema_inspect. */
  maxTools: number;
  /** Bytes of schema_inspect answers, summed over the session. */
  maxContractBytes: number;
  /** Bytes of one schema_inspect answer without allow_large_contract. */
  maxContractBytesEach: number;
}

export const DEFAULT_BUDGET: BudgetLimits = { maxTools: 64, maxContractBytes: 128 * 1024, maxContractBytesEach: 16 * 1024 };

/** Where each limit can be set: `dws serve` flag (commander's key) and environment variable. */
export const BUDGET_SETTINGS: { key: keyof BudgetLimits; flag: string; env: string }[] = [
  { key: 'maxTools', flag: '--max-tools', env: 'DWS_SERVE_MAX_TOOLS' },
  { key: 'maxContractBytes', flag: '--max-contract-bytes', env: 'DWS_SERVE_MAX_CONTRACT_BYTES' },
  { key: 'maxContractBytesEach', flag: '--max-contract-bytes-each', env: 'DWS_SERVE_MAX_CONTRACT_BYTES_EACH' },
];

/** The limits from flags (first), the environment, then the defaults; each a positive integer. */
export function budgetLimits(flags: Partial<Record<keyof BudgetLimits, string>>, env: Env): BudgetLimits {
  const out = { ...DEFAULT_BUDGET };
  for (const s of BUDGET_SETTINGS) {
    const text = flags[s.key] ?? (env[s.env] || undefined);
    if (text === undefined) continue;
    if (!/^\d+$/.test(text.trim()) || !(Number(text) > 0) || !Number.isSafeInteger(Number(text))) {
      throw new DwsError('invalid_argument', `${s.flag} (or ${s.env}) must be a positive integer, got "${text}"`);
    }
    out[s.key] = Number(text);
  }
  return out;
}

/** Every canonical_path named anywhere in a search answer (candidates, steps). */
function pathsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) pathsIn(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'canonical_path' && typeof v === 'string') into.add(v);
      else pathsIn(v, into);
    }
  }
  return into;
}

const RAISE = 'the host can raise it with `dws serve --max-tools/--max-contract-bytes` or DWS_SERVE_MAX_TOOLS/DWS_SERVE_MAX_CONTRACT_BYTES';

export class SessionBudget {
  private readonly shown = new Set<string>();
  private contractBytes = 0;

  constructor(readonly limits: BudgetLimits = DEFAULT_BUDGET) {}

  /** What the session has used so far. */
  get used(): { tools: number; contractBytes: number } {
    return { tools: this.shown.size, contractBytes: this.contractBytes };
  }

  private admitTools(paths: Iterable<string>, what: string): void {
    const fresh = [...new Set(paths)].filter((p) => !this.shown.has(p));
    if (this.shown.size + fresh.length > this.limits.maxTools) {
      const left = this.limits.maxTools - this.shown.size;
      throw new DwsError('session_budget_exceeded',
        `${what} would show ${fresh.length} more commands; this session has been shown ${this.shown.size} of at most ${this.limits.maxTools} distinct commands`,
        `${left > 0 ? `at most ${left} more fit: lower "limit", narrow with "product_ids" or "exclude_canonical", or ` : ''}work with the commands already shown; ${RAISE}`);
    }
    for (const p of fresh) this.shown.add(p);
  }

  /** A schema_search answer (its JSON text) may be returned, and its commands count as shown; or it throws. */
  admitSearch(answer: string): void {
    this.admitTools(pathsIn(JSON.parse(answer), new Set()), 'this search');
  }

  /** A schema_inspect answer of `bytes` for `path` may be returned, and counts; or it throws. */
  admitInspect(path: string, bytes: number, allowLarge: boolean): void {
    if (bytes > this.limits.maxContractBytesEach && !allowLarge) {
      throw new DwsError('contract_too_large', `the contract of ${path} is ${bytes} bytes, more than ${this.limits.maxContractBytesEach} bytes for one command`,
        'inspect it only if you need it: call schema_inspect again with "allow_large_contract": true');
    }
    if (this.contractBytes + bytes > this.limits.maxContractBytes) {
      throw new DwsError('session_budget_exceeded',
        `this contract (${bytes} bytes) would bring the contracts this session has read to ${this.contractBytes + bytes} bytes, more than ${this.limits.maxContractBytes}`,
        `work with the contracts already read; ${RAISE}`);
    }
    this.admitTools([path], 'this inspect');
    this.contractBytes += bytes;
  }
}
