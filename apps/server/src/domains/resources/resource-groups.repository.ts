import type { ResourceGroup, ResourceGroupBody } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';

const GROUP_COLUMNS = [
  'id',
  'name',
  'description',
  'introduction_valid_for_days',
  'introduction_expires_after_unused_days',
] as const;

function toGroup(row: {
  id: number;
  name: string;
  description: string | null;
  introduction_valid_for_days: number | null;
  introduction_expires_after_unused_days: number | null;
}): ResourceGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    introductionValidForDays: row.introduction_valid_for_days,
    introductionExpiresAfterUnusedDays: row.introduction_expires_after_unused_days,
  };
}

/** The introduction rules of a body (decision 21); absent ones are left out (unchanged). */
function ruleColumns(group: ResourceGroupBody) {
  return {
    ...(group.introductionValidForDays !== undefined
      ? { introduction_valid_for_days: group.introductionValidForDays }
      : {}),
    ...(group.introductionExpiresAfterUnusedDays !== undefined
      ? { introduction_expires_after_unused_days: group.introductionExpiresAfterUnusedDays }
      : {}),
  };
}

export function createResourceGroupsRepository() {
  return {
    async insert(db: Db, group: ResourceGroupBody, now: Date): Promise<ResourceGroup> {
      const row = await db
        .insertInto('resource_groups')
        .values({
          name: group.name,
          description: group.description,
          ...ruleColumns(group),
          created_at: now,
          updated_at: now,
        })
        .returning(GROUP_COLUMNS)
        .executeTakeFirstOrThrow();
      return toGroup(row);
    },

    async findById(db: Db, id: number): Promise<ResourceGroup | undefined> {
      const row = await db
        .selectFrom('resource_groups')
        .select(GROUP_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toGroup(row);
    },

    async list(db: Db): Promise<ResourceGroup[]> {
      const rows = await db
        .selectFrom('resource_groups')
        .select(GROUP_COLUMNS)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return rows.map(toGroup);
    },

    async update(
      db: Db,
      id: number,
      group: ResourceGroupBody,
      now: Date,
    ): Promise<ResourceGroup | undefined> {
      const row = await db
        .updateTable('resource_groups')
        .set({ name: group.name, description: group.description, ...ruleColumns(group), updated_at: now })
        .where('id', '=', id)
        .returning(GROUP_COLUMNS)
        .executeTakeFirst();
      return row && toGroup(row);
    },

    /** Memberships, introducers and introductions of the group go with it (ON DELETE CASCADE). */
    async delete(db: Db, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('resource_groups')
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adding twice is the same as adding once; true when the resource was not a member yet. */
    async addMember(db: Db, groupId: number, resourceId: number): Promise<boolean> {
      const row = await db
        .insertInto('resource_group_members')
        .values({ group_id: groupId, resource_id: resourceId })
        .onConflict((oc) => oc.columns(['group_id', 'resource_id']).doNothing())
        .returning('group_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when the resource was a member. */
    async removeMember(db: Db, groupId: number, resourceId: number): Promise<boolean> {
      const row = await db
        .deleteFrom('resource_group_members')
        .where('group_id', '=', groupId)
        .where('resource_id', '=', resourceId)
        .returning('group_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Resources in any of the groups, in one query. */
    async resourceIdsIn(db: Db, groupIds: number[]): Promise<number[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .selectFrom('resource_group_members')
        .select('resource_id')
        .distinct()
        .where('group_id', 'in', groupIds)
        .execute();
      return rows.map((row) => row.resource_id);
    },
  };
}

export type ResourceGroupsRepository = ReturnType<typeof createResourceGroupsRepository>;
