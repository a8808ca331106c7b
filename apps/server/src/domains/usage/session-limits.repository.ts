import type { Db } from '../../platform/db/database.ts';
import { readBool } from '../../platform/db/db-values.ts';

/** Whom the warning before an automatic end may be mailed to (decision 21). */
export type WarningRecipient = {
  email: string;
  language: string | null;
  notifyBeforeAutomaticEnd: boolean;
};

/** The SQL of the warning before an automatic end: its recipient, and noting it as given. */
export function createSessionLimitsRepository() {
  return {
    async recipient(db: Db, userId: number): Promise<WarningRecipient | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['email', 'language', 'notify_before_automatic_end'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          email: row.email,
          language: row.language,
          notifyBeforeAutomaticEnd: readBool(row.notify_before_automatic_end),
        }
      );
    },

    /**
     * Notes that the running session was warned of its end at `endsAt`; false when it was
     * already (a second run, or a second job for the same end) or the session ended.
     */
    async claimWarning(db: Db, sessionId: number, endsAt: Date): Promise<boolean> {
      const row = await db
        .updateTable('usage_sessions')
        .set({ limit_warning_for: endsAt })
        .where('id', '=', sessionId)
        .where('end_time', 'is', null)
        .where((eb) => eb.or([eb('limit_warning_for', 'is', null), eb('limit_warning_for', '<>', endsAt)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type SessionLimitsRepository = ReturnType<typeof createSessionLimitsRepository>;
