import {
  ChangePasswordBodySchema,
  OkSchema,
  RequestPasswordResetBodySchema,
  UserIdPathSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import type { AccountRecoveryService } from './account-recovery.service.ts';
import { passwordChangeLimit, resetRequestLimit } from './users-call-limits.ts';
import { tags } from './users-route-options.ts';

/** The password reset: asking for the mail, and setting the new password with its token. */
export function accountRecoveryRoutes(deps: {
  recovery: AccountRecoveryService;
  rateLimits: RateLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/reset-password',
      {
        preHandler: resetRequestLimit(deps),
        schema: {
          tags,
          summary:
            'Ask for a password reset mail; answers the same whether or not the address has an account',
          body: RequestPasswordResetBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        deps.recovery.requestPasswordReset(request.body.email);
        return { message: 'If an account uses this address, a reset mail is on its way' };
      },
    );

    app.post(
      '/api/users/:userId/change-password',
      {
        preHandler: passwordChangeLimit(deps),
        schema: {
          tags,
          summary: 'Set a new password with the reset token; signs the user out everywhere',
          params: UserIdPathSchema,
          body: ChangePasswordBodySchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.recovery.changePassword(request.params.userId, request.body.token, request.body.password);
        return { message: 'Password changed' };
      },
    );
  };
}
