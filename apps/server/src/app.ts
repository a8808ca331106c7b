import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import { DOMAIN_EVENT_VERSION, type NewDomainEvent, READER_DISPLAY_TEXTS } from '@toolpass/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMqttConnectionPool } from './adapters/mqtt/mqtt-connection-pool.ts';
import { testPublication } from './adapters/mqtt/mqtt-messages.ts';
import { createMqttTarget } from './adapters/mqtt/mqtt-target.ts';
import { deriveCardRoot } from './adapters/readers/ntag424/card-keys.ts';
import { createReaderConnections, type ReaderTimings } from './adapters/readers/reader-connections.ts';
import { type ReaderSocketTimings, readerSocketRoutes } from './adapters/readers/reader-socket.routes.ts';
import { readerWebSocketOptions } from './adapters/readers/reader-socket-options.ts';
import { createServerCardOperations } from './adapters/readers/server-card-operations.ts';
import { createResourceEventHub } from './adapters/sse/resource-event-hub.ts';
import { resourceEventsRoutes } from './adapters/sse/resource-events.routes.ts';
import { createWebhookSender } from './adapters/webhooks/webhook-request.ts';
import { createWebhookTarget } from './adapters/webhooks/webhook-target.ts';
import type { Config } from './config/config.ts';
import { createAnalyticsRepository } from './domains/analytics/analytics.repository.ts';
import { analyticsRoutes } from './domains/analytics/analytics.routes.ts';
import { createAnalyticsService } from './domains/analytics/analytics.service.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { createAuthService } from './domains/auth/auth.service.ts';
import { createAuthSessionsRepository } from './domains/auth/auth-sessions.repository.ts';
import { createAuthSessionsService } from './domains/auth/auth-sessions.service.ts';
import { createEmailTemplatesRepository } from './domains/email-templates/email-templates.repository.ts';
import { emailTemplatesRoutes } from './domains/email-templates/email-templates.routes.ts';
import { createEmailTemplatesService } from './domains/email-templates/email-templates.service.ts';
import { healthRoutes } from './domains/health/health.routes.ts';
import { introducersRoutes } from './domains/introductions/introducers.routes.ts';
import {
  createIntroductionsRepository,
  usableByCondition,
} from './domains/introductions/introductions.repository.ts';
import { introductionsRoutes } from './domains/introductions/introductions.routes.ts';
import { createIntroductionsService } from './domains/introductions/introductions.service.ts';
import { createMqttRepository } from './domains/mqtt/mqtt.repository.ts';
import { createMqttService, MQTT_TARGET_KIND } from './domains/mqtt/mqtt.service.ts';
import { mqttConfigurationsRoutes } from './domains/mqtt/mqtt-configurations.routes.ts';
import { createMqttDeliveryLookup } from './domains/mqtt/mqtt-delivery-lookup.ts';
import { mqttServersRoutes } from './domains/mqtt/mqtt-servers.routes.ts';
import { firmwareRoutes } from './domains/readers/firmware.routes.ts';
import { createFirmwareFolder } from './domains/readers/firmware-folder.ts';
import { createNfcCardsRepository } from './domains/readers/nfc-cards.repository.ts';
import { createNfcCardsService } from './domains/readers/nfc-cards.service.ts';
import { createReaderTapsService } from './domains/readers/reader-taps.service.ts';
import { createReadersRepository } from './domains/readers/readers.repository.ts';
import { readersRoutes } from './domains/readers/readers.routes.ts';
import { createReadersService } from './domains/readers/readers.service.ts';
import { createResourceGroupsRepository } from './domains/resources/resource-groups.repository.ts';
import { resourceGroupsRoutes } from './domains/resources/resource-groups.routes.ts';
import { createResourceGroupsService } from './domains/resources/resource-groups.service.ts';
import { createResourceImageStore } from './domains/resources/resource-image-store.ts';
import { createResourceListingService } from './domains/resources/resource-listing.service.ts';
import { createResourcesRepository } from './domains/resources/resources.repository.ts';
import { resourcesRoutes } from './domains/resources/resources.routes.ts';
import { createResourcesService } from './domains/resources/resources.service.ts';
import { createOidcRelyingParty } from './domains/sso/oidc-relying-party.ts';
import { createSsoRepository } from './domains/sso/sso.repository.ts';
import { ssoRoutes } from './domains/sso/sso.routes.ts';
import { createSsoService } from './domains/sso/sso.service.ts';
import { createSsoTransactionCookie } from './domains/sso/sso-transaction-cookie.ts';
import { createUsageRepository, inUseByCondition } from './domains/usage/usage.repository.ts';
import { usageRoutes } from './domains/usage/usage.routes.ts';
import { createUsageService } from './domains/usage/usage.service.ts';
import { createUserSearchRepository } from './domains/users/user-search.repository.ts';
import { userSearchRoutes } from './domains/users/user-search.routes.ts';
import { createUserSearchService } from './domains/users/user-search.service.ts';
import { createUsersModule } from './domains/users/users.module.ts';
import { usersRoutes } from './domains/users/users.routes.ts';
import { createWebhooksRepository } from './domains/webhooks/webhooks.repository.ts';
import { webhooksRoutes } from './domains/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './domains/webhooks/webhooks.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { ScryptParams } from './platform/crypto/password.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { resolveSecretKey } from './platform/crypto/secret-key.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { createReadCache } from './platform/db/read-cache.ts';
import { createEventFanout } from './platform/events/event-fanout.ts';
import { createEventTransactions } from './platform/events/event-transactions.ts';
import { createOutbox } from './platform/events/outbox.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { createAttemptLimiter } from './platform/http/attempt-limiter.ts';
import { registerAuthentication } from './platform/http/auth-guard.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { rememberFrozenPayloads } from './platform/http/frozen-payload-serializer.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './platform/http/rate-limits.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { readDeliveryLog } from './platform/jobs/delivery-log.ts';
import type { DeliveryTargetKind } from './platform/jobs/delivery-target.ts';
import { createEventJobs } from './platform/jobs/event-jobs.ts';
import { createJobRunner } from './platform/jobs/job-runner.ts';
import { createJobStore } from './platform/jobs/job-store.ts';
import { createProbeTargets, type EventProbe } from './platform/jobs/probe-target.ts';
import type { Logger } from './platform/logging/logger.ts';
import { createMailQueue } from './platform/mail/mail-queue.ts';
import { createMailTarget } from './platform/mail/mail-target.ts';
import { createMailTransport, type MailTransport } from './platform/mail/mail-transport.ts';
import { createGuardedFetch } from './platform/net/guarded-fetch.ts';
import { createOutboundPolicy, type Resolve } from './platform/net/outbound-policy.ts';

export const APP_VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Answers each read cache keeps at most (sessions; overview pages; active sessions and history pages). */
const READ_CACHE_ENTRIES = 2_000;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  /** Replaces the SMTP/log transport, e.g. to count sends in a test of the queue. */
  mailTransport?: MailTransport;
  rateLimits?: RateLimits;
  scrypt?: ScryptParams;
  webDistDir?: string;
  /** Durable consumers of every domain event by name, e.g. a recorder in a test or the benchmark. */
  eventConsumers?: EventProbe[];
  /** How long a claimed delivery job is owned before another claimer may take it (default 60 s). */
  jobLeaseMs?: number;
  /** How often idle job runners look for due jobs (default 1 s). */
  jobPollMs?: number;
  /** The reader protocol's timeouts (the readers design), shortened by tests. */
  readerTimings?: Partial<ReaderTimings & ReaderSocketTimings & { cardWaitTimeoutMs: number }>;
  /** How integrations' host names resolve (tests: names that move); the system's resolver if unset. */
  resolveHost?: Resolve;
};

/** Events older than this are forgotten once no delivery job refers to them. */
const KEEP_EVENTS_MS = 7 * 24 * 60 * 60 * 1000;

/** The resource whose order an event keeps at each target: the one it names, if it names one. */
function orderedBy(event: { data: unknown }): number | null {
  const data = event.data as { resourceId?: unknown } | null;
  return typeof data?.resourceId === 'number' ? data.resourceId : null;
}

/** The services, wired once; only this file knows how the domains depend on each other. */
export function createServices(deps: AppDeps) {
  const { db, dialect } = deps.database;
  const clock = deps.clock ?? systemClock;
  // main.ts resolves the key before it builds the app; an app built elsewhere (a script) gets the
  // same generated key file, so what one stores the other can read.
  const secretKey = deps.config.secretKey ?? resolveSecretKey(undefined, deps.config.dataDir);
  /** A box per kind of stored secret (MQTT password, webhook secret...): keys never shared. */
  const secretBox = (purpose: string) => createSecretBox(secretKey, purpose);
  // Durable deliveries (mail, and every consumer of events that must see each one) are jobs:
  // one table, one runner, a retry policy per kind of target (architecture §Events, decision 8).
  const jobStore = createJobStore({ dialect });
  const mailTransport =
    deps.mailTransport ??
    createMailTransport({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, logger: deps.logger });
  // Webhooks are a target kind, which the event transactions need before the resources service
  // exists; they read resources through the repository (one look-up by id).
  const resourcesRepo = createResourcesRepository({
    db,
    conditions: { usableBy: usableByCondition, inUseBy: inUseByCondition },
  });
  // Every outbound connection of an integration passes ALLOWED_INTEGRATION_HOSTS (decision 17).
  const outbound = createOutboundPolicy({
    allowed: deps.config.allowedIntegrationHosts,
    ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
  });
  const sendWebhookRequest = createWebhookSender(outbound);
  const webhooks = createWebhooksService({
    db,
    repo: createWebhooksRepository(),
    resources: resourcesRepo,
    secrets: secretBox('webhook-secret'),
    jobStore,
    send: sendWebhookRequest,
    clock,
    outbound,
  });
  // MQTT (decision 10): one long-lived client per server. A client that (re)connects makes the
  // jobs waiting for its configurations due at once, instead of after the rest of their backoff.
  const mqttRepo = createMqttRepository({ db });
  const mqttPasswords = secretBox('mqtt-password');
  const mqttLookup = createMqttDeliveryLookup({ db, repo: mqttRepo, passwords: mqttPasswords });
  const mqttConnections = createMqttConnectionPool({
    logger: deps.logger,
    outbound,
    onConnected: (serverId) => {
      void (async () => {
        const ids = await mqttLookup.configurationIdsOfServer(serverId);
        await jobStore.expedite(db, MQTT_TARGET_KIND, ids.map(String), clock.now());
        jobRunner.wake();
      })().catch((error: unknown) =>
        deps.logger.warn(
          { err: error, serverId },
          'Waking the MQTT deliveries of a reconnected server failed',
        ),
      );
    },
  });
  const targetKinds: DeliveryTargetKind[] = [
    createMailTarget({ transport: mailTransport }),
    createMqttTarget({
      mqtt: mqttLookup,
      connections: mqttConnections,
      maxAgeMs: deps.config.mqttMaxMessageAgeHours * 3_600_000,
      now: () => clock.now(),
      logger: deps.logger,
    }),
    createWebhookTarget({ webhooks, send: sendWebhookRequest, now: () => clock.now() }),
  ];
  if (deps.eventConsumers?.length) targetKinds.push(createProbeTargets(deps.eventConsumers));
  const jobRunner = createJobRunner({
    db,
    store: jobStore,
    kinds: targetKinds,
    logger: deps.logger,
    now: () => clock.now(),
    ...(deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { pollMs: deps.jobPollMs } : {}),
  });
  const mailQueue = createMailQueue({ store: jobStore, now: () => clock.now() });
  const emailTemplates = createEmailTemplatesService({
    db,
    repo: createEmailTemplatesRepository(),
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const sessions = createAuthSessionsService({ db, repo: createAuthSessionsRepository(), clock });
  const users = createUsersModule({
    db,
    dialect,
    clock,
    mailQueue,
    emailTemplates,
    authSessions: sessions,
    authSessionReads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
    onMailQueued: () => jobRunner.wake(),
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    ...(deps.scrypt ? { scrypt: deps.scrypt } : {}),
  });
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const limiter = (limit: { max: number; timeWindowMs: number }) =>
    createAttemptLimiter({ max: limit.max, windowMs: limit.timeWindowMs, now: () => clock.now().getTime() });
  const auth = createAuthService({
    users: users.accounts,
    verification: users.registration,
    sessions,
    limits: {
      perAccount: limiter(rateLimits.signIn),
      perClient: limiter(rateLimits.signInPerClient),
      verificationResends: limiter(rateLimits.costlyPerAccount),
    },
  });

  const providerFetch = createGuardedFetch(outbound);
  const sso = createSsoService({
    db,
    repo: createSsoRepository(),
    clock,
    secrets: secretBox('sso-client-secret'),
    relyingParty: createOidcRelyingParty({
      logger: deps.logger,
      now: () => clock.now().getTime(),
      fetch: providerFetch,
    }),
    outbound,
    providerFetch,
    users: users.accounts,
    auth,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const ssoTransactions = createSsoTransactionCookie({
    secretKey,
    secure: deps.config.publicUrl.startsWith('https://'),
    now: () => clock.now().getTime(),
  });

  // Resources, groups, introductions and usage: every change others react to is an outbox event.
  // The SSE hub is a live consumer, handed each event after its commit on every instance; the
  // consumers that must see every event (the test probes; later MQTT, webhooks, plugins) get a
  // delivery job per event and target, written in the same transaction.
  const outbox = createOutbox<NewDomainEvent>({ now: () => clock.now(), version: DOMAIN_EVENT_VERSION });
  const eventJobs = createEventJobs({
    store: jobStore,
    kinds: targetKinds,
    now: () => clock.now(),
    orderedBy,
  });
  const resourceEventHub = createResourceEventHub({
    logger: deps.logger,
    liveSessions: (tokenHashes) => sessions.liveSessions(tokenHashes),
  });
  const eventFanout = createEventFanout({
    database: deps.database,
    logger: deps.logger,
    consumers: [resourceEventHub.consumer],
    find: (eventIds) => outbox.find(db, eventIds),
  });
  const events = createEventTransactions({
    db,
    outbox,
    beforeCommit: async (tx, written) => {
      await eventJobs.enqueue(tx, written);
      await eventFanout.announce(tx, written);
    },
    onCommitted: (written) => {
      eventFanout.publish(written);
      if (eventJobs.wroteJobsFor(written)) jobRunner.wake();
    },
  });

  // NFC readers: the sockets of this instance (pending and authenticated), and the readers and
  // cards (the readers design, decision 15).
  const readerConnections = createReaderConnections({
    ...(deps.readerTimings ? { timings: deps.readerTimings } : {}),
    onListenerError: (error) => deps.logger.error({ err: error }, 'A card tap listener failed'),
  });
  const readers = createReadersService({
    db,
    repo: createReadersRepository(),
    keys: secretBox('reader-key'),
    clock,
    links: readerConnections,
    limits: {
      pairingFailures: limiter(rateLimits.readerPairingFailures),
      authFailures: limiter(rateLimits.readerAuthFailures),
      hellos: limiter(rateLimits.readerHellos),
    },
    ...(deps.readerTimings?.silenceTimeoutMs
      ? { silenceTimeoutMs: deps.readerTimings.silenceTimeoutMs }
      : {}),
  });
  const nfcCardsRepo = createNfcCardsRepository();
  const nfcCards = createNfcCardsService({ db, repo: nfcCardsRepo });
  const firmware = createFirmwareFolder({
    dataDir: deps.config.dataDir,
    onSkipped: (file, reason) => deps.logger.warn({ file, reason }, 'A reader firmware file is not offered'),
  });

  const resourceImages = createResourceImageStore({ dataDir: deps.config.dataDir });
  const resources = createResourcesService({
    db,
    repo: resourcesRepo,
    images: resourceImages,
    clock,
    events,
  });
  const resourceGroups = createResourceGroupsService({
    db,
    repo: createResourceGroupsRepository(),
    resources: resourcesRepo,
    clock,
    events,
  });
  const introductions = createIntroductionsService({
    db,
    repo: createIntroductionsRepository({ db }),
    resources,
    groups: resourceGroups,
    users: users.accounts,
    clock,
    events,
  });
  const usage = createUsageService({
    db,
    repo: createUsageRepository({ db }),
    resources,
    access: introductions,
    clock,
    events,
    reads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
  });
  // Taps go through the usage service, as the browser's starts and ends do (the readers design).
  const readerTaps = createReaderTapsService({
    db,
    cards: nfcCardsRepo,
    users: { findById: (id) => users.accounts.findById(id) },
    readers,
    usage,
    links: readerConnections,
    operations: createServerCardOperations(deriveCardRoot(secretKey)),
    clock,
    onError: (error) => deps.logger.error({ err: error }, 'A card tap failed'),
    texts: READER_DISPLAY_TEXTS[deps.config.defaultLanguage],
    ...(deps.readerTimings?.cardWaitTimeoutMs
      ? { cardWaitTimeoutMs: deps.readerTimings.cardWaitTimeoutMs }
      : {}),
  });
  const mqtt = createMqttService({
    db,
    repo: mqttRepo,
    resources,
    connections: mqttConnections,
    passwords: mqttPasswords,
    lookup: mqttLookup,
    clock,
    testMessageOf: testPublication,
    outbound,
    deliveryLog: (configurationId) =>
      readDeliveryLog(db, jobStore, { kind: MQTT_TARGET_KIND, id: String(configurationId) }),
  });
  const analytics = createAnalyticsService({ db, repo: createAnalyticsRepository({ dialect }), clock });
  const userSearch = createUserSearchService({ db, repo: createUserSearchRepository() });
  const resourceListing = createResourceListingService({
    resources,
    reads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
  });

  return {
    clock,
    secretBox,
    /** The gate of integrations' outbound connections (decision 17), for any route that fetches. */
    outbound,
    mailTransport,
    jobStore,
    jobRunner,
    emailTemplates,
    sessions,
    users,
    userSearch,
    auth,
    sso,
    ssoTransactions,
    outbox,
    eventFanout,
    resourceEventHub,
    resourceImages,
    resources,
    resourceGroups,
    resourceListing,
    introductions,
    usage,
    analytics,
    webhooks,
    mqtt,
    mqttConnections,
    readerConnections,
    readers,
    nfcCards,
    readerTaps,
    firmware,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * TRUST_PROXY for Fastify. Proxy addresses are checked against each hop. Fastify refuses a bare
 * hop count (it cannot tell a proxy from a client that wrote the header itself), so a count is
 * a function that trusts that many hops: safe only where clients cannot reach the server but
 * through the proxy, which the README says.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp(deps: AppDeps) {
  const services = createServices(deps);
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // One line per request is noise on a small server; debug and trace turn it back on.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // The request id is echoed in error bodies so a report can be matched to the log.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(rememberFrozenPayloads(serializerCompiler));
  registerErrorHandling(app);

  registerSecurityHeaders(app, { publicUrl: deps.config.publicUrl });
  await app.register(websocket, readerWebSocketOptions);
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: deps.config.publicUrl });
  registerAuthentication(app, (token) => services.auth.resolveUser(token));

  await app.register(healthRoutes({ database: deps.database, version: APP_VERSION }));
  await app.register(authRoutes({ auth: services.auth }));
  await app.register(ssoRoutes({ sso: services.sso, cookie: services.ssoTransactions }));
  await app.register(
    usersRoutes({ users: services.users, rateLimits, now: () => services.clock.now().getTime() }),
  );
  await app.register(userSearchRoutes({ userSearch: services.userSearch }));
  await app.register(
    resourcesRoutes({
      resources: services.resources,
      listing: services.resourceListing,
      images: services.resourceImages,
    }),
  );
  await app.register(resourceGroupsRoutes({ groups: services.resourceGroups }));
  await app.register(usageRoutes({ usage: services.usage }));
  await app.register(analyticsRoutes({ analytics: services.analytics }));
  await app.register(introducersRoutes({ introductions: services.introductions }));
  await app.register(introductionsRoutes({ introductions: services.introductions }));
  await app.register(webhooksRoutes({ webhooks: services.webhooks }));
  await app.register(emailTemplatesRoutes({ emailTemplates: services.emailTemplates }));
  await app.register(mqttServersRoutes({ mqtt: services.mqtt }));
  await app.register(mqttConfigurationsRoutes({ mqtt: services.mqtt }));
  await app.register(
    resourceEventsRoutes({
      hub: services.resourceEventHub,
      ensureResourceExists: (id) => services.resources.ensureExists(id),
    }),
  );

  await app.register(
    readersRoutes({ readers: services.readers, cards: services.nfcCards, taps: services.readerTaps }),
  );
  await app.register(firmwareRoutes({ firmware: services.firmware }));
  services.readerTaps.listen();
  await app.register(
    readerSocketRoutes({
      readers: services.readers,
      connections: services.readerConnections,
      logger: deps.logger as FastifyBaseLogger,
      ...(deps.readerTimings ? { timings: deps.readerTimings } : {}),
    }),
  );

  await registerWebApp(app, deps.webDistDir ?? DEFAULT_WEB_DIST);

  await services.emailTemplates.ensureDefaults();
  let housekeeping: ReturnType<typeof startHousekeeping> | undefined;
  app.addHook('onReady', async () => {
    await services.eventFanout.start();
    services.jobRunner.start();
    housekeeping = startHousekeeping(
      {
        expiredSessions: () => services.sessions.deleteExpired(),
        spentTokens: () => services.users.deleteSpentTokens(),
        finishedJobs: () => {
          const now = services.clock.now();
          return services.jobStore.prune(deps.database.db, now, new Date(now.getTime() - KEEP_EVENTS_MS));
        },
      },
      deps.logger,
    );
  });
  app.addHook('onClose', async () => {
    await housekeeping?.stop();
    // Reset mails prepared after their answer are written before the runner stops.
    await services.users.settle();
    await services.emailTemplates.close();
    await services.jobRunner.stop();
    // After the runner: deliveries under way got their grace period to finish publishing.
    await services.mqttConnections.close();
    await services.eventFanout.stop();
    services.mailTransport.close();
  });
  return { app, services };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
