import { type DocumentationType, type Resource, UNGROUPED } from '@toolpass/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readCount } from '../../platform/db/db-values.ts';
import { containsLikeText, likeOperand } from '../../platform/db/like-pattern.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database, ResourceRow } from '../../platform/db/schema.ts';

type GroupRef = { id: number; name: string };

/** Every column a `Resource` is made of; the search text stays in the database. */
const RESOURCE_COLUMNS = [
  'id',
  'name',
  'description',
  'image_filename',
  'allow_take_over',
  'documentation_type',
  'documentation_markdown',
  'documentation_url',
] as const;

type ResourceColumns = Pick<ResourceRow, (typeof RESOURCE_COLUMNS)[number]>;

function toResource(row: ResourceColumns, groups: GroupRef[]): Resource {
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

export type ResourceListFilter = {
  page: number;
  limit: number;
  search?: string | undefined;
  /** A group id, or -1 for resources in no group. */
  groupId?: number | undefined;
  /** Only these resources; an empty list matches none. */
  ids?: number[] | undefined;
  /** Only resources this user may use through an introduction or as an introducer. */
  usableBy?: number | undefined;
  /** Only resources with a running session of this user. */
  inUseBy?: number | undefined;
};

/** What a search looks in: name and description, lower-cased (the search text is lower-cased too). */
export function searchTextOf(name: string, description: string | null): string {
  return `${name}\n${description ?? ''}`.toLowerCase();
}

/** Which filters a list query has: each combination is one statement, compiled once. */
type ListShape = {
  search: boolean;
  group: 'any' | 'one' | 'none';
  usable: boolean;
  inUse: boolean;
};

type ListValues = { pattern: string; groupId: number; usableBy: number; inUseBy: number };
type PageValues = ListValues & { offset: number };

function shapeOf(filter: ResourceListFilter): ListShape {
  return {
    search: filter.search !== undefined,
    group: filter.groupId === undefined ? 'any' : filter.groupId === UNGROUPED ? 'none' : 'one',
    usable: filter.usableBy !== undefined,
    inUse: filter.inUseBy !== undefined,
  };
}

function valueNames(shape: ListShape): (keyof ListValues)[] {
  const names: (keyof ListValues)[] = [];
  if (shape.search) names.push('pattern');
  if (shape.group === 'one') names.push('groupId');
  if (shape.usable) names.push('usableBy');
  if (shape.inUse) names.push('inUseBy');
  return names;
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

export function createResourcesRepository(deps: {
  db: Db;
  /** SQL conditions over `resources`, from the domains that own the tables they read. */
  conditions: {
    usableBy(userId: number): Expression<SqlBool>;
    inUseBy(userId: number): Expression<SqlBool>;
  };
}) {
  type GroupRow = { resource_id: number; id: number; name: string };
  // One statement per number of resources asked for (a page holds at most 100).
  const groupStatements = new Map<number, (db: Db, ids: Record<string, number>) => Promise<GroupRow[]>>();
  function groupsStatement(count: number) {
    const cached = groupStatements.get(count);
    if (cached) return cached;
    const names = Array.from({ length: count }, (_, index) => `id${index}`);
    const statement = reusableQuery<Database, Record<string, number>, GroupRow>(deps.db, names, (db, p) =>
      db
        .selectFrom('resource_group_members as m')
        .innerJoin('resource_groups as g', 'g.id', 'm.group_id')
        .select(['m.resource_id', 'g.id', 'g.name'])
        .where(
          'm.resource_id',
          'in',
          names.map((name) => p[name] as never),
        )
        .orderBy('g.name')
        .orderBy('g.id'),
    );
    groupStatements.set(count, statement);
    return statement;
  }

  /** Groups of many resources in one query, sorted by name. */
  async function groupsOf(db: Db, resourceIds: number[]): Promise<Map<number, GroupRef[]>> {
    const byResource = new Map<number, GroupRef[]>(resourceIds.map((id) => [id, []]));
    if (resourceIds.length === 0) return byResource;
    const rows = await groupsStatement(resourceIds.length)(
      db,
      Object.fromEntries(resourceIds.map((id, index) => [`id${index}`, id])),
    );
    for (const row of rows) byResource.get(row.resource_id)?.push({ id: row.id, name: row.name });
    return byResource;
  }

  function filtered(db: Db, shape: ListShape, values: ListValues, ids?: number[]) {
    let query = db.selectFrom('resources');
    if (shape.search) {
      const pattern = likeOperand(values.pattern);
      query = query.where('search_text', 'like', pattern);
    }
    if (shape.group !== 'any') {
      query = query.where((eb) => {
        let members = eb
          .selectFrom('resource_group_members as m')
          .select('m.resource_id')
          .whereRef('m.resource_id', '=', 'resources.id');
        if (shape.group === 'one') members = members.where('m.group_id', '=', values.groupId);
        return shape.group === 'one' ? eb.exists(members) : eb.not(eb.exists(members));
      });
    }
    if (shape.usable) query = query.where(deps.conditions.usableBy(values.usableBy));
    if (shape.inUse) query = query.where(deps.conditions.inUseBy(values.inUseBy));
    if (ids) query = ids.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('id', 'in', ids);
    return query;
  }

  function pageQuery(db: Db, shape: ListShape, values: PageValues, limit: number, ids?: number[]) {
    return (
      filtered(db, shape, values, ids)
        .select(RESOURCE_COLUMNS)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        // A literal: SQLite plans a bound LIMIT as if it could be large, and stops later.
        .limit(sql.lit(limit))
        .offset(values.offset)
    );
  }

  function countQuery(db: Db, shape: ListShape, values: ListValues, ids?: number[]) {
    return filtered(db, shape, values, ids).select((eb) => eb.fn.countAll<number | string>().as('count'));
  }

  // Compiled on first use: one count per combination of filters, one page per page size too.
  type PageStatement = (db: Db, values: PageValues) => Promise<ResourceColumns[]>;
  type CountStatement = (db: Db, values: ListValues) => Promise<{ count: number | string }[]>;
  const pageStatements = new Map<string, PageStatement>();
  const countStatements = new Map<string, CountStatement>();
  function listStatements(shape: ListShape, limit: number) {
    const key = JSON.stringify(shape);
    const names = valueNames(shape);
    let count = countStatements.get(key);
    if (!count) {
      count = reusableQuery<Database, ListValues, { count: number | string }>(deps.db, names, (db, p) =>
        countQuery(db, shape, p),
      );
      countStatements.set(key, count);
    }
    let page = pageStatements.get(`${key}${limit}`);
    if (!page) {
      page = reusableQuery<Database, PageValues, ResourceColumns>(deps.db, [...names, 'offset'], (db, p) =>
        pageQuery(db, shape, p, limit),
      );
      pageStatements.set(`${key}${limit}`, page);
    }
    return { page, count };
  }

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
      const shape = shapeOf(filter);
      const values: PageValues = {
        pattern: filter.search === undefined ? '' : containsLikeText(filter.search.toLowerCase()),
        groupId: filter.groupId ?? 0,
        usableBy: filter.usableBy ?? 0,
        inUseBy: filter.inUseBy ?? 0,
        offset: (filter.page - 1) * filter.limit,
      };
      let rows: ResourceColumns[];
      let count: { count: number | string } | undefined;
      if (filter.ids) {
        [rows, count] = await Promise.all([
          pageQuery(db, shape, values, filter.limit, filter.ids).execute(),
          countQuery(db, shape, values, filter.ids).executeTakeFirst(),
        ]);
      } else {
        const statements = listStatements(shape, filter.limit);
        [rows, [count]] = await Promise.all([statements.page(db, values), statements.count(db, values)]);
      }
      const groups = await groupsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toResource(row, groups.get(row.id) ?? [])),
        total: readCount(count?.count),
      };
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
