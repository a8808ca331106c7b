import { useQuery } from '@tanstack/react-query';
import type { AuthSetup } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Whether the next registration is the installation's first account (public). */
export function useAuthSetup() {
  return useQuery({
    queryKey: ['auth', 'setup'],
    queryFn: () => apiClient.get<AuthSetup>('/api/auth/setup'),
    staleTime: 60_000,
  });
}
