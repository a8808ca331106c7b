import { type DeliveryTargetKind, doublingDelay, type RetryPolicy } from '../jobs/delivery-target.ts';
import { MAIL_LONGEST_DELIVERY_MS, type MailTransport, type OutgoingMail } from './mail-transport.ts';

/** The kind of mail jobs; stored with every job, so it never changes. */
export const MAIL_TARGET_KIND = 'mail';
/** The one target id of mail jobs: there is one mail server. */
export const MAIL_TARGET_ID = '';

/** Retry after 5 s, 10 s, 20 s ... capped at one hour. */
export const retryDelayMs = doublingDelay(5_000, 3_600_000);

/** Eight attempts over about ten minutes: long enough for a mail server to restart. */
const MAIL_RETRY: RetryPolicy = { maxAttempts: 8, delayMs: retryDelayMs };

/** Mail as a kind of delivery target: one target (the mail server), no events, its own retries. */
export function createMailTarget(deps: { transport: MailTransport }): DeliveryTargetKind {
  return {
    kind: MAIL_TARGET_KIND,
    longestDeliveryMs: MAIL_LONGEST_DELIVERY_MS,
    async deliver(job) {
      await deps.transport.send(job.payload as OutgoingMail);
    },
    retryPolicy: () => MAIL_RETRY,
    // A sent mail is deleted: its links carry single-use tokens that should not linger.
    forgetDelivered: true,
  };
}
