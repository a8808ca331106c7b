import type { Db } from '../db/database.ts';
import type { JobStore } from '../jobs/job-store.ts';
import { MAIL_TARGET_ID, MAIL_TARGET_KIND } from './mail-target.ts';
import type { OutgoingMail } from './mail-transport.ts';

export type { OutgoingMail } from './mail-transport.ts';

/**
 * Mails are delivery jobs of the mail kind, written through the event pipeline in the same
 * transaction as the token they carry, so a mail is never lost to a crash or an SMTP outage and
 * never sent for a change that rolled back. The pipeline wakes the runner once it commits.
 */
export function createMailQueue(deps: {
  /** The event pipeline (platform/events/event-pipeline.ts). */
  pipeline: {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
    enqueue(tx: Db, jobs: Parameters<JobStore['insert']>[1]): Promise<void>;
  };
}) {
  return {
    /** A transaction mails can be queued in; the runner wakes once it has committed. */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return deps.pipeline.transaction((tx) => work(tx));
    },

    /** Call it with the transaction of `transaction`. */
    async enqueue(tx: Db, mail: OutgoingMail): Promise<void> {
      await deps.pipeline.enqueue(tx, [
        { targetKind: MAIL_TARGET_KIND, targetId: MAIL_TARGET_ID, payload: mail },
      ]);
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
