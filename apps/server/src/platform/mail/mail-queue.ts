import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailQueueRow } from '../db/schema.ts';

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

const LOCK_MS = 60_000;

/**
 * Mails are rows first, written in the same transaction as the token they carry, so a mail is
 * never lost to a crash or an SMTP outage and never sent for a change that rolled back.
 */
export function createMailQueue(deps: { now: () => Date }) {
  return {
    async enqueue(executor: Db, mail: OutgoingMail): Promise<void> {
      const now = deps.now();
      await executor
        .insertInto('mail_queue')
        .values({
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          next_attempt_at: now,
          locked_until: null,
          last_error: null,
          created_at: now,
        })
        .execute();
    },

    /**
     * Claims the oldest due mail for this worker. The guard in the outer WHERE is checked again
     * after a concurrent claim commits, so two instances never send the same row at once.
     */
    async claimNext(db: Db): Promise<MailQueueRow | undefined> {
      const now = deps.now();
      const due = db
        .selectFrom('mail_queue')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('id')
        .limit(1);
      return db
        .updateTable('mail_queue')
        .set({ locked_until: new Date(now.getTime() + LOCK_MS), attempts: sql`attempts + 1` })
        .where('id', '=', due)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /** A sent mail is deleted: its links carry single-use tokens that should not linger. */
    async markSent(db: Db, id: number): Promise<void> {
      await db.deleteFrom('mail_queue').where('id', '=', id).execute();
    },

    async markFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({
          last_error: error.slice(0, 2000),
          locked_until: null,
          // A mail that used up its attempts stays as a record with a date far in the future.
          next_attempt_at: retryAt ?? new Date('9999-12-31T00:00:00.000Z'),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
