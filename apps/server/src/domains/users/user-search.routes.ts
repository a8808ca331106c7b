import { UserRefPageSchema, UserSearchQuerySchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { UserSearchService } from './user-search.service.ts';

/** GET /api/users/search: id and username of matching users, for user pickers. */
export function userSearchRoutes(deps: { userSearch: UserSearchService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/search',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Users'],
          security: [{ bearerAuth: [] }],
          summary:
            'Search users by username for pickers (id and username only); for resource managers, ' +
            'user managers and introducers',
          querystring: UserSearchQuerySchema,
          response: { 200: UserRefPageSchema },
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        const result = await deps.userSearch.search(requireUser(request), request.query);
        return { ...result, page, limit, totalPages: Math.ceil(result.total / limit) };
      },
    );
  };
}
