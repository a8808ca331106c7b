import {
  IntroductionCommentBodySchema,
  IntroductionHistoryEntrySchema,
  IntroductionSchema,
  ResourceMessages,
} from '@toolpass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { INTRODUCTION_SCOPES, scopeOf } from './introduction-scopes.ts';
import type { IntroductionsService } from './introductions.service.ts';

const tags = ['Introductions'];
const security = [{ bearerAuth: [] }];
const IntroductionListSchema = z.array(IntroductionSchema);
const HistorySchema = z.array(IntroductionHistoryEntrySchema);

/** Introduction calls answer 401 with their own wording (spec 02 §8). */
const signedIn = async (request: FastifyRequest) => {
  if (!request.user) throw unauthorized(ResourceMessages.userNotAuthenticated);
};

/**
 * Grants and revokes check the caller's right to introduce before the body is validated (as the
 * route guards do), so a caller who may not introduce gets the 403 of spec 02 §6 whatever the body.
 * A path that does not parse is left to validation's 400.
 */
function mayIntroduce(
  introductions: IntroductionsService,
  path: (typeof INTRODUCTION_SCOPES)[number]['userPath'],
) {
  return async (request: FastifyRequest) => {
    await signedIn(request);
    const params = path.safeParse(request.params);
    if (params.success)
      await introductions.requireIntroducePermission(requireUser(request), scopeOf(params.data));
  };
}

/**
 * Introductions per resource and per group, generated from the table of scopes. Managers and
 * introducers of the resource or group may list, grant and revoke (403 otherwise).
 */
export function introductionsRoutes(deps: { introductions: IntroductionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of INTRODUCTION_SCOPES) {
      app.get(
        `${scope.base}/introductions`,
        {
          preValidation: signedIn,
          schema: {
            tags,
            security,
            summary: `Everyone with an introduction history for the ${scope.noun}, by username`,
            params: scope.idPath,
            response: { 200: IntroductionListSchema },
          },
        },
        async (request) =>
          deps.introductions.listIntroductions(requireUser(request), scopeOf(request.params)),
      );

      app.get(
        `${scope.base}/introductions/:userId/history`,
        {
          preValidation: signedIn,
          schema: {
            tags,
            security,
            summary: `The user's introduction history for the ${scope.noun}, newest first`,
            params: scope.userPath,
            response: { 200: HistorySchema },
          },
        },
        async (request) =>
          deps.introductions.history(requireUser(request), scopeOf(request.params), request.params.userId),
      );

      app.post(
        `${scope.base}/introductions/:userId/grant`,
        {
          preValidation: mayIntroduce(deps.introductions, scope.userPath),
          schema: {
            tags,
            security,
            summary: scope.grantSummary,
            params: scope.userPath,
            body: IntroductionCommentBodySchema,
            response: { 200: IntroductionSchema },
          },
        },
        async (request) =>
          deps.introductions.grant(
            requireUser(request),
            scopeOf(request.params),
            request.params.userId,
            request.body?.comment ?? null,
          ),
      );

      app.route({
        method: scope.revokeMethod,
        url: `${scope.base}/introductions/:userId/revoke`,
        preValidation: mayIntroduce(deps.introductions, scope.userPath),
        schema: {
          tags,
          security,
          summary: `Revoke the user's introduction to the ${scope.noun}, with an optional comment`,
          params: scope.userPath,
          body: IntroductionCommentBodySchema,
          response: { 200: IntroductionSchema },
        },
        handler: async (request) =>
          deps.introductions.revoke(
            requireUser(request),
            scopeOf(request.params),
            request.params.userId,
            request.body?.comment ?? null,
          ),
      });
    }
  };
}
