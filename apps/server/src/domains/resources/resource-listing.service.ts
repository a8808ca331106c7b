import type { ListResourcesQuery, Paged, Resource } from '@toolpass/contracts';
import type { UserAccount } from '../users/users.repository.ts';
import type { ResourcesService } from './resources.service.ts';

/** Keeps the ids in both lists; `undefined` means "no restriction". */
function restrict(ids: number[] | undefined, allowed: number[]): number[] {
  if (!ids) return allowed;
  const set = new Set(allowed);
  return ids.filter((id) => set.has(id));
}

/**
 * The resource overview (spec 01 §2): the filters "in use by me" and "introduced / authorized"
 * are turned into id lists first, so a page costs a fixed number of queries whatever the
 * number of groups or introductions.
 */
export function createResourceListingService(deps: {
  resources: ResourcesService;
  activeResourceIdsOf(userId: number): Promise<number[]>;
  usableResourceIds(userId: number): Promise<number[]>;
}) {
  return {
    async list(viewer: UserAccount, query: ListResourcesQuery): Promise<Paged<Resource>> {
      let ids = query.ids;
      if (query.onlyInUseByMe) ids = restrict(ids, await deps.activeResourceIdsOf(viewer.id));
      // Managers may use every resource.
      if (query.onlyWithPermissions && !viewer.permissions.canManageResources) {
        ids = restrict(ids, await deps.usableResourceIds(viewer.id));
      }
      const page = await deps.resources.list({
        page: query.page,
        limit: query.limit,
        search: query.search,
        groupId: query.groupId,
        ids,
      });
      return {
        data: page.data,
        total: page.total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(page.total / query.limit),
      };
    },
  };
}

export type ResourceListingService = ReturnType<typeof createResourceListingService>;
