import {
  ActiveUsageSchema,
  CanControlSchema,
  EndUsageBodySchema,
  ResourceIdPathSchema,
  ResourceMessages,
  StartUsageBodySchema,
  UsageHistoryPageSchema,
  UsageHistoryQuerySchema,
  UsageSessionSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { UsageService } from './usage.service.ts';

const tags = ['Usage'];
const security = [{ bearerAuth: [] }];

export function usageRoutes(deps: { usage: UsageService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/resources/in-use',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'The running session of every resource that is in use; notes only for their own user and resource managers',
          response: { 200: z.array(UsageSessionSchema) },
        },
      },
      async (request) => deps.usage.allActive(requireUser(request)),
    );

    app.post(
      '/api/resources/:resourceId/usage/start',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'Start a session; with forceTakeOver, take over the running one where the resource allows it. ' +
            '409 when the resource is in use (also when a concurrent request won)',
          params: ResourceIdPathSchema,
          body: StartUsageBodySchema,
          response: { 201: UsageSessionSchema },
        },
      },
      async (request, reply) => {
        // The moment the request arrived, not when it got its turn at the database.
        const requestedAt = new Date(Date.now() - reply.elapsedTime);
        const session = await deps.usage.start(
          requireUser(request),
          request.params.resourceId,
          request.body,
          requestedAt,
        );
        return reply.status(201).send(session);
      },
    );

    app.put(
      '/api/resources/:resourceId/usage/end',
      {
        preValidation: signedIn,
        config: { validationError: { message: ResourceMessages.invalidInputOrNoActiveSession } },
        schema: {
          tags,
          security,
          summary: 'End the running session: your own, or anyone’s for managers and introducers',
          params: ResourceIdPathSchema,
          body: EndUsageBodySchema,
          response: { 200: UsageSessionSchema },
        },
      },
      async (request) =>
        deps.usage.end(requireUser(request), request.params.resourceId, request.body?.notes ?? null),
    );

    app.get(
      '/api/resources/:resourceId/usage/history',
      {
        preValidation: signedIn,
        config: { validationError: { message: ResourceMessages.invalidPagination } },
        schema: {
          tags,
          security,
          summary: 'Sessions, newest first: all users (or userId) for managers, otherwise your own',
          params: ResourceIdPathSchema,
          querystring: UsageHistoryQuerySchema,
          response: { 200: UsageHistoryPageSchema },
        },
      },
      async (request) => deps.usage.history(requireUser(request), request.params.resourceId, request.query),
    );

    app.get(
      '/api/resources/:resourceId/usage/active',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'The running session, or usage null when the resource is free; notes only for its own user and resource managers',
          params: ResourceIdPathSchema,
          response: { 200: ActiveUsageSchema },
        },
      },
      async (request) => ({
        usage: await deps.usage.active(requireUser(request), request.params.resourceId),
      }),
    );

    app.get(
      '/api/resources/:resourceId/usage/can-control',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'Whether you may start or take over sessions on the resource, and when your introduction lapses',
          params: ResourceIdPathSchema,
          response: { 200: CanControlSchema },
        },
      },
      async (request) => deps.usage.canControl(requireUser(request), request.params.resourceId),
    );
  };
}
