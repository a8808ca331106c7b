import {
  BulkUpdatePermissionsBodySchema,
  SystemPermissionsSchema,
  UpdatePermissionsBodySchema,
  UserIdParamsSchema,
  UserSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { presentUser } from './present-user.ts';
import type { UserPermissionsService } from './user-permissions.service.ts';
import { manageUsers, security, tags } from './users-route-options.ts';

/** Reading and changing users' system permissions, one user or several at once. */
export function userPermissionsRoutes(deps: { permissions: UserPermissionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "Update several users' permissions at once (all or none)",
          body: BulkUpdatePermissionsBodySchema,
          response: { 200: z.object({ data: z.array(UserSchema) }) },
        },
      },
      async (request) => {
        const viewer = requireUser(request);
        const users = await deps.permissions.bulkUpdatePermissions(request.body);
        return { data: users.map((user) => presentUser(user, viewer)) };
      },
    );

    app.get(
      '/api/users/:id/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "A user's system permissions",
          params: UserIdParamsSchema,
          response: { 200: SystemPermissionsSchema },
        },
      },
      async (request) => deps.permissions.getPermissions(request.params.id),
    );

    app.patch(
      '/api/users/:id/permissions',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: "Change a user's system permissions",
          params: UserIdParamsSchema,
          body: UpdatePermissionsBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        presentUser(
          await deps.permissions.updatePermissions(request.params.id, request.body),
          requireUser(request),
        ),
    );
  };
}
