import type { NewDomainEvent } from '@toolpass/contracts';
import type { ResourceAccess } from '../domains/introductions/resource-access.ts';
import { createWaitListRepository } from '../domains/wait-list/wait-list.repository.ts';
import { createWaitListService } from '../domains/wait-list/wait-list.service.ts';
import {
  createWaitListHolds,
  type HoldPayload,
  WAIT_LIST_TIMED_ACTIONS,
} from '../domains/wait-list/wait-list-holds.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventPipeline } from '../platform/events/event-pipeline.ts';
import type { UserAccount } from '../platform/identity/user-account.ts';
import type { AppDeps } from './app-deps.ts';
import type { createDeliveries } from './deliveries.ts';

/**
 * The wait list wired (decision 23): its service with the start guard and session observer the
 * usage service takes, and the hold's timed actions registered with the job runner. A file of its
 * own keeps the composition root short.
 */
export function createWaitList(
  deps: AppDeps,
  shared: {
    db: Db;
    clock: Clock;
    pipeline: EventPipeline<NewDomainEvent>;
    deliveries: Pick<ReturnType<typeof createDeliveries>, 'timedActions' | 'mailQueue'>;
    emailTemplates: Parameters<typeof createWaitListHolds>[0]['emailTemplates'];
    introductions: {
      accessTo(user: UserAccount, resourceId: number, executor?: Db): Promise<ResourceAccess>;
    };
  },
) {
  const { db, clock, pipeline, deliveries } = shared;
  const repo = createWaitListRepository();
  const holds = createWaitListHolds({
    db,
    repo,
    clock,
    events: pipeline,
    timers: { enqueue: (tx, jobs) => pipeline.enqueue(tx, jobs), job: deliveries.timedActions.job },
    emailTemplates: shared.emailTemplates,
    mailQueue: deliveries.mailQueue,
    publicUrl: deps.config.publicUrl,
  });
  const service = createWaitListService({
    db,
    repo,
    holds,
    access: shared.introductions,
    clock,
    events: pipeline,
  });
  deliveries.timedActions.handle(WAIT_LIST_TIMED_ACTIONS.tell, (payload) =>
    holds.tell(payload as HoldPayload),
  );
  deliveries.timedActions.handle(WAIT_LIST_TIMED_ACTIONS.expire, (payload) =>
    holds.expire(payload as HoldPayload),
  );
  /** The hold's timed actions, run by the job runner (tests run them by hand, twice). */
  return { ...service, holds };
}
