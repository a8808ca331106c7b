import type { Db } from '../db/database.ts';
import { readCount, readDate } from '../db/db-values.ts';

export type DeliveryJobStats = {
  kind: string;
  pending: number;
  failed: number;
  /** When the oldest pending job of the kind was created, or null when none waits. */
  oldestPendingAt: Date | null;
};

/** Pending and failed delivery jobs per target kind, for the operator's metrics (issue 32). */
export async function readDeliveryJobStats(db: Db): Promise<DeliveryJobStats[]> {
  const rows = await db
    .selectFrom('delivery_jobs')
    .select((eb) => [
      'target_kind',
      'state',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy(['target_kind', 'state'])
    .execute();
  const byKind = new Map<string, DeliveryJobStats>();
  for (const row of rows) {
    const stats = byKind.get(row.target_kind) ?? {
      kind: row.target_kind,
      pending: 0,
      failed: 0,
      oldestPendingAt: null,
    };
    if (row.state === 'pending') {
      stats.pending = readCount(row.count);
      stats.oldestPendingAt = row.oldest === null ? null : readDate(row.oldest);
    } else {
      stats.failed = readCount(row.count);
    }
    byKind.set(row.target_kind, stats);
  }
  return [...byKind.values()];
}
