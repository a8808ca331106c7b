import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CanControl, Paged, Resource, ResourceGroup, UsageSession } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Overview group cards and the groups manager card show 10 per page (spec 01 §9). */
export const RESOURCES_PAGE_SIZE = 10;
/** Usage history page sizes, default 5 (spec 01 §9). */
export const HISTORY_PAGE_SIZES = [5, 10, 25, 50] as const;
/** Active session, can-control and introducer status poll while live events are down (spec 01 §9). */
export const USAGE_POLL_INTERVAL_MS = 3000;

export type ResourceListParams = {
  page: number;
  limit: number;
  search?: string;
  /** A group id, or -1 for ungrouped resources. */
  groupId?: number;
  onlyInUseByMe?: boolean;
  onlyWithPermissions?: boolean;
};

export type UsageHistoryParams = { page: number; limit: number; userId?: number };

/**
 * Query keys nest under the resource they belong to, so one live event can refresh
 * everything about a resource with a single prefix (see live/use-resource-live-updates.ts).
 */
export const resourcesKeys = {
  all: ['resources'] as const,
  lists: ['resources', 'list'] as const,
  list: (params: ResourceListParams) => ['resources', 'list', params] as const,
  inUse: ['resources', 'in-use'] as const,
  detail: (id: number) => ['resources', 'detail', id] as const,
  activeUsage: (id: number) => ['resources', 'detail', id, 'usage', 'active'] as const,
  canControl: (id: number) => ['resources', 'detail', id, 'usage', 'can-control'] as const,
  history: (id: number, params: UsageHistoryParams) =>
    ['resources', 'detail', id, 'usage', 'history', params] as const,
};

export const resourceGroupsKeys = {
  all: ['resource-groups'] as const,
  list: ['resource-groups', 'list'] as const,
  detail: (id: number) => ['resource-groups', 'detail', id] as const,
};

/**
 * Mutation keys of deletions: the live event of a deletion this tab makes is left to the deletion
 * itself, which drops the deleted item's data and leaves its page (use-resource-live-updates.ts).
 */
export const deletionKeys = {
  resource: (id: number) => ['resources', 'delete', id] as const,
  group: (id: number) => ['resource-groups', 'delete', id] as const,
};

export const resourceListQuery = (params: ResourceListParams) =>
  queryOptions({
    queryKey: resourcesKeys.list(params),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<Resource>>('/api/resources', {
        query: { ...params, search: params.search?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The running session of every resource in use: the overview's status chips. */
export const resourcesInUseQuery = () =>
  queryOptions({
    queryKey: resourcesKeys.inUse,
    queryFn: ({ signal }) => apiClient.get<UsageSession[]>('/api/resources/in-use', { signal }),
  });

export const resourceQuery = (id: number) =>
  queryOptions({
    queryKey: resourcesKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<Resource>(`/api/resources/${id}`, { signal }),
  });

export const activeUsageQuery = (resourceId: number) =>
  queryOptions({
    queryKey: resourcesKeys.activeUsage(resourceId),
    queryFn: ({ signal }) =>
      apiClient.get<{ usage: UsageSession | null }>(`/api/resources/${resourceId}/usage/active`, { signal }),
  });

export const canControlQuery = (resourceId: number) =>
  queryOptions({
    queryKey: resourcesKeys.canControl(resourceId),
    queryFn: ({ signal }) =>
      apiClient.get<CanControl>(`/api/resources/${resourceId}/usage/can-control`, { signal }),
  });

export const usageHistoryQuery = (resourceId: number, params: UsageHistoryParams) =>
  queryOptions({
    queryKey: resourcesKeys.history(resourceId, params),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<UsageSession>>(`/api/resources/${resourceId}/usage/history`, {
        query: params,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const resourceGroupsQuery = () =>
  queryOptions({
    queryKey: resourceGroupsKeys.list,
    queryFn: ({ signal }) => apiClient.get<ResourceGroup[]>('/api/resource-groups', { signal }),
  });

export const resourceGroupQuery = (id: number) =>
  queryOptions({
    queryKey: resourceGroupsKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<ResourceGroup>(`/api/resource-groups/${id}`, { signal }),
  });

/** The address an image is served at; every upload gets a new name, so it may be cached long. */
export const resourceImageUrl = (imageFilename: string) => `/api/resources/images/${imageFilename}`;
