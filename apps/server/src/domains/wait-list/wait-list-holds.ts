import { type EmailTemplateType, type NewDomainEvent, WAIT_LIST_HOLD_MINUTES } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import type { NewJob } from '../../platform/jobs/job-store.ts';
import type { OutgoingMail } from '../../platform/mail/mail-queue.ts';
import type { WaitListRepository } from './wait-list.repository.ts';

/** The timed actions of the wait list (decision 21): their names are stored with their jobs. */
export const WAIT_LIST_TIMED_ACTIONS = {
  /** Mails the member a hold is for; a job, so the template renders outside the end's transaction. */
  tell: 'wait-list.tell',
  /** At the end of a hold: the next in line, if the member did not start. */
  expire: 'wait-list.hold-expiry',
} as const;

/** What both timed actions of a hold carry; `heldUntil` tells this hold from a later one. */
export type HoldPayload = { resourceId: number; userId: number; heldUntil: string };

const HOLD_MS = WAIT_LIST_HOLD_MINUTES * 60_000;

/** HH:MM, 24-hour, in the server's zone (as the booking refusals). */
export function hourMinute(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

/**
 * Holding a free resource for the first in line (decision 23): the hold is `held_until` on the
 * entry, the `wait-list.your-turn` event tells the open apps, a mail and the hold's end are
 * timed actions written in the same transaction. Both actions re-read the entry and act only
 * while it still carries their hold, so a second run, a start or a leave meanwhile change nothing.
 */
export function createWaitListHolds(deps: {
  db: Db;
  repo: WaitListRepository;
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  timers: {
    enqueue(tx: Db, jobs: NewJob[]): Promise<void>;
    job(action: string, dueAt: Date, payload: HoldPayload): NewJob;
  };
  emailTemplates: {
    render(
      type: EmailTemplateType,
      recipientLanguage: string | null,
      variables: Record<string, string>,
    ): Promise<Omit<OutgoingMail, 'to'>>;
  };
  mailQueue: { enqueue(tx: Db, mail: OutgoingMail): Promise<void> };
  publicUrl: string;
}) {
  /**
   * Holds the free resource for the first in line, unless it runs or is held already (a takeover
   * ends and starts in one transaction; a hold passed on twice must not make two), or is out of
   * order: nobody is told of a turn they cannot take, and the line waits for its return.
   */
  async function holdNext(
    tx: Db,
    record: RecordEvents<NewDomainEvent>,
    resourceId: number,
    now: Date,
  ): Promise<void> {
    const found = await deps.repo.resource(tx, resourceId);
    if (!found || found.outOfOrder) return;
    const resource = { id: resourceId, name: found.name };
    if ((await deps.repo.activeUserId(tx, resource.id)) !== undefined) return;
    if (await deps.repo.holder(tx, resource.id, now)) return;
    const first = await deps.repo.first(tx, resource.id);
    if (!first) return;
    const heldUntil = new Date(now.getTime() + HOLD_MS);
    await deps.repo.hold(tx, first.id, heldUntil);
    await record([
      {
        type: 'wait-list.your-turn',
        data: {
          resourceId: resource.id,
          resourceName: resource.name,
          user: first.user,
          heldUntil: heldUntil.toISOString(),
        },
      },
    ]);
    const payload: HoldPayload = {
      resourceId: resource.id,
      userId: first.user.id,
      heldUntil: heldUntil.toISOString(),
    };
    await deps.timers.enqueue(tx, [
      deps.timers.job(WAIT_LIST_TIMED_ACTIONS.tell, now, payload),
      deps.timers.job(WAIT_LIST_TIMED_ACTIONS.expire, heldUntil, payload),
    ]);
  }

  return {
    holdNext,

    /** The end of a hold: the member did not start, so their entry goes and the next is told. */
    async expire(payload: HoldPayload): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const heldUntil = new Date(payload.heldUntil);
        if (!(await deps.repo.removeHeld(tx, payload.resourceId, payload.userId, heldUntil))) return;
        await holdNext(tx, record, payload.resourceId, deps.clock.now());
      });
    },

    /** Mails the member of a hold that still stands, once. */
    async tell(payload: HoldPayload): Promise<void> {
      const heldUntil = new Date(payload.heldUntil);
      const entry = await deps.repo.find(deps.db, payload.resourceId, payload.userId);
      const resource = await deps.repo.resource(deps.db, payload.resourceId);
      if (!entry || !resource || entry.heldUntil?.getTime() !== heldUntil.getTime()) return;
      // Rendered outside the transaction (architecture §Database), in the member's language.
      const mail = await deps.emailTemplates.render('wait-list-your-turn', entry.language, {
        'user.username': entry.user.username,
        name: resource.name,
        heldUntil: hourMinute(heldUntil),
        minutes: String(WAIT_LIST_HOLD_MINUTES),
        url: new URL(`/resources/${payload.resourceId}`, deps.publicUrl).toString(),
      });
      await deps.events.transaction(async (tx) => {
        if (!(await deps.repo.markTold(tx, payload.resourceId, payload.userId, heldUntil))) return;
        await deps.mailQueue.enqueue(tx, { to: entry.email, ...mail });
      });
    },
  };
}

export type WaitListHolds = ReturnType<typeof createWaitListHolds>;
