import {
  OkSchema,
  ResourceGroupBodySchema,
  ResourceGroupIdParamsSchema,
  ResourceGroupIdPathSchema,
  ResourceGroupMemberPathSchema,
  ResourceGroupSchema,
  ResourceSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageResources, signedIn } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { ResourceGroupsService } from './resource-groups.service.ts';

const route = routeOptions({ tag: 'Resource groups', guard: manageResources });

export function resourceGroupsRoutes(deps: { groups: ResourceGroupsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/resource-groups',
      route.guarded({
        summary: 'Create a resource group',
        body: ResourceGroupBodySchema,
        response: { 201: ResourceGroupSchema },
      }),
      async (request, reply) => reply.status(201).send(await deps.groups.create(request.body)),
    );

    app.get(
      '/api/resource-groups',
      route.guarded(
        {
          summary: 'All resource groups, by name',
          response: { 200: z.array(ResourceGroupSchema) },
        },
        { guard: signedIn },
      ),
      async () => deps.groups.list(),
    );

    app.get(
      '/api/resource-groups/:id',
      route.guarded(
        {
          summary: 'One resource group',
          params: ResourceGroupIdParamsSchema,
          response: { 200: ResourceGroupSchema },
        },
        { guard: signedIn },
      ),
      async (request) => deps.groups.get(request.params.id),
    );

    app.put(
      '/api/resource-groups/:id',
      route.guarded({
        summary: 'Rename or describe a resource group',
        params: ResourceGroupIdParamsSchema,
        body: ResourceGroupBodySchema,
        response: { 200: ResourceGroupSchema },
      }),
      async (request) => deps.groups.update(request.params.id, request.body),
    );

    app.delete(
      '/api/resource-groups/:groupId',
      route.guarded({
        summary: 'Delete a resource group; its resources stay, its introductions go',
        params: ResourceGroupIdPathSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.groups.delete(request.params.groupId);
        return { message: 'Resource group deleted' };
      },
    );

    app.post(
      '/api/resource-groups/:groupId/resources/:resourceId',
      route.guarded({
        summary: 'Add a resource to a group (adding twice is harmless); answers the resource',
        params: ResourceGroupMemberPathSchema,
        response: { 200: ResourceSchema },
      }),
      async (request) => deps.groups.addResource(request.params.groupId, request.params.resourceId),
    );

    app.delete(
      '/api/resource-groups/:groupId/resources/:resourceId',
      route.guarded({
        summary: 'Remove a resource from a group; answers the resource',
        params: ResourceGroupMemberPathSchema,
        response: { 200: ResourceSchema },
      }),
      async (request) => deps.groups.removeResource(request.params.groupId, request.params.resourceId),
    );
  };
}
