import type { Db } from '../db/database.ts';
import type { JobStore } from '../jobs/job-store.ts';

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

/** The one target id of mail jobs: there is one mail server. */
export const MAIL_TARGET_ID = '';

/**
 * Mails are delivery jobs, written in the same transaction as the token they carry, so a mail
 * is never lost to a crash or an SMTP outage and never sent for a change that rolled back.
 */
export function createMailQueue(deps: { store: JobStore; now: () => Date }) {
  return {
    async enqueue(executor: Db, mail: OutgoingMail): Promise<void> {
      await deps.store.insert(
        executor,
        [{ targetKind: 'mail', targetId: MAIL_TARGET_ID, payload: mail }],
        deps.now(),
      );
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
