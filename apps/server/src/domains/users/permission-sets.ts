import type { SystemPermissions } from '@toolpass/contracts';

/** What the first account and a bootstrapped administrator get. */
export const ALL_PERMISSIONS: SystemPermissions = {
  canManageResources: true,
  canManageSystemConfiguration: true,
  canManageUsers: true,
};

/** What every other new account starts with. */
export const NO_PERMISSIONS: SystemPermissions = {
  canManageResources: false,
  canManageSystemConfiguration: false,
  canManageUsers: false,
};
