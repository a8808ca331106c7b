import { useQuery } from '@tanstack/react-query';
import { resourceListQuery } from '../../resources/api/resources-queries.ts';
import type { OverviewFilters } from '../hooks/overview-filter-storage.ts';

/**
 * The "introduced / authorized" switch as a member meets it. A member who may use no resource
 * at all (no introduction yet) would see an empty overview: the switch then stands aside and every
 * resource is shown as needing an introduction. Otherwise it applies and tells how many resources
 * it hides. Managers may use everything, so for them it hides nothing and nothing is asked.
 * Each answer is a count (one row fetched).
 */
export function usePermissionFilter(filters: OverviewFilters, search: string, isManager: boolean) {
  const applies = !isManager && filters.onlyWithPermissions;
  const usable = useQuery({
    ...resourceListQuery({ page: 1, limit: 1, onlyInUseByMe: false, onlyWithPermissions: true }),
    enabled: applies,
  });
  const needsIntroduction = applies && usable.data?.total === 0;
  const counting = applies && usable.isSuccess && !needsIntroduction;
  const count = (onlyWithPermissions: boolean) => ({
    ...resourceListQuery({
      page: 1,
      limit: 1,
      search: search || undefined,
      onlyInUseByMe: filters.onlyInUseByMe,
      onlyWithPermissions,
    }),
    enabled: counting,
  });
  const shown = useQuery(count(true));
  const all = useQuery(count(false));
  const hiddenCount =
    counting && shown.data && all.data ? Math.max(0, all.data.total - shown.data.total) : undefined;
  return {
    /** The switches as the lists apply them. */
    filters: needsIntroduction ? { ...filters, onlyWithPermissions: false } : filters,
    needsIntroduction,
    hiddenCount,
    /** Until known, the lists would flash an empty page at a member without introductions. */
    isPending: applies && usable.isPending,
    /** That count failed at least once and is being asked again. */
    isRetrying: applies && usable.isPending && usable.failureCount > 0,
  };
}
