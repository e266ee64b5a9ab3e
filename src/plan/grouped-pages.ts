/**
 * Upstream's paged-command collection (internal/helpers/paged_command.go pagedCollection :333-445@c7521c1c), as pure
 * functions over JSON values: pages of groups (a conversation holding its messages) merge by the group's key, the
 * first group met keeping its place and later pages' lists appended to it; the cap counts the inner items and cuts
 * inside the groups. docs/PLANS.md "page" `paged_command`.
 */

import { isObject } from '../json-object.js';

export interface GroupShape {
  /** The group's identity, a non-blank text field (openConversationId). */
  key: string;
  /** The field holding the group's inner list (messages); absent counts as empty. */
  list: string;
}

/** A group's inner list: absent is empty; anything but a list is refused (upstream conversationMessages :435-445). */
function innerList(group: Record<string, unknown>, shape: GroupShape): unknown[] {
  if (!(shape.list in group)) return [];
  const raw = group[shape.list];
  if (!Array.isArray(raw)) throw new Error(`paged response conversation ${shape.list} must be array`);
  return raw;
}

/** How many inner items the groups hold (upstream pagedCollection.total). */
export function countInner(groups: readonly unknown[], shape: GroupShape): number {
  return groups.reduce<number>((n, g) => n + (isObject(g) ? innerList(g, shape).length : 0), 0);
}

/**
 * The groups after a page's groups are added (upstream addConversation :385-412): each must be an object with a
 * non-blank text key; one whose key was met before appends its list to that first group's; a new one goes last.
 * Nothing given is changed (copies of the touched groups are made).
 */
export function mergeGroups(groups: readonly unknown[], page: readonly unknown[], shape: GroupShape): unknown[] {
  const out = [...groups];
  const at = new Map<string, number>();
  out.forEach((g, i) => {
    if (isObject(g) && typeof g[shape.key] === 'string') at.set(g[shape.key] as string, i);
  });
  for (const item of page) {
    if (!isObject(item)) throw new Error('paged response conversation item must be object');
    const key = item[shape.key];
    if (typeof key !== 'string' || key.trim() === '') throw new Error(`paged response conversation item missing ${shape.key}`);
    const list = innerList(item, shape);
    const i = at.get(key);
    if (i === undefined) {
      at.set(key, out.length);
      out.push(item);
      continue;
    }
    const first = out[i] as Record<string, unknown>;
    out[i] = { ...first, [shape.list]: [...innerList(first, shape), ...list] };
  }
  return out;
}

/**
 * The groups cut to `max` inner items (upstream truncateConversationMessages :414-433): whole groups while they fit,
 * the group that overflows cut to the room left (a group reached with no room left is dropped with the rest).
 */
export function cutGroups(groups: readonly unknown[], max: number, shape: GroupShape): unknown[] {
  if (max <= 0 || countInner(groups, shape) <= max) return [...groups];
  let room = max;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i] as Record<string, unknown>;
    const list = innerList(g, shape);
    if (room >= list.length) {
      room -= list.length;
      continue;
    }
    if (room === 0) return groups.slice(0, i);
    return [...groups.slice(0, i), { ...g, [shape.list]: list.slice(0, room) }];
  }
  return [...groups];
}
