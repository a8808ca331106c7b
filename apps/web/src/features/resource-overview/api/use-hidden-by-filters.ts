import { useQuery } from '@tanstack/react-query';
import { resourceListQuery } from '../../resources/api/resources-queries.ts';
import type { ResourceCriteria } from './resource-criteria.ts';

/**
 * Whether the switches alone hide every match: asked only when nothing matches while a switch is
 * on, by counting the search's matches without the switches (one row fetched). Undefined while
 * that count is on its way.
 */
export function useHiddenByFilters(criteria: ResourceCriteria, isNothingFound: boolean): boolean | undefined {
  const anyFilter = criteria.onlyInUseByMe || criteria.onlyWithPermissions;
  const unfiltered = useQuery({
    ...resourceListQuery({
      page: 1,
      limit: 1,
      search: criteria.search || undefined,
      onlyInUseByMe: false,
      onlyWithPermissions: false,
    }),
    enabled: isNothingFound && anyFilter,
  });
  if (!isNothingFound || !anyFilter) return false;
  return unfiltered.data ? unfiltered.data.total > 0 : undefined;
}
