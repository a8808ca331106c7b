import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type IntroductionScope, scopeKey, scopePath } from '../introduction-scope.ts';

/** Whether a user introduces others to a resource or group (polled every 3 s on the detail page). */
export const introducerStatusQuery = (scope: IntroductionScope, userId: number) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'introducers', userId, 'is-introducer'] as const,
    queryFn: ({ signal }) =>
      apiClient.get<{ isIntroducer: boolean }>(`${scopePath(scope)}/introducers/${userId}/is-introducer`, {
        signal,
      }),
  });
