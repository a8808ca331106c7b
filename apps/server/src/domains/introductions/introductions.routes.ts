import {
  IntroductionCommentBodySchema,
  IntroductionHistoryEntrySchema,
  IntroductionSchema,
  ResourceGroupIdPathSchema,
  ResourceGroupUserPathSchema,
  ResourceIdPathSchema,
  ResourceMessages,
  ResourceUserPathSchema,
} from '@toolpass/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { unauthorized } from '../../platform/http/errors.ts';
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
 * Introductions per resource and per group; paths exactly as spec 02 §7 names them. Managers
 * and introducers of the resource or group may list, grant and revoke (403 otherwise).
 */
export function introductionsRoutes(deps: { introductions: IntroductionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- per resource ----

    app.get(
      '/api/resources/:resourceId/introductions',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Everyone with an introduction history for the resource, by username',
          params: ResourceIdPathSchema,
          response: { 200: IntroductionListSchema },
        },
      },
      async (request) =>
        deps.introductions.listIntroductions(requireUser(request), { resourceId: request.params.resourceId }),
    );

    app.post(
      '/api/resources/:resourceId/introductions/:userId/grant',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Grant the user an introduction to the resource, with an optional comment',
          params: ResourceUserPathSchema,
          body: IntroductionCommentBodySchema,
          response: { 200: IntroductionSchema },
        },
      },
      async (request) =>
        deps.introductions.grant(
          requireUser(request),
          { resourceId: request.params.resourceId },
          request.params.userId,
          request.body?.comment ?? null,
        ),
    );

    app.delete(
      '/api/resources/:resourceId/introductions/:userId/revoke',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "Revoke the user's introduction to the resource, with an optional comment",
          params: ResourceUserPathSchema,
          body: IntroductionCommentBodySchema,
          response: { 200: IntroductionSchema },
        },
      },
      async (request) =>
        deps.introductions.revoke(
          requireUser(request),
          { resourceId: request.params.resourceId },
          request.params.userId,
          request.body?.comment ?? null,
        ),
    );

    app.get(
      '/api/resources/:resourceId/introductions/:userId/history',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "The user's introduction history for the resource, newest first",
          params: ResourceUserPathSchema,
          response: { 200: HistorySchema },
        },
      },
      async (request) =>
        deps.introductions.history(
          requireUser(request),
          { resourceId: request.params.resourceId },
          request.params.userId,
        ),
    );

    // ---- per group ----

    app.get(
      '/api/resource-groups/:groupId/introductions',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Everyone with an introduction history for the group, by username',
          params: ResourceGroupIdPathSchema,
          response: { 200: IntroductionListSchema },
        },
      },
      async (request) =>
        deps.introductions.listIntroductions(requireUser(request), { groupId: request.params.groupId }),
    );

    app.get(
      '/api/resource-groups/:groupId/introductions/:userId/history',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "The user's introduction history for the group, newest first",
          params: ResourceGroupUserPathSchema,
          response: { 200: HistorySchema },
        },
      },
      async (request) =>
        deps.introductions.history(
          requireUser(request),
          { groupId: request.params.groupId },
          request.params.userId,
        ),
    );

    app.post(
      '/api/resource-groups/:groupId/introductions/:userId/grant',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Grant the user an introduction to every resource of the group, with an optional comment',
          params: ResourceGroupUserPathSchema,
          body: IntroductionCommentBodySchema,
          response: { 200: IntroductionSchema },
        },
      },
      async (request) =>
        deps.introductions.grant(
          requireUser(request),
          { groupId: request.params.groupId },
          request.params.userId,
          request.body?.comment ?? null,
        ),
    );

    // Spec 02 §7 lists POST for the group's revoke (the resource's revoke is a DELETE).
    app.post(
      '/api/resource-groups/:groupId/introductions/:userId/revoke',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: "Revoke the user's introduction to the group, with an optional comment",
          params: ResourceGroupUserPathSchema,
          body: IntroductionCommentBodySchema,
          response: { 200: IntroductionSchema },
        },
      },
      async (request) =>
        deps.introductions.revoke(
          requireUser(request),
          { groupId: request.params.groupId },
          request.params.userId,
          request.body?.comment ?? null,
        ),
    );
  };
}
