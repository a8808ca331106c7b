import type { EmailTemplateType } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { NewJob } from '../../platform/jobs/job-store.ts';
import type { OutgoingMail } from '../../platform/mail/mail-queue.ts';
import { claimReminder, reminderCandidates, reminderSent } from './introduction-validity.repository.ts';
import { expiryOf } from './resource-access.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders go out this many days before a lapse, each once (decision 21). */
export const REMINDER_DAYS = [14, 1] as const;
/** The sweep runs this often: a reminder goes out within this much of its day. */
export const REMINDER_SWEEP_MS = 60 * 60 * 1000;
/** The timed action of the sweep; stored with its jobs. */
export const REMINDER_SWEEP_ACTION = 'introductions.reminders';

const day = (at: Date) => {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
};

/**
 * Mails a member 14 days and 1 day before an introduction lapses, each once for a lapse date
 * (a later session moves the date and earns new reminders). The sweep is a recurring timed
 * action of the job runner, so it runs on one instance at a time and survives restarts; each
 * mail is queued in the transaction that notes it as sent.
 */
export function createIntroductionRemindersService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  emailTemplates: {
    render(
      type: EmailTemplateType,
      recipientLanguage: string | null,
      variables: Record<string, string>,
    ): Promise<Omit<OutgoingMail, 'to'>>;
  };
  /** The event pipeline: mail and the next sweep are jobs written in its transactions. */
  jobs: {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
    enqueue(tx: Db, jobs: NewJob[]): Promise<void>;
    hasWaiting(db: Db, action: string): Promise<boolean>;
    timed(action: string, dueAt: Date): NewJob;
  };
  mailQueue: { enqueue(tx: Db, mail: OutgoingMail): Promise<void> };
}) {
  async function plan(at: Date): Promise<void> {
    await deps.jobs.transaction(async (tx) => {
      if (await deps.jobs.hasWaiting(tx, REMINDER_SWEEP_ACTION)) return;
      await deps.jobs.enqueue(tx, [deps.jobs.timed(REMINDER_SWEEP_ACTION, at)]);
    });
  }

  return {
    /** Plans the sweep unless one is planned (at start: the first instance's plan stands). */
    ensurePlanned: () => plan(deps.clock.now()),

    /** One sweep: the reminders due now, then the next sweep. */
    async sweep(): Promise<void> {
      const now = deps.clock.now();
      for (const candidate of await reminderCandidates(deps.db)) {
        const expiresAt = expiryOf(candidate);
        if (!expiresAt || expiresAt.getTime() <= now.getTime()) continue;
        const daysLeft = (expiresAt.getTime() - now.getTime()) / DAY_MS;
        // The nearest reminder whose day has come; an earlier one missed is not sent late.
        const daysBefore = [...REMINDER_DAYS].reverse().find((days) => daysLeft <= days);
        if (daysBefore === undefined) continue;
        const reminder = { grantId: candidate.grantId, daysBefore, expiresAt };
        // Rendered outside the transaction (architecture §Database), and only when not sent yet.
        if (await reminderSent(deps.db, reminder)) continue;
        // In the member's language, else DEFAULT_LANGUAGE (decision 19).
        const mail = await deps.emailTemplates.render('introduction-reminder', candidate.receiver.language, {
          'user.username': candidate.receiver.username,
          name: candidate.name,
          expiresAt: day(expiresAt),
          daysLeft: String(Math.max(1, Math.ceil(daysLeft))),
          url: new URL(candidate.path, deps.publicUrl).toString(),
        });
        await deps.jobs.transaction(async (tx) => {
          if (!(await claimReminder(tx, reminder, now))) return;
          await deps.mailQueue.enqueue(tx, { to: candidate.receiver.email, ...mail });
        });
      }
      await plan(new Date(now.getTime() + REMINDER_SWEEP_MS));
    },
  };
}

export type IntroductionRemindersService = ReturnType<typeof createIntroductionRemindersService>;
