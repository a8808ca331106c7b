import { type DocumentationType, type Resource, UNGROUPED } from '@toolpass/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readCount } from '../../platform/db/db-values.ts';
import type { ResourceRow } from '../../platform/db/schema.ts';

type GroupRef = { id: number; name: string };

function toResource(row: ResourceRow, groups: GroupRef[]): Resource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageFilename: row.image_filename,
    allowTakeOver: readBool(row.allow_take_over),
    documentationType: row.documentation_type,
    documentationMarkdown: row.documentation_markdown,
    documentationUrl: row.documentation_url,
    groups,
  };
}

/** `%text%` for LIKE, with the wildcard characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type ResourceListFilter = {
  page: number;
  limit: number;
  search?: string | undefined;
  /** A group id, or -1 for resources in no group. */
  groupId?: number | undefined;
  /** Only these resources; an empty list matches none. */
  ids?: number[] | undefined;
};

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

export function createResourcesRepository() {
  /** Groups of many resources in one query, sorted by name. */
  async function groupsOf(db: Db, resourceIds: number[]): Promise<Map<number, GroupRef[]>> {
    const byResource = new Map<number, GroupRef[]>(resourceIds.map((id) => [id, []]));
    if (resourceIds.length === 0) return byResource;
    const rows = await db
      .selectFrom('resource_group_members as m')
      .innerJoin('resource_groups as g', 'g.id', 'm.group_id')
      .select(['m.resource_id', 'g.id', 'g.name'])
      .where('m.resource_id', 'in', resourceIds)
      .orderBy('g.name')
      .orderBy('g.id')
      .execute();
    for (const row of rows) byResource.get(row.resource_id)?.push({ id: row.id, name: row.name });
    return byResource;
  }

  async function findByIds(db: Db, ids: number[]): Promise<Resource[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('resources').selectAll().where('id', 'in', ids).orderBy('id').execute();
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
        .select('image_filename')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return undefined;
      await db
        .updateTable('resources')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
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
    async delete(db: Db, id: number): Promise<{ imageFilename: string | null } | undefined> {
      const row = await db
        .deleteFrom('resources')
        .where('id', '=', id)
        .returning('image_filename')
        .executeTakeFirst();
      return row && { imageFilename: row.image_filename };
    },

    /** One page and the total, in three queries whatever the page holds. */
    async list(db: Db, filter: ResourceListFilter): Promise<{ data: Resource[]; total: number }> {
      let base = db.selectFrom('resources');
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['name']), 'like', sql<string>`${pattern} escape '\\'`),
            eb(eb.fn('lower', ['description']), 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      if (filter.groupId === UNGROUPED) {
        base = base.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('resource_group_members as m')
                .select('m.resource_id')
                .whereRef('m.resource_id', '=', 'resources.id'),
            ),
          ),
        );
      } else if (filter.groupId !== undefined) {
        const groupId = filter.groupId;
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('resource_group_members as m')
              .select('m.resource_id')
              .whereRef('m.resource_id', '=', 'resources.id')
              .where('m.group_id', '=', groupId),
          ),
        );
      }
      if (filter.ids) {
        base = filter.ids.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('id', 'in', filter.ids);
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy((eb) => eb.fn('lower', ['name']))
          .orderBy('id')
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
      ]);
      const groups = await groupsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toResource(row, groups.get(row.id) ?? [])),
        total: readCount(count?.count as number | undefined),
      };
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
