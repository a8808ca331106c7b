import { Messages, type PermissionName, ResourceMessages } from '@toolpass/contracts';
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

/** Resources and what hangs off them: groups, introducers, integrations, exports (spec 01 §6). */
export const manageResources = withPermission(
  'canManageResources',
  ResourceMessages.forbiddenManageResources,
);

/** System settings: sign-on providers, readers and their firmware, email templates. */
export const manageSystemConfiguration = withPermission(
  'canManageSystemConfiguration',
  Messages.forbiddenInsufficientPermissions,
);
