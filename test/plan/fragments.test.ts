// Plan fragments (src/plan/fragments.ts, docs/PLANS.md "Fragments"): a declaration shared by plans in several files,
// written out where `{fragment, with}` uses it before validation. Branch f-mix8: chat's im.batch-write.v1 ledger has
// one home (catalog/plans/fragments.yaml) for chat +conversation-set-top, +flag-create, +flag-cancel and the bot send
// to several groups of chat +messages-send.
import { describe, expect, it } from 'vitest';
import { expandFragments } from '../../src/plan/fragments.js';
import { validatePlans } from '../../src/plan/validate.js';
import { realCatalog, shippedEngine } from '../helpers.js';

const tools = realCatalog().tools;
const ledger = { object: { n: { from: '$targets', transform: ['length'] }, pairs: { zip: [{ from: '$targets' }, { from: '$results' }] } }, transform: ['sort_keys'] };
const fragments = { fragments: { ledger: { params: ['targets', 'results'], value: ledger } } };
const use = (over: Record<string, unknown> = {}) => ({ fragment: 'ledger', with: { targets: 'ids', results: 'call' }, ...over });
const planWith = (output: unknown) => ({ plans: { 'chat.shortcut_flag_create': { facts: 'f', output } } });
const expanded = (doc: unknown) => expandFragments([{ file: 'fragments.yaml', doc: fragments }, { file: 'p.yaml', doc }]);

describe('plan fragments', () => {
  it('a use is the fragment\'s value with each $param replaced by its step id; the fragments key is taken out', () => {
    const { files, problems } = expanded(planWith(use()));
    expect(problems).toEqual([]);
    expect(files.map((f) => f.doc)).toEqual([{}, planWith({
      object: { n: { from: 'ids', transform: ['length'] }, pairs: { zip: [{ from: 'ids' }, { from: 'call' }] } }, transform: ['sort_keys'],
    })]);
  });

  it('a use inside a list is expanded in place; one inside a const literal is left as written', () => {
    const { files } = expanded(planWith({ first: [{ const: use() }, use({ with: { targets: 'a', results: 'b' } })] }));
    expect(files[1].doc).toEqual(planWith({ first: [{ const: use() }, instantiated('a', 'b')] }));
  });

  const cases: [string, unknown, unknown, string][] = [
    ['an undeclared fragment', fragments, planWith(use({ fragment: 'nope' })), 'catalog/plans/p.yaml: chat.shortcut_flag_create.output: fragment "nope" is not declared under fragments: in any plans file'],
    ['a use missing a param', fragments, planWith(use({ with: { targets: 'ids' } })), 'catalog/plans/p.yaml: chat.shortcut_flag_create.output: fragment "ledger" takes with: {targets: <step id>, results: <step id>}'],
    ['a use with a param that is not a step id', fragments, planWith(use({ with: { targets: 'ids', results: 3 } })), 'fragment "ledger" takes with: {targets: <step id>, results: <step id>}'],
    ['a param the value never names', { fragments: { ledger: { params: ['targets', 'results', 'spare'], value: ledger } } }, planWith(use()), 'catalog/plans/fragments.yaml: fragments.ledger: params spare never appear as $<param> in its value'],
    ['a $name that is no param', { fragments: { ledger: { params: ['targets'], value: ledger } } }, {}, 'catalog/plans/fragments.yaml: fragments.ledger: $results in its value are not among its params'],
    ['a fragment without its value', { fragments: { ledger: { params: [] } } }, {}, 'catalog/plans/fragments.yaml: fragments.ledger: must be {params: [name, ...] (distinct, [a-z][a-z0-9_]*), value}'],
    ['a fragment using another', { fragments: { ledger: { params: [], value: { first: [{ fragment: 'x' }] } } } }, {}, 'catalog/plans/fragments.yaml: fragments.ledger: a fragment\'s value uses no other fragment'],
  ];
  for (const [what, declared, doc, message] of cases) {
    it(`refuses ${what}`, () => {
      const { problems } = expandFragments([{ file: 'fragments.yaml', doc: declared }, { file: 'p.yaml', doc }]);
      expect(problems.join('\n')).toContain(message);
    });
  }

  it('refuses a name declared in two files, naming both', () => {
    const { problems } = expandFragments([{ file: 'a.yaml', doc: fragments }, { file: 'b.yaml', doc: fragments }]);
    expect(problems).toEqual(['catalog/plans/b.yaml: fragments.ledger: declared twice (also in catalog/plans/a.yaml)']);
  });

  it('the plan validation expands them: a use validates as the value written out, its step ids checked there', () => {
    const steps = [{ id: 'ids', value: { concat: [{ flag: 'message-ids', transform: ['csv_to_list'] }, { flag: 'message-id' }] } }, { id: 'call', server: 'im', rpc: 'add_message_favorite', for_each: { from: 'ids' }, args: { openMessageId: { item: true }, openConversationId: { flag: 'conversation-id' } } }];
    const plan = (output: unknown) => ({ plans: { 'chat.shortcut_flag_create': { facts: 'f', steps, output } } });
    const viaUse = validatePlans([{ file: 'fragments.yaml', doc: fragments }, { file: 'p.yaml', doc: plan(use()) }], tools);
    const written = validatePlans([{ file: 'p.yaml', doc: plan(instantiated('ids', 'call')) }], tools);
    expect(viaUse.problems).toEqual([]);
    expect(viaUse.plans.get('chat.shortcut_flag_create')).toEqual(written.plans.get('chat.shortcut_flag_create'));
    expect(validatePlans([{ file: 'fragments.yaml', doc: fragments }, { file: 'p.yaml', doc: plan(use({ with: { targets: 'ids', results: 'later' } })) }], tools).problems.join('\n'))
      .toContain('from "later" is not an earlier step');
  });
});

describe('chat\'s im.batch-write.v1 ledger is one declaration (catalog/plans/fragments.yaml, batch_write.go:63-75@c7521c1c)', () => {
  it('the three batch writes print the same output, and +messages-send\'s bot send to several groups the same over its step ids', () => {
    const plan = (cp: string) => shippedEngine().tools().find((t) => t.canonical_path === cp)!.plan!;
    const [setTop, create, cancel] = ['chat.shortcut_conversation_set_top', 'chat.shortcut_flag_create', 'chat.shortcut_flag_cancel'].map((cp) => plan(cp).output);
    expect([create, cancel]).toEqual([setTop, setTop]);
    const send = (plan('chat.shortcut_messages_send').output as { first: unknown[] }).first;
    const last = JSON.stringify(send[send.length - 1]);
    expect(JSON.parse(last.replaceAll('"bot_groups"', '"targets"').replaceAll('"bot_group_send"', '"call"'))).toEqual(setTop);
    expect(last).toContain('"im.batch-write.v1"');
  });
});

/** The ledger fragment's value over these step ids. */
function instantiated(targets: string, results: string) {
  return { object: { n: { from: targets, transform: ['length'] }, pairs: { zip: [{ from: targets }, { from: results }] } }, transform: ['sort_keys'] };
}
