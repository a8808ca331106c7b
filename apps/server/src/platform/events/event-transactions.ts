import type { Db } from '../db/database.ts';
import type { Outbox, OutboxEnvelope } from './outbox.ts';

/** Writes a change's events into the outbox, in the change's transaction. */
export type RecordEvents<E> = (events: E[]) => Promise<void>;

/**
 * The one way services change data that others react to: `work` runs in a transaction and
 * records its events with it (architecture §Events), and once that transaction has committed, the events
 * are handed on. A change that rolls back announces nothing.
 */
export function createEventTransactions<E extends { type: string; data: unknown }>(deps: {
  db: Db;
  outbox: Outbox<E>;
  /**
   * Called inside the transaction, after its work, with every event it wrote: for what must
   * happen exactly when the change commits (PostgreSQL's NOTIFY is delivered at the commit).
   */
  beforeCommit?(tx: Db, events: OutboxEnvelope[]): Promise<void>;
  /** Called after the commit with the events it made durable, in the order they were written. */
  onCommitted(events: OutboxEnvelope[]): void;
}) {
  return {
    async transaction<T>(work: (tx: Db, record: RecordEvents<E>) => Promise<T>): Promise<T> {
      const written: OutboxEnvelope[] = [];
      const result = await deps.db.transaction().execute(async (tx) => {
        const answer = await work(tx, async (events) => {
          written.push(...(await deps.outbox.add(tx, events)));
        });
        if (written.length > 0) await deps.beforeCommit?.(tx, written);
        return answer;
      });
      if (written.length > 0) deps.onCommitted(written);
      return result;
    },
  };
}

export type EventTransactions<E extends { type: string; data: unknown }> = ReturnType<
  typeof createEventTransactions<E>
>;
