import { DOMAIN_EVENT_VERSION, type NewDomainEvent } from '@toolpass/contracts';
import { createMqttConnectionPool } from '../adapters/mqtt/mqtt-connection-pool.ts';
import { createMqttTarget } from '../adapters/mqtt/mqtt-target.ts';
import { createResourceEventHub, type ResourceEventHub } from '../adapters/sse/resource-event-hub.ts';
import { createWebhookSender } from '../adapters/webhooks/webhook-request.ts';
import { createWebhookTarget } from '../adapters/webhooks/webhook-target.ts';
import { createMqttRepository } from '../domains/mqtt/mqtt.repository.ts';
import { createMqttDeliveryLookup } from '../domains/mqtt/mqtt-delivery-lookup.ts';
import { createPluginEventTarget } from '../domains/plugins/plugin-event-target.ts';
import { createPluginFolders } from '../domains/plugins/plugin-folders.ts';
import { createPluginsRepository } from '../domains/plugins/plugins.repository.ts';
import { createPluginsService } from '../domains/plugins/plugins.service.ts';
import { createWebhooksRepository } from '../domains/webhooks/webhooks.repository.ts';
import { createWebhooksService, type ResourceLookup } from '../domains/webhooks/webhooks.service.ts';
import type { AuditLog } from '../platform/audit/audit-log.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { EventConsumer } from '../platform/events/event-fanout.ts';
import { createEventPipeline } from '../platform/events/event-pipeline.ts';
import { createDeliverySubscriptions } from '../platform/events/subscriptions.ts';
import type { DeliveryTargetKind } from '../platform/jobs/delivery-target.ts';
import { createJobStore } from '../platform/jobs/job-store.ts';
import { createProbeTargets } from '../platform/jobs/probe-target.ts';
import { createTimedActions } from '../platform/jobs/timed-actions.ts';
import { createMailQueue } from '../platform/mail/mail-queue.ts';
import { createMailTarget } from '../platform/mail/mail-target.ts';
import { createMailTransport } from '../platform/mail/mail-transport.ts';
import type { OutboundPolicy } from '../platform/net/outbound-policy.ts';
import type { AppDeps } from './app-deps.ts';
import { APP_VERSION } from './app-version.ts';

/**
 * The event pipeline (architecture §Events, decision 18) with its durable target kinds (mail,
 * MQTT, webhooks, plugins, and the probes of tests and benches) and its live consumer (the SSE
 * hub), and the services that own targets: webhooks and plugins here; the MQTT service reads resources, so
 * `createServices` makes it from the parts answered here.
 */
export function createDeliveries(
  deps: AppDeps,
  shared: {
    clock: Clock;
    audit: AuditLog;
    secretBox(purpose: string): SecretBox;
    outbound: OutboundPolicy;
    /** The resources repository: the resources service is made after the pipeline it writes through. */
    resources: ResourceLookup;
    liveSessions: Parameters<typeof createResourceEventHub>[0]['liveSessions'];
  },
) {
  const { db, dialect } = deps.database;
  const { clock, outbound } = shared;
  const now = () => clock.now();
  const jobStore = createJobStore({ dialect });
  const subscriptions = createDeliverySubscriptions();
  const mailTransport =
    deps.mailTransport ??
    createMailTransport({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, logger: deps.logger });

  // Every outbound connection of an integration passes ALLOWED_INTEGRATION_HOSTS (decision 17).
  const sendWebhookRequest = createWebhookSender(outbound);
  const webhooks = createWebhooksService({
    db,
    repo: createWebhooksRepository(),
    resources: shared.resources,
    secrets: shared.secretBox('webhook-secret'),
    jobStore,
    subscriptions,
    send: sendWebhookRequest,
    clock,
    outbound,
    audit: shared.audit,
  });
  // MQTT (decision 10): one long-lived client per server.
  const mqttRepo = createMqttRepository({ db });
  const mqttPasswords = shared.secretBox('mqtt-password');
  const mqttLookup = createMqttDeliveryLookup({ db, repo: mqttRepo, passwords: mqttPasswords });
  const mqttConnections = createMqttConnectionPool({ logger: deps.logger, outbound });

  // Plugins (decision 20): their event subscriptions are a kind of durable target.
  const plugins = createPluginsService({
    db,
    repo: createPluginsRepository(),
    folders: createPluginFolders(deps.config.dataDir),
    subscriptions,
    clock,
    logger: deps.logger,
    appVersion: APP_VERSION,
    enabled: deps.config.plugins,
    ...(deps.pluginPollMs ? { pollMs: deps.pluginPollMs } : {}),
  });

  // Automatic session ends, their warnings and introduction reminders (decision 21).
  const timedActions = createTimedActions();
  const kinds: DeliveryTargetKind[] = [
    createMailTarget({ transport: mailTransport }),
    timedActions.kind,
    createMqttTarget({
      mqtt: mqttLookup,
      connections: mqttConnections,
      maxAgeMs: deps.config.mqttMaxMessageAgeHours * 3_600_000,
      now,
      logger: deps.logger,
    }),
    createWebhookTarget({ webhooks, send: sendWebhookRequest, now }),
    createPluginEventTarget({ handlers: plugins.eventHandlers, isInstalled: plugins.isInstalled }),
  ];
  if (deps.eventConsumers?.length) kinds.push(createProbeTargets(deps.eventConsumers));

  const resourceEventHub: ResourceEventHub = createResourceEventHub({
    logger: deps.logger,
    liveSessions: shared.liveSessions,
  });
  // Consumers made after the pipeline (the readers' warnings) join this list.
  const live = [resourceEventHub.consumer];
  const pipeline = createEventPipeline<NewDomainEvent>({
    database: deps.database,
    logger: deps.logger,
    now,
    version: DOMAIN_EVENT_VERSION,
    store: jobStore,
    subscriptions,
    kinds,
    live,
    ...(deps.jobLeaseMs ? { jobLeaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { jobPollMs: deps.jobPollMs } : {}),
  });

  return {
    pipeline,
    subscriptions,
    mailTransport,
    mailQueue: createMailQueue({ pipeline }),
    timedActions,
    webhooks,
    plugins,
    mqttRepo,
    mqttPasswords,
    mqttLookup,
    mqttConnections,
    resourceEventHub,
    /** Adds a live consumer; the pipeline hands it every event committed from then on. */
    addLiveConsumer: (consumer: EventConsumer) => live.push(consumer),
  };
}
