import { resourceGroupsKeys, resourcesKeys } from '../resources/api/resources-queries.ts';

/** What introducers and introductions belong to: one resource, or a resource group. */
export type IntroductionScope = { kind: 'resource'; id: number } | { kind: 'group'; id: number };

/** The API path of a scope (spec 02 §7): introductions work the same way under both. */
export function scopePath(scope: IntroductionScope): string {
  return scope.kind === 'resource' ? `/api/resources/${scope.id}` : `/api/resource-groups/${scope.id}`;
}

/** Query keys of a scope, nested under the resource or group so its live events refresh them. */
export function scopeKey(scope: IntroductionScope) {
  return scope.kind === 'resource' ? resourcesKeys.detail(scope.id) : resourceGroupsKeys.detail(scope.id);
}

/** Revoking is a DELETE on a resource but a POST on a group (spec 02 §7). */
export function revokeMethod(scope: IntroductionScope): 'delete' | 'post' {
  return scope.kind === 'resource' ? 'delete' : 'post';
}
