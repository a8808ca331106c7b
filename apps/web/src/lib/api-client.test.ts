import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, NO_CONNECTION_STATUS, setBearerToken } from './api-client.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, statusText: 'Status text' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setBearerToken(undefined);
});

describe('apiClient', () => {
  it('sends the bearer token and drops empty query values', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    setBearerToken('secret-token');

    await apiClient.get('/api/users', { query: { page: 2, limit: 10, search: '' } });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users?page=2&limit=10');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('turns an error answer into a typed ApiError', async () => {
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Email already in use',
      errorCode: 'EMAIL_ALREADY_IN_USE',
      errors: { newEmail: ['Email already in use'] },
      requestId: 'r1',
    };
    vi.stubGlobal('fetch', respond(409, body));

    const error = await apiClient.patch('/api/users/2/email', { newEmail: 'a@b.c' }).catch((e) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Email already in use',
      errorCode: 'EMAIL_ALREADY_IN_USE',
    });
    expect((error as ApiError).fieldErrors).toEqual({ newEmail: ['Email already in use'] });
  });

  it('keeps the status text when the body is not an API error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );

    const error = await apiClient.get('/api/users/me').catch((e) => e);

    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', body: undefined });
  });

  it('turns a call that got no answer into an ApiError with status 0, and leaves aborts alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await apiClient.get('/api/users/me').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: NO_CONNECTION_STATUS });
    expect((error as ApiError).message).not.toContain('Failed to fetch');

    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const aborted = await apiClient.get('/api/users/me', { signal: controller.signal }).catch((e) => e);
    expect(aborted).toBeInstanceOf(DOMException);
  });
});
