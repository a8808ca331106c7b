import {
  ListUsersQuerySchema,
  pagedSchema,
  UserIdParamsSchema,
  UserSchema,
  UsersWithPermissionQuerySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { AccountsService } from './accounts.service.ts';
import { presentUser } from './present-user.ts';
import { manageUsers, security, tags } from './users-route-options.ts';

const UserPageSchema = pagedSchema(UserSchema);

function page(
  result: { data: UserAccount[]; total: number },
  query: { page: number; limit: number },
  viewer: UserAccount,
) {
  return {
    data: result.data.map((user) => presentUser(user, viewer)),
    total: result.total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(result.total / query.limit),
  };
}

/** The directory of users: the list, the holders of a permission, oneself and one user. */
export function accountsRoutes(deps: { accounts: AccountsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: 'List and search users',
          querystring: ListUsersQuerySchema,
          response: { 200: UserPageSchema },
        },
      },
      async (request) => page(await deps.accounts.list(request.query), request.query, requireUser(request)),
    );

    app.get(
      '/api/users/with-permission',
      {
        preValidation: manageUsers,
        schema: {
          tags,
          security,
          summary: 'Users holding a system permission',
          querystring: UsersWithPermissionQuerySchema,
          response: { 200: UserPageSchema },
        },
      },
      async (request) =>
        page(await deps.accounts.listWithPermission(request.query), request.query, requireUser(request)),
    );

    app.get(
      '/api/users/me',
      {
        preValidation: signedIn,
        schema: { tags, security, summary: 'The signed-in user', response: { 200: UserSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        return presentUser(user, user);
      },
    );

    app.get(
      '/api/users/:id',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'One user',
          params: UserIdParamsSchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => {
        const viewer = requireUser(request);
        return presentUser(await deps.accounts.getVisibleUser(viewer, request.params.id), viewer);
      },
    );
  };
}
