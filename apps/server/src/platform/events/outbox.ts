import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readDate } from '../db/db-values.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database, OutboxEventsTable } from '../db/schema.ts';

/** An event as consumers receive it: the envelope of DESIGN §5. */
export type OutboxEnvelope = { id: number; type: string; occurredAt: string; data: unknown };
/** A claimed delivery: the event and how often delivery to this consumer was tried, this time included. */
export type ClaimedEvent = { event: OutboxEnvelope; attempts: number };

const LOCK_MS = 60_000;
/** Far in the future: a delivery that used up its attempts stays as a record, never retried. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

function toEnvelope(row: Selectable<OutboxEventsTable>): OutboxEnvelope {
  return {
    id: row.id,
    type: row.type,
    occurredAt: readDate(row.occurred_at).toISOString(),
    data: JSON.parse(row.payload) as unknown,
  };
}

/**
 * Events are rows written in the transaction of the change they describe, so an event is never
 * lost to a crash and never announced for a change that rolled back. Every event gets one
 * delivery row per registered consumer; the dispatcher works those rows off.
 */
export function createOutbox<E extends { type: string; data: unknown }>(deps: { now: () => Date }) {
  const consumers = new Set<string>();

  // Nearly every change writes one event, so its two inserts are compiled once, after the
  // consumers are known (see reusable-query.ts).
  let compiled: ReturnType<typeof compileInserts> | undefined;
  function compileInserts(db: Db) {
    const names = [...consumers];
    const event = reusableQuery<Database, { type: string; now: Date; payload: string }, { id: number }>(
      db,
      ['type', 'now', 'payload'],
      (kysely, p) =>
        kysely
          .insertInto('outbox_events')
          .values({ type: p.type, occurred_at: p.now, payload: p.payload })
          .returning('id'),
    );
    // Consumer names are constants of the code, so they are part of the statement text.
    const deliveries =
      names.length === 0
        ? undefined
        : reusableQuery<Database, { eventId: number; now: Date }, unknown>(
            db,
            ['eventId', 'now'],
            (kysely, p) =>
              kysely.insertInto('outbox_deliveries').values(
                names.map((name) => ({
                  event_id: p.eventId,
                  consumer: sql.lit(name),
                  next_attempt_at: p.now,
                })),
              ),
          );
    return { consumerCount: names.length, event, deliveries };
  }
  function compiledInserts(db: Db) {
    if (compiled?.consumerCount !== consumers.size) compiled = compileInserts(db);
    return compiled;
  }

  return {
    /** Consumers are registered while the app is built, before any event is written. */
    registerConsumer(name: string): void {
      consumers.add(name);
    },

    /**
     * Writes events and their delivery rows; call it with the transaction of the change.
     * Answers the events as consumers receive them.
     */
    async add(tx: Db, events: E[]): Promise<OutboxEnvelope[]> {
      const [only, ...more] = events;
      if (only === undefined) return [];
      const now = deps.now();
      const envelope = (id: number, event: E): OutboxEnvelope => ({
        id,
        type: event.type,
        occurredAt: now.toISOString(),
        data: event.data,
      });
      if (more.length === 0) {
        const inserts = compiledInserts(tx);
        const [row] = await inserts.event(tx, { type: only.type, now, payload: JSON.stringify(only.data) });
        if (!row) throw new Error('Writing an outbox event returned no id');
        await inserts.deliveries?.(tx, { eventId: row.id, now });
        return [envelope(row.id, only)];
      }
      const rows = await tx
        .insertInto('outbox_events')
        .values(
          events.map((event) => ({
            type: event.type,
            occurred_at: now,
            payload: JSON.stringify(event.data),
          })),
        )
        .returning('id')
        .execute();
      if (consumers.size > 0) {
        await tx
          .insertInto('outbox_deliveries')
          .values(
            rows.flatMap((row) =>
              [...consumers].map((consumer) => ({ event_id: row.id, consumer, next_attempt_at: now })),
            ),
          )
          .execute();
      }
      // Ids are handed out in the order of the rows; RETURNING's own order is not promised.
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      return events.map((event, index) => envelope(ids[index] as number, event));
    },

    /**
     * Claims up to `limit` due deliveries of one consumer, oldest first. An idle poll only
     * reads; the claim itself is a guarded UPDATE: on PostgreSQL a concurrent claim that
     * committed first makes the re-checked row fail the guard, so two instances never deliver
     * the same row at the same time (the same pattern as the mail queue).
     */
    async claimDue(db: Db, consumer: string, limit: number): Promise<ClaimedEvent[]> {
      const now = deps.now();
      const claimable = (eb: ExpressionBuilder<Database, 'outbox_deliveries'>) =>
        eb.and([
          eb('consumer', '=', consumer),
          eb('delivered_at', 'is', null),
          eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
        ]);
      const due = await db
        .selectFrom('outbox_deliveries')
        .select('event_id')
        .where(claimable)
        .where('next_attempt_at', '<=', now)
        .orderBy('event_id')
        .limit(limit)
        .execute();
      if (due.length === 0) return [];
      return db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('outbox_deliveries')
          .set({ locked_until: new Date(now.getTime() + LOCK_MS), attempts: sql`attempts + 1` })
          .where(
            'event_id',
            'in',
            due.map((row) => row.event_id),
          )
          .where(claimable)
          .returning(['event_id', 'attempts'])
          .execute();
        if (claimed.length === 0) return [];
        const events = await tx
          .selectFrom('outbox_events')
          .selectAll()
          .where(
            'id',
            'in',
            claimed.map((row) => row.event_id),
          )
          .orderBy('id')
          .execute();
        const attempts = new Map(claimed.map((row) => [row.event_id, row.attempts]));
        return events.map((row) => ({ event: toEnvelope(row), attempts: attempts.get(row.id) ?? 1 }));
      });
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

    async markDelivered(db: Db, consumer: string, eventIds: number[]): Promise<void> {
      if (eventIds.length === 0) return;
      await db
        .updateTable('outbox_deliveries')
        .set({ delivered_at: deps.now(), locked_until: null, last_error: null })
        .where('consumer', '=', consumer)
        .where('event_id', 'in', eventIds)
        .execute();
    },

    async markFailed(db: Db, consumer: string, eventId: number, error: string, retryAt: Date | null) {
      await db
        .updateTable('outbox_deliveries')
        .set({ last_error: error.slice(0, 2000), locked_until: null, next_attempt_at: retryAt ?? NEVER })
        .where('consumer', '=', consumer)
        .where('event_id', '=', eventId)
        .execute();
    },

    /** Removes events older than `before` that every consumer has received. */
    async pruneDelivered(db: Db, before: Date): Promise<void> {
      await db
        .deleteFrom('outbox_events')
        .where('occurred_at', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('outbox_deliveries')
                .select('event_id')
                .whereRef('outbox_deliveries.event_id', '=', 'outbox_events.id')
                .where('outbox_deliveries.delivered_at', 'is', null),
            ),
          ),
        )
        .execute();
    },
  };
}

export type Outbox<E extends { type: string; data: unknown }> = ReturnType<typeof createOutbox<E>>;
