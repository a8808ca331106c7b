import type { DocumentationType, Resource } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import {
  createResourceListQuery,
  type ResourceListConditions,
  type ResourceListFilter,
} from './resource-list-query.ts';
import { createGroupsOf, RESOURCE_COLUMNS, toResource } from './resource-rows.ts';

/** What a search looks in: name and description, lower-cased (the search text is lower-cased too). */
export function searchTextOf(name: string, description: string | null): string {
  return `${name}\n${description ?? ''}`.toLowerCase();
}

export type ResourceChanges = {
  name?: string;
  description?: string | null;
  allowTakeOver?: boolean;
  imageFilename?: string | null;
};

export type DocumentationChanges = {
  documentationType: DocumentationType | null;
  documentationMarkdown: string | null;
  documentationUrl: string | null;
};

/** The only SQL of resources; a page of them is found by resource-list-query.ts. */
export function createResourcesRepository(deps: { db: Db; conditions: ResourceListConditions }) {
  const groupsOf = createGroupsOf(deps);
  const listRows = createResourceListQuery(deps);

  async function findByIds(db: Db, ids: number[]): Promise<Resource[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('resources')
      .select(RESOURCE_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const groups = await groupsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toResource(row, groups.get(row.id) ?? []));
  }

  return {
    findByIds,

    async findById(db: Db, id: number): Promise<Resource | undefined> {
      return (await findByIds(db, [id]))[0];
    },

    async exists(db: Db, id: number): Promise<boolean> {
      return (
        (await db.selectFrom('resources').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    async insert(
      db: Db,
      resource: {
        name: string;
        description: string | null;
        allowTakeOver: boolean;
        imageFilename: string | null;
      },
      now: Date,
    ): Promise<number> {
      const row = await db
        .insertInto('resources')
        .values({
          name: resource.name,
          description: resource.description,
          image_filename: resource.imageFilename,
          allow_take_over: resource.allowTakeOver,
          documentation_type: null,
          documentation_markdown: null,
          documentation_url: null,
          search_text: searchTextOf(resource.name, resource.description),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Applies the given changes; answers the image file name it had before, or undefined if missing. */
    async update(
      db: Db,
      id: number,
      changes: ResourceChanges,
      now: Date,
    ): Promise<{ previousImageFilename: string | null } | undefined> {
      const before = await db
        .selectFrom('resources')
        .select(['image_filename', 'name', 'description'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return undefined;
      const name = changes.name ?? before.name;
      const description = changes.description !== undefined ? changes.description : before.description;
      await db
        .updateTable('resources')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          search_text: searchTextOf(name, description),
          ...(changes.allowTakeOver !== undefined ? { allow_take_over: changes.allowTakeOver } : {}),
          ...(changes.imageFilename !== undefined ? { image_filename: changes.imageFilename } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return { previousImageFilename: before.image_filename };
    },

    async updateDocumentation(
      db: Db,
      id: number,
      changes: DocumentationChanges,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('resources')
        .set({
          documentation_type: changes.documentationType,
          documentation_markdown: changes.documentationMarkdown,
          documentation_url: changes.documentationUrl,
          updated_at: now,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes the resource; its usage sessions, introducers, introductions and group
     * memberships go with it through ON DELETE CASCADE. Answers the image file to remove.
     */
    async delete(db: Db, id: number): Promise<{ name: string; imageFilename: string | null } | undefined> {
      const row = await db
        .deleteFrom('resources')
        .where('id', '=', id)
        .returning(['name', 'image_filename'])
        .executeTakeFirst();
      return row && { name: row.name, imageFilename: row.image_filename };
    },

    /**
     * One page and the total, in three queries whatever the page holds or the filters ask.
     * Without an id list every combination of filters is a statement compiled once.
     */
    async list(db: Db, filter: ResourceListFilter): Promise<{ data: Resource[]; total: number }> {
      const { rows, total } = await listRows(db, filter);
      const groups = await groupsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toResource(row, groups.get(row.id) ?? [])),
        total,
      };
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
