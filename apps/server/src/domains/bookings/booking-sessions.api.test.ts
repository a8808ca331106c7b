import { BookingErrorCodes, blockedMessage, bookedByMessage, bookingEndNotes } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import type { UsageSessionRecord } from '../usage/usage-session.ts';
import { createBookingSessions } from './booking-sessions.ts';
import {
  bookingSetUp,
  FAST_POLL,
  HOUR_MS,
  MINUTE_MS,
  outboxEvents,
  slotAfter,
  span,
} from './booking-test-fixtures.ts';
import { bookingClock } from './booking-time.ts';
import { createBookingsRepository } from './bookings.repository.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(TEST_DIALECTS)('bookings meet sessions on %s', (dialect) => {
  async function setUp() {
    const given = await bookingSetUp(async (clock) => {
      const t = await buildTestApp(dialect, { clock, ...FAST_POLL });
      cleanups.push(() => t.close());
      return t;
    });
    return given;
  }
  const hhmm = (at: Date) => bookingClock().hhmm(at);
  const bookingRow = (t: TestApp, id: number) =>
    t.database.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionRow = (t: TestApp, id: number) =>
    t.database.db.selectFrom('usage_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses others during a booking with the holder and end, lets the holder start, and allows gaps', async () => {
    const { t, given, member, other, manager, book, travelTo } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const end = new Date(start.getTime() + HOUR_MS);
    const booking = (await book(member, span(start, 60))).json<{ id: number; resourceId: number }>();
    const resourceId = booking.resourceId;

    // A gap before the booking: anyone introduced may start and end.
    travelTo(new Date(start.getTime() - 30 * MINUTE_MS));
    expect((await given.start(other, resourceId)).statusCode).toBe(201);
    expect((await given.end(other, resourceId)).statusCode).toBe(200);

    travelTo(new Date(start.getTime() + MINUTE_MS));
    for (const actor of [other, manager]) {
      const refused = await given.start(actor, resourceId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: bookedByMessage(member.username, hhmm(end)),
        errorCode: BookingErrorCodes.bookedByOther,
      });
    }
    expect(hhmm(end)).toMatch(/^\d\d:\d\d$/);
    expect((await given.start(member, resourceId)).statusCode).toBe(201);
    expect((await bookingRow(t, booking.id)).started_at).not.toBeNull();
    expect(await outboxEvents(t, 'booking.started')).toEqual([
      expect.objectContaining({ bookingId: booking.id }),
    ]);
  });

  it('refuses every start during a block with its end', async () => {
    const { t, given, member, manager, book, travelTo, resource } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    expect((await book(manager, { ...span(start, 90), kind: 'block' })).statusCode).toBe(201);
    travelTo(new Date(start.getTime() + 10 * MINUTE_MS));
    for (const actor of [member, manager]) {
      const refused = await given.start(actor, resource.id);
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        blockedMessage(hhmm(new Date(start.getTime() + 90 * MINUTE_MS))),
      ]);
    }
  });

  it('warns a walk-up session 10 minutes before the next booking and ends it when the booking begins', async () => {
    const { t, given, member, other, book, travelTo, resource } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const booking = (await book(member, span(start, 60))).json<{ id: number }>();
    travelTo(new Date(start.getTime() - 25 * MINUTE_MS));
    const walkUp = await given.start(other, resource.id);
    expect(walkUp.statusCode).toBe(201);
    const sessionId = walkUp.json<{ id: number }>().id;
    const warnings = async () =>
      (await outboxEvents(t, 'usage.limit-warning')).filter((event) => event.sessionId === sessionId);

    travelTo(new Date(start.getTime() - 11 * MINUTE_MS));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await warnings()).toHaveLength(0);
    travelTo(new Date(start.getTime() - 9 * MINUTE_MS));
    await until(async () => (await warnings()).length > 0);
    expect((await warnings())[0]).toMatchObject({
      resourceId: resource.id,
      user: { id: other.id },
      endsAt: start.toISOString(),
    });
    expect((await sessionRow(t, sessionId)).end_time).toBeNull();

    travelTo(new Date(start.getTime() + 10_000));
    await until(async () => (await sessionRow(t, sessionId)).end_time !== null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sessionRow(t, sessionId)).end_notes).toBe(bookingEndNotes(member.username));
    const ended = (await outboxEvents(t, 'usage.ended')).filter((event) => event.sessionId === sessionId);
    expect(ended).toHaveLength(1);
    expect(await warnings()).toHaveLength(1);
    // The holder starts their booking on the machine the walk-up left.
    expect((await given.start(member, resource.id)).statusCode).toBe(201);
    expect((await bookingRow(t, booking.id)).started_at).not.toBeNull();
  });

  it('warns at once a walk-up started less than 10 minutes before a booking', async () => {
    const { t, given, member, other, book, travelTo, resource } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    await book(member, span(start, 60));
    travelTo(new Date(start.getTime() - 5 * MINUTE_MS));
    const sessionId = (await given.start(other, resource.id)).json<{ id: number }>().id;
    const warnings = (await outboxEvents(t, 'usage.limit-warning')).filter(
      (event) => event.sessionId === sessionId,
    );
    expect(warnings).toEqual([expect.objectContaining({ endsAt: start.toISOString() })]);
  });

  it("reads the bookings once per start: the observer takes what the guard read in the start's transaction", async () => {
    const { t, member, other, book, travelTo, resource } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    await book(member, span(start, 60));
    travelTo(new Date(start.getTime() - 5 * MINUTE_MS));
    // The module as the app wires it, over the real repository, counting its reads.
    const repo = createBookingsRepository({ db: t.database.db });
    let reads = 0;
    const sessions = createBookingSessions({
      repo: {
        ...repo,
        around: (...args: Parameters<typeof repo.around>) => {
          reads += 1;
          return repo.around(...args);
        },
      },
      clock: t.services.clock,
      time: bookingClock(),
      events: t.services.pipeline,
      sessions: t.services.usage,
    });
    const account = await t.services.users.accounts.findById(other.id);
    if (!account) throw new Error('the member exists');
    const now = t.services.clock.now();
    const attempt = {
      resourceId: resource.id,
      resourceName: resource.name,
      bookingMode: 'bookable' as const,
      now,
    };
    const session: UsageSessionRecord = {
      id: 1,
      resourceId: resource.id,
      userId: other.id,
      user: { id: other.id, username: account.username },
      startTime: now,
      endTime: null,
      startNotes: null,
      endNotes: null,
      endedBy: null,
    };
    const change = { ...attempt, session };
    const recorded: unknown[] = [];
    const record = async (events: unknown[]) => {
      recorded.push(...events);
    };

    await t.database.db.transaction().execute(async (tx) => {
      await sessions.guard(tx, { ...attempt, actor: account });
      await sessions.observer.started?.(tx, record, change);
    });
    expect(reads).toBe(1);
    // The booking begins in 5 minutes: the walk-up is warned, from the guard's read.
    expect(recorded).toEqual([expect.objectContaining({ type: 'usage.limit-warning' })]);

    // An observer without a guard in its transaction reads for itself.
    await t.database.db.transaction().execute(async (tx) => {
      await sessions.observer.started?.(tx, record, change);
    });
    expect(reads).toBe(2);
    expect(recorded).toHaveLength(2);
  });

  it('releases a booking not started within 15 minutes as a no-show, and frees the machine', async () => {
    const { t, given, member, other, book, travelTo, resource } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const booking = (await book(member, span(start, 60))).json<{ id: number }>();
    travelTo(new Date(start.getTime() + 14 * MINUTE_MS));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bookingRow(t, booking.id)).no_show_at).toBeNull();
    expect((await given.start(other, resource.id)).statusCode).toBe(409);

    travelTo(new Date(start.getTime() + 16 * MINUTE_MS));
    await until(async () => (await bookingRow(t, booking.id)).no_show_at !== null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxEvents(t, 'booking.no-show')).toEqual([
      expect.objectContaining({ bookingId: booking.id }),
    ]);
    expect((await given.start(other, resource.id)).statusCode).toBe(201);
    // Released bookings leave the calendar.
    const from = encodeURIComponent(start.toISOString());
    const to = encodeURIComponent(new Date(start.getTime() + HOUR_MS).toISOString());
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/bookings?from=${from}&to=${to}`,
      headers: other.auth,
    });
    expect(listed.json()).toEqual([]);
  });
});
