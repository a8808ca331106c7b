import { AuthSessionSchema, LocalSignInBodySchema, OkSchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import type { RateLimits } from '../../platform/http/rate-limits.ts';
import { signedIn } from '../../platform/http/route-guards.ts';
import { presentUser } from '../users/present-user.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(deps: { auth: AuthService; rateLimits: RateLimits }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/session/local',
      {
        schema: {
          tags: ['Authentication'],
          summary: 'Sign in with username or email and password',
          body: LocalSignInBodySchema,
          response: { 200: AuthSessionSchema },
        },
        config: {
          rateLimit: {
            // After body parsing, so the key can include the account name.
            hook: 'preHandler',
            max: deps.rateLimits.signIn.max,
            timeWindow: deps.rateLimits.signIn.timeWindowMs,
            keyGenerator: (request) => {
              const body = request.body as { username?: unknown } | undefined;
              const name = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
              return `${request.ip}|${name}`;
            },
          },
        },
      },
      async (request) => {
        const session = await deps.auth.signIn(request.body.username, request.body.password);
        return { authToken: session.authToken, user: presentUser(session.user, session.user) };
      },
    );

    app.get(
      '/api/auth/session/refresh',
      {
        preValidation: signedIn,
        schema: {
          tags: ['Authentication'],
          summary: 'Get a fresh session token',
          security: [{ bearerAuth: [] }],
          response: { 200: AuthSessionSchema },
        },
      },
      async (request) => {
        const session = await deps.auth.refresh(requireUser(request));
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
