import type { ResourceGroup } from '@toolpass/contracts';

/** The groups manager's order: the resource's own groups first, each part by name (spec 01 §2). */
export function orderGroupsForResource(
  groups: ResourceGroup[],
  memberIds: ReadonlySet<number>,
): ResourceGroup[] {
  return [...groups].sort((a, b) => {
    const membership = Number(memberIds.has(b.id)) - Number(memberIds.has(a.id));
    return membership || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  });
}
