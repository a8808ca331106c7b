import { IntroducerSchema, IsIntroducerSchema, OkSchema, ResourceMessages } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn, withPermission } from '../../platform/http/route-guards.ts';
import { INTRODUCTION_SCOPES, scopeOf } from './introduction-scopes.ts';
import type { IntroductionsService } from './introductions.service.ts';

const tags = ['Introducers'];
const security = [{ bearerAuth: [] }];
const manageResources = withPermission('canManageResources', ResourceMessages.forbiddenManageResources);
const IntroducerListSchema = z.array(IntroducerSchema);

/** Introducers per resource and per group, generated from the table of scopes. */
export function introducersRoutes(deps: { introductions: IntroductionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of INTRODUCTION_SCOPES) {
      app.get(
        `${scope.base}/introducers`,
        {
          preValidation: signedIn,
          schema: {
            tags,
            security,
            summary: `Introducers of the ${scope.noun}, by username`,
            params: scope.idPath,
            response: { 200: IntroducerListSchema },
          },
        },
        async (request) => deps.introductions.listIntroducers(scopeOf(request.params)),
      );

      app.get(
        `${scope.base}/introducers/:userId/is-introducer`,
        {
          preValidation: signedIn,
          schema: {
            tags,
            security,
            summary: scope.isIntroducerSummary,
            params: scope.userPath,
            response: { 200: IsIntroducerSchema },
          },
        },
        async (request) => ({
          isIntroducer: await deps.introductions.isIntroducer(scopeOf(request.params), request.params.userId),
        }),
      );

      app.post(
        `${scope.base}/introducers/:userId/grant`,
        {
          preValidation: manageResources,
          schema: {
            tags,
            security,
            summary: `Make the user an introducer of the ${scope.noun} (granting twice is harmless)`,
            params: scope.userPath,
            response: { 200: IntroducerSchema },
          },
        },
        async (request) => deps.introductions.grantIntroducer(scopeOf(request.params), request.params.userId),
      );

      app.route({
        method: scope.revokeMethod,
        url: `${scope.base}/introducers/:userId/revoke`,
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: `The user no longer introduces to the ${scope.noun}`,
          params: scope.userPath,
          response: { 200: OkSchema },
        },
        handler: async (request) => {
          await deps.introductions.revokeIntroducer(scopeOf(request.params), request.params.userId);
          return { message: 'Introducer revoked' };
        },
      });
    }
  };
}
