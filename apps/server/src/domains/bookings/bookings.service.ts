import {
  BOOKING_NO_SHOW_MINUTES,
  BOOKING_WARNING_MINUTES,
  BOOKINGS_RANGE_MAX_DAYS,
  type Booking,
  BookingErrorCodes,
  BookingMessages,
  type BookingsRangeQuery,
  type CreateBookingBody,
  Messages,
  type MoveBookingBody,
  type MyBooking,
  type NewDomainEvent,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isExclusionViolation } from '../../platform/db/db-errors.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { NewJob } from '../../platform/jobs/job-store.ts';
import { mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';
import { resourceNotFound } from '../resources/resources.service.ts';
import { checkTimes, checkWeeklyHours } from './booking-rules.ts';
import type { BookingClock } from './booking-time.ts';
import type { BookingRecord, BookingsRepository, ResourceBookingRules } from './bookings.repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The timed actions of a booking (decision 21, 23): their names are stored with their jobs. */
export const BOOKING_TIMED_ACTIONS = {
  warn: 'booking.warn-walk-up',
  begin: 'booking.begin',
  noShow: 'booking.no-show',
} as const;

/** What a booking's timed action carries: the start it was set for, so a moved booking's old jobs do nothing. */
export type BookingTimerPayload = { bookingId: number; start: string };

export const timeAlreadyBooked = () =>
  conflict(BookingMessages.timeAlreadyBooked, { errorCode: BookingErrorCodes.timeAlreadyBooked });
const bookingNotFound = () => notFound(BookingMessages.bookingNotFound);

export function presentBooking(record: BookingRecord): Booking {
  return {
    id: record.id,
    resourceId: record.resourceId,
    user:
      record.userId === null
        ? null
        : { id: record.userId, username: record.username ?? String(record.userId) },
    start: record.start.toISOString(),
    end: record.end.toISOString(),
    kind: record.kind,
  };
}

/** A booking event's data (contracts' BookingEventData). */
export function bookingEvent(
  type: 'booking.created' | 'booking.moved' | 'booking.cancelled' | 'booking.started' | 'booking.no-show',
  record: BookingRecord,
): NewDomainEvent {
  const { id, user, start, end, kind } = presentBooking(record);
  return {
    type,
    data: {
      bookingId: id,
      resourceId: record.resourceId,
      resourceName: record.resourceName,
      user,
      start,
      end,
      kind,
    },
  };
}

/** Bookings and blocks of bookable resources (decision 23): create, move, cancel, read. */
export function createBookingsService(deps: {
  db: Db;
  repo: BookingsRepository;
  clock: Clock;
  time: BookingClock;
  /** Calendar weeks are read by every open resource page and change far less often. */
  reads: ReadCache;
  events: EventTransactions<NewDomainEvent>;
  access: { accessTo(user: UserAccount, resourceId: number, executor?: Db): Promise<ResourceAccess> };
  users: { findById(id: number, executor?: Db): Promise<UserAccount | undefined> };
  timers: {
    enqueue(tx: Db, jobs: NewJob[]): Promise<void>;
    job(action: string, dueAt: Date, payload: unknown): NewJob;
  };
}) {
  /** The warning, the begin and (for a member's booking) the no-show release, due at their times. */
  async function schedule(tx: Db, booking: { id: number; kind: string; start: Date }) {
    const payload: BookingTimerPayload = { bookingId: booking.id, start: booking.start.toISOString() };
    const at = (offsetMinutes: number) => new Date(booking.start.getTime() + offsetMinutes * MINUTE_MS);
    const jobs = [
      deps.timers.job(BOOKING_TIMED_ACTIONS.warn, at(-BOOKING_WARNING_MINUTES), payload),
      deps.timers.job(BOOKING_TIMED_ACTIONS.begin, at(0), payload),
    ];
    if (booking.kind === 'booking') {
      jobs.push(deps.timers.job(BOOKING_TIMED_ACTIONS.noShow, at(BOOKING_NO_SHOW_MINUTES), payload));
    }
    await deps.timers.enqueue(tx, jobs);
  }

  async function bookableRules(tx: Db, resourceId: number): Promise<ResourceBookingRules> {
    const rules = await deps.repo.rules(tx, resourceId);
    if (!rules) throw resourceNotFound();
    if (rules.bookingMode !== 'bookable') throw badRequest(BookingMessages.notBookable);
    return rules;
  }

  /** Every rule a member's span must keep, then the overlap check (SQLite's guarantee; PG's constraint backs it). */
  async function checkSpan(
    tx: Db,
    resourceId: number,
    rules: ResourceBookingRules,
    span: { start: Date; end: Date; kind: 'booking' | 'block'; holder: UserAccount | null },
    exceptId?: number,
  ) {
    checkTimes(rules, span, deps.clock.now());
    const holder = span.holder;
    if (holder) {
      const access = await deps.access.accessTo(holder, resourceId, tx);
      if (!mayUseResource(access)) throw forbidden(BookingMessages.introductionRequired);
      await checkWeeklyHours(rules, deps.time, span, (from, to) =>
        deps.repo.memberSpans(tx, resourceId, holder.id, from, to, exceptId),
      );
    }
    if (await deps.repo.overlaps(tx, resourceId, span.start, span.end, exceptId)) throw timeAlreadyBooked();
  }

  /** Runs a write; PostgreSQL's exclusion constraint refusing a racing overlap is a 409. */
  async function write<T>(work: (tx: Db, record: RecordEvents<NewDomainEvent>) => Promise<T>): Promise<T> {
    try {
      return await deps.events.transaction(work);
    } catch (error) {
      if (isExclusionViolation(error)) throw timeAlreadyBooked();
      throw error;
    }
  }

  /** The live booking `id` the actor may change: its holder or a resource manager, before it began. */
  async function changeable(tx: Db, actor: UserAccount, id: number): Promise<BookingRecord> {
    const booking = await deps.repo.findById(tx, id);
    if (!booking || booking.cancelledAt || booking.noShowAt) throw bookingNotFound();
    const holder = booking.userId !== null && booking.userId === actor.id;
    if (!holder && !actor.permissions.canManageResources)
      throw forbidden(BookingMessages.forbiddenChangeBooking);
    if (booking.start.getTime() <= deps.clock.now().getTime()) throw badRequest(BookingMessages.alreadyBegun);
    return booking;
  }

  return {
    async list(resourceId: number, query: BookingsRangeQuery): Promise<Booking[]> {
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (to.getTime() <= from.getTime()) throw badRequest(BookingMessages.endBeforeStart);
      if (to.getTime() - from.getTime() > BOOKINGS_RANGE_MAX_DAYS * DAY_MS) {
        throw badRequest(BookingMessages.rangeTooLong);
      }
      // Every open calendar polls its week; any write to the database empties the cache.
      const answer = await deps.reads.read(
        `bookings ${resourceId} ${from.getTime()} ${to.getTime()}`,
        async () => {
          const bookings = await deps.repo.inRange(deps.db, resourceId, from, to);
          if (bookings.length === 0 && !(await deps.repo.rules(deps.db, resourceId))) return undefined;
          return bookings.map(presentBooking);
        },
      );
      if (!answer) throw resourceNotFound();
      return answer;
    },

    /** The caller's bookings that have not ended yet. */
    async mine(actor: UserAccount): Promise<MyBooking[]> {
      const bookings = await deps.repo.ofMember(deps.db, actor.id, deps.clock.now());
      return bookings.map((booking) => ({ ...presentBooking(booking), resourceName: booking.resourceName }));
    },

    async create(actor: UserAccount, resourceId: number, body: CreateBookingBody): Promise<Booking> {
      const kind = body.kind ?? 'booking';
      const forOther = body.userId !== undefined && body.userId !== actor.id;
      if ((kind === 'block' || forOther) && !actor.permissions.canManageResources) {
        throw forbidden(BookingMessages.forbiddenBookForOthers);
      }
      const start = new Date(body.start);
      const end = new Date(body.end);
      return write(async (tx, record) => {
        const rules = await bookableRules(tx, resourceId);
        let holder: UserAccount | null = null;
        if (kind === 'booking') {
          holder =
            forOther && body.userId !== undefined
              ? ((await deps.users.findById(body.userId, tx)) ?? null)
              : actor;
          if (!holder) throw notFound(Messages.userNotFound);
        }
        await checkSpan(tx, resourceId, rules, { start, end, kind, holder });
        const id = await deps.repo.insert(
          tx,
          { resourceId, userId: holder?.id ?? null, kind, start, end },
          actor.id,
          deps.clock.now(),
        );
        await schedule(tx, { id, kind, start });
        const created = await deps.repo.findById(tx, id);
        if (!created) throw bookingNotFound();
        await record([bookingEvent('booking.created', created)]);
        return presentBooking(created);
      });
    },

    async move(actor: UserAccount, id: number, body: MoveBookingBody): Promise<Booking> {
      const start = new Date(body.start);
      const end = new Date(body.end);
      return write(async (tx, record) => {
        const booking = await changeable(tx, actor, id);
        const rules = await bookableRules(tx, booking.resourceId);
        const holder =
          booking.userId === null ? null : ((await deps.users.findById(booking.userId, tx)) ?? null);
        await checkSpan(tx, booking.resourceId, rules, { start, end, kind: booking.kind, holder }, id);
        await deps.repo.move(tx, id, start, end);
        await schedule(tx, { id, kind: booking.kind, start });
        const moved = { ...booking, start, end };
        await record([bookingEvent('booking.moved', moved)]);
        return presentBooking(moved);
      });
    },

    async cancel(actor: UserAccount, id: number): Promise<void> {
      await write(async (tx, record) => {
        const booking = await changeable(tx, actor, id);
        if (!(await deps.repo.release(tx, id, 'cancelled_at', deps.clock.now()))) throw bookingNotFound();
        await record([bookingEvent('booking.cancelled', booking)]);
      });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
