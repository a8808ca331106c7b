import type { DocumentationType, Resource, ResourceBookingSettings } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { ResourceRow } from '../../platform/db/schema.ts';
import {
  createResourceListQuery,
  type ResourceListConditions,
  type ResourceListFilter,
} from './resource-list-query.ts';
import { createGroupsOf, markersOf, RESOURCE_COLUMNS, toResource } from './resource-rows.ts';

/** What a search looks in: name and description, lower-cased (the search text is lower-cased too). */
export function searchTextOf(name: string, description: string | null): string {
  return `${name}\n${description ?? ''}`.toLowerCase();
}

export type ResourceChanges = {
  name?: string;
  description?: string | null;
  allowTakeOver?: boolean;
  imageFilename?: string | null;
} & Partial<ResourceRules>;

/** The safety rules (decision 21) and booking settings (decision 23) of a resource; null: none. */
export type ResourceRules = {
  maxSessionMinutes: number | null;
  introductionValidForDays: number | null;
  introductionExpiresAfterUnusedDays: number | null;
} & ResourceBookingSettings;

/** Booking fields by their column; `undefined` fields are left out, unchanged. */
const BOOKING_COLUMNS = {
  bookingMode: 'booking_mode',
  bookingSlotMinutes: 'booking_slot_minutes',
  bookingMinMinutes: 'booking_min_minutes',
  bookingMaxMinutes: 'booking_max_minutes',
  bookingHorizonDays: 'booking_horizon_days',
  bookingMaxHoursPerWeek: 'booking_max_hours_per_week',
} as const satisfies Record<keyof ResourceBookingSettings, string>;

function bookingColumns(rules: Partial<ResourceRules>) {
  const columns: Partial<Record<(typeof BOOKING_COLUMNS)[keyof ResourceBookingSettings], unknown>> = {};
  for (const [field, column] of Object.entries(BOOKING_COLUMNS) as [
    keyof ResourceBookingSettings,
    string,
  ][]) {
    if (rules[field] !== undefined) columns[column as (typeof BOOKING_COLUMNS)[typeof field]] = rules[field];
  }
  return columns as Partial<Pick<ResourceRow, (typeof BOOKING_COLUMNS)[keyof ResourceBookingSettings]>>;
}

function ruleColumns(rules: Partial<ResourceRules>) {
  return {
    ...bookingColumns(rules),
    ...(rules.maxSessionMinutes !== undefined ? { max_session_minutes: rules.maxSessionMinutes } : {}),
    ...(rules.introductionValidForDays !== undefined
      ? { introduction_valid_for_days: rules.introductionValidForDays }
      : {}),
    ...(rules.introductionExpiresAfterUnusedDays !== undefined
      ? { introduction_expires_after_unused_days: rules.introductionExpiresAfterUnusedDays }
      : {}),
  };
}

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
    const markers = await markersOf(db, rows);
    return rows.map((row) => toResource(row, groups.get(row.id) ?? [], markers));
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
      } & Partial<ResourceRules>,
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
          ...ruleColumns(resource),
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
          ...ruleColumns(changes),
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

    /** Marks the resource out of order, or back in service (reason null), with its history entry. */
    async setOutOfOrder(
      db: Db,
      id: number,
      mark: { reason: string | null; userId: number },
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('resources')
        .set({
          out_of_order_reason: mark.reason,
          out_of_order_since: mark.reason === null ? null : now,
          out_of_order_by: mark.reason === null ? null : mark.userId,
          updated_at: now,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db
        .insertInto('resource_status_changes')
        .values({
          resource_id: id,
          out_of_order: mark.reason !== null,
          reason: mark.reason,
          user_id: mark.userId,
          created_at: now,
        })
        .execute();
      return true;
    },

    /** The resource's out-of-order marks and returns to service, newest first. */
    async statusChanges(db: Db, id: number) {
      return db
        .selectFrom('resource_status_changes as c')
        .leftJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.out_of_order', 'c.reason', 'c.user_id', 'u.username', 'c.created_at'])
        .where('c.resource_id', '=', id)
        .orderBy('c.id', 'desc')
        .limit(100)
        .execute();
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
      const markers = await markersOf(db, rows);
      return {
        data: rows.map((row) => toResource(row, groups.get(row.id) ?? [], markers)),
        total,
      };
    },
  };
}

export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;
