import type { ResourceGroup } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';

export function createResourceGroupsRepository() {
  return {
    async insert(
      db: Db,
      group: { name: string; description: string | null },
      now: Date,
    ): Promise<ResourceGroup> {
      return db
        .insertInto('resource_groups')
        .values({ name: group.name, description: group.description, created_at: now, updated_at: now })
        .returning(['id', 'name', 'description'])
        .executeTakeFirstOrThrow();
    },

    async findById(db: Db, id: number): Promise<ResourceGroup | undefined> {
      return db
        .selectFrom('resource_groups')
        .select(['id', 'name', 'description'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async list(db: Db): Promise<ResourceGroup[]> {
      return db
        .selectFrom('resource_groups')
        .select(['id', 'name', 'description'])
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
    },

    async update(
      db: Db,
      id: number,
      group: { name: string; description: string | null },
      now: Date,
    ): Promise<ResourceGroup | undefined> {
      return db
        .updateTable('resource_groups')
        .set({ name: group.name, description: group.description, updated_at: now })
        .where('id', '=', id)
        .returning(['id', 'name', 'description'])
        .executeTakeFirst();
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
