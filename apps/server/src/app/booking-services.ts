import type { NewDomainEvent } from '@toolpass/contracts';
import { createBookingSessions, type RunningSessions } from '../domains/bookings/booking-sessions.ts';
import { bookingClock } from '../domains/bookings/booking-time.ts';
import { createBookingsRepository } from '../domains/bookings/bookings.repository.ts';
import {
  BOOKING_TIMED_ACTIONS,
  type BookingTimerPayload,
  createBookingsService,
} from '../domains/bookings/bookings.service.ts';
import { createICalFeeds } from '../domains/bookings/ical.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { Db } from '../platform/db/database.ts';
import type { ReadCache } from '../platform/db/read-cache.ts';
import type { EventPipeline } from '../platform/events/event-pipeline.ts';
import type { NewJob } from '../platform/jobs/job-store.ts';
import type { AppDeps } from './app-deps.ts';
import type { createDeliveries } from './deliveries.ts';

/**
 * Bookings wired (decision 23): the service and iCal feeds the routes use, the start guard and
 * session observer the usage service takes, and the booking's timed actions (the warning, the
 * begin and the no-show release) registered with the job runner. Bookings end walk-up sessions
 * through the usage service, which is made after them: `usage` is asked for only when called.
 */
export function createBookings(
  deps: AppDeps,
  shared: {
    db: Db;
    clock: Clock;
    pipeline: EventPipeline<NewDomainEvent>;
    deliveries: Pick<ReturnType<typeof createDeliveries>, 'timedActions'>;
    timers: {
      enqueue(tx: Db, jobs: NewJob[]): Promise<void>;
      job(action: string, dueAt: Date, payload: unknown): NewJob;
    };
    reads: ReadCache;
    box: SecretBox;
    access: Parameters<typeof createBookingsService>[0]['access'];
    users: Parameters<typeof createBookingsService>[0]['users'];
    usage: () => RunningSessions;
  },
) {
  const { db, clock, pipeline, deliveries } = shared;
  const repo = createBookingsRepository({ db });
  const time = bookingClock();
  const sessions = createBookingSessions({
    repo,
    clock,
    time,
    events: pipeline,
    sessions: {
      runningIn: (tx, resourceId) => shared.usage().runningIn(tx, resourceId),
      endIn: (tx, record, resourceId, sessionId, notes) =>
        shared.usage().endIn(tx, record, resourceId, sessionId, notes),
    },
  });
  const service = createBookingsService({
    db,
    repo,
    clock,
    time,
    reads: shared.reads,
    events: pipeline,
    access: shared.access,
    users: shared.users,
    timers: shared.timers,
  });
  const icalFeeds = createICalFeeds({ db, repo, clock, box: shared.box, publicUrl: deps.config.publicUrl });
  deliveries.timedActions.handle(BOOKING_TIMED_ACTIONS.warn, (payload) =>
    sessions.warn(payload as BookingTimerPayload),
  );
  deliveries.timedActions.handle(BOOKING_TIMED_ACTIONS.begin, (payload) =>
    sessions.begin(payload as BookingTimerPayload),
  );
  deliveries.timedActions.handle(BOOKING_TIMED_ACTIONS.noShow, (payload) =>
    sessions.noShow(payload as BookingTimerPayload),
  );
  return { service, icalFeeds, time, guard: sessions.guard, observer: sessions.observer };
}
