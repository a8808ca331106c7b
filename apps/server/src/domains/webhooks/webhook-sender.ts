import type { WebhookMethod } from '@toolpass/contracts';

/** One signed request to a webhook's receiver, as deliveries and tests send it. */
export type WebhookRequest = {
  url: string;
  method: WebhookMethod;
  headers: Record<string, string>;
  signatureHeader: string;
  /** The secret in clear, for the HMAC; never logged, never stored unsealed. */
  secret: string;
  /** The rendered template; GET requests send none. */
  body: string;
  /** Sent as X-Webhook-Id: the job id of a delivery (the same on every retry), or a test's own. */
  deliveryId: string;
  /** Milliseconds since the epoch, sent as X-Webhook-Timestamp and signed with the body. */
  timestamp: number;
};

/** What came back: a 2xx status, or why the attempt failed ("HTTP 500", a network error, the timeout). */
export type WebhookAnswer = { ok: true; status: number } | { ok: false; status?: number; error: string };

/**
 * Sends one request (adapters/webhooks/webhook-request.ts). A port, so the service that tests
 * a webhook speaks no HTTP itself and its unit tests need no receiver.
 */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookAnswer>;
