import type { ApiError as ApiErrorBody } from '@toolpass/contracts';
import i18next, { type TFunction } from 'i18next';
import { validationMessage } from '../i18n/validation-message.ts';

/** A failed call: the HTTP status and, when the server sent one, its typed error body (architecture §Server). */
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

  /**
   * Messages per field (`{ password: ['…'] }`) in the user's language, worded from the failures'
   * codes when the server sent them; empty when the server sent none. A new object on each read:
   * a form that needs one to keep (its `validationErrors`) takes useServerFieldErrors.
   */
  get fieldErrors(): Record<string, string[]> {
    return this.fieldErrorsIn(i18next.t);
  }

  /** The messages of `fieldErrors`, worded with `t`. */
  fieldErrorsIn(t: TFunction): Record<string, string[]> {
    const issues = this.body?.issues;
    if (!issues?.length) return this.body?.errors ?? {};
    const messages: Record<string, string[]> = {};
    for (const issue of issues) {
      const worded = messages[issue.field] ?? [];
      // The server lists a field's messages in the order of its issues.
      const serverText = this.body?.errors?.[issue.field]?.[worded.length];
      worded.push(validationMessage(t, issue, serverText));
      messages[issue.field] = worded;
    }
    return messages;
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
let tokenRejected: ((token: string) => void) | undefined;

/**
 * Called when the server answers 401 to a call sent with a token (signed out elsewhere, revoked,
 * expired, password changed): the sign-in hears of it from whichever call came first.
 */
export function onTokenRejected(listener: (token: string) => void): () => void {
  tokenRejected = listener;
  return () => {
    if (tokenRejected === listener) tokenRejected = undefined;
  };
}

function reportRejection(status: number, token: string | undefined) {
  if (status === 401 && token) tokenRejected?.(token);
}

/** The token sent as `Authorization: Bearer` on every call; undefined signs the client out. */
export function setBearerToken(token: string | undefined): void {
  bearerToken = token;
}

/** The token calls are sent with now. */
export function getBearerToken(): string | undefined {
  return bearerToken;
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

function authorizedHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (bearerToken) headers.set('Authorization', `Bearer ${bearerToken}`);
  return headers;
}

/** Status of an answer that never came (no network, server unreachable). */
export const NO_CONNECTION_STATUS = 0;

async function send<T>(method: string, path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  const sentWith = bearerToken;
  let response: Response;
  try {
    response = await fetch(path, { ...init, method, credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    // The browser's "Failed to fetch" would reach the screen in English; this says what happened.
    throw new ApiError(NO_CONNECTION_STATUS, i18next.t('pwa.needsConnection'), undefined);
  }
  const body = await readBody(response);
  if (!response.ok) {
    reportRejection(response.status, sentWith);
    throw new ApiError(response.status, response.statusText, isApiErrorBody(body) ? body : undefined);
  }
  return body as T;
}

function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = authorizedHeaders();
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return send<T>(method, withQuery(path, options.query), { headers, body }, options.signal);
}

/** Multipart form fields; booleans travel as the words true and false, files as they are. */
export type FormFields = Record<string, string | boolean | Blob | null | undefined>;

function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, String(value));
  }
  return form;
}

/** The one HTTP client of the app; response types come from `@toolpass/contracts`. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  /** A multipart form; the browser sets the boundary, so no Content-Type is given here. */
  sendForm: <T>(method: 'POST' | 'PUT', path: string, fields: FormFields) =>
    send<T>(method, path, { headers: authorizedHeaders(), body: toFormData(fields) }),
  /** A file the server sends (a CSV export), read whole as a blob with the same credentials. */
  getBlob: async (path: string, options?: Pick<RequestOptions, 'query'>): Promise<Blob> => {
    const headers = authorizedHeaders();
    headers.set('Accept', '*/*');
    const sentWith = bearerToken;
    let response: Response;
    try {
      response = await fetch(withQuery(path, options?.query), { headers, credentials: 'include' });
    } catch {
      throw new ApiError(NO_CONNECTION_STATUS, i18next.t('pwa.needsConnection'), undefined);
    }
    if (!response.ok) {
      reportRejection(response.status, sentWith);
      const body = await readBody(response);
      throw new ApiError(response.status, response.statusText, isApiErrorBody(body) ? body : undefined);
    }
    return response.blob();
  },
  /** An open streaming response (server-sent events) with the same credentials as every call. */
  openStream: async (path: string, signal: AbortSignal): Promise<Response> => {
    const headers = authorizedHeaders();
    headers.set('Accept', 'text/event-stream');
    const sentWith = bearerToken;
    const response = await fetch(path, { headers, credentials: 'include', signal, cache: 'no-store' });
    if (!response.ok || !response.body) {
      reportRejection(response.status, sentWith);
      const body = await readBody(response);
      throw new ApiError(response.status, response.statusText, isApiErrorBody(body) ? body : undefined);
    }
    return response;
  },
};
