import {
  ApiErrorSchema,
  AuthSessionSchema,
  LocalSignInBodySchema,
  Messages,
  OkSchema,
  ResendVerificationBodySchema,
  ResendVerificationResultSchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import { presentUser } from '../users/present-user.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(deps: { auth: AuthService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/session/local',
      {
        schema: {
          tags: ['Authentication'],
          summary:
            'Sign in with username or email and password; 429 after 10 failures per account or 20 per client in 5 minutes',
          body: LocalSignInBodySchema,
          response: { 200: AuthSessionSchema },
        },
      },
      async (request) => {
        // The client address is the socket's, or the one TRUST_PROXY's proxies vouch for.
        const session = await deps.auth.signIn(request.body.username, request.body.password, request.ip);
        return { authToken: session.authToken, user: presentUser(session.user, session.user) };
      },
    );

    app.post(
      '/api/auth/resend-verification',
      {
        schema: {
          tags: ['Authentication'],
          summary:
            'Send a fresh verification link to an account that has not confirmed its address, given its username or email and password (the sign-in budgets apply; 429 after 5 mails in 15 minutes)',
          body: ResendVerificationBodySchema,
          response: { 200: ResendVerificationResultSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request) => ({
        status: await deps.auth.resendVerification(request.body, request.ip),
      }),
    );

    app.get(
      '/api/auth/session/refresh',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Authentication'],
          summary: 'Get a fresh session token; the token of this request stops working',
          security: [{ bearerAuth: [] }],
          response: { 200: AuthSessionSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const presented = request.bearerToken;
        if (!presented) throw unauthorized(Messages.unauthorized);
        const session = await deps.auth.refresh(user, presented);
        return { authToken: session.authToken, user: presentUser(session.user, session.user) };
      },
    );

    app.delete(
      '/api/auth/session',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Authentication'],
          summary: 'Sign out: revokes the token of this request',
          security: [{ bearerAuth: [] }],
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        requireUser(request);
        if (request.bearerToken) await deps.auth.signOut(request.bearerToken);
        return { message: 'Signed out' };
      },
    );
  };
}
