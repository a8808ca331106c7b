import { useQueryClient } from '@tanstack/react-query';
import type { SsoProvider } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type SsoProviderDraft, toCreateProviderBody, toUpdateProviderBody } from '../sso-provider-draft.ts';
import { ssoProvidersKeys, ssoProvidersPath } from './sso-provider-queries.ts';

/** The sign-in screen's buttons read this key; a change of providers refreshes them too. */
const signInProvidersKey = ['auth', 'sso-providers'] as const;

/** Adds a provider, or changes the one with `providerId` (an empty secret keeps the stored one). */
export function useSaveSsoProvider(providerId?: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (draft: SsoProviderDraft) =>
      providerId === undefined
        ? apiClient.post<SsoProvider>(ssoProvidersPath, toCreateProviderBody(draft))
        : apiClient.put<SsoProvider>(`${ssoProvidersPath}/${providerId}`, toUpdateProviderBody(draft)),
    onSuccess: (provider) => {
      queryClient.setQueryData(ssoProvidersKeys.detail(provider.id), provider);
      void queryClient.invalidateQueries({ queryKey: signInProvidersKey });
      return queryClient.invalidateQueries({ queryKey: ssoProvidersKeys.list });
    },
  });
}

export function useDeleteSsoProvider() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: number) => apiClient.delete<void>(`${ssoProvidersPath}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ssoProvidersKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: signInProvidersKey });
      return queryClient.invalidateQueries({ queryKey: ssoProvidersKeys.list });
    },
  });
}
