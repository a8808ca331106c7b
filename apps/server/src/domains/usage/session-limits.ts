import { automaticEndNotes, type EmailTemplateType, type NewDomainEvent } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import type { NewJob } from '../../platform/jobs/job-store.ts';
import type { OutgoingMail } from '../../platform/mail/mail-queue.ts';
import type { SessionLimitsRepository } from './session-limits.repository.ts';
import type { ResourceUsageState, UsageRepository } from './usage.repository.ts';
import type { UsageSessionRecord } from './usage-session.ts';

/** The timed actions of sessions (decision 21): their names are stored with their jobs. */
export const USAGE_TIMED_ACTIONS = { end: 'usage.automatic-end', warn: 'usage.limit-warning' } as const;
/** A warning this long before the automatic end. */
const WARNING_BEFORE_MS = 10 * 60_000;
const MINUTE_MS = 60_000;

/**
 * What a timed action of a session carries: the limit it was planned for. A handler acts only
 * while the resource's limit is still that one, so a changed limit leaves the old jobs as no-ops.
 */
export type SessionTimerPayload = { sessionId: number; resourceId: number; minutes: number };

/** Writes timed actions in a transaction of the event pipeline (its `enqueue`). */
export type SessionTimers = {
  enqueue(tx: Db, jobs: NewJob[]): Promise<void>;
  job(action: string, dueAt: Date, payload: SessionTimerPayload): NewJob;
};

/**
 * The automatic end of `session` after `minutes` and its warning 10 minutes before, as timed
 * actions in `tx`. Planned later than the start (a changed limit), a warning whose time has passed
 * comes at once, unless the end has passed too; an end that has passed comes at once.
 */
export async function planAutomaticEnd(
  timers: SessionTimers,
  tx: Db,
  session: UsageSessionRecord,
  minutes: number | null,
  now: Date,
): Promise<void> {
  if (minutes === null) return;
  const endsAt = session.startTime.getTime() + minutes * MINUTE_MS;
  const payload = { sessionId: session.id, resourceId: session.resourceId, minutes };
  const jobs = [timers.job(USAGE_TIMED_ACTIONS.end, new Date(endsAt), payload)];
  const warnAt = Math.max(endsAt - WARNING_BEFORE_MS, now.getTime());
  // A session shorter than the warning's lead time is not warned at its start.
  if (warnAt < endsAt && warnAt > session.startTime.getTime()) {
    jobs.push(timers.job(USAGE_TIMED_ACTIONS.warn, new Date(warnAt), payload));
  }
  await timers.enqueue(tx, jobs);
}

/**
 * The maximum session length (decision 21): the timed actions that end a session at its limit
 * and warn of it (an SSE event, and a mail for members who asked for one), and their new plan
 * when a manager changes the limit of a resource whose session runs.
 */
export function createSessionLimits(deps: {
  db: Db;
  repo: UsageRepository;
  limitsRepo: SessionLimitsRepository;
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  timers: SessionTimers;
  /** The usage service's end of the running session (its event and observers). */
  sessions: {
    endRunning(
      tx: Db,
      record: RecordEvents<NewDomainEvent>,
      resourceId: number,
      notes: string | null,
      endedBy: null,
      onlySessionId: number,
    ): Promise<unknown>;
  };
  publicUrl: string;
  emailTemplates: {
    render(
      type: EmailTemplateType,
      recipientLanguage: string | null,
      variables: Record<string, string>,
    ): Promise<Omit<OutgoingMail, 'to'>>;
  };
  mailQueue: { enqueue(tx: Db, mail: OutgoingMail): Promise<void> };
}) {
  /** The session a job was planned for, while it runs under the limit it was planned for. */
  function plannedSession(state: ResourceUsageState | undefined, payload: SessionTimerPayload) {
    const active = state?.active;
    if (!state || !active || active.id !== payload.sessionId) return undefined;
    if (state.maxSessionMinutes !== payload.minutes) return undefined;
    return active;
  }

  const endOf = (session: UsageSessionRecord, minutes: number) =>
    new Date(session.startTime.getTime() + minutes * MINUTE_MS);

  return {
    /**
     * The automatic end at the resource's maximum session length: a timed action, run by the job
     * runner on one instance. Only the session it was set for is ended, and only under the limit
     * it was planned for; the `end_time is null` guard of the end makes a second run (an expired
     * lease) change nothing.
     */
    async endAutomatically(payload: SessionTimerPayload): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const state = await deps.repo.findResourceState(tx, payload.resourceId);
        if (!plannedSession(state, payload)) return;
        await deps.sessions.endRunning(
          tx,
          record,
          payload.resourceId,
          automaticEndNotes(payload.minutes),
          null,
          payload.sessionId,
        );
      });
    },

    /**
     * Warns the session's open pages (SSE) that it ends automatically soon, and mails its user
     * if they asked for it; once per planned end, if the session still runs under that plan.
     */
    async warnOfAutomaticEnd(payload: SessionTimerPayload): Promise<void> {
      const seenState = await deps.repo.findResourceState(deps.db, payload.resourceId);
      const seen = plannedSession(seenState, payload);
      if (!seenState || !seen) return;
      const endsAt = endOf(seen, payload.minutes);
      const now = deps.clock.now();
      if (endsAt.getTime() <= now.getTime()) return;
      // Rendered before the transaction (architecture §Database), only for members who asked.
      const recipient = await deps.limitsRepo.recipient(deps.db, seen.userId);
      const mail =
        recipient?.notifyBeforeAutomaticEnd === true
          ? {
              to: recipient.email,
              ...(await deps.emailTemplates.render('automatic-end-warning', recipient.language, {
                'user.username': seen.user.username,
                resourceName: seenState.resourceName,
                maxSessionMinutes: String(payload.minutes),
                minutesLeft: String(Math.ceil((endsAt.getTime() - now.getTime()) / MINUTE_MS)),
                url: new URL(`/resources/${payload.resourceId}`, deps.publicUrl).toString(),
              })),
            }
          : undefined;
      await deps.events.transaction(async (tx, record) => {
        const state = await deps.repo.findResourceState(tx, payload.resourceId);
        const active = plannedSession(state, payload);
        if (!state || !active) return;
        if (!(await deps.limitsRepo.claimWarning(tx, active.id, endsAt))) return;
        await record([
          {
            type: 'usage.limit-warning',
            data: {
              resourceId: payload.resourceId,
              resourceName: state.resourceName,
              sessionId: active.id,
              user: { id: active.user.id, username: active.user.username },
              endsAt: endsAt.toISOString(),
            },
          },
        ]);
        if (mail) await deps.mailQueue.enqueue(tx, mail);
      });
    },

    /**
     * A manager changed the resource's limit in `tx`: the running session gets an end and a
     * warning under the new limit. The jobs of the old limit stay and do nothing when they come
     * due; without a limit nothing is planned, so the session runs on.
     */
    async limitChanged(tx: Db, resourceId: number): Promise<void> {
      const state = await deps.repo.findResourceState(tx, resourceId);
      if (!state?.active) return;
      await planAutomaticEnd(deps.timers, tx, state.active, state.maxSessionMinutes, deps.clock.now());
    },
  };
}

export type SessionLimits = ReturnType<typeof createSessionLimits>;
