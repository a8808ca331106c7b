import type { Resource } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { readBool } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database, ResourceRow } from '../../platform/db/schema.ts';

type GroupRef = { id: number; name: string };

/** Every column a `Resource` is made of; the search text stays in the database. */
export const RESOURCE_COLUMNS = [
  'id',
  'name',
  'description',
  'image_filename',
  'allow_take_over',
  'documentation_type',
  'documentation_markdown',
  'documentation_url',
] as const;

export type ResourceColumns = Pick<ResourceRow, (typeof RESOURCE_COLUMNS)[number]>;

export function toResource(row: ResourceColumns, groups: GroupRef[]): Resource {
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

/** The groups of many resources, by resource: one query whatever their number. */
export function createGroupsOf(deps: { db: Db }) {
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

  /** Each resource's groups, sorted by name. */
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

  return groupsOf;
}
