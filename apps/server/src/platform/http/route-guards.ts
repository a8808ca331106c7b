import type { PermissionName } from '@toolpass/contracts';
import type { FastifyRequest } from 'fastify';
import { requirePermission, requireUser } from './auth-guard.ts';

/**
 * Access checks as route hooks, so they run before body validation: an unauthorised caller
 * learns nothing about which inputs would be accepted.
 */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

export function withPermission(permission: PermissionName, message: string, errorCode?: string) {
  return async (request: FastifyRequest) => {
    requirePermission(request, permission, message, errorCode);
  };
}
