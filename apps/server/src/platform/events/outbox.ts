import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { readDate } from '../db/db-values.ts';

/** An event as consumers receive it: the envelope of DESIGN §5. */
export type OutboxEnvelope = { id: number; type: string; occurredAt: string; data: unknown };
/** A claimed delivery: the event and how often delivery to this consumer was tried, this time included. */
export type ClaimedEvent = { event: OutboxEnvelope; attempts: number };

const LOCK_MS = 60_000;
/** Far in the future: a delivery that used up its attempts stays as a record, never retried. */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/**
 * Events are rows written in the transaction of the change they describe, so an event is never
 * lost to a crash and never announced for a change that rolled back. Every event gets one
 * delivery row per registered consumer; the dispatcher works those rows off.
 */
export function createOutbox<E extends { type: string; data: unknown }>(deps: { now: () => Date }) {
  const consumers = new Set<string>();

  return {
    /** Consumers are registered while the app is built, before any event is written. */
    registerConsumer(name: string): void {
      consumers.add(name);
    },

    /** Writes events and their delivery rows; call it with the transaction of the change. */
    async add(tx: Db, events: E[]): Promise<void> {
      if (events.length === 0) return;
      const now = deps.now();
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
      if (consumers.size === 0) return;
      await tx
        .insertInto('outbox_deliveries')
        .values(
          rows.flatMap((row) =>
            [...consumers].map((consumer) => ({
              event_id: row.id,
              consumer,
              next_attempt_at: now,
              locked_until: null,
              delivered_at: null,
              last_error: null,
            })),
          ),
        )
        .execute();
    },

    /**
     * Claims up to `limit` due deliveries of one consumer, oldest first. The guard is repeated
     * in the outer WHERE: on PostgreSQL a concurrent claim that committed first makes the
     * re-checked row fail it, so two instances never deliver the same row at the same time
     * (the same guarded UPDATE as the mail queue; SQLite serialises writers anyway).
     */
    async claimDue(db: Db, consumer: string, limit: number): Promise<ClaimedEvent[]> {
      const now = deps.now();
      const due = db
        .selectFrom('outbox_deliveries')
        .select('event_id')
        .where('consumer', '=', consumer)
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('event_id')
        .limit(limit);
      const claimed = await db
        .updateTable('outbox_deliveries')
        .set({ locked_until: new Date(now.getTime() + LOCK_MS), attempts: sql`attempts + 1` })
        .where('consumer', '=', consumer)
        .where('event_id', 'in', due)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .returning(['event_id', 'attempts'])
        .execute();
      if (claimed.length === 0) return [];
      const events = await db
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
      return events.map((row) => ({
        event: {
          id: row.id,
          type: row.type,
          occurredAt: readDate(row.occurred_at).toISOString(),
          data: JSON.parse(row.payload) as unknown,
        },
        attempts: attempts.get(row.id) ?? 1,
      }));
    },

    async markDelivered(db: Db, consumer: string, eventId: number): Promise<void> {
      await db
        .updateTable('outbox_deliveries')
        .set({ delivered_at: deps.now(), locked_until: null, last_error: null })
        .where('consumer', '=', consumer)
        .where('event_id', '=', eventId)
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
