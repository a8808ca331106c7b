import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readDate } from '../db/db-values.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database, OutboxEventsTable } from '../db/schema.ts';

/** An event as consumers receive it: the envelope of architecture §Events. */
export type OutboxEnvelope = { id: number; type: string; v: number; occurredAt: string; data: unknown };

/** An outbox row as consumers receive it. */
export function toEnvelope(row: Selectable<OutboxEventsTable>): OutboxEnvelope {
  return {
    id: row.id,
    type: row.type,
    v: row.version,
    occurredAt: readDate(row.occurred_at).toISOString(),
    data: JSON.parse(row.payload) as unknown,
  };
}

/** One event's values, as `insertEvent` writes them. */
export type NewEventValues = { type: string; now: Date; payload: string };

/** The insert of one event, answering its id: also a part of the pipeline's one-statement write. */
export function insertEvent(kysely: Db, version: number, values: NewEventValues) {
  return (
    kysely
      .insertInto('outbox_events')
      // The version is a constant of the code, so it is part of the statement text.
      .values({
        type: values.type,
        version: sql.lit(version),
        occurred_at: values.now,
        payload: values.payload,
      })
      .returning('id')
  );
}

/**
 * Events are rows written in the transaction of the change they describe, so an event is never
 * lost to a crash and never announced for a change that rolled back. Durable consumers get
 * delivery jobs for them (platform/jobs), written in the same transaction.
 */
export function createOutbox<E extends { type: string; data: unknown }>(deps: {
  now: () => Date;
  /** The version of the event contracts this code writes (architecture §Events). */
  version: number;
}) {
  // Nearly every change writes one event, so its insert is compiled once (see reusable-query.ts).
  let insertOne: ReturnType<typeof compileInsert> | undefined;
  function compileInsert(db: Db) {
    return reusableQuery<Database, NewEventValues, { id: number }>(
      db,
      ['type', 'now', 'payload'],
      (kysely, p) => insertEvent(kysely, deps.version, p),
    );
  }

  /** An event as consumers receive it, once written with this id at `now`. */
  function envelope(id: number, event: E, now: Date): OutboxEnvelope {
    return { id, type: event.type, v: deps.version, occurredAt: now.toISOString(), data: event.data };
  }

  return {
    envelope,

    /**
     * Writes events; call it with the transaction of the change.
     * Answers the events as consumers receive them.
     */
    async add(tx: Db, events: E[]): Promise<OutboxEnvelope[]> {
      const [only, ...more] = events;
      if (only === undefined) return [];
      const now = deps.now();
      if (more.length === 0) {
        insertOne ??= compileInsert(tx);
        const [row] = await insertOne(tx, { type: only.type, now, payload: JSON.stringify(only.data) });
        if (!row) throw new Error('Writing an outbox event returned no id');
        return [envelope(row.id, only, now)];
      }
      const rows = await tx
        .insertInto('outbox_events')
        .values(
          events.map((event) => ({
            type: event.type,
            version: deps.version,
            occurred_at: now,
            payload: JSON.stringify(event.data),
          })),
        )
        .returning('id')
        .execute();
      // Ids are handed out in the order of the rows; RETURNING's own order is not promised.
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      return events.map((event, index) => envelope(ids[index] as number, event, now));
    },

    /** The events with these ids, oldest first, as far as they are kept (pruning takes old ones). */
    async find(db: Db, eventIds: number[]): Promise<OutboxEnvelope[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('outbox_events')
        .selectAll()
        .where('id', 'in', eventIds)
        .orderBy('id')
        .execute();
      return rows.map(toEnvelope);
    },
  };
}

export type Outbox<E extends { type: string; data: unknown }> = ReturnType<typeof createOutbox<E>>;
