import {
  IntroducerSchema,
  IsIntroducerSchema,
  OkSchema,
  ResourceGroupIdPathSchema,
  ResourceGroupUserPathSchema,
  ResourceIdPathSchema,
  ResourceMessages,
  ResourceUserPathSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn, withPermission } from '../../platform/http/route-guards.ts';
import type { IntroductionsService } from './introductions.service.ts';

const tags = ['Introducers'];
const security = [{ bearerAuth: [] }];
const manageResources = withPermission('canManageResources', ResourceMessages.forbiddenManageResources);
const IntroducerListSchema = z.array(IntroducerSchema);

/** Introducers per resource and per group; paths exactly as spec 02 §7 names them. */
export function introducersRoutes(deps: { introductions: IntroductionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- per resource ----

    app.get(
      '/api/resources/:resourceId/introducers',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Introducers of the resource, by username',
          params: ResourceIdPathSchema,
          response: { 200: IntroducerListSchema },
        },
      },
      async (request) => deps.introductions.listIntroducers({ resourceId: request.params.resourceId }),
    );

    app.get(
      '/api/resources/:resourceId/introducers/:userId/is-introducer',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Whether the user introduces to the resource, directly or through one of its groups',
          params: ResourceUserPathSchema,
          response: { 200: IsIntroducerSchema },
        },
      },
      async (request) => ({
        isIntroducer: await deps.introductions.isIntroducer(
          { resourceId: request.params.resourceId },
          request.params.userId,
        ),
      }),
    );

    app.post(
      '/api/resources/:resourceId/introducers/:userId/grant',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: 'Make the user an introducer of the resource (granting twice is harmless)',
          params: ResourceUserPathSchema,
          response: { 200: IntroducerSchema },
        },
      },
      async (request) =>
        deps.introductions.grantIntroducer({ resourceId: request.params.resourceId }, request.params.userId),
    );

    app.delete(
      '/api/resources/:resourceId/introducers/:userId/revoke',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: 'The user no longer introduces to the resource',
          params: ResourceUserPathSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.introductions.revokeIntroducer(
          { resourceId: request.params.resourceId },
          request.params.userId,
        );
        return { message: 'Introducer revoked' };
      },
    );

    // ---- per group ----

    app.get(
      '/api/resource-groups/:groupId/introducers',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Introducers of the group, by username',
          params: ResourceGroupIdPathSchema,
          response: { 200: IntroducerListSchema },
        },
      },
      async (request) => deps.introductions.listIntroducers({ groupId: request.params.groupId }),
    );

    app.get(
      '/api/resource-groups/:groupId/introducers/:userId/is-introducer',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Whether the user introduces to the group',
          params: ResourceGroupUserPathSchema,
          response: { 200: IsIntroducerSchema },
        },
      },
      async (request) => ({
        isIntroducer: await deps.introductions.isIntroducer(
          { groupId: request.params.groupId },
          request.params.userId,
        ),
      }),
    );

    app.post(
      '/api/resource-groups/:groupId/introducers/:userId/grant',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: 'Make the user an introducer of the group (granting twice is harmless)',
          params: ResourceGroupUserPathSchema,
          response: { 200: IntroducerSchema },
        },
      },
      async (request) =>
        deps.introductions.grantIntroducer({ groupId: request.params.groupId }, request.params.userId),
    );

    // Spec 02 §7 lists POST for the group's revoke (the resource's revoke is a DELETE).
    app.post(
      '/api/resource-groups/:groupId/introducers/:userId/revoke',
      {
        preValidation: manageResources,
        schema: {
          tags,
          security,
          summary: 'The user no longer introduces to the group',
          params: ResourceGroupUserPathSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.introductions.revokeIntroducer({ groupId: request.params.groupId }, request.params.userId);
        return { message: 'Introducer revoked' };
      },
    );
  };
}
