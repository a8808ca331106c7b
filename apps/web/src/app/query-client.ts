import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  // No answer at all (status 0) is worth another try; a 4xx answer is not.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        staleTime: 10_000,
      },
      // An action fails at once without a network instead of waiting to run whenever it returns:
      // a machine must not start minutes after its member walked away.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
