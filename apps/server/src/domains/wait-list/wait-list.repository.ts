import type { BookingMode } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';

/** One member in line, with what the list and the mail need of them. */
export type WaitListRecord = {
  id: number;
  resourceId: number;
  user: { id: number; username: string };
  email: string;
  language: string | null;
  since: Date;
  heldUntil: Date | null;
};

type Row = {
  id: number;
  resource_id: number;
  user_id: number;
  username: string;
  email: string;
  language: string | null;
  since: Date | string;
  held_until: Date | string | null;
};

const toRecord = (row: Row): WaitListRecord => ({
  id: row.id,
  resourceId: row.resource_id,
  user: { id: row.user_id, username: row.username },
  email: row.email,
  language: row.language,
  since: readDate(row.since),
  heldUntil: row.held_until === null ? null : readDate(row.held_until),
});

/** The wait lists of resources (decision 23): SQL only, the rules are the service's. */
export function createWaitListRepository() {
  const entries = (db: Db, resourceId: number) =>
    db
      .selectFrom('wait_list_entries as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select([
        'w.id',
        'w.resource_id',
        'w.user_id',
        'u.username',
        'u.email',
        'u.language',
        'w.since',
        'w.held_until',
      ])
      .where('w.resource_id', '=', resourceId);

  return {
    /** The resource as the wait list needs it; undefined when there is none. */
    async resource(db: Db, resourceId: number) {
      const row = await db
        .selectFrom('resources')
        .select(['id', 'name', 'booking_mode', 'out_of_order_reason'])
        .where('id', '=', resourceId)
        .executeTakeFirst();
      return (
        row && {
          name: row.name,
          bookingMode: row.booking_mode as BookingMode,
          outOfOrder: row.out_of_order_reason !== null,
        }
      );
    },

    /** Who runs the resource now, if anyone. */
    async activeUserId(db: Db, resourceId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('usage_sessions')
        .select('user_id')
        .where('resource_id', '=', resourceId)
        .where('end_time', 'is', null)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** The line in order: by `since`, then by id (two joins in one instant keep their order). */
    async list(db: Db, resourceId: number): Promise<WaitListRecord[]> {
      const rows = await entries(db, resourceId).orderBy('w.since').orderBy('w.id').execute();
      return rows.map(toRecord);
    },

    async first(db: Db, resourceId: number): Promise<WaitListRecord | undefined> {
      const row = await entries(db, resourceId)
        .orderBy('w.since')
        .orderBy('w.id')
        .limit(1)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async find(db: Db, resourceId: number, userId: number): Promise<WaitListRecord | undefined> {
      const row = await entries(db, resourceId).where('w.user_id', '=', userId).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The member the resource is held for at `now`; an elapsed hold holds nothing. */
    async holder(db: Db, resourceId: number, now: Date): Promise<WaitListRecord | undefined> {
      const row = await entries(db, resourceId).where('w.held_until', '>', now).executeTakeFirst();
      return row && toRecord(row);
    },

    async insert(db: Db, entry: { resourceId: number; userId: number; since: Date }): Promise<void> {
      await db
        .insertInto('wait_list_entries')
        .values({ resource_id: entry.resourceId, user_id: entry.userId, since: entry.since })
        .execute();
    },

    /** Removes the member's entry; true when there was one. */
    async remove(db: Db, resourceId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('wait_list_entries')
        .where('resource_id', '=', resourceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Removes the entry only while it still carries this hold; true when it did. */
    async removeHeld(db: Db, resourceId: number, userId: number, heldUntil: Date): Promise<boolean> {
      const result = await db
        .deleteFrom('wait_list_entries')
        .where('resource_id', '=', resourceId)
        .where('user_id', '=', userId)
        .where('held_until', '=', heldUntil)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async hold(db: Db, entryId: number, heldUntil: Date): Promise<void> {
      await db
        .updateTable('wait_list_entries')
        .set({ held_until: heldUntil })
        .where('id', '=', entryId)
        .execute();
    },

    /**
     * Notes that the member was told of this hold; true only the first time, so a mail job
     * run twice mails once, and never for a hold that has passed on.
     */
    async markTold(db: Db, resourceId: number, userId: number, heldUntil: Date): Promise<boolean> {
      const result = await db
        .updateTable('wait_list_entries')
        .set({ told_until: heldUntil })
        .where('resource_id', '=', resourceId)
        .where('user_id', '=', userId)
        .where('held_until', '=', heldUntil)
        .where((eb) => eb.or([eb('told_until', 'is', null), eb('told_until', '<>', heldUntil)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type WaitListRepository = ReturnType<typeof createWaitListRepository>;
