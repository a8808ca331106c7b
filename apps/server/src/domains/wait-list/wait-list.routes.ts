import { ResourceIdPathSchema, WaitListEntrySchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { WaitListService } from './wait-list.service.ts';

const tags = ['Wait list'];
const security = [{ bearerAuth: [] }];
const WaitListSchema = z.array(WaitListEntrySchema).describe('The line, first in line first');

/**
 * The wait list of a resource in wait-list mode (decision 23). Joining and leaving answer the
 * whole line, so the caller sees their place without a second request.
 */
export function waitListRoutes(deps: { waitList: WaitListService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/resources/:resourceId/wait-list',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "The resource's wait list in order, and whom it is held for (heldUntil)",
          params: ResourceIdPathSchema,
          response: { 200: WaitListSchema },
        },
      },
      async (request) => deps.waitList.list(request.params.resourceId),
    );

    app.post(
      '/api/resources/:resourceId/wait-list',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'Join the wait list of a busy or held resource (members allowed to use it); answers the line. ' +
            '400: not a wait-list resource; 403: no valid introduction; 409: already waiting, using it, ' +
            'or it is free (start it)',
          params: ResourceIdPathSchema,
          response: { 201: WaitListSchema },
        },
      },
      async (request, reply) => {
        const line = await deps.waitList.join(requireUser(request), request.params.resourceId);
        return reply.status(201).send(line);
      },
    );

    app.delete(
      '/api/resources/:resourceId/wait-list',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'Leave the wait list; a hold of yours passes to the next in line at once. Answers the line; ' +
            '404 when you are not on it',
          params: ResourceIdPathSchema,
          response: { 200: WaitListSchema },
        },
      },
      async (request) => deps.waitList.leave(requireUser(request), request.params.resourceId),
    );
  };
}
