import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it; header names are lower case. */
export type ReceivedWebhook = { method: string; path: string; headers: Record<string, string>; body: string };

/**
 * A real HTTP receiver on a free local port, as a door display or a chat bot would run one: it
 * records every request and answers 200.
 */
export async function startWebhookReceiver() {
  const requests: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Whether the request carries the signature a receiver checks (issue 15): the hex HMAC-SHA256 of
 * "<X-Webhook-Timestamp>.<body>" keyed with the whole secret, in the configured header.
 */
export function hasValidSignature(
  request: ReceivedWebhook,
  secret: string,
  signatureHeader: string,
): boolean {
  const timestamp = request.headers['x-webhook-timestamp'];
  const signature = request.headers[signatureHeader.toLowerCase()];
  if (!timestamp || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
