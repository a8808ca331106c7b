import { vi } from 'vitest';

type Answer = { status: number; body?: unknown };
type Handler = Answer | ((body: unknown) => Answer);

/** A request the fake answered: method, path and the JSON body it carried. */
export type SentRequest = { method: string; path: string; body: unknown };

/**
 * Stubs fetch with answers per "METHOD /path" (the query string left out), so component tests
 * can play a small API; anything else answers 404. Returns what was sent, in order.
 */
export function fakeApi(routes: Record<string, Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0] ?? '';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      const answer = typeof handler === 'function' ? handler(body) : handler;
      if (!answer) return new Response(JSON.stringify(apiError(404, 'Not Found')), { status: 404 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }),
  );
  return sent;
}

/** An error body as the server sends it. */
export function apiError(statusCode: number, message: string, errors?: Record<string, string[]>) {
  return { statusCode, error: 'Error', message, requestId: 'test', ...(errors ? { errors } : {}) };
}
