import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSsoProviders } from './use-sso-providers.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('fetchSsoProviders', () => {
  it('returns the providers', async () => {
    vi.stubGlobal('fetch', answer(200, [{ id: 1, name: 'Makerspace SSO', type: 'OIDC' }]));
    await expect(fetchSsoProviders()).resolves.toEqual([{ id: 1, name: 'Makerspace SSO', type: 'OIDC' }]);
  });

  it('passes other failures on', async () => {
    vi.stubGlobal(
      'fetch',
      answer(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        requestId: 'r',
      }),
    );
    await expect(fetchSsoProviders()).rejects.toMatchObject({ status: 500 });
  });
});
