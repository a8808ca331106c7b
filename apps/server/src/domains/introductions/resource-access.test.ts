import { describe, expect, it } from 'vitest';
import {
  mayIntroduceToGroup,
  mayIntroduceToResource,
  mayUseResource,
  type ResourceAccess,
} from './resource-access.ts';

const NOTHING: ResourceAccess = {
  canManageResources: false,
  isIntroducer: false,
  isGroupIntroducer: false,
  hasIntroduction: false,
  hasGroupIntroduction: false,
};

const roles: Record<string, ResourceAccess> = {
  member: NOTHING,
  manager: { ...NOTHING, canManageResources: true },
  introducer: { ...NOTHING, isIntroducer: true },
  'group introducer': { ...NOTHING, isGroupIntroducer: true },
  'introduced member': { ...NOTHING, hasIntroduction: true },
  'member introduced to a group': { ...NOTHING, hasGroupIntroduction: true },
};

const table = (rule: (access: ResourceAccess) => boolean) =>
  Object.fromEntries(Object.entries(roles).map(([role, access]) => [role, rule(access)]));

describe('resource access rules', () => {
  it('lets everyone but a plain member use (and control) the resource', () => {
    expect(table(mayUseResource)).toEqual({
      member: false,
      manager: true,
      introducer: true,
      'group introducer': true,
      'introduced member': true,
      'member introduced to a group': true,
    });
  });

  it('lets managers and introducers, not introduced members, introduce others', () => {
    expect(table(mayIntroduceToResource)).toEqual({
      member: false,
      manager: true,
      introducer: true,
      'group introducer': true,
      'introduced member': false,
      'member introduced to a group': false,
    });
  });

  it('lets only managers and introducers of the group introduce to a group', () => {
    expect(mayIntroduceToGroup({ canManageResources: false, isGroupIntroducer: false })).toBe(false);
    expect(mayIntroduceToGroup({ canManageResources: true, isGroupIntroducer: false })).toBe(true);
    expect(mayIntroduceToGroup({ canManageResources: false, isGroupIntroducer: true })).toBe(true);
  });
});
