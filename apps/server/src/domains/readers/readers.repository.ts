import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';

/** A paired reader as the service sees it: the sealed key and its connection marks included. */
export type StoredReader = {
  id: number;
  name: string;
  deviceId: string;
  firmware: string;
  keySealed: string;
  createdAt: Date;
  lastConnection: Date | null;
  connectionId: string | null;
  seenAt: Date | null;
  resourceIds: number[];
};

const COLUMNS = [
  'id',
  'name',
  'device_id',
  'firmware',
  'key_sealed',
  'created_at',
  'last_connection_at',
  'connection_id',
  'seen_at',
] as const;

type Row = {
  id: number;
  name: string;
  device_id: string;
  firmware: string;
  key_sealed: string;
  created_at: Date | string;
  last_connection_at: Date | string | null;
  connection_id: string | null;
  seen_at: Date | string | null;
};

function toStored(row: Row, resourceIds: number[]): StoredReader {
  return {
    id: row.id,
    name: row.name,
    deviceId: row.device_id,
    firmware: row.firmware,
    keySealed: row.key_sealed,
    createdAt: readDate(row.created_at),
    lastConnection: row.last_connection_at === null ? null : readDate(row.last_connection_at),
    connectionId: row.connection_id,
    seenAt: row.seen_at === null ? null : readDate(row.seen_at),
    resourceIds,
  };
}

/** What a socket's heartbeat found: its mark is current, another socket took over, or the reader is gone. */
export type SeenOutcome = 'current' | 'replaced' | 'gone';

/** The only SQL of readers and the resources they serve. */
export function createReadersRepository() {
  async function resourceIdsOf(db: Db, readerIds: number[]): Promise<Map<number, number[]>> {
    const byReader = new Map<number, number[]>(readerIds.map((id) => [id, []]));
    if (readerIds.length === 0) return byReader;
    const links = await db
      .selectFrom('reader_resources')
      .select(['reader_id', 'resource_id'])
      .where('reader_id', 'in', readerIds)
      .orderBy('reader_id')
      .orderBy('resource_id')
      .execute();
    for (const link of links) byReader.get(link.reader_id)?.push(link.resource_id);
    return byReader;
  }

  return {
    async list(db: Db): Promise<StoredReader[]> {
      const rows = await db.selectFrom('readers').select(COLUMNS).orderBy('id').execute();
      const resources = await resourceIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toStored(row, resources.get(row.id) ?? []));
    },

    async find(db: Db, id: number): Promise<StoredReader | undefined> {
      const row = await db.selectFrom('readers').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return toStored(row, (await resourceIdsOf(db, [id])).get(id) ?? []);
    },

    async insert(
      db: Db,
      reader: { name: string; deviceId: string; firmware: string; keySealed: string },
      now: Date,
    ): Promise<number> {
      const row = await db
        .insertInto('readers')
        .values({
          name: reader.name,
          device_id: reader.deviceId,
          firmware: reader.firmware,
          key_sealed: reader.keySealed,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async rename(db: Db, id: number, name: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('readers')
        .set({ name, updated_at: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Replaces the reader's resources; an unknown resource id is a foreign-key violation. */
    async replaceResources(db: Db, id: number, resourceIds: number[]): Promise<void> {
      await db.deleteFrom('reader_resources').where('reader_id', '=', id).execute();
      if (resourceIds.length === 0) return;
      await db
        .insertInto('reader_resources')
        .values(resourceIds.map((resourceId) => ({ reader_id: id, resource_id: resourceId })))
        .execute();
    },

    /** The resources a reader serves with their names, in id order, for a tap. */
    async resourcesOf(db: Db, id: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('reader_resources')
        .innerJoin('resources', 'resources.id', 'reader_resources.resource_id')
        .select(['resources.id as id', 'resources.name as name'])
        .where('reader_resources.reader_id', '=', id)
        .orderBy('resources.id')
        .execute();
    },

    async delete(db: Db, id: number): Promise<boolean> {
      const row = await db.deleteFrom('readers').where('id', '=', id).returning('id').executeTakeFirst();
      return row !== undefined;
    },

    /** Records an accepted authentication of the socket `connectionId`; false when the reader is gone. */
    async markAuthenticated(db: Db, id: number, connectionId: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('readers')
        .set({ last_connection_at: now, connection_id: connectionId, seen_at: now })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async markSeen(db: Db, id: number, connectionId: string, now: Date): Promise<SeenOutcome> {
      const row = await db
        .updateTable('readers')
        .set({ seen_at: now })
        .where('id', '=', id)
        .where('connection_id', '=', connectionId)
        .returning('id')
        .executeTakeFirst();
      if (row) return 'current';
      const exists = await db.selectFrom('readers').select('id').where('id', '=', id).executeTakeFirst();
      return exists ? 'replaced' : 'gone';
    },

    /** Clears the connection mark, unless a newer socket of the reader set its own meanwhile. */
    async markDisconnected(db: Db, id: number, connectionId: string): Promise<void> {
      await db
        .updateTable('readers')
        .set({ connection_id: null })
        .where('id', '=', id)
        .where('connection_id', '=', connectionId)
        .execute();
    },
  };
}

export type ReadersRepository = ReturnType<typeof createReadersRepository>;
