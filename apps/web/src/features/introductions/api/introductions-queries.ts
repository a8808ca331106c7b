import { queryOptions } from '@tanstack/react-query';
import type { Introducer, Introduction } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { type IntroductionScope, scopeKey, scopePath } from '../introduction-scope.ts';

/** Introducer and introduction tables show 10 rows per page, as does the history (spec 02 §9). */
export const INTRODUCTIONS_PAGE_SIZE = 10;

/**
 * Keys nest under the resource or group (scopeKey), so its live events refresh them. The
 * introducer list shares its prefix with introducerStatusQuery: changing introducers refreshes both.
 */
export const introductionsKeys = {
  introducers: (scope: IntroductionScope) => [...scopeKey(scope), 'introducers'] as const,
  introductions: (scope: IntroductionScope) => [...scopeKey(scope), 'introductions'] as const,
};

export const introducersQuery = (scope: IntroductionScope) =>
  queryOptions({
    queryKey: introductionsKeys.introducers(scope),
    queryFn: ({ signal }) => apiClient.get<Introducer[]>(`${scopePath(scope)}/introducers`, { signal }),
  });

export const introductionsQuery = (scope: IntroductionScope) =>
  queryOptions({
    queryKey: introductionsKeys.introductions(scope),
    queryFn: ({ signal }) => apiClient.get<Introduction[]>(`${scopePath(scope)}/introductions`, { signal }),
  });
