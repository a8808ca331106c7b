import type { PermissionName, User } from '@toolpass/contracts';

/** Who may open a route (spec 01 §2): anyone, any signed-in user, or holders of every listed permission. */
export type RouteAccess = 'public' | 'login' | { permissions: readonly PermissionName[] };

export function hasAccess(user: User | undefined, access: RouteAccess): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'login') return true;
  return access.permissions.every((permission) => user.systemPermissions[permission]);
}
