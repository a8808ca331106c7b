import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it; header names are lower case. */
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
  /** The sender's port of the connection, to tell which process sent it. */
  remotePort: number;
};

/** How the receiver answers the nth request (0-based): a status, or a wait first. */
export type Answer = { status: number; delayMs?: number };

/**
 * A real HTTP receiver on a free local port, as a machine's relay or a chat bot would run one.
 * It records every request and answers as told (200 unless `answer` says otherwise).
 */
export async function startWebhookReceiver(options: { answer?: (index: number) => Answer } = {}) {
  const requests: ReceivedRequest[] = [];
  let answer: (index: number) => Answer = options.answer ?? (() => ({ status: 200 }));
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = requests.length;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
        remotePort: request.socket.remotePort ?? 0,
      });
      for (const waiter of waiting.filter((candidate) => requests.length >= candidate.count)) {
        waiter.resolve();
        waiting.splice(waiting.indexOf(waiter), 1);
      }
      const { status, delayMs } = answer(index);
      const reply = () =>
        response.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status}`);
      if (delayMs) setTimeout(reply, delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** Changes how the following requests are answered. */
    answerWith(next: (index: number) => Answer) {
      answer = next;
    },
    /** Resolves once `count` requests have arrived in all. */
    waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
      if (requests.length >= count) return Promise.resolve(requests);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Waited ${timeoutMs} ms for ${count} requests; ${requests.length} arrived`)),
          timeoutMs,
        );
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Verifies a request's signature as a receiver would: HMAC-SHA256 of "<timestamp>.<body>" with the secret. */
export function hasValidSignature(
  request: ReceivedRequest,
  secret: string,
  signatureHeader = 'X-Webhook-Signature',
): boolean {
  const timestamp = request.headers['x-webhook-timestamp'];
  const signature = request.headers[signatureHeader.toLowerCase()];
  if (!timestamp || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
