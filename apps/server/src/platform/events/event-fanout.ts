import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { ChannelListener } from '../db/pg-listener.ts';
import type { Logger } from '../logging/logger.ts';
import type { OutboxEnvelope } from './outbox.ts';

/** Something handed events after their commit, at most once: the SSE hub. */
export type EventConsumer = {
  name: string;
  handle(event: OutboxEnvelope): Promise<void> | void;
};

const CHANNEL = 'toolpass_events';
/** NOTIFY payloads must stay below 8000 bytes; this many ids always do. */
const IDS_PER_NOTIFICATION = 500;

/**
 * Hands committed events to live consumers, whose subscribers are in process memory (the SSE
 * hub), on every instance of the app (architecture §Events). The instance that writes an event announces its
 * id with NOTIFY in the same transaction, so PostgreSQL tells the other instances exactly when it
 * commits and never for a change that rolled back; after the commit it hands the event to its own
 * consumers. Every other instance reads the event back from the outbox and hands it to its
 * consumers. On SQLite one process holds the database, so there is nobody else to tell.
 *
 * Live means at most once: an instance whose listening connection is down misses what is
 * announced meanwhile, which is why clients refetch when their stream reconnects. Consumers that
 * must see every event (webhooks, MQTT) get delivery jobs instead (platform/jobs).
 */
export function createEventFanout(deps: {
  database: DatabaseHandle;
  logger: Logger;
  consumers: EventConsumer[];
  /** The events with these ids from the outbox, oldest first. */
  find(eventIds: number[]): Promise<OutboxEnvelope[]>;
}) {
  const instance = randomUUID();
  let listener: ChannelListener | undefined;
  // Events of other instances are handed on one announcement at a time, in order.
  let queue: Promise<void> = Promise.resolve();

  async function hand(events: OutboxEnvelope[]) {
    for (const event of events) {
      for (const consumer of deps.consumers) {
        try {
          await consumer.handle(event);
        } catch (error) {
          deps.logger.warn(
            { err: error, consumer: consumer.name, eventId: event.id },
            'A live consumer failed',
          );
        }
      }
    }
  }

  async function receive(payload: string) {
    const [origin, list] = payload.split(' ');
    if (origin === instance || !list) return;
    await hand(await deps.find(list.split(',').map(Number)));
  }

  return {
    /**
     * How this instance announces one event, for a statement that writes the event and
     * announces it at once (pg-event-write.ts): `select pg_notify(channel, prefix || id)`.
     * Undefined where there is nobody else to tell (SQLite).
     */
    notice: deps.database.listen ? { channel: CHANNEL, prefix: `${instance} ` } : undefined,

    /**
     * Announces events to the other instances, in the transaction that writes them: PostgreSQL
     * delivers a NOTIFY when, and only if, its transaction commits.
     */
    async announce(tx: Db, events: OutboxEnvelope[]): Promise<void> {
      if (!deps.database.listen) return;
      for (let start = 0; start < events.length; start += IDS_PER_NOTIFICATION) {
        const ids = events.slice(start, start + IDS_PER_NOTIFICATION).map((event) => event.id);
        await sql`select pg_notify(${CHANNEL}, ${`${instance} ${ids.join(',')}`})`.execute(tx);
      }
    },

    /** Hands what a commit made durable to this instance's consumers. */
    publish(events: OutboxEnvelope[]): void {
      void hand(events);
    },

    async start(): Promise<void> {
      if (!deps.database.listen) return;
      listener = deps.database.listen(
        CHANNEL,
        (payload) => {
          queue = queue
            .then(() => receive(payload))
            .catch((error: unknown) =>
              deps.logger.warn({ err: error }, 'Handing on announced events failed'),
            );
        },
        (error) => deps.logger.warn({ err: error.message }, 'Listening for events of other instances failed'),
      );
      await listener.ready;
    },

    async stop(): Promise<void> {
      await listener?.close();
      listener = undefined;
      await queue;
    },
  };
}

export type EventFanout = ReturnType<typeof createEventFanout>;
