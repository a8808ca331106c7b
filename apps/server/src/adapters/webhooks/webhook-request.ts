import { createHmac } from 'node:crypto';
import type http from 'node:http';
import type https from 'node:https';
import { Messages, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@toolpass/contracts';
import type { WebhookAnswer, WebhookRequest, WebhookSender } from '../../domains/webhooks/webhook-sender.ts';
import { nodeHttp, nodeHttps } from '../../platform/net/node-http.ts';
import { HostNotAllowedError, type OutboundPolicy } from '../../platform/net/outbound-policy.ts';

/** Per attempt, until the receiver's status line has arrived (issue 15). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The signature receivers verify (decision 11): hex HMAC-SHA256 of "<timestamp>.<body>" keyed with
 * the whole secret, `whsec_` included, as UTF-8. The timestamp in the signed text lets a receiver
 * refuse an old request replayed with its signature.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Raised by the attempt's own timer, so its failure reads as the timeout. */
class WebhookTimeout extends Error {
  constructor() {
    super(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/**
 * The reason a request got no answer, in words a manager can act on but without the system's
 * error text: "connect ECONNREFUSED 10.0.0.5:22" against "HTTP 404" made the test a port scanner
 * (issue 26).
 */
function failureOf(error: unknown): string {
  if (error instanceof WebhookTimeout) return error.message;
  if (error instanceof HostNotAllowedError) return Messages.hostNotAllowed;
  return Messages.couldNotConnect;
}

/** Receivers answer with a few bytes; more than this is not waited for. */
const MAX_DRAINED_BODY_BYTES = 64 * 1024;
/**
 * Idle connections are closed after this, before the usual receivers (Node: 5 s) close them
 * and a request sent at that moment meets a connection that is going away.
 */
const IDLE_CONNECTION_MS = 4_000;

type Agents = { 'http:': http.Agent; 'https:': https.Agent };

/**
 * Connections are kept and reused: a machine's webhook gets a request at every start and end,
 * and a new connection (a TLS handshake for https) for each would cost more than the request.
 * Each new connection resolves its host through the outbound policy and goes to an address that
 * passed it (decision 17).
 */
function agentsOf(policy: OutboundPolicy): Agents {
  const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, scheduling: 'lifo' as const };
  return {
    'http:': new (nodeHttp().Agent)({ ...options, lookup: policy.lookup }),
    'https:': new (nodeHttps().Agent)({ ...options, lookup: policy.lookup }),
  };
}

/**
 * The receiver's status, once its answer has arrived. The body is read to its end (up to
 * MAX_DRAINED_BODY_BYTES), so that the connection can serve the next request; a larger or
 * endless body is cut off instead of holding the delivery.
 */
function exchange(
  agents: Agents,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
) {
  return new Promise<number>((resolve, reject) => {
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const request = (url.protocol === 'https:' ? nodeHttps() : nodeHttp()).request(url, {
      method,
      headers,
      agent,
    });
    let status: number | undefined;
    const timer = setTimeout(() => request.destroy(new WebhookTimeout()), WEBHOOK_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      if (status === undefined) return;
      resolve(status);
    };
    request.once('response', (response) => {
      status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.byteLength;
        if (read > MAX_DRAINED_BODY_BYTES) {
          response.destroy();
          settle();
        }
      });
      response.once('end', settle);
      // A body that breaks off does not change the status that already arrived.
      response.once('error', settle);
      response.once('close', settle);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      if (status === undefined) reject(error);
      else resolve(status);
    });
    request.end(body);
  });
}

/**
 * Sends signed webhook requests and reports how each went; never throws. Redirects are not
 * followed: a 3xx is a failed attempt, so a receiver cannot send the signed body somewhere the
 * manager did not configure. Node's http client rather than fetch: it costs a fraction of
 * fetch's time per request, which is what the start/end rate with webhooks is made of.
 */
export function createWebhookSender(policy: OutboundPolicy): WebhookSender {
  const agents = agentsOf(policy);
  return (request) => sendWebhookRequest(policy, agents, request);
}

async function sendWebhookRequest(
  policy: OutboundPolicy,
  agents: Agents,
  request: WebhookRequest,
): Promise<WebhookAnswer> {
  const hasBody = request.method !== 'GET';
  const body = hasBody ? request.body : '';
  try {
    const url = new URL(request.url);
    // An address is connected to without a lookup, so it is checked here.
    policy.assertAddressAllowed(url.hostname);
    // Headers, so that names are matched as HTTP matches them (case-insensitively) and a
    // configured value that is not a valid header fails this attempt with a reason.
    const headers = new Headers(request.headers);
    if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
    // Set last, so a configured header of the same name cannot replace them.
    headers.set(WEBHOOK_TIMESTAMP_HEADER, String(request.timestamp));
    headers.set(request.signatureHeader, signWebhook(request.secret, request.timestamp, body));
    headers.set(WEBHOOK_ID_HEADER, request.deliveryId);
    if (hasBody) headers.set('content-length', String(Buffer.byteLength(body)));
    else headers.delete('content-length');
    const status = await exchange(
      agents,
      url,
      request.method,
      Object.fromEntries(headers),
      hasBody ? body : undefined,
    );
    if (status >= 200 && status < 300) return { ok: true, status };
    return { ok: false, status, error: `HTTP ${status}` };
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
}
