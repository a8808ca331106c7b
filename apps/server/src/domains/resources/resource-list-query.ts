import { UNGROUPED } from '@toolpass/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readCount } from '../../platform/db/db-values.ts';
import { containsLikeText, likeOperand } from '../../platform/db/like-pattern.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database } from '../../platform/db/schema.ts';
import { RESOURCE_COLUMNS, type ResourceColumns } from './resource-rows.ts';

export type ResourceListFilter = {
  page: number;
  limit: number;
  search?: string | undefined;
  /** A group id, or -1 for resources in no group. */
  groupId?: number | undefined;
  /** Only these resources; an empty list matches none. */
  ids?: number[] | undefined;
  /** Only resources this user may use through an introduction or as an introducer... */
  usableBy?: number | undefined;
  /** ...at this time: a lapsed introduction counts as none (decision 21). */
  usableAt?: Date | undefined;
  /** Only resources with a running session of this user. */
  inUseBy?: number | undefined;
};

/** SQL conditions over `resources`, from the domains that own the tables they read. */
export type ResourceListConditions = {
  usableBy(userId: number, now: Date): Expression<SqlBool>;
  inUseBy(userId: number): Expression<SqlBool>;
};

/** Which filters a list query has: each combination is one statement, compiled once. */
type ListShape = {
  search: boolean;
  group: 'any' | 'one' | 'none';
  usable: boolean;
  inUse: boolean;
};

type ListValues = { pattern: string; groupId: number; usableBy: number; usableAt: Date; inUseBy: number };
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
  if (shape.usable) names.push('usableBy', 'usableAt');
  if (shape.inUse) names.push('inUseBy');
  return names;
}

/**
 * The rows of one page of resources and the total. Without an id list every combination of
 * filters is a statement compiled once.
 */
export function createResourceListQuery(deps: { db: Db; conditions: ResourceListConditions }) {
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
    if (shape.usable) query = query.where(deps.conditions.usableBy(values.usableBy, values.usableAt));
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

  return async function listRows(
    db: Db,
    filter: ResourceListFilter,
  ): Promise<{ rows: ResourceColumns[]; total: number }> {
    const shape = shapeOf(filter);
    const values: PageValues = {
      pattern: filter.search === undefined ? '' : containsLikeText(filter.search.toLowerCase()),
      groupId: filter.groupId ?? 0,
      usableBy: filter.usableBy ?? 0,
      usableAt: filter.usableAt ?? new Date(0),
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
    return { rows, total: readCount(count?.count) };
  };
}
