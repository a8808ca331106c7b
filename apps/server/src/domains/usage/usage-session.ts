import type { UsageSession } from '@toolpass/contracts';

/** A session as the repository reads it; times are Dates until presented. */
export type UsageSessionRecord = {
  id: number;
  resourceId: number;
  userId: number;
  user: { id: number; username: string };
  startTime: Date;
  endTime: Date | null;
  startNotes: string | null;
  endNotes: string | null;
  /** Who ended it; null while running and for sessions ended before this was recorded. */
  endedBy: { id: number; username: string } | null;
};

/** Minutes with two decimals; -1 while the session runs (spec 01 §3: negative means running). */
export function usageInMinutes(startTime: Date, endTime: Date | null): number {
  if (!endTime) return -1;
  return Math.round((endTime.getTime() - startTime.getTime()) / 600) / 100;
}

/** The API and event view of a session: users carry id and username only. */
export function presentUsageSession(record: UsageSessionRecord): UsageSession {
  return {
    id: record.id,
    resourceId: record.resourceId,
    userId: record.userId,
    user: { id: record.user.id, username: record.user.username },
    startTime: record.startTime.toISOString(),
    endTime: record.endTime?.toISOString() ?? null,
    usageInMinutes: usageInMinutes(record.startTime, record.endTime),
    startNotes: record.startNotes,
    endNotes: record.endNotes,
    endedBy: record.endedBy && { id: record.endedBy.id, username: record.endedBy.username },
  };
}
