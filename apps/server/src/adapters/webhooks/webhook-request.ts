import { createHmac } from 'node:crypto';
import { WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@toolpass/contracts';
import type { WebhookAnswer, WebhookRequest } from '../../domains/webhooks/webhook-sender.ts';

/** Per attempt, until the receiver's status line has arrived (issue 15). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The signature receivers verify (DESIGN §8): hex HMAC-SHA256 of "<timestamp>.<body>" keyed with
 * the whole secret, `whsec_` included, as UTF-8. The timestamp in the signed text lets a receiver
 * refuse an old request replayed with its signature.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The reason a request got no answer, in words a manager can act on. */
function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  }
  // fetch reports network failures as "fetch failed" with the reason in its cause; a host with
  // several addresses gives an AggregateError without a message of its own, but with a code.
  const cause =
    error instanceof Error ? (error.cause as { message?: unknown; code?: unknown } | undefined) : undefined;
  if (typeof cause?.message === 'string' && cause.message !== '') return cause.message;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Receivers answer with a few bytes; more than this is not waited for. */
const MAX_DRAINED_BODY_BYTES = 64 * 1024;

/**
 * Only the status counts, but an answer read to its end lets the connection serve the next
 * request (a cancelled one is closed, and every delivery would open a new one). A large or
 * endless body is cut off instead of holding the delivery.
 */
async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > MAX_DRAINED_BODY_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A body that breaks off does not change the status that already arrived.
  }
}

/**
 * Sends one signed webhook request with Node's fetch and reports how it went; never throws.
 * Redirects are not followed: a 3xx is a failed attempt, so a receiver cannot send the signed
 * body somewhere the manager did not configure.
 */
export async function sendWebhookRequest(request: WebhookRequest): Promise<WebhookAnswer> {
  const hasBody = request.method !== 'GET';
  const body = hasBody ? request.body : '';
  const headers = new Headers(request.headers);
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  // Set last, so a configured header of the same name cannot replace them.
  headers.set(WEBHOOK_TIMESTAMP_HEADER, String(request.timestamp));
  headers.set(request.signatureHeader, signWebhook(request.secret, request.timestamp, body));
  headers.set(WEBHOOK_ID_HEADER, request.deliveryId);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(hasBody ? { body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await discardBody(response.body);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
}
