import {
  BLOCK_END_NOTES,
  BOOKING_WARNING_MINUTES,
  BookingErrorCodes,
  blockedMessage,
  bookedByMessage,
  bookingEndNotes,
  type NewDomainEvent,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { SessionObserver, StartGuard } from '../usage/usage-hooks.ts';
import type { UsageSessionRecord } from '../usage/usage-session.ts';
import type { BookingClock } from './booking-time.ts';
import type { BookingRecord, BookingsRepository } from './bookings.repository.ts';
import { type BookingTimerPayload, bookingEvent } from './bookings.service.ts';

const MINUTE_MS = 60_000;

/** Whose the booking is: a session of its holder is the booking in use; a block has no holder. */
const isHolders = (booking: { kind: string; userId: number | null }, userId: number) =>
  booking.kind === 'booking' && booking.userId === userId;

type Around = Awaited<ReturnType<BookingsRepository['around']>>[number];
type AroundStart = { now: Date; current: Around | undefined; next: Around | undefined };

/** The running session of a resource, and its end through the usage service's end path. */
export type RunningSessions = {
  runningIn(tx: Db, resourceId: number): Promise<UsageSessionRecord | undefined>;
  endIn(
    tx: Db,
    record: RecordEvents<NewDomainEvent>,
    resourceId: number,
    sessionId: number,
    notes: string,
  ): Promise<unknown>;
};

/**
 * The one rule where bookings meet sessions (decision 23): during a live booking only its holder
 * starts the resource (nobody during a block); a walk-up session in a free gap is warned before
 * the next booking and ended when it begins; a booking not started in time is released. Only
 * bookable resources pay a query. Every timed action re-reads its booking and does nothing when
 * it was moved, cancelled or released since, so a second run changes nothing.
 */
export function createBookingSessions(deps: {
  repo: BookingsRepository;
  clock: Clock;
  time: BookingClock;
  events: EventTransactions<NewDomainEvent>;
  sessions: RunningSessions;
}) {
  const warning = (
    resourceName: string,
    session: UsageSessionRecord,
    booking: { resourceId: number; start: Date },
  ): NewDomainEvent => ({
    type: 'usage.limit-warning',
    data: {
      resourceId: booking.resourceId,
      resourceName,
      sessionId: session.id,
      user: { id: session.user.id, username: session.user.username },
      endsAt: booking.start.toISOString(),
    },
  });

  /** The booking of a timed action if it still is what the action was set for, on a bookable resource. */
  async function current(tx: Db, payload: BookingTimerPayload): Promise<BookingRecord | undefined> {
    const booking = await deps.repo.findById(tx, payload.bookingId);
    if (!booking || booking.cancelledAt || booking.noShowAt) return undefined;
    if (booking.start.toISOString() !== payload.start) return undefined;
    const rules = await deps.repo.rules(tx, booking.resourceId);
    return rules?.bookingMode === 'bookable' ? booking : undefined;
  }

  /** The booking under way at `now` and the next one starting within the warning's lead. */
  async function aroundStart(tx: Db, resourceId: number, now: Date): Promise<AroundStart> {
    const soon = new Date(now.getTime() + BOOKING_WARNING_MINUTES * MINUTE_MS);
    const [first, second] = await deps.repo.around(tx, resourceId, now, soon);
    const current = first && first.start.getTime() <= now.getTime() ? first : undefined;
    return { now, current, next: current ? second : first };
  }

  /**
   * What a start's guard read, kept for the observer of the same start: both run in its
   * transaction and nothing between them writes bookings, so one read serves both (a round trip
   * less per start on PostgreSQL). Keyed by the transaction, so no other start can see it.
   */
  const readAtStart = new WeakMap<Db, { resourceId: number; around: AroundStart }>();

  const guard: StartGuard = async (tx, attempt) => {
    if (attempt.bookingMode !== 'bookable') return;
    const around = await aroundStart(tx, attempt.resourceId, attempt.now);
    readAtStart.set(tx, { resourceId: attempt.resourceId, around });
    const { current } = around;
    if (!current || isHolders(current, attempt.actor.id)) return;
    // Refusing is rare: only then is the holder's name read.
    const booking = await deps.repo.findById(tx, current.id);
    const until = deps.time.hhmm(current.end);
    const message =
      current.kind === 'block' ? blockedMessage(until) : bookedByMessage(booking?.username ?? '', until);
    throw conflict(message, { errorCode: BookingErrorCodes.bookedByOther });
  };

  const observer: SessionObserver = {
    async started(tx, record, change) {
      if (change.bookingMode !== 'bookable') return;
      const { session } = change;
      const kept = readAtStart.get(tx);
      readAtStart.delete(tx);
      const { now, current, next } =
        kept?.resourceId === change.resourceId
          ? kept.around
          : await aroundStart(tx, change.resourceId, change.now);
      if (current && isHolders(current, session.userId)) {
        if (await deps.repo.markStarted(tx, current.id, now)) {
          const booking = await deps.repo.findById(tx, current.id);
          if (booking) await record([bookingEvent('booking.started', booking)]);
        }
        return;
      }
      // A walk-up in a gap that closes within the warning's lead: its warning is due already.
      if (next && !isHolders(next, session.userId)) {
        await record([
          warning(change.resourceName, session, { resourceId: change.resourceId, start: next.start }),
        ]);
      }
    },
  };

  return {
    guard,
    observer,

    /** 10 minutes before a booking: a walk-up session of anyone but its holder is told it will end. */
    async warn(payload: BookingTimerPayload): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const booking = await current(tx, payload);
        if (!booking) return;
        const running = await deps.sessions.runningIn(tx, booking.resourceId);
        if (!running || isHolders(booking, running.userId)) return;
        // Started after the warning was due: the start itself warned it (observer above).
        if (running.startTime.getTime() > booking.start.getTime() - BOOKING_WARNING_MINUTES * MINUTE_MS)
          return;
        await record([warning(booking.resourceName, running, booking)]);
      });
    },

    /** When a booking begins: another's session ends; the holder's own running session starts it. */
    async begin(payload: BookingTimerPayload): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const booking = await current(tx, payload);
        if (!booking) return;
        const running = await deps.sessions.runningIn(tx, booking.resourceId);
        if (!running) return;
        if (isHolders(booking, running.userId)) {
          if (await deps.repo.markStarted(tx, booking.id, booking.start)) {
            await record([bookingEvent('booking.started', booking)]);
          }
          return;
        }
        const notes = booking.kind === 'block' ? BLOCK_END_NOTES : bookingEndNotes(booking.username ?? '');
        await deps.sessions.endIn(tx, record, booking.resourceId, running.id, notes);
      });
    },

    /** 15 minutes after the start, not started: released, its time free again, and recorded. */
    async noShow(payload: BookingTimerPayload): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const booking = await current(tx, payload);
        if (booking?.kind !== 'booking' || booking.startedAt) return;
        // The holder's session runs (the begin's action came late): in use, not a no-show.
        const running = await deps.sessions.runningIn(tx, booking.resourceId);
        if (running && isHolders(booking, running.userId)) {
          if (await deps.repo.markStarted(tx, booking.id, deps.clock.now())) {
            await record([bookingEvent('booking.started', booking)]);
          }
          return;
        }
        if (await deps.repo.release(tx, booking.id, 'no_show_at', deps.clock.now())) {
          await record([bookingEvent('booking.no-show', booking)]);
        }
      });
    },
  };
}

export type BookingSessions = ReturnType<typeof createBookingSessions>;
