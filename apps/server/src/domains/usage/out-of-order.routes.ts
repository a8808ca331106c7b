import {
  MarkOutOfOrderBodySchema,
  ResourceIdPathSchema,
  ResourceSchema,
  ResourceStatusChangeSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { manageResources, signedIn } from '../../platform/http/route-guards.ts';
import type { ResourcesService } from '../resources/resources.service.ts';
import type { OutOfOrderService } from './out-of-order.service.ts';

const tags = ['Resources'];
const security = [{ bearerAuth: [] }];

/** A resource out of order and back in service (decision 21). */
export function outOfOrderRoutes(deps: {
  outOfOrder: OutOfOrderService;
  resources: Pick<ResourcesService, 'statusChanges'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/resources/:resourceId/out-of-order',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary:
            'Mark the resource out of order with a reason: every start is refused (409) until it is back in ' +
            'service; endRunningSession ends the session running now',
          params: ResourceIdPathSchema,
          body: MarkOutOfOrderBodySchema,
          response: { 200: ResourceSchema },
        },
      },
      async (request) =>
        deps.outOfOrder.markOutOfOrder(requireUser(request), request.params.resourceId, request.body),
    );

    app.delete(
      '/api/resources/:resourceId/out-of-order',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: 'Put the resource back in service',
          params: ResourceIdPathSchema,
          response: { 200: ResourceSchema },
        },
      },
      async (request) => deps.outOfOrder.backInService(requireUser(request), request.params.resourceId),
    );

    app.get(
      '/api/resources/:resourceId/out-of-order/history',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "The resource's out-of-order marks and returns to service, newest first (at most 100)",
          params: ResourceIdPathSchema,
          response: { 200: z.array(ResourceStatusChangeSchema) },
        },
      },
      async (request) => deps.resources.statusChanges(request.params.resourceId),
    );
  };
}
