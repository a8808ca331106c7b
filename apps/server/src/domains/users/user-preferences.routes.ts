import { UpdateUserPreferencesBodySchema, UserPreferencesSchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { UserPreferencesService } from './user-preferences.service.ts';
import { security, tags } from './users-route-options.ts';

/** The signed-in user's own settings. */
export function userPreferencesRoutes(deps: { preferences: UserPreferencesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/me/preferences',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            "The signed-in user's own settings: the interface language (null follows the browser) and the mail before an automatic end",
          response: { 200: UserPreferencesSchema },
        },
      },
      async (request) => deps.preferences.getPreferences(requireUser(request)),
    );

    app.put(
      '/api/users/me/preferences',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "Changes the signed-in user's own settings; those not given stay as they are",
          body: UpdateUserPreferencesBodySchema,
          response: { 200: UserPreferencesSchema },
        },
      },
      async (request) => deps.preferences.updatePreferences(requireUser(request), request.body),
    );
  };
}
