import { BookingErrorCodes, BookingMessages } from '@toolpass/contracts';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { bookingSetUp, HOUR_MS, MINUTE_MS, outboxEvents, slotAfter, span } from './booking-test-fixtures.ts';
import { bookingClock } from './booking-time.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(TEST_DIALECTS)('bookings on %s', (dialect) => {
  async function setUp(rules: Record<string, string> = {}) {
    const given = await bookingSetUp(async (clock) => {
      const t = await buildTestApp(dialect, { clock });
      cleanups.push(() => t.close());
      return t;
    }, rules);
    return given;
  }
  const messageOf = (response: { json(): unknown }) => (response.json() as { message: string }).message;

  it('books a slot, lists it for any member and refuses an overlap with 409', async () => {
    const { t, member, other, resource, book } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const created = await book(member, span(start, 60));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      resourceId: resource.id,
      user: { id: member.id, username: member.username },
      start: start.toISOString(),
      kind: 'booking',
    });
    const overlap = await book(other, span(new Date(start.getTime() + 30 * MINUTE_MS), 60));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({
      message: BookingMessages.timeAlreadyBooked,
      errorCode: BookingErrorCodes.timeAlreadyBooked,
    });
    // Touching ends are no overlap.
    expect((await book(other, span(new Date(start.getTime() + HOUR_MS), 30))).statusCode).toBe(201);

    const from = encodeURIComponent(new Date(start.getTime() - HOUR_MS).toISOString());
    const to = encodeURIComponent(new Date(start.getTime() + 3 * HOUR_MS).toISOString());
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/bookings?from=${from}&to=${to}`,
      headers: other.auth,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((b: { user: { id: number } }) => b.user.id)).toEqual([member.id, other.id]);
    expect(await outboxEvents(t, 'booking.created')).toHaveLength(2);
  });

  it('gives exactly one 201 to 50 concurrent bookings of one slot', async () => {
    const { t, member, book } = await setUp();
    const start = slotAfter(t.services.clock.now(), 120);
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(member, span(start, 60))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const rows = await t.database.db.selectFrom('bookings').select(['id', 'resource_id']).execute();
    expect(rows).toHaveLength(1);
    if (dialect === 'postgres') {
      // The database itself refuses an overlap that bypasses the service (SQLSTATE 23P01).
      const overlapping = t.database.db
        .insertInto('bookings')
        .values({
          resource_id: rows[0]?.resource_id ?? 0,
          user_id: member.id,
          kind: 'booking',
          start_at: new Date(start.getTime() + 30 * MINUTE_MS),
          end_at: new Date(start.getTime() + 90 * MINUTE_MS),
          created_at: new Date(),
        })
        .execute();
      await expect(overlapping).rejects.toMatchObject({ code: '23P01' });
    }
  });

  it('refuses each broken rule with the message naming it', async () => {
    const rules = {
      bookingSlotMinutes: '30',
      bookingMinMinutes: '60',
      bookingMaxMinutes: '120',
      bookingHorizonDays: '7',
    };
    const { t, member, manager, book, given } = await setUp(rules);
    const now = t.services.clock.now();
    const start = slotAfter(now, 60);
    const refused = async (payload: object, status: number, message: string) => {
      const answer = await book(member, payload);
      expect([answer.statusCode, messageOf(answer)]).toEqual([status, message]);
    };
    await refused(span(new Date(start.getTime() + 10 * MINUTE_MS), 60), 400, BookingMessages.slotStep);
    await refused(
      { start: span(start, 60).end, end: start.toISOString() },
      400,
      BookingMessages.endBeforeStart,
    );
    await refused(
      span(slotAfter(new Date(now.getTime() - 2 * HOUR_MS), 0), 60),
      400,
      BookingMessages.inThePast,
    );
    await refused(span(start, 30), 400, BookingMessages.tooShort);
    await refused(span(start, 150), 400, BookingMessages.tooLong);
    await refused(span(slotAfter(now, 8 * 24 * 60), 60), 400, BookingMessages.beyondHorizon);

    const stranger = await t.given.member();
    const noIntroduction = await book(stranger, span(start, 60));
    expect([noIntroduction.statusCode, messageOf(noIntroduction)]).toEqual([
      403,
      BookingMessages.introductionRequired,
    ]);

    const walkUp = await given.resource(manager);
    const notBookable = await book(member, span(start, 60), walkUp.id);
    expect([notBookable.statusCode, messageOf(notBookable)]).toEqual([400, BookingMessages.notBookable]);
    const missing = await book(member, span(start, 60), 999_999);
    expect(missing.statusCode).toBe(404);
  });

  it('counts booked hours per member per ISO week', async () => {
    const { t, member, other, book } = await setUp({ bookingMaxHoursPerWeek: '2' });
    // Monday 10:00 (local) of a week well ahead: all three hours fall in it.
    const week = bookingClock().isoWeekOf(new Date(t.services.clock.now().getTime() + 8 * 24 * HOUR_MS));
    const monday = new Date(week.start.getTime() + 10 * HOUR_MS);
    expect((await book(member, span(monday, 60))).statusCode).toBe(201);
    expect((await book(member, span(new Date(monday.getTime() + HOUR_MS), 60))).statusCode).toBe(201);
    const third = await book(member, span(new Date(monday.getTime() + 2 * HOUR_MS), 30));
    expect([third.statusCode, messageOf(third)]).toEqual([400, BookingMessages.weeklyHours]);
    // Another member's hours are their own, and the next week starts afresh.
    expect((await book(other, span(new Date(monday.getTime() + 2 * HOUR_MS), 60))).statusCode).toBe(201);
    expect((await book(member, span(new Date(week.end.getTime() + 10 * HOUR_MS), 60))).statusCode).toBe(201);
  });

  it('lets managers book for others and block time, and nobody else', async () => {
    const { t, manager, member, other, book } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const forOther = await book(member, { ...span(start, 60), userId: other.id });
    expect([forOther.statusCode, messageOf(forOther)]).toEqual([403, BookingMessages.forbiddenBookForOthers]);
    const blockByMember = await book(member, { ...span(start, 60), kind: 'block' });
    expect(blockByMember.statusCode).toBe(403);

    const booked = await book(manager, { ...span(start, 60), userId: other.id });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().user).toEqual({ id: other.id, username: other.username });
    const block = await book(manager, { ...span(new Date(start.getTime() + HOUR_MS), 90), kind: 'block' });
    expect(block.statusCode).toBe(201);
    expect(block.json()).toMatchObject({ kind: 'block', user: null });
    // A manager's booking for a member without an introduction is refused like the member's own.
    const stranger = await t.given.member();
    const refused = await book(manager, {
      ...span(new Date(start.getTime() + 3 * HOUR_MS), 60),
      userId: stranger.id,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('moves and cancels for the holder or a manager only, and not once it began', async () => {
    const { t, manager, member, other, book, travelTo } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const id = (await book(member, span(start, 60))).json<{ id: number }>().id;
    const later = new Date(start.getTime() + 2 * HOUR_MS);
    const put = (actor: { auth: { authorization: string } }, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/bookings/${id}`, headers: actor.auth, payload });
    const del = (actor: { auth: { authorization: string } }, bookingId = id) =>
      t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: actor.auth });

    const byOther = await put(other, span(later, 60));
    expect([byOther.statusCode, messageOf(byOther)]).toEqual([403, BookingMessages.forbiddenChangeBooking]);
    expect((await del(other)).statusCode).toBe(403);
    const moved = await put(member, span(later, 60));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().start).toBe(later.toISOString());
    // The old time is free again.
    expect((await book(other, span(start, 60))).statusCode).toBe(201);
    expect((await put(manager, span(new Date(later.getTime() + HOUR_MS), 60))).statusCode).toBe(200);
    expect(await outboxEvents(t, 'booking.moved')).toHaveLength(2);

    const second = (await book(member, span(new Date(later.getTime() + 4 * HOUR_MS), 60))).json<{
      id: number;
    }>().id;
    expect((await del(member, second)).statusCode).toBe(204);
    expect((await del(member, second)).statusCode).toBe(404);
    expect(await outboxEvents(t, 'booking.cancelled')).toHaveLength(1);
    const cancelled = await t.database.db
      .selectFrom('bookings')
      .select('cancelled_at')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(cancelled.cancelled_at).not.toBeNull();

    travelTo(new Date(later.getTime() + HOUR_MS + MINUTE_MS));
    const begun = await put(member, span(new Date(later.getTime() + 6 * HOUR_MS), 60));
    expect([begun.statusCode, messageOf(begun)]).toEqual([400, BookingMessages.alreadyBegun]);
    const cancelBegun = await del(manager);
    expect([cancelBegun.statusCode, messageOf(cancelBegun)]).toEqual([400, BookingMessages.alreadyBegun]);
  });

  it('lists "My bookings" and serves the secret iCal feed, renewed to a new address', async () => {
    const { t, member, resource, book } = await setUp();
    const start = slotAfter(t.services.clock.now(), 60);
    const booking = (await book(member, span(start, 90))).json<{ id: number }>();
    const mine = await t.app.inject({ method: 'GET', url: '/api/bookings/mine', headers: member.auth });
    expect(mine.json()).toEqual([expect.objectContaining({ id: booking.id, resourceName: resource.name })]);

    const feed = await t.app.inject({ method: 'GET', url: '/api/bookings/ical-feed', headers: member.auth });
    const url = feed.json<{ url: string }>().url;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings/ical-feed', headers: member.auth })).json()
        .url,
    ).toBe(url);
    const path = new URL(url).pathname;
    const calendar = await t.app.inject({ method: 'GET', url: path });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toMatch(/^text\/calendar/);
    expect(calendar.body).toContain('\r\n');
    const events = new ICAL.Component(ICAL.parse(calendar.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toBe(resource.name);
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(events[0]?.endDate.toJSDate().getTime()).toBe(start.getTime() + 90 * MINUTE_MS);
    expect(events[0]?.uid).toContain(`booking-${booking.id}@`);

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/ical-feed',
      headers: member.auth,
    });
    const newUrl = renewed.json<{ url: string }>().url;
    expect(newUrl).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(newUrl).pathname })).statusCode).toBe(200);
  });
});
