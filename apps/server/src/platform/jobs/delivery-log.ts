import { DELIVERY_LOG_LENGTH, type DeliveryLogEntry } from '@toolpass/contracts';
import type { Db } from '../db/database.ts';
import type { JobStore } from './job-store.ts';
import type { TargetRef } from './job-upkeep.ts';

/** The delivery log of one integration target as the API answers it (newest first). */
export async function readDeliveryLog(
  db: Db,
  store: JobStore,
  target: TargetRef,
): Promise<DeliveryLogEntry[]> {
  const entries = await store.log(db, target, DELIVERY_LOG_LENGTH);
  return entries.map((entry) => ({
    id: entry.id,
    eventType: entry.eventType,
    status: entry.state,
    attempts: entry.attempts,
    lastError: entry.lastError,
    createdAt: entry.createdAt.toISOString(),
    finishedAt: entry.finishedAt?.toISOString() ?? null,
  }));
}
