import type { NewDomainEvent } from '@toolpass/contracts';
import {
  createIntroductionRemindersService,
  REMINDER_SWEEP_ACTION,
} from '../domains/introductions/introduction-reminders.service.ts';
import { createOutOfOrderService } from '../domains/usage/out-of-order.service.ts';
import { createSessionLimitsRepository } from '../domains/usage/session-limits.repository.ts';
import {
  createSessionLimits,
  type SessionTimerPayload,
  type SessionTimers,
  USAGE_TIMED_ACTIONS,
} from '../domains/usage/session-limits.ts';
import type { UsageRepository } from '../domains/usage/usage.repository.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventPipeline } from '../platform/events/event-pipeline.ts';
import { TIMED_ACTION_KIND } from '../platform/jobs/timed-actions.ts';
import type { AppDeps } from './app-deps.ts';
import type { createDeliveries } from './deliveries.ts';

type SessionLimitsDeps = Parameters<typeof createSessionLimits>[0];

/**
 * The safety rules wired (decision 21): the maximum session length with its warning, out of order,
 * and the introduction reminders, with their timed actions registered with the job runner.
 */
export function createSafetyRules(
  deps: AppDeps,
  shared: {
    db: Db;
    clock: Clock;
    pipeline: EventPipeline<NewDomainEvent>;
    deliveries: Pick<ReturnType<typeof createDeliveries>, 'timedActions' | 'mailQueue'>;
    emailTemplates: SessionLimitsDeps['emailTemplates'] &
      Parameters<typeof createIntroductionRemindersService>[0]['emailTemplates'];
    timers: SessionTimers;
    usageRepo: UsageRepository;
    usage: SessionLimitsDeps['sessions'] & Parameters<typeof createOutOfOrderService>[0]['sessions'];
    resources: Parameters<typeof createOutOfOrderService>[0]['status'];
  },
) {
  const { db, clock, pipeline, deliveries, emailTemplates } = shared;
  const sessionLimits = createSessionLimits({
    db,
    repo: shared.usageRepo,
    limitsRepo: createSessionLimitsRepository(),
    clock,
    events: pipeline,
    timers: shared.timers,
    sessions: shared.usage,
    publicUrl: deps.config.publicUrl,
    emailTemplates,
    mailQueue: deliveries.mailQueue,
  });
  const outOfOrder = createOutOfOrderService({
    events: pipeline,
    status: shared.resources,
    sessions: shared.usage,
  });
  const introductionReminders = createIntroductionRemindersService({
    db,
    clock,
    publicUrl: deps.config.publicUrl,
    emailTemplates,
    mailQueue: deliveries.mailQueue,
    jobs: {
      transaction: (work) => pipeline.transaction((tx) => work(tx)),
      enqueue: (tx, jobs) => pipeline.enqueue(tx, jobs),
      hasWaiting: (executor, action) =>
        pipeline.store.hasWaiting(executor, { kind: TIMED_ACTION_KIND, id: action }),
      timed: (action, dueAt) => deliveries.timedActions.job(action, dueAt, null),
    },
  });
  deliveries.timedActions.handle(REMINDER_SWEEP_ACTION, () => introductionReminders.sweep());
  // Automatic ends and their warnings are timed actions run by the job runner (decision 21).
  deliveries.timedActions.handle(USAGE_TIMED_ACTIONS.end, (payload) =>
    sessionLimits.endAutomatically(payload as SessionTimerPayload),
  );
  deliveries.timedActions.handle(USAGE_TIMED_ACTIONS.warn, (payload) =>
    sessionLimits.warnOfAutomaticEnd(payload as SessionTimerPayload),
  );
  return { sessionLimits, outOfOrder, introductionReminders };
}
