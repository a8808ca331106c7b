import {
  AdminEmailChangeBodySchema,
  ConfirmEmailChangeBodySchema,
  ErrorCodes,
  Messages,
  OkSchema,
  RequestEmailChangeBodySchema,
  UndoEmailChangeBodySchema,
  UserIdParamsSchema,
  UserSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import type { EmailChangeService } from './email-change.service.ts';
import { presentUser } from './present-user.ts';
import { emailChangeLimit } from './users-call-limits.ts';
import { mailLinkRoute, manageUsers, security, tags } from './users-route-options.ts';

/** The member's own email change (request, confirm, undo) and a user manager's change of another's. */
export function emailChangeRoutes(deps: {
  emailChange: EmailChangeService;
  rateLimits: RateLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/me/request-email-change',
      {
        preValidation: signedIn,
        preHandler: emailChangeLimit(deps),
        schema: {
          tags,
          security,
          summary:
            'Ask to change the own email; a confirmation mail goes to the new address (also when it is taken, so the answer does not tell)',
          body: RequestEmailChangeBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.emailChange.requestEmailChange(requireUser(request), request.body.newEmail);
        return { message: 'Confirmation mail sent to the new address' };
      },
    );

    app.post(
      '/api/users/confirm-email-change',
      mailLinkRoute('Confirm an email change with the token from the mail', ConfirmEmailChangeBodySchema),
      async (request) => {
        await deps.emailChange.confirmEmailChange(request.body.token, request.body.newEmail);
        return { message: 'Email changed' };
      },
    );

    app.post(
      '/api/users/undo-email-change',
      mailLinkRoute(
        'Undo an email change with the link sent to the old address; signs the account out everywhere',
        UndoEmailChangeBodySchema,
      ),
      async (request) => {
        await deps.emailChange.undoEmailChange(request.body.token, request.body.email);
        return { message: 'Email change undone' };
      },
    );

    app.patch(
      '/api/users/:id/email',
      {
        preValidation: manageUsers,
        config: {
          validationError: {
            message: Messages.invalidEmailAddress,
            errorCode: ErrorCodes.invalidEmailFormat,
            bodyOnly: true,
          },
        },
        schema: {
          tags,
          security,
          summary: "Change another user's email address (counts as verified)",
          params: UserIdParamsSchema,
          body: AdminEmailChangeBodySchema,
          response: { 200: UserSchema },
        },
      },
      async (request) =>
        presentUser(
          await deps.emailChange.adminChangeEmail(request.params.id, request.body.newEmail),
          requireUser(request),
        ),
    );
  };
}
