import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged, SystemPermissions, User } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** User table page size (spec 01 §9). */
export const USERS_PAGE_SIZE = 10;

export const usersKeys = {
  all: ['users'] as const,
  list: (page: number, search: string) => ['users', 'list', { page, search }] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  permissions: (id: number) => ['users', 'detail', id, 'permissions'] as const,
};

export const usersListQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: usersKeys.list(page, search),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<User>>('/api/users', {
        query: { page, limit: USERS_PAGE_SIZE, search: search.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<User>(`/api/users/${id}`, { signal }),
  });

export const userPermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: usersKeys.permissions(id),
    queryFn: ({ signal }) => apiClient.get<SystemPermissions>(`/api/users/${id}/permissions`, { signal }),
  });
