import type { ApiError as ApiErrorBody } from '@toolpass/contracts';

/** A failed call: the HTTP status and, when the server sent one, its typed error body (DESIGN §3). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, body: ApiErrorBody | undefined) {
    super(body?.message ?? (statusText || `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get errorCode(): string | undefined {
    return this.body?.errorCode;
  }

  /** Messages per field (`{ password: ['…'] }`), empty when the server sent none. */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.statusCode === 'number' &&
    typeof candidate.message === 'string' &&
    typeof candidate.error === 'string'
  );
}

type QueryValue = string | number | boolean | undefined;
type RequestOptions = { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal };

let bearerToken: string | undefined;

/** The token sent as `Authorization: Bearer` on every call; undefined signs the client out. */
export function setBearerToken(token: string | undefined): void {
  bearerToken = token;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (bearerToken) headers.set('Authorization', `Bearer ${bearerToken}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, isApiErrorBody(body) ? body : undefined);
  }
  return body as T;
}

/** The one HTTP client of the app; response types come from `@toolpass/contracts`. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
