import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookBody,
  type DeliveryLogEntry,
  renderTemplate,
  sampleTemplateValues,
  type UpdateWebhookBody,
  type Webhook,
  WebhookMessages,
  type WebhookTestResult,
  type WebhookWithSecret,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import { isForeignKeyViolation } from '../../platform/db/db-errors.ts';
import type { SubscriptionUpkeep } from '../../platform/events/subscriptions.ts';
import { notFound } from '../../platform/http/errors.ts';
import { readDeliveryLog } from '../../platform/jobs/delivery-log.ts';
import type { JobStore } from '../../platform/jobs/job-store.ts';
import { refuseUnlessAllowed } from '../../platform/net/host-check.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import { isOtherOrigin, mergeHeaders, openHeaders, sealHeaders, shownHeaders } from './webhook-headers.ts';
import type { WebhookSender } from './webhook-sender.ts';
import { webhookSubscriptions, webhookTarget } from './webhook-subscriptions.ts';
import type { StoredWebhook, WebhooksRepository } from './webhooks.repository.ts';

/**
 * What the webhooks need of resources. The resources repository is it: the resources service is
 * built after the event pipeline, whose delivery target kinds include the webhooks.
 */
export type ResourceLookup = {
  findById(db: Db, id: number): Promise<{ id: number; name: string } | undefined>;
};

export const webhookNotFound = () => notFound(WebhookMessages.notFound);

/** `whsec_` and 48 lowercase hex characters: 192 random bits. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** The webhook as answers show it: every setting, never the secret nor a credential header's value. */
function present(webhook: StoredWebhook): Webhook {
  const { secretSealed: _sealed, headers, ...shown } = webhook;
  return { ...shown, ...shownHeaders(headers) };
}

/** A webhook as the audit log compares it: the secret and credential header values as "changed". */
function audited(webhook: StoredWebhook) {
  const { id: _id, ...shown } = present(webhook);
  return { ...shown, secret: webhook.secretSealed, credentialHeaderValues: webhook.headers };
}
const AUDIT_SECRETS = { secret: ['secret', 'credentialHeaderValues'] };
const auditTarget = (webhook: StoredWebhook) => ({
  type: 'webhook' as const,
  id: webhook.id,
  name: webhook.name,
});

/** A webhook ready to sign with: its settings and its secret in clear. */
export type DeliverableWebhook = Omit<Webhook, 'credentialHeaders'> & { secret: string };

/** Why a delivery or test cannot sign: the secret was sealed under another SECRET_KEY. */
const UNREADABLE_SECRET =
  'The webhook secret cannot be read (SECRET_KEY changed since it was made); regenerate the secret';

/**
 * Webhooks per resource (spec 02 §3, §7) and their tests. Which of them want a usage event is
 * kept in their subscriptions, written with every change of a webhook (decision 18).
 */
export function createWebhooksService(deps: {
  db: Db;
  repo: WebhooksRepository;
  resources: ResourceLookup;
  secrets: SecretBox;
  jobStore: JobStore;
  /** Who receives usage events: each webhook keeps its own rows, in its writes' transactions. */
  subscriptions: SubscriptionUpkeep;
  send: WebhookSender;
  clock: Clock;
  outbound: OutboundPolicy;
  audit: AuditLog;
}) {
  const checkAddress = (url: string) => refuseUnlessAllowed(deps.outbound.checkUrl(url), 'url');

  async function requireResource(db: Db, resourceId: number) {
    const resource = await deps.resources.findById(db, resourceId);
    if (!resource) throw webhookNotFound();
    return resource;
  }

  async function requireWebhook(db: Db, resourceId: number, id: number): Promise<StoredWebhook> {
    const webhook = await deps.repo.find(db, id, resourceId);
    if (!webhook) throw webhookNotFound();
    return webhook;
  }

  /** Keeps the webhook's subscriptions in step with its settings, in the transaction that wrote them. */
  async function recordUpdate(tx: Db, before: StoredWebhook, after: StoredWebhook): Promise<void> {
    const changes = diffFields(audited(before), audited(after), AUDIT_SECRETS);
    if (Object.keys(changes).length > 0)
      await deps.audit.record(tx, { action: 'webhook.updated', target: auditTarget(after), changes });
  }

  async function subscribe(tx: Db, webhook: StoredWebhook): Promise<StoredWebhook> {
    await deps.subscriptions.replace(tx, webhookTarget(webhook.id), webhookSubscriptions(webhook));
    return webhook;
  }

  function open(webhook: StoredWebhook): DeliverableWebhook | undefined {
    try {
      const { secretSealed: _sealed, ...settings } = webhook;
      return {
        ...settings,
        headers: openHeaders(webhook.headers, deps.secrets),
        secret: deps.secrets.open(webhook.secretSealed),
      };
    } catch {
      return undefined;
    }
  }

  return {
    /** Every resource's webhooks, for the list of all integrations (issue 28). */
    listAll: () => deps.repo.listAllWithResource(deps.db),

    async list(resourceId: number): Promise<Webhook[]> {
      await requireResource(deps.db, resourceId);
      return (await deps.repo.listForResource(deps.db, resourceId)).map(present);
    },

    async get(resourceId: number, id: number): Promise<Webhook> {
      return present(await requireWebhook(deps.db, resourceId, id));
    },

    /** Makes the secret; the answer is the one time besides regenerate-secret that shows it. */
    async create(resourceId: number, body: CreateWebhookBody): Promise<WebhookWithSecret> {
      await checkAddress(body.url);
      const secret = newSecret();
      try {
        const webhook = await deps.db.transaction().execute(async (tx) => {
          await requireResource(tx, resourceId);
          const inserted = await deps.repo.insert(
            tx,
            {
              ...body,
              headers: sealHeaders(body.headers, deps.secrets),
              resourceId,
              secretSealed: deps.secrets.seal(secret),
            },
            deps.clock.now(),
          );
          await deps.audit.record(tx, {
            action: 'webhook.created',
            target: auditTarget(inserted),
            changes: diffFields({}, audited(inserted), AUDIT_SECRETS),
          });
          return subscribe(tx, inserted);
        });
        return { ...present(webhook), secret };
      } catch (error) {
        // The resource was deleted between the check and the insert (PostgreSQL, another request).
        if (isForeignKeyViolation(error)) throw webhookNotFound();
        throw error;
      }
    },

    /**
     * Credential headers stay with the origin they were given for: a new scheme, host or port
     * drops them unless this update gives them again (issue 26).
     */
    async update(resourceId: number, id: number, body: UpdateWebhookBody): Promise<Webhook> {
      if (body.url !== undefined) await checkAddress(body.url);
      const updated = await deps.db.transaction().execute(async (tx) => {
        const stored = await requireWebhook(tx, resourceId, id);
        const moved = body.url !== undefined && isOtherOrigin(stored.url, body.url);
        const headers =
          body.headers !== undefined || moved
            ? mergeHeaders(stored.headers, body.headers, { box: deps.secrets, moved })
            : undefined;
        const changes = { ...body, ...(headers ? { headers } : {}) };
        const written = await deps.repo.update(tx, resourceId, id, changes, deps.clock.now());
        if (written) await recordUpdate(tx, stored, written);
        return written && subscribe(tx, written);
      });
      if (!updated) throw webhookNotFound();
      return present(updated);
    },

    async setActive(resourceId: number, id: number, active: boolean): Promise<Webhook> {
      const updated = await deps.db.transaction().execute(async (tx) => {
        const stored = await deps.repo.find(tx, id, resourceId);
        const written = await deps.repo.update(tx, resourceId, id, { active }, deps.clock.now());
        if (stored && written) await recordUpdate(tx, stored, written);
        return written && subscribe(tx, written);
      });
      if (!updated) throw webhookNotFound();
      return present(updated);
    },

    /** Its pending deliveries find it gone and end without sending. */
    async delete(resourceId: number, id: number): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const stored = await requireWebhook(tx, resourceId, id);
        if (!(await deps.repo.delete(tx, resourceId, id))) throw webhookNotFound();
        await deps.audit.record(tx, {
          action: 'webhook.deleted',
          target: auditTarget(stored),
          changes: diffFields(audited(stored), {}, AUDIT_SECRETS),
        });
        await deps.subscriptions.replace(tx, webhookTarget(id), []);
      });
    },

    /** A new secret replaces the old at once: requests signed from now on verify only with it. */
    async regenerateSecret(resourceId: number, id: number): Promise<WebhookWithSecret> {
      const secret = newSecret();
      const updated = await deps.db.transaction().execute(async (tx) => {
        const stored = await deps.repo.find(tx, id, resourceId);
        const written = await deps.repo.update(
          tx,
          resourceId,
          id,
          { secretSealed: deps.secrets.seal(secret) },
          deps.clock.now(),
        );
        if (stored && written) await recordUpdate(tx, stored, written);
        return written;
      });
      if (!updated) throw webhookNotFound();
      return { ...present(updated), secret };
    },

    /**
     * Sends one signed request with the in-use template filled from sample values and waits for
     * it: the manager waits for the outcome, so it does not go through the delivery jobs. Inactive
     * webhooks are tested too, so one can be tried before it is switched on.
     */
    async test(resourceId: number, id: number): Promise<WebhookTestResult> {
      const resource = await requireResource(deps.db, resourceId);
      const webhook = open(await requireWebhook(deps.db, resourceId, id));
      if (!webhook) return { success: false, message: UNREADABLE_SECRET };
      const now = deps.clock.now();
      const answer = await deps.send({
        url: webhook.url,
        method: webhook.method,
        headers: webhook.headers,
        signatureHeader: webhook.signatureHeader,
        secret: webhook.secret,
        body: renderTemplate(webhook.inUseTemplate, sampleTemplateValues(resource, now)),
        deliveryId: `test-${randomUUID()}`,
        timestamp: now.getTime(),
      });
      return answer.ok
        ? { success: true, message: `Webhook answered HTTP ${answer.status}` }
        : { success: false, message: `Webhook test failed: ${answer.error}` };
    },

    /** The webhook's recent deliveries, newest first (the jobs of its target). */
    async deliveries(resourceId: number, id: number): Promise<DeliveryLogEntry[]> {
      await requireWebhook(deps.db, resourceId, id);
      return readDeliveryLog(deps.db, deps.jobStore, webhookTarget(id));
    },

    /**
     * A webhook to deliver to, with its secret; undefined when it was deleted. Throws when the
     * secret cannot be read, which fails the attempt with that reason.
     */
    async forDelivery(id: number): Promise<DeliverableWebhook | undefined> {
      const stored = await deps.repo.find(deps.db, id);
      if (!stored) return undefined;
      const webhook = open(stored);
      if (!webhook) throw new Error(UNREADABLE_SECRET);
      return webhook;
    },

    /** The retry settings of a webhook, for the retry policy of its jobs; undefined when it is gone. */
    async retrySettings(
      id: number,
    ): Promise<Pick<Webhook, 'retryEnabled' | 'maxRetries' | 'retryDelay'> | undefined> {
      const stored = await deps.repo.find(deps.db, id);
      return (
        stored && {
          retryEnabled: stored.retryEnabled,
          maxRetries: stored.maxRetries,
          retryDelay: stored.retryDelay,
        }
      );
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
