/** Sign-in address of a provider; the provider sends the browser back to `redirectTo` (spec 01 §2, §7). */
export function ssoLoginUrl(provider: { type: string; id: number | string }, redirectTo: string): string {
  const params = new URLSearchParams({ redirectTo });
  const type = encodeURIComponent(provider.type);
  const id = encodeURIComponent(String(provider.id));
  return `/api/auth/sso/${type}/${id}/login?${params.toString()}`;
}
