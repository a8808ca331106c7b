import { ErrorCodes, Messages, type PermissionName } from '@toolpass/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserAccount } from '../identity/user-account.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the bearer token; null when there is none. */
    user: UserAccount | null;
    /** The bearer token as sent, for sign-out. */
    bearerToken: string | null;
  }
}

export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the user of every request once, before any handler runs. */
export function registerAuthentication(
  app: FastifyInstance,
  resolveUser: (token: string) => Promise<UserAccount | undefined>,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerTokenOf(request);
    if (!token) return;
    request.bearerToken = token;
    request.user = (await resolveUser(token)) ?? null;
  });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserAccount {
  if (!request.user) throw unauthorized(Messages.unauthorized);
  return request.user;
}

/** The signed-in user holding a permission, or 401/403 with the given message. */
export function requirePermission(
  request: FastifyRequest,
  permission: PermissionName,
  message: string,
  errorCode: string = ErrorCodes.insufficientPermissions,
): UserAccount {
  const user = requireUser(request);
  if (!user.permissions[permission]) throw forbidden(message, { errorCode });
  return user;
}
