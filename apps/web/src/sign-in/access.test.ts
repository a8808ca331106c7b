import type { User } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { hasAccess } from './access.ts';

const member: User = {
  id: 2,
  username: 'member',
  externalIdentifier: null,
  isEmailVerified: true,
  systemPermissions: { canManageResources: true, canManageSystemConfiguration: false, canManageUsers: false },
};

describe('hasAccess', () => {
  it('lets everyone open public routes', () => {
    expect(hasAccess(undefined, 'public')).toBe(true);
  });

  it('needs a signed-in user for login routes', () => {
    expect(hasAccess(undefined, 'login')).toBe(false);
    expect(hasAccess(member, 'login')).toBe(true);
  });

  it('needs every listed permission', () => {
    expect(hasAccess(member, { permissions: ['canManageResources'] })).toBe(true);
    expect(hasAccess(member, { permissions: ['canManageResources', 'canManageUsers'] })).toBe(false);
  });
});
