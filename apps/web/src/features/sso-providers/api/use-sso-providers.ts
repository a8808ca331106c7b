import { useQuery } from '@tanstack/react-query';
import { ssoProviderQuery, ssoProvidersQuery, ssoRedirectUriQuery } from './sso-provider-queries.ts';

export const useSsoProviderList = () => useQuery(ssoProvidersQuery());

export const useSsoProvider = (id: number | undefined) =>
  useQuery({ ...ssoProviderQuery(id ?? 0), enabled: id !== undefined });

export const useSsoRedirectUri = () => useQuery(ssoRedirectUriQuery());
