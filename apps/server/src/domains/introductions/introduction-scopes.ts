import {
  ResourceGroupIdPathSchema,
  ResourceGroupUserPathSchema,
  ResourceIdPathSchema,
  ResourceUserPathSchema,
} from '@toolpass/contracts';
import type { IntroductionScope } from './introductions.repository.ts';

/**
 * What introductions and introducers attach to: a resource or a resource group. Both route
 * modules generate their calls for each row, paths exactly as spec 02 §7 names them.
 */
export const INTRODUCTION_SCOPES = [
  {
    noun: 'resource',
    base: '/api/resources/:resourceId',
    idPath: ResourceIdPathSchema,
    userPath: ResourceUserPathSchema,
    // Spec 02 §7 lists DELETE for the resource's revokes and POST for the group's.
    revokeMethod: 'DELETE',
    isIntroducerSummary: 'Whether the user introduces to the resource, directly or through one of its groups',
    grantSummary: 'Grant the user an introduction to the resource, with an optional comment',
  },
  {
    noun: 'group',
    base: '/api/resource-groups/:groupId',
    idPath: ResourceGroupIdPathSchema,
    userPath: ResourceGroupUserPathSchema,
    revokeMethod: 'POST',
    isIntroducerSummary: 'Whether the user introduces to the group',
    grantSummary: 'Grant the user an introduction to every resource of the group, with an optional comment',
  },
] as const;

/** The scope a validated path names. */
export function scopeOf(params: { resourceId: number } | { groupId: number }): IntroductionScope {
  return 'resourceId' in params ? { resourceId: params.resourceId } : { groupId: params.groupId };
}
