import type { RouteAccess } from '../sign-in/access.ts';

/** Access levels shared by the router and the sidebar, so a hidden item and a denied page agree. */
export const ROUTE_ACCESS = {
  resources: 'login',
  users: { permissions: ['canManageUsers'] },
  accountSettings: 'login',
  manageResources: { permissions: ['canManageResources'] },
  manageSystemConfiguration: { permissions: ['canManageSystemConfiguration'] },
} as const satisfies Record<string, RouteAccess>;
