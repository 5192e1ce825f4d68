// The stimulus sets the Cards section offers (spec §3 "Entity set").
import type { EntitySetInfo } from './types';

/** HIDDEN_SETS are set names never offered in the wizard (the spec's blocked list). The
 * built-in demo set stays visible: it is the set a new researcher tries first. Sets a
 * researcher hid in the library come marked `hidden` from pull_entity_sets and are left
 * out as well. */
export const HIDDEN_SETS: readonly string[] = [];

/** SetGroup is the sets of one category. */
export interface SetGroup {
  category: string;
  sets: EntitySetInfo[];
}

/** setLabel is how a set is shown and named: `name [count]`. */
export function setLabel(set: EntitySetInfo): string {
  return `${set.entity_set} [${set.num_entities}]`;
}

/** groupSets leaves out the category `test` and hidden sets and groups the rest by
 * category, categories sorted alphabetically, sets by name within each. */
export function groupSets(sets: EntitySetInfo[], hidden: readonly string[] = HIDDEN_SETS): SetGroup[] {
  const groups = new Map<string, EntitySetInfo[]>();
  for (const s of sets) {
    if (s.entity_category === 'test' || s.hidden || hidden.includes(s.entity_set)) continue;
    const list = groups.get(s.entity_category) ?? [];
    list.push(s);
    groups.set(s.entity_category, list);
  }
  return [...groups.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((category) => ({ category, sets: groups.get(category)!.sort((a, b) => a.entity_set.localeCompare(b.entity_set)) }));
}
