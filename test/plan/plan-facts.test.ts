// The plans of this issue against the upstream facts (the dws-composition.json of the upstream commit the catalog
// follows, catalog/meta/upstream.yaml): for every single-call and paged composite command, the servers and rpcs of its
// backend steps and the argument keys it can send equal the facts, except the differences allowed below, each with the
// reason established from the upstream source. Skips cleanly when ../shared is absent.
// An atomic (mcp) command's plan (issue 32: it declares its conversions) has no composition facts: it is checked
// against its own interface_ref instead, here and without the facts file.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, anySteps, shippedEngine, type AnyStep } from '../helpers.js';
import { followedUpstream } from '../../scripts/lib/upstream.mjs';
import type { Source } from '../../src/plan/spec.js';
import type { ToolSpec } from '../../src/catalog/types.js';
import { singleCallPlanPaths } from './plan-paths.js';

const FACTS = followedUpstream(ROOT).composition;

/** canonical path -> the difference and why it is right (empty: the facts and the plans agree everywhere). */
const ALLOWED: Record<string, { difference: string; reason: string }> = {
  'sheet.import_get': {
    difference: 'calls sheet/query_import_task -> doc/query_import_task',
    reason: 'upstream import_flow.go asks the doc server (serverID doc) for the import task; the facts file names the sheet server',
  },
  'drive.download_file_version': {
    difference: 'calls drive/download_file_version -> drive/download_file_version drive/download_file_version',
    reason: 'f-mix8: after a GET answered 401/403 upstream asks download_file_version once more for a fresh link (downloadSingleWithAuthRetry, helpers/drive_transfer.go:318-330; fetchCred drive.go:935-945@c7521c1c); the facts list the first call only',
  },
};

interface FactSource {
  object?: Record<string, FactSource>;
}
interface Fact {
  class: string;
  calls: { server: string; rpc: string; args?: Record<string, FactSource> }[];
  args?: Record<string, FactSource>;
}

const factKeys = (args: Record<string, FactSource> = {}, pre = ''): string[] =>
  Object.entries(args).flatMap(([k, s]) => (s.object ? factKeys(s.object, `${pre}${k}.`) : [pre + k]));
/** Argument key paths a plan step can send: nested objects expand like the facts' (dotted keys are the same path). */
const planKeys = (args: Record<string, Source> = {}, pre = ''): string[] =>
  Object.entries(args).flatMap(([k, s]) => ('object' in s && !s.transform ? planKeys(s.object, `${pre}${k}.`) : [pre + k]));
const sorted = (xs: string[]) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const isAtomic = (t: ToolSpec) => t.interface_mode === 'mcp';

describe('atomic plans against their interface_ref', () => {
  it('every atomic command\'s plan makes one call of its own RPC (interface_ref), maybe paged, with no for_each, resolve or poll; its other steps only refuse, read, compute a value, print a notice, transfer, append the rest of a chunked write or write once into what the call created', () => {
    const byPath = new Map(shippedEngine().tools().map((t) => [t.canonical_path, t]));
    const problems: Record<string, string> = {};
    for (const cp of singleCallPlanPaths()) {
      const t = byPath.get(cp)!;
      if (!isAtomic(t)) continue;
      const steps = anySteps(t.plan!);
      const ref = t.interface_ref;
      if (!ref) {
        problems[cp] = 'no interface_ref';
        continue;
      }
      // the rest of a chunked write (doc create/update append the pieces after the first): a for_each write on the
      // same server, after the call, over a list whose last transform is `rest`
      const ownAt = steps.findIndex((s) => s.server === ref.product_id && s.rpc === ref.rpc_name && !s.for_each);
      // or a fresh read of its own RPC (failure tolerated) after a transfer declaring refused_statuses (f-mix8: drive
      // download asks download_file again after a 401/403, upstream downloadSingleWithAuthRetry)
      const refusedAt = steps.findIndex((s, i) => i > ownAt && ((s.kind === 'download' && s.download?.refused_statuses) || (s.kind === 'upload' && s.upload?.refused_statuses)));
      // or one write into what the own call created (f-warn: doc create --content-format jsonml overwrites the new
      // document, upstream doc.go:1586-1613): a plain write on the same server whose arguments read the call's answer
      const readsOwn = (v: unknown): boolean => (Array.isArray(v) ? v.some(readsOwn)
        : typeof v === 'object' && v !== null && ((v as { from?: unknown }).from === steps[ownAt].id || Object.values(v).some(readsOwn)));
      const contentWrites = steps.filter((s, i) => ownAt >= 0 && i > ownAt && s.kind === 'call' && s.server === ref.product_id && s.effect === 'write'
        && !s.for_each && !s.page && !s.resolve && !s.poll && readsOwn(s.args));
      // or the own call sent once more when its first answer was refused, under a condition that reads that answer
      // (h53-left: pat batch grant without its identity fields after PAT_FORGED_IDENTITY_FIELD, upstream chmod.go:595-615)
      // or the first call's failure its own tolerate_failure passed over (h54-left: that refusal carried as a business error)
      const ownFailure = ownAt >= 0 && steps[ownAt].tolerate_failure !== undefined ? steps[ownAt].failure_as : undefined;
      const readsOwnFailure = (v: unknown): boolean => ownFailure !== undefined && (Array.isArray(v) ? v.some(readsOwnFailure)
        : typeof v === 'object' && v !== null && ((v as { from?: unknown }).from === ownFailure || Object.values(v).some(readsOwnFailure)));
      const refusedRetry = (s: AnyStep, i: number) => i > ownAt && s.kind === 'call' && s.server === ref.product_id && s.rpc === ref.rpc_name
        && !s.for_each && !s.page && !s.resolve && !s.poll && !s.rpc_if && s.when !== undefined && (readsOwn(s.when) || readsOwnFailure(s.when));
      const rest = steps.filter((s, i) => ownAt >= 0 && i > ownAt && (refusedRetry(s, i) || (s.server === ref.product_id && s.effect === 'write' && s.for_each?.transform?.at(-1) === 'rest')
        || (refusedAt >= 0 && i > refusedAt && s.server === ref.product_id && s.rpc === ref.rpc_name && s.effect === 'read' && s.tolerate_failure === true)
        || (contentWrites.length === 1 && s === contentWrites[0])));
      const own = steps.filter((s) => s.server === ref.product_id && s.rpc === ref.rpc_name && !rest.includes(s));
      const others = steps.filter((s) => !own.includes(s) && !rest.includes(s));
      // two steps of its own RPC are its one call when exactly one runs: one's condition is the other's negation
      // (session 43: chat message search-advanced / search, the one call or paged command, or the scoped scan)
      const whenOf = (s: unknown) => (s as { when?: unknown }).when;
      const oneOfTwo = own.length === 2 && own.every((s) => whenOf(s) !== undefined)
        && own.some((s, i) => JSON.stringify(whenOf(own[1 - i])) === JSON.stringify({ not: whenOf(s) }));
      if (own.length !== 1 && !oneOfTwo) problems[cp] = `${own.length} calls of ${ref.product_id}/${ref.rpc_name}`;
      else if (own[0].for_each || own[0].resolve || own[0].poll) problems[cp] = 'the call is not one plain call';
      else {
        const bad = others.filter((s) => !(s.kind === 'refuse' || s.kind === 'value' || s.kind === 'warn' || s.kind === 'upload' || s.kind === 'download' || s.kind === 'save' || (s.kind === 'call' && s.effect === 'read')));
        if (bad.length) problems[cp] = `steps besides the call that write or hand over: ${bad.map((s) => s.id).join(', ')}`;
      }
    }
    expect(problems).toEqual({});
  });
});

describe.skipIf(!existsSync(FACTS))('plans against dws-composition.json', () => {
  it('servers, rpcs and argument keys equal the facts for every single-call and paged composite command, or are allowed with a reason', () => {
    const facts = (JSON.parse(readFileSync(FACTS, 'utf8')) as { commands: Record<string, Fact> }).commands;
    const byPath = new Map(shippedEngine().tools().map((t) => [t.canonical_path, t]));
    const ours = singleCallPlanPaths().filter((cp) => !isAtomic(byPath.get(cp)!));
    const theirs = Object.keys(facts).filter((k) => facts[k].class === 'single_rpc' || facts[k].class === 'paged_rpc').sort();
    // Every command of the issue has a plan but drive status, whose "paged" call is a recursive walk of the remote
    // folder compared with a local tree walk: a local command of dispatch (src/local/drive-folder.ts, its facts checked in test/local/drive-folder.test.ts),
    // and dev connect list, whose list_dev_app only names the connectors it reads from this machine's records
    // (src/local/dev.ts; its calls in test/fixtures/calls/dev.yaml).
    expect(theirs.filter((k) => !ours.includes(k))).toEqual(['dev.connect_list', 'drive.folder_status']);
    const differences: Record<string, string> = {};
    for (const cp of ours) {
      const fact = facts[cp];
      const steps = anySteps(byPath.get(cp)!.plan!).filter((s) => s.server !== undefined);
      const calls = (xs: { server?: string; rpc?: string }[]) => xs.map((c) => `${c.server}/${c.rpc}`).join(' ');
      const want = sorted(fact.calls.flatMap((c) => factKeys(c.args ?? fact.args)));
      const got = sorted(steps.flatMap((s) => [...planKeys(s.args), ...(s.page ? [s.page.number_arg ?? s.page.cursor_arg] : [])]));
      // a command reviewed against its upstream body (`upstream:`) sends the keys that body builds, which the facts
      // (extracted statically) do not always see; its calls must still be the facts' calls
      const reviewed = byPath.get(cp)!.upstream !== undefined;
      const diff = [
        calls(fact.calls) !== calls(steps) ? `calls ${calls(fact.calls)} -> ${calls(steps)}` : '',
        !reviewed && JSON.stringify(want) !== JSON.stringify(got) ? `keys +${got.filter((k) => !want.includes(k))} -${want.filter((k) => !got.includes(k))}` : '',
      ].filter(Boolean).join('; ');
      if (diff) differences[cp] = diff;
    }
    expect(differences).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([k, v]) => [k, v.difference])));
  });
});
