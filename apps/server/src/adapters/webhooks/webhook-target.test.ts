import { DEFAULT_WEBHOOK_TEMPLATES, DOMAIN_EVENT_VERSION } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../domains/webhooks/webhook-sender.ts';
import type { DeliverableWebhook } from '../../domains/webhooks/webhooks.service.ts';
import { nextAttemptAt } from '../../platform/jobs/delivery-target.ts';
import type { ClaimedJob } from '../../platform/jobs/job-store.ts';
import { signWebhook } from './webhook-request.ts';
import { createWebhookTarget } from './webhook-target.ts';

const now = new Date('2026-11-25T10:00:00.000Z');
const ada = { id: 3, username: 'ada', externalIdentifier: 'ext-3' };
const bob = { id: 4, username: 'bob', externalIdentifier: null };

function webhook(fields: Partial<DeliverableWebhook> = {}): DeliverableWebhook {
  return {
    id: 9,
    resourceId: 7,
    name: 'Relay',
    url: 'http://relay.local/hook',
    method: 'POST',
    headers: {},
    inUseTemplate: 'on {{id}} {{user.username}}',
    notInUseTemplate: 'off {{id}} {{timestamp}}',
    takeoverTemplate: 'swap {{user.username}} {{previousUser.username}}',
    active: true,
    sendOnStart: true,
    sendOnStop: true,
    sendOnTakeover: true,
    sendOnBooking: false,
    retryEnabled: false,
    maxRetries: 3,
    retryDelay: 1000,
    signatureHeader: 'X-Webhook-Signature',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    secret: 'whsec_0123',
    ...fields,
  };
}

const base = { resourceId: 7, resourceName: 'Laser', sessionId: 1, notes: null };
const events = {
  started: { type: 'usage.started', data: { ...base, user: ada, startTime: '2026-11-25T09:00:00.000Z' } },
  ended: {
    type: 'usage.ended',
    data: { ...base, user: ada, startTime: '2026-11-25T09:00:00.000Z', endTime: '2026-11-25T09:30:00.000Z' },
  },
  takenOver: {
    type: 'usage.taken-over',
    data: {
      ...base,
      previousSessionId: 1,
      user: bob,
      previousUser: ada,
      startTime: '2026-11-25T09:10:00.000Z',
    },
  },
} as const;

function job(event: { type: string; data: object }, attempts = 1): ClaimedJob {
  return {
    id: 41,
    targetKind: 'webhook',
    targetId: '9',
    resourceId: 7,
    event: { id: 5, v: DOMAIN_EVENT_VERSION, occurredAt: now.toISOString(), ...event },
    payload: null,
    attempts,
    createdAt: now,
  };
}

/** The target with one webhook (or none) and a sender that records and answers `status`. */
function target(found: DeliverableWebhook | undefined, status = 200) {
  const sent: WebhookRequest[] = [];
  const kind = createWebhookTarget({
    webhooks: {
      forDelivery: async () => found,
      retrySettings: async () => found,
    },
    send: async (request) => {
      sent.push(request);
      return status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` };
    },
    now: () => now,
  });
  return { kind, sent };
}

describe('the webhook target kind', () => {
  it('fills the template of each event with its resource, time and users', async () => {
    const { kind, sent } = target(webhook());
    await kind.deliver(job(events.started));
    await kind.deliver(job(events.ended));
    await kind.deliver(job(events.takenOver));
    expect(sent.map((request) => request.body)).toEqual([
      'on 7 ada',
      'off 7 2026-11-25T09:30:00.000Z',
      'swap bob ada',
    ]);
    expect(sent[0]).toMatchObject({ deliveryId: '41', timestamp: now.getTime(), secret: 'whsec_0123' });
  });

  it('renders the default templates as JSON', async () => {
    const { kind, sent } = target(
      webhook({
        inUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.inUse,
        takeoverTemplate: DEFAULT_WEBHOOK_TEMPLATES.takeover,
      }),
    );
    await kind.deliver(job(events.started));
    await kind.deliver(job(events.takenOver));
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      status: 'in_use',
      resourceId: 7,
      resourceName: 'Laser',
      timestamp: '2026-11-25T09:00:00.000Z',
      user: { id: 3, username: 'ada', externalIdentifier: 'ext-3' },
    });
    expect(JSON.parse(sent[1]?.body ?? '')).toMatchObject({
      status: 'taken_over',
      user: { id: 4, username: 'bob', externalIdentifier: '' },
      previousUser: { id: 3, username: 'ada' },
    });
  });

  it('finishes without sending for a deleted or inactive webhook', async () => {
    for (const found of [undefined, webhook({ active: false })]) {
      const { kind, sent } = target(found);
      await expect(kind.deliver(job(events.started))).resolves.toBeUndefined();
      expect(sent).toEqual([]);
    }
  });

  it('fails an attempt the receiver refused, with its status', async () => {
    const { kind } = target(webhook(), 500);
    await expect(kind.deliver(job(events.started))).rejects.toThrow('HTTP 500');
  });

  it('never sends more attempts than the webhook allows, even when a crash cost one', async () => {
    const once = target(webhook());
    await expect(once.kind.deliver(job(events.started, 2))).rejects.toThrow(/No attempt left/);
    expect(once.sent).toEqual([]);
    const retried = target(webhook({ retryEnabled: true, maxRetries: 2 }));
    await retried.kind.deliver(job(events.started, 3));
    await expect(retried.kind.deliver(job(events.started, 4))).rejects.toThrow(/No attempt left/);
    expect(retried.sent).toHaveLength(1);
  });

  it('retries by the webhook settings: retryDelay apart, 1 + maxRetries attempts, or one without retries', async () => {
    const policyOf = (found: DeliverableWebhook | undefined, attempts: number) =>
      target(found).kind.retryPolicy(job(events.started, attempts));
    const retrying = webhook({ retryEnabled: true, maxRetries: 3, retryDelay: 700 });
    expect(nextAttemptAt(await policyOf(retrying, 1), job(events.started, 1), now)?.getTime()).toBe(
      now.getTime() + 700,
    );
    expect(nextAttemptAt(await policyOf(retrying, 3), job(events.started, 3), now)?.getTime()).toBe(
      now.getTime() + 700,
    );
    expect(nextAttemptAt(await policyOf(retrying, 4), job(events.started, 4), now)).toBeNull();
    expect(nextAttemptAt(await policyOf(webhook(), 1), job(events.started, 1), now)).toBeNull();
    expect(nextAttemptAt(await policyOf(undefined, 1), job(events.started, 1), now)).toBeNull();
  });

  it('refuses a job whose event is not a usage event of this version', async () => {
    const { kind, sent } = target(webhook());
    await expect(kind.deliver({ ...job(events.started), event: null })).rejects.toThrow(/usage event/);
    await expect(
      kind.deliver(job({ type: 'resource.updated', data: { resourceId: 7, resourceName: 'Laser' } })),
    ).rejects.toThrow(/usage event/);
    expect(sent).toEqual([]);
  });
});

describe('signWebhook', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the whole secret', () => {
    // Computed independently: printf '1764064800000.{"a":1}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signWebhook('whsec_test', 1764064800000, '{"a":1}')).toBe(
      '476e3b93ff88ad3ef534beeac3bcd36f1b8123db861c554b2047d0094d544f57',
    );
  });
});
