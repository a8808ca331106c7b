import type { ListResourcesQuery, Paged, Resource } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { ResourceListFilter } from './resource-list-query.ts';
import type { ResourcesService } from './resources.service.ts';

/**
 * The resource overview (spec 01 §2): the filters "in use by me" and "introduced / authorized"
 * are conditions of the list query itself, so a page costs a fixed number of queries whatever
 * the number of groups or introductions.
 */
export function createResourceListingService(deps: {
  resources: ResourcesService;
  /** Every open overview refetches its page on each live event, so pages are read far more often than written. */
  reads: ReadCache;
  clock: Clock;
}) {
  return {
    list(viewer: UserAccount, query: ListResourcesQuery): Promise<Paged<Resource>> {
      const usableBy =
        query.onlyWithPermissions && !viewer.permissions.canManageResources ? viewer.id : undefined;
      const filter: ResourceListFilter = {
        page: query.page,
        limit: query.limit,
        search: query.search,
        groupId: query.groupId,
        ids: query.ids,
        inUseBy: query.onlyInUseByMe ? viewer.id : undefined,
        // Managers may use every resource.
        usableBy,
        usableAt: usableBy === undefined ? undefined : deps.clock.now(),
      };
      const load = async () => {
        const page = await deps.resources.list(filter);
        return {
          data: page.data,
          total: page.total,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(page.total / query.limit),
        };
      };
      // An introduction lapses with time, not with a write: the cache could not tell, so the
      // "introduced" filter reads the database each time (decision 21).
      if (usableBy !== undefined) return load();
      // The filter names everything the answer depends on, the viewer included where it matters.
      return deps.reads.read(JSON.stringify(filter), load);
    },
  };
}

export type ResourceListingService = ReturnType<typeof createResourceListingService>;
