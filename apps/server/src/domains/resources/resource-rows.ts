import type { Resource } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readDate } from '../../platform/db/db-values.ts';
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
  'max_session_minutes',
  'introduction_valid_for_days',
  'introduction_expires_after_unused_days',
  'out_of_order_reason',
  'out_of_order_since',
  'out_of_order_by',
  'booking_mode',
  'booking_slot_minutes',
  'booking_min_minutes',
  'booking_max_minutes',
  'booking_horizon_days',
  'booking_max_hours_per_week',
] as const;

export type ResourceColumns = Pick<ResourceRow, (typeof RESOURCE_COLUMNS)[number]>;

/** Usernames of the users who marked resources out of order, by id. */
export type MarkedBy = Map<number, string>;

export function toResource(row: ResourceColumns, groups: GroupRef[], markedBy: MarkedBy): Resource {
  const markerName = row.out_of_order_by === null ? undefined : markedBy.get(row.out_of_order_by);
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
    maxSessionMinutes: row.max_session_minutes,
    introductionValidForDays: row.introduction_valid_for_days,
    introductionExpiresAfterUnusedDays: row.introduction_expires_after_unused_days,
    outOfOrder:
      row.out_of_order_reason === null || row.out_of_order_since === null
        ? null
        : {
            reason: row.out_of_order_reason,
            since: readDate(row.out_of_order_since).toISOString(),
            by:
              row.out_of_order_by === null || markerName === undefined
                ? null
                : { id: row.out_of_order_by, username: markerName },
          },
    bookingMode: row.booking_mode,
    bookingSlotMinutes: row.booking_slot_minutes,
    bookingMinMinutes: row.booking_min_minutes,
    bookingMaxMinutes: row.booking_max_minutes,
    bookingHorizonDays: row.booking_horizon_days,
    bookingMaxHoursPerWeek: row.booking_max_hours_per_week,
  };
}

/** The names of who marked the given rows out of order: no query when none is. */
export async function markersOf(db: Db, rows: Pick<ResourceColumns, 'out_of_order_by'>[]): Promise<MarkedBy> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.out_of_order_by === null ? [] : [row.out_of_order_by]))),
  ];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(users.map((user) => [user.id, user.username]));
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
