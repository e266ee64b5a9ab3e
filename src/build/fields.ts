// Searchable text, built mechanically from a ToolSpec, one text per indexed field. Both languages are indexed as
// separate fields so each has its own length statistics. avoid_when is not indexed (it names the wrong siblings);
// it only demotes (search.ts). test/fixtures/searchable-text.golden.json pins ToolSpec -> fields -> tokens.
import type { ProductSpec, ToolSpec } from '../catalog/types.js';

/** Field order is part of the index format: scores accumulate in this order. */
export const FIELDS = [
  'identity', 'title', 'title_en', 'summary', 'summary_en', 'description', 'description_en',
  'use_when', 'use_when_en', 'parameters', 'parameters_en', 'keywords', 'keywords_en',
] as const;

export type FieldName = (typeof FIELDS)[number];

/** The name a field is reported under in matched_fields (languages merged). */
export function baseField(f: FieldName): string {
  return f.endsWith('_en') ? f.slice(0, -3) : f;
}

/** A flag and the RPC argument it fills when that is another word (--group fills openConversationId): both are how agents name it. */
function parameterNames(flag: string, property: string | null): string {
  const word = (s: string) => s.replace(/[._-]/gu, '').toLowerCase();
  return property && word(property) !== word(flag) ? `${flag} ${property}` : flag;
}

export function searchableFields(t: ToolSpec, product: ProductSpec | undefined): Record<FieldName, string> {
  const params = Object.entries(t.parameters).map(([flag, p]) => [parameterNames(flag, p.property), p] as const);
  return {
    // The CLI path appears twice when it is also the primary CLI path (all tools today): its words weigh double.
    // Deduplicating measured R@1 -0.7 on the dev set (docs/ranking.md), so the doubling stays.
    identity: [t.canonical_path, t.cli_path, t.primary_cli_path, ...t.aliases, ...(t.command_aliases ?? []), t.interface_ref?.rpc_name ?? '']
      .filter(Boolean).join('\n'),
    title: t.title,
    title_en: t.title_en,
    summary: t.agent_summary,
    summary_en: t.agent_summary_en,
    description: t.description,
    description_en: t.description_en,
    use_when: t.use_when.join('\n'),
    use_when_en: t.use_when_en.join('\n'),
    parameters: params.map(([flag, p]) => `${flag} ${p.description}`).join('\n'),
    parameters_en: params.map(([flag, p]) => `${flag} ${p.description_en}`).join('\n'),
    keywords: [...t.keywords, product?.title ?? ''].filter(Boolean).join('\n'),
    keywords_en: [...t.keywords_en, product?.title_en ?? ''].filter(Boolean).join('\n'),
  };
}
