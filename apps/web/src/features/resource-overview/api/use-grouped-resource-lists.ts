import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { type Paged, type Resource, type ResourceGroup, UNGROUPED } from '@toolpass/contracts';
import { useState } from 'react';
import {
  RESOURCES_PAGE_SIZE,
  resourceGroupsQuery,
  resourceListQuery,
} from '../../resources/api/resources-queries.ts';
import type { ResourceCriteria } from './resource-criteria.ts';

/** One overview card: a group (or the ungrouped resources), its page and its list. */
export type ResourceCardSource = {
  groupId: number;
  /** Undefined for the "Ungrouped" card. */
  group: ResourceGroup | undefined;
  page: number;
  setPage: (page: number) => void;
  list: UseQueryResult<Paged<Resource>>;
};

/**
 * The groups and one resource list per group plus the ungrouped one (spec 01 §2), each paged on
 * its own. Fetched together, so the overview knows when nothing matches anywhere. A new search
 * or switch starts every card again at page 1.
 */
export function useGroupedResourceLists(criteria: ResourceCriteria) {
  const groups = useQuery(resourceGroupsQuery());
  const [pages, setPages] = useState<ReadonlyMap<number, number>>(new Map());
  const [appliedCriteria, setAppliedCriteria] = useState(criteria);
  if (
    appliedCriteria.search !== criteria.search ||
    appliedCriteria.onlyInUseByMe !== criteria.onlyInUseByMe ||
    appliedCriteria.onlyWithPermissions !== criteria.onlyWithPermissions
  ) {
    setAppliedCriteria(criteria);
    setPages(new Map());
  }

  const cardGroups: Array<ResourceGroup | undefined> = groups.data ? [...groups.data, undefined] : [];
  const pageOf = (groupId: number) => pages.get(groupId) ?? 1;
  const lists = useQueries({
    queries: cardGroups.map((group) => {
      const groupId = group?.id ?? UNGROUPED;
      return resourceListQuery({
        page: pageOf(groupId),
        limit: RESOURCES_PAGE_SIZE,
        groupId,
        search: criteria.search || undefined,
        onlyInUseByMe: criteria.onlyInUseByMe,
        onlyWithPermissions: criteria.onlyWithPermissions,
      });
    }),
  });

  const setPage = (groupId: number, page: number) =>
    setPages((current) => new Map(current).set(groupId, page));

  const cards = cardGroups.flatMap((group, index): ResourceCardSource[] => {
    const list = lists[index];
    if (!list) return [];
    const groupId = group?.id ?? UNGROUPED;
    return [{ groupId, group, page: pageOf(groupId), setPage: (page) => setPage(groupId, page), list }];
  });

  // A page can run empty when resources go away elsewhere; the card then shows its last page.
  for (const card of cards) {
    const data = card.list.data;
    if (data && !card.list.isPlaceholderData && card.page > Math.max(1, data.totalPages)) {
      setPage(card.groupId, Math.max(1, data.totalPages));
    }
  }

  const isNothingFound =
    cards.length > 0 && cards.every((card) => card.list.isSuccess && card.list.data.total === 0);
  // The lists load and fail together (one server), so the page says so once, not once per card:
  // a card per failed list would also show the cards that have nothing to show.
  const failed = cards.filter((card) => card.list.isError);
  return {
    groups,
    cards,
    isNothingFound,
    /** Nothing to show yet: the groups, or every list, are still on their way (retries included). */
    isLoading:
      groups.isPending ||
      (cards.some((card) => card.list.isPending) && cards.every((card) => card.list.data === undefined)),
    /** A load failed at least once and is being tried again. */
    isRetrying:
      groups.failureCount > 0 || cards.some((card) => card.list.isPending && card.list.failureCount > 0),
    /** The lists that could not be loaded, after the retries. */
    failedLists: {
      error: failed[0]?.list.error ?? undefined,
      isRetrying: failed.some((card) => card.list.isFetching),
      retry: () => {
        for (const card of failed) void card.list.refetch();
      },
    },
  };
}
