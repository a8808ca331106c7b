import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged, UserRef } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** The picker lists the first 10 matches (spec 01 §9: user search box, 10 results, page 1). */
export const USER_SEARCH_LIMIT = 10;

export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['users', 'search', { search }] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Paged<UserRef>>('/api/users/search', {
        query: { search: search.trim() || undefined, page: 1, limit: USER_SEARCH_LIMIT },
        signal,
      }),
    // The last answer stays listed while the next one loads, so the list does not flicker.
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (search: string, isEnabled: boolean) =>
  useQuery({ ...userSearchQuery(search), enabled: isEnabled });
