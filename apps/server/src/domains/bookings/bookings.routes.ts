import {
  BookingIdParamsSchema,
  BookingSchema,
  BookingsRangeQuerySchema,
  CreateBookingBodySchema,
  ICalFeedSchema,
  ICalFeedTokenParamsSchema,
  MoveBookingBodySchema,
  MyBookingSchema,
  ResourceIdPathSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { BookingsService } from './bookings.service.ts';
import type { ICalFeeds } from './ical.ts';

const route = routeOptions({ tag: 'Bookings', guard: signedIn });

/** Bookings of bookable resources, "My bookings" and the personal iCal feed (decision 23). */
export function bookingsRoutes(deps: { bookings: BookingsService; feeds: ICalFeeds }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/resources/:resourceId/bookings',
      route.guarded({
        summary:
          'The live bookings and blocks of a resource that touch [from, to) (at most 62 days); any member',
        params: ResourceIdPathSchema,
        querystring: BookingsRangeQuerySchema,
        response: { 200: z.array(BookingSchema) },
      }),
      async (request) => deps.bookings.list(request.params.resourceId, request.query),
    );

    app.post(
      '/api/resources/:resourceId/bookings',
      route.guarded({
        summary:
          'Book a span (or, resource managers: book for userId, or block time with kind "block"). ' +
          '400 for a broken rule (step, length, horizon, weekly hours, not bookable), 403 without a valid ' +
          'introduction or permission, 409 "Time already booked" on an overlap',
        params: ResourceIdPathSchema,
        body: CreateBookingBodySchema,
        response: { 201: BookingSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.bookings.create(requireUser(request), request.params.resourceId, request.body)),
    );

    app.put(
      '/api/bookings/:id',
      route.guarded({
        summary: 'Move a booking (its holder or a resource manager), before it began',
        params: BookingIdParamsSchema,
        body: MoveBookingBodySchema,
        response: { 200: BookingSchema },
      }),
      async (request) => deps.bookings.move(requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/bookings/:id',
      route.guarded({
        summary: 'Cancel a booking (its holder or a resource manager), before it began',
        params: BookingIdParamsSchema,
        response: { 204: z.null().describe('Cancelled') },
      }),
      async (request, reply) => {
        await deps.bookings.cancel(requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/bookings/mine',
      route.guarded({
        summary: 'The caller’s bookings that have not ended yet, in order',
        response: { 200: z.array(MyBookingSchema) },
      }),
      async (request) => deps.bookings.mine(requireUser(request)),
    );

    app.get(
      '/api/bookings/ical-feed',
      route.guarded({
        summary: 'The secret address of the caller’s iCal feed (made on first use)',
        response: { 200: ICalFeedSchema },
      }),
      async (request) => deps.feeds.address(requireUser(request)),
    );

    app.post(
      '/api/bookings/ical-feed',
      route.guarded({
        summary: 'Renew the iCal feed’s address: the old one stops working',
        response: { 200: ICalFeedSchema },
      }),
      async (request) => deps.feeds.renew(requireUser(request)),
    );

    app.get(
      '/api/bookings/ical/:token.ics',
      route.open({
        summary:
          'A member’s bookings as text/calendar (RFC 5545). Public: calendar apps send no token; the ' +
          'secret address is the credential',
        params: ICalFeedTokenParamsSchema,
      }),
      async (request, reply) => {
        const text = await deps.feeds.feed(request.params.token);
        if (text === undefined) throw notFound('Feed not found');
        return reply
          .header('Cache-Control', 'private, no-store')
          .type('text/calendar; charset=utf-8')
          .send(text);
      },
    );
  };
}
