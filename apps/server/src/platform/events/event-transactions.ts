import type { Db } from '../db/database.ts';

/** Writes a change's events into the outbox, in the change's transaction. */
export type RecordEvents<E> = (events: E[]) => Promise<void>;

/**
 * The one way services change data that others react to (architecture §Events): `work` runs in
 * a transaction and records its events with it; the event pipeline (event-pipeline.ts) writes
 * their delivery jobs in the same transaction and hands the events on once it has committed. A
 * change that rolls back announces nothing.
 */
export type EventTransactions<E extends { type: string; data: unknown }> = {
  transaction<T>(work: (tx: Db, record: RecordEvents<E>) => Promise<T>): Promise<T>;
};
