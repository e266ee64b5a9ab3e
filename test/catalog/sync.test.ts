// The upstream sync: the catalog follows the facts of the upstream commit it records (catalog/meta/upstream.yaml; no
// difference, or only allowed ones), the older facts against those give the known list of tasks of that move, and
// the diff logic itself on small synthetic records.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { loadCatalogFiles } from '../../scripts/lib/catalog-lint.mjs';
import {
  catalogRecords, diffSurface, factsRecords, formatReport, hasDifferences,
  type FactRecord, type FlagFacts, type SurfaceDiff,
} from '../../scripts/lib/surface-diff.mjs';
import { followedUpstream } from '../../scripts/lib/upstream.mjs';
import { ROOT } from '../helpers.js';

const upstream = path.join(ROOT, '..', 'shared', 'upstream');
const followed = followedUpstream(ROOT);
const older = path.join(upstream, 'dws-surface.json');
/** Commands dws adds that upstream does not have (recovery and journal retention, issue 35): not upstream facts. */
const DWS_OWN = new Set(['audit.prune', 'audit.recover']);
const catalog = () => catalogRecords(loadCatalogFiles(path.join(ROOT, 'catalog'))).filter((r: { canonical_path: string }) => !DWS_OWN.has(r.canonical_path));
const facts = (file: string) => factsRecords(JSON.parse(readFileSync(file, 'utf8')));

describe('the upstream commit the catalog follows (catalog/meta/upstream.yaml)', () => {
  it('is c7521c1c, whose facts the README names', () => {
    expect(followed.short).toBe('c7521c1c');
    expect(followed.commit).toMatch(/^c7521c1c[0-9a-f]{32}$/);
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`at commit ${followed.short}`);
  });
});

describe('the review of each command against upstream (issue 32)', () => {
  it('names, for every command upstream has, the upstream line it was reviewed against, and for none of dws\'s own', () => {
    const tools = loadCatalogFiles(path.join(ROOT, 'catalog')).flatMap((f) => (f.doc.tools ?? []) as { canonical_path: string; upstream?: string }[]);
    expect(tools.length).toBeGreaterThan(1100);
    const unreviewed = tools.filter((t) => !DWS_OWN.has(t.canonical_path) && !/^(internal|pkg|cmd)\/[A-Za-z0-9_./-]+\.go:\d+@c7521c1c$/.test(t.upstream ?? '')).map((t) => t.canonical_path);
    expect(unreviewed).toEqual([]);
    expect(tools.filter((t) => DWS_OWN.has(t.canonical_path) && t.upstream !== undefined)).toEqual([]);
  });
});

describe.runIf(existsSync(followed.surface))(`the catalog and the upstream facts it follows (${followed.short})`, () => {
  it('do not disagree', () => {
    const surface = JSON.parse(readFileSync(followed.surface, 'utf8')) as { source: string };
    expect(surface.source).toContain(followed.short);
    const d = diffSurface(catalog(), facts(followed.surface));
    expect({ added: d.added, removed: d.removed, renamed: d.renamed, changed: d.changed }).toEqual({ added: [], removed: [], renamed: [], changed: [] });
    expect(hasDifferences(d)).toBe(false);
    // Allowed differences: hidden aliases beyond the facts, the flag an alias stands for where the facts name none, and
    // on a command reviewed against its upstream body, the checks that body makes (required, enum, alias, default)
    // a confirmation stricter than upstream's, a command whose body writes more than its declared RPC run as a
    // composite plan (mail reply drafts, then sends), and a flag the body registers as its own where the facts have
    // the root's hidden global one of the historical baseline (doc +export-get --output).
    for (const a of d.allowed) expect(['extra_hidden_alias', 'alias_target', 'reviewed_against_source', 'reviewed_constraint', 'reviewed_interface_ref', 'reviewed_composite', 'stricter_confirmation', 'reviewed_positional_alias', 'reviewed_positional', 'reviewed_local_flag', 'reviewed_cross_product_spelling', 'reviewed_root_flag']).toContain(a.kind);
    // h34-args: a spelling RegisterCrossProductAliases gives a command over a parent's children (doc.go:4641-4645@c7521c1c)
    expect(d.allowed).toContainEqual({ kind: 'reviewed_cross_product_spelling', canonical_path: 'doc.remove_permission', flag: 'user-id' });
    expect(d.allowed).toContainEqual({ kind: 'reviewed_composite', canonical_path: 'mail.create_reply_draft', field: 'mode', catalog: 'composite', facts: 'mcp' });
    expect(d.allowed).toContainEqual({ kind: 'reviewed_against_source', canonical_path: 'todo.create_personal_todo', field: 'required', flag: 'executors', catalog: true, facts: false });
    expect(d.allowed).toContainEqual({ kind: 'alias_target', canonical_path: 'chat.dismiss_group', flag: 'group', alias_of: 'conversation-id' });
    expect(d.allowed).toContainEqual({ kind: 'alias_target', canonical_path: 'calendar.get_event_share_info', flag: 'event-id', alias_of: 'id' });
    expect(d.allowed).toContainEqual({ kind: 'reviewed_positional_alias', canonical_path: 'chat.shortcut_chat_search', flag: 'query' });
    expect(d.allowed).toContainEqual({ kind: 'reviewed_positional', canonical_path: 'chat.search_groups', positional: 'search-text' });
    expect(d.allowed).toContainEqual({ kind: 'reviewed_local_flag', canonical_path: 'doc.shortcut_export_get', flag: 'output', field: 'inherited', catalog: false, facts: true });
    // h43-lead: the root's --format read as the legacy export format (resolveAitableExportFormat, aitable.go:41-53@c7521c1c)
    expect(d.allowed).toContainEqual({ kind: 'reviewed_root_flag', canonical_path: 'aitable.export_data', flag: 'format' });
  });
});

describe.runIf(existsSync(older) && existsSync(followed.surface))('the older upstream facts (6406c93e) against the followed ones', () => {
  // Computed when a test runs: a skipped describe's body still runs at collection, where the file may be absent.
  let diff: ReturnType<typeof diffSurface> | undefined;
  const lazy = () => (diff ??= diffSurface(facts(older), facts(followed.surface)));
  it('list the 24 added and 57 changed commands, none removed or renamed', () => {
    const d = lazy();
    expect(d.added.length).toBe(24);
    expect(d.added.filter((a) => a.canonical_path.startsWith('wiki.shortcut_')).length).toBe(19);
    expect(d.changed.length).toBe(57);
    expect(d.removed).toEqual([]);
    expect(d.renamed).toEqual([]);
    expect(hasDifferences(d)).toBe(true);
  });
  it('find the chat flag migration as renames that keep the old name as a hidden alias', () => {
    const d = lazy();
    const dismiss = d.changed.find((c) => c.canonical_path === 'chat.dismiss_group')!;
    expect(dismiss.flags.renamed.map((r) => [r.from, r.to, r.old_name])).toEqual([['group', 'conversation-id', 'hidden']]);
    const recall = d.changed.find((c) => c.canonical_path === 'chat.recall_message')!;
    expect(recall.flags.renamed.map((r) => [r.from, r.to])).toEqual([['msg-id', 'message-id']]);
    const dropdown = d.changed.find((c) => c.canonical_path === 'sheet.set_dropdown_lists')!;
    expect(dropdown.constraints.map((c) => c.kind).sort()).toEqual(['mutually_exclusive', 'require_one_of', 'require_together']);
    const report = formatReport(d, 'c7521c1c');
    expect(report).toContain('- [ ] wiki.shortcut_node_get  `dws wiki +node-get`  (read, composite)');
    expect(report).toContain('flag --group renamed --conversation-id (--group stays a hidden alias)');
  });
});

// Synthetic records: small commands whose every field is set, so each change below is the only difference.
function flag(over: Partial<FlagFacts> = {}): FlagFacts {
  return {
    type: 'string', required: false, cli_required: false, property: null, hidden: false, alias_of: null,
    shorthand: null, inherited: false, enum: null, default: null, format: null, ...over,
  };
}
function command(name: string, flags: Record<string, FlagFacts> = {}, over: Partial<FactRecord> = {}): FactRecord {
  return {
    canonical_path: `p.${name}`, cli_path: `p ${name}`, primary_cli_path: `p ${name}`, aliases: [], command_aliases: [],
    visibility: 'visible', positionals: null, pagination: null, dry_run: null,
    effect: 'read', risk: 'low', confirmation: 'not_required', idempotency: 'idempotent',
    mode: 'mcp', availability: 'available', ref: `p/${name}`, constraints: null, flags, ...over,
  };
}
const noDiff = (d: SurfaceDiff) => ({ added: d.added, removed: d.removed, renamed: d.renamed, changed: d.changed });

describe('surface diff on synthetic records', () => {
  const base = [command('list', { limit: flag({ type: 'int', property: 'size' }) }), command('get', { id: flag({ required: true, property: 'id' }) })];

  it('finds added, removed and renamed commands', () => {
    const d = diffSurface(base, [
      command('list', base[0].flags),
      { ...command('fetch', base[1].flags), cli_path: 'p get' },
      command('new'),
    ]);
    expect(d.added.map((a) => a.canonical_path)).toEqual(['p.new']);
    expect(d.removed).toEqual([]);
    expect(d.renamed).toEqual([{ kind: 'canonical_path', cli_path: 'p get', from: 'p.get', to: 'p.fetch' }]);
    expect(d.changed.map((c) => [c.canonical_path, c.command])).toEqual([['p.fetch', [{ field: 'primary_cli_path', catalog: 'p get', facts: 'p fetch' }]]]);

    const moved = diffSurface(base, [base[0], { ...base[1], cli_path: 'p show' }]);
    expect(moved.renamed).toEqual([{ kind: 'cli_path', canonical_path: 'p.get', from: 'p get', to: 'p show' }]);
    expect(diffSurface(base, [base[0]]).removed.map((r) => r.canonical_path)).toEqual(['p.get']);
  });

  it('finds flag renames, additions, removals and field changes', () => {
    const cmd = command('send', {
      group: flag({ required: true, property: 'openConversationId' }),
      text: flag({ property: 'text' }),
      old: flag(),
    });
    const next = command('send', {
      'conversation-id': flag({ required: true, cli_required: true, property: 'openConversationId' }),
      group: flag({ hidden: true }),
      text: flag({ property: 'content', type: 'stringSlice' }),
      chat: flag({ hidden: true }),
    }, { effect: 'write', ref: 'p/send2', constraints: { require_one_of: [['text', 'conversation-id']] } });
    const [c] = diffSurface([cmd], [next]).changed;
    expect(c.flags.renamed.map((r) => [r.from, r.to, r.old_name, r.changes])).toEqual([
      ['group', 'conversation-id', 'hidden', [{ field: 'cli_required', catalog: false, facts: true }]],
    ]);
    expect(c.flags.added.map((a) => [a.flag, a.hidden])).toEqual([['chat', true]]);
    expect(c.flags.removed).toEqual(['old']);
    expect(c.flags.changed).toEqual([
      { flag: 'text', field: 'type', catalog: 'string', facts: 'stringSlice' },
      { flag: 'text', field: 'property', catalog: 'text', facts: 'content' },
    ]);
    expect(c.safety).toEqual([{ field: 'effect', catalog: 'read', facts: 'write' }]);
    expect(c.interface).toEqual([{ field: 'ref', catalog: 'p/send', facts: 'p/send2' }]);
    expect(c.constraints).toEqual([{ kind: 'require_one_of', change: 'added', flags: ['conversation-id', 'text'] }]);
  });

  it('finds a rename to a name the catalog already accepts as a hidden alias', () => {
    const cmd = command('quit', { group: flag({ property: 'cid' }), 'conversation-id': flag({ hidden: true, alias_of: 'group', property: 'cid' }) });
    const next = command('quit', { 'conversation-id': flag({ property: 'cid', required: true }), group: flag({ hidden: true }) });
    const [c] = diffSurface([cmd], [next]).changed;
    expect(c.flags.renamed.map((r) => [r.from, r.to, r.old_name, r.changes])).toEqual([
      ['group', 'conversation-id', 'hidden', [{ field: 'required', catalog: false, facts: true }]],
    ]);
    expect([c.flags.added, c.flags.removed, c.flags.changed]).toEqual([[], [], []]);
  });

  it('allows a reviewed command run as a composite plan (its flags feed steps, not one property), never an unreviewed one', () => {
    const facts = command('reply', { id: flag({ property: 'messageId' }) });
    const plan = (reviewed: boolean) => ({ ...command('reply', { id: flag({ property: null }) }, { mode: 'composite', ref: null }), reviewed });
    const d = diffSurface([plan(true)], [facts]);
    expect(noDiff(d)).toEqual({ added: [], removed: [], renamed: [], changed: [] });
    expect(d.allowed.filter((a) => a.kind === 'reviewed_composite')).toEqual([
      { kind: 'reviewed_composite', canonical_path: 'p.reply', flag: 'id', field: 'property', catalog: null, facts: 'messageId' },
      { kind: 'reviewed_composite', canonical_path: 'p.reply', field: 'mode', catalog: 'composite', facts: 'mcp' },
    ]);
    expect(hasDifferences(diffSurface([plan(false)], [facts]))).toBe(true);
  });

  it('lists extra hidden aliases of the catalog as allowed, not as differences', () => {
    const withAlias = command('get', { id: flag({ property: 'id' }), 'object-id': flag({ hidden: true, alias_of: 'id', property: 'id' }) });
    const d = diffSurface([withAlias], [command('get', { id: flag({ property: 'id' }) })]);
    expect(hasDifferences(d)).toBe(false);
    expect(d.allowed).toEqual([{ kind: 'extra_hidden_alias', canonical_path: 'p.get', flag: 'object-id', alias_of: 'id' }]);
    // An extra hidden flag that is no alias of a flag of the command is a difference.
    const stray = command('get', { id: flag({ property: 'id' }), x: flag({ hidden: true, alias_of: 'nope' }) });
    expect(diffSurface([stray], [command('get', { id: flag({ property: 'id' }) })]).changed[0].flags.removed).toEqual(['x']);
  });

  it('lists the flag an alias stands for, where the facts name none, as allowed; a target that is hidden is a difference', () => {
    const facts = command('quit', { 'conversation-id': flag({ property: 'cid' }), chat: flag({ hidden: true }), group: flag() });
    const named = command('quit', { 'conversation-id': flag({ property: 'cid' }), chat: flag({ hidden: true, alias_of: 'conversation-id' }), group: flag({ alias_of: 'conversation-id' }) });
    const d = diffSurface([named], [facts]);
    expect(hasDifferences(d)).toBe(false);
    expect(d.allowed).toEqual([
      { kind: 'alias_target', canonical_path: 'p.quit', flag: 'chat', alias_of: 'conversation-id' },
      { kind: 'alias_target', canonical_path: 'p.quit', flag: 'group', alias_of: 'conversation-id' },
    ]);
    const toHidden = command('quit', { 'conversation-id': flag({ property: 'cid' }), chat: flag({ hidden: true }), group: flag({ alias_of: 'chat' }) });
    expect(diffSurface([toHidden], [facts]).changed[0].flags.changed).toEqual([{ flag: 'group', field: 'alias_of', catalog: 'chat', facts: null }]);
  });

  // Random catalogs and random edits: the diff reports exactly the edits made, and nothing for an unchanged one.
  const name = fc.stringMatching(/^[a-z]{1,6}$/);
  const flags = fc.uniqueArray(fc.tuple(name, fc.constantFrom('string', 'bool', 'int'), fc.boolean()), { selector: (t) => t[0], maxLength: 4 })
    .map((fs) => Object.fromEntries(fs.map(([n, type, required]) => [n, flag({ type, required, property: `${n}Prop` })])));
  const records = fc.uniqueArray(fc.tuple(name, flags, fc.constantFrom('read', 'write', 'destructive')), { selector: (t) => t[0], maxLength: 8 })
    .map((ts) => ts.map(([n, f, effect]) => command(n, f, { effect })));
  const edit = fc.constantFrom('none', 'remove', 'effect', 'add-flag', 'remove-flag', 'flag-type');

  it('diff(a, a) is empty', () => {
    fc.assert(fc.property(records, (a) => {
      const d = diffSurface(a, structuredClone(a));
      expect(noDiff(d)).toEqual({ added: [], removed: [], renamed: [], changed: [] });
      expect(d.allowed).toEqual([]);
    }));
  });

  it('diff(a, b) lists exactly the changes applied to a', () => {
    fc.assert(fc.property(records, fc.array(edit, { minLength: 8, maxLength: 8 }), fc.nat({ max: 3 }), (a, edits, adds) => {
      const b: FactRecord[] = [];
      const expected = { added: [] as string[], removed: [] as string[], changed: new Map<string, unknown>() };
      a.forEach((r, i) => {
        const c = structuredClone(r);
        const first = Object.keys(c.flags).sort()[0];
        const kind = edits[i];
        if (kind === 'remove') { expected.removed.push(r.canonical_path); return; }
        if (kind === 'effect') {
          c.effect = r.effect === 'read' ? 'write' : 'read';
          expected.changed.set(r.canonical_path, { safety: [{ field: 'effect', catalog: r.effect, facts: c.effect }] });
        } else if (kind === 'add-flag') {
          c.flags['zz-new'] = flag({ hidden: true });
          expected.changed.set(r.canonical_path, { added: ['zz-new'] });
        } else if (kind === 'remove-flag' && first !== undefined) {
          delete c.flags[first];
          expected.changed.set(r.canonical_path, { removed: [first] });
        } else if (kind === 'flag-type' && first !== undefined) {
          c.flags[first].type = r.flags[first].type === 'int' ? 'string' : 'int';
          expected.changed.set(r.canonical_path, { changed: [{ flag: first, field: 'type', catalog: r.flags[first].type, facts: c.flags[first].type }] });
        }
        b.push(c);
      });
      for (let i = 0; i < adds; i++) {
        b.push(command(`new${i}x`));
        expected.added.push(`p.new${i}x`);
      }
      const d = diffSurface(a, b);
      expect(d.added.map((x) => x.canonical_path)).toEqual(expected.added.sort());
      expect(d.removed.map((x) => x.canonical_path)).toEqual(expected.removed.sort());
      expect(d.renamed).toEqual([]);
      expect(d.changed.map((c) => c.canonical_path)).toEqual([...expected.changed.keys()].sort());
      for (const c of d.changed) {
        const want = expected.changed.get(c.canonical_path) as Record<string, unknown>;
        expect({
          safety: c.safety, added: c.flags.added.map((f) => f.flag), removed: c.flags.removed, changed: c.flags.changed,
        }).toEqual({ safety: [], added: [], removed: [], changed: [], ...want });
        expect([c.command, c.interface, c.constraints, c.flags.renamed]).toEqual([[], [], [], []]);
      }
    }));
  });
});
