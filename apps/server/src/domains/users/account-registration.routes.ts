import {
  AuthSetupSchema,
  CreateUserBodySchema,
  type MailDelivery,
  UserSchema,
  VerifyEmailBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import type { AccountRegistrationService } from './account-registration.service.ts';
import { presentUser } from './present-user.ts';
import { registrationLimit } from './users-call-limits.ts';
import { mailLinkRoute, tags } from './users-route-options.ts';

/** Registration and the verification link of its mail. */
export function accountRegistrationRoutes(deps: {
  registration: AccountRegistrationService;
  /** Whether mails reach a mailbox (SMTP_URL) or are printed to the server's output. */
  mailDelivery: MailDelivery;
  rateLimits: RateLimits;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/auth/setup',
      {
        schema: {
          tags,
          summary:
            'Public: whether the next registration is the first account, which becomes administrator, and whether mails reach a mailbox or the server output',
          response: { 200: AuthSetupSchema },
        },
      },
      async () => ({
        firstAccount: await deps.registration.isFirstAccount(),
        mailDelivery: deps.mailDelivery,
      }),
    );

    app.post(
      '/api/users',
      {
        preHandler: registrationLimit(deps),
        schema: {
          tags,
          summary: 'Register with a local password; a verification mail is sent',
          body: CreateUserBodySchema,
          response: { 201: UserSchema },
        },
      },
      async (request, reply) => {
        const user = await deps.registration.register(request.body);
        return reply.status(201).send(presentUser(user, user));
      },
    );

    app.post(
      '/api/users/verify-email',
      mailLinkRoute('Confirm an email address with the token from the mail', VerifyEmailBodySchema),
      async (request) => {
        await deps.registration.verifyEmail(request.body.token, request.body.email);
        return { message: 'Email verified' };
      },
    );
  };
}
