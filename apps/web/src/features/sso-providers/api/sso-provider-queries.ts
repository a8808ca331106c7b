import { queryOptions } from '@tanstack/react-query';
import type { SsoProvider, SsoProviderSummary, SsoRedirectUri } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const ssoProvidersPath = '/api/auth/sso/providers';

export const ssoProvidersKeys = {
  all: ['sso-providers'] as const,
  list: ['sso-providers', 'list'] as const,
  detail: (id: number) => ['sso-providers', 'detail', id] as const,
  redirectUri: ['sso-providers', 'redirect-uri'] as const,
};

/** The redirect URI the server's callback uses (from PUBLIC_URL), the same for every provider. */
export const ssoRedirectUriQuery = () =>
  queryOptions({
    queryKey: ssoProvidersKeys.redirectUri,
    queryFn: ({ signal }) => apiClient.get<SsoRedirectUri>('/api/auth/sso/redirect-uri', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The table needs only names and types: the list the sign-in screen reads. */
export const ssoProvidersQuery = () =>
  queryOptions({
    queryKey: ssoProvidersKeys.list,
    queryFn: ({ signal }) => apiClient.get<SsoProviderSummary[]>(ssoProvidersPath, { signal }),
  });

/** One provider's settings, for its edit form; never the client secret. */
export const ssoProviderQuery = (id: number) =>
  queryOptions({
    queryKey: ssoProvidersKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<SsoProvider>(`${ssoProvidersPath}/${id}`, { signal }),
    // An edit starts from what is stored now.
    staleTime: 0,
  });
