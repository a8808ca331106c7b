import { READER_DISPLAY_TEXTS } from '@toolpass/contracts';
import { testPublication } from '../adapters/mqtt/mqtt-messages.ts';
import { deriveCardRoot } from '../adapters/readers/ntag424/card-keys.ts';
import { createReaderCommandRelay, readerCommandHandler } from '../adapters/readers/reader-command-relay.ts';
import { createReaderConnections } from '../adapters/readers/reader-connections.ts';
import { createServerCardOperations } from '../adapters/readers/server-card-operations.ts';
import { createAnalyticsRepository } from '../domains/analytics/analytics.repository.ts';
import { createAnalyticsService } from '../domains/analytics/analytics.service.ts';
import { createAuditRepository } from '../domains/audit/audit.repository.ts';
import { createAuditService } from '../domains/audit/audit.service.ts';
import { createAuthService } from '../domains/auth/auth.service.ts';
import { createAuthSessionsRepository } from '../domains/auth/auth-sessions.repository.ts';
import { createAuthSessionsService } from '../domains/auth/auth-sessions.service.ts';
import { createEmailTemplatesRepository } from '../domains/email-templates/email-templates.repository.ts';
import { createEmailTemplatesService } from '../domains/email-templates/email-templates.service.ts';
import { createIntroductionValidityRepository } from '../domains/introductions/introduction-validity.repository.ts';
import { createIntroductionsRepository } from '../domains/introductions/introductions.repository.ts';
import { createIntroductionsService } from '../domains/introductions/introductions.service.ts';
import { usableByCondition } from '../domains/introductions/usable-by.ts';
import { createMqttService } from '../domains/mqtt/mqtt.service.ts';
import { mqttTarget } from '../domains/mqtt/mqtt-subscriptions.ts';
import { createFirmwareFolder } from '../domains/readers/firmware-folder.ts';
import { createNfcCardsRepository } from '../domains/readers/nfc-cards.repository.ts';
import { createNfcCardsService } from '../domains/readers/nfc-cards.service.ts';
import { createReaderTapsService } from '../domains/readers/reader-taps.service.ts';
import { createReaderWarnings } from '../domains/readers/reader-warnings.ts';
import { createReadersRepository } from '../domains/readers/readers.repository.ts';
import { createReadersService } from '../domains/readers/readers.service.ts';
import { createResourceGroupsRepository } from '../domains/resources/resource-groups.repository.ts';
import { createResourceGroupsService } from '../domains/resources/resource-groups.service.ts';
import { createResourceImageStore } from '../domains/resources/resource-image-store.ts';
import { createResourceListingService } from '../domains/resources/resource-listing.service.ts';
import { createResourcesRepository } from '../domains/resources/resources.repository.ts';
import { createResourcesService } from '../domains/resources/resources.service.ts';
import { createUsageRepository, inUseByCondition } from '../domains/usage/usage.repository.ts';
import { createUsageService } from '../domains/usage/usage.service.ts';
import { createUserSearchRepository } from '../domains/users/user-search.repository.ts';
import { createUserSearchService } from '../domains/users/user-search.service.ts';
import { createUsersModule } from '../domains/users/users.module.ts';
import { createAuditLog } from '../platform/audit/audit-log.ts';
import { systemClock } from '../platform/clock.ts';
import { createSecretBox } from '../platform/crypto/secret-box.ts';
import { resolveSecretKey } from '../platform/crypto/secret-key.ts';
import type { ChangeScope } from '../platform/db/change-scopes.ts';
import type { Db } from '../platform/db/database.ts';
import { createReadCache } from '../platform/db/read-cache.ts';
import { createAttemptLimiter } from '../platform/http/attempt-limiter.ts';
import { DEFAULT_RATE_LIMITS } from '../platform/http/rate-limits.ts';
import { readDeliveryLog } from '../platform/jobs/delivery-log.ts';
import type { NewJob } from '../platform/jobs/job-store.ts';
import { createReadiness } from '../platform/lifecycle/readiness.ts';
import { createOutboundPolicy } from '../platform/net/outbound-policy.ts';
import { type AppDeps, READ_CACHE_ENTRIES } from './app-deps.ts';
import { createBookings } from './booking-services.ts';
import { createDeliveries } from './deliveries.ts';
import { createSafetyRules } from './safety-rules-services.ts';
import { createSso } from './sso-services.ts';
import { createWaitList } from './wait-list-services.ts';

/** The services, wired once; only the composition root knows how the domains depend on each other. */
export function createServices(deps: AppDeps) {
  const { db, dialect } = deps.database;
  const clock = deps.clock ?? systemClock;
  // main.ts resolves the key before it builds the app; an app built elsewhere (a script) gets the
  // same generated key file, so what one stores the other can read.
  // Every administrative change writes an entry in its own transaction (issue 32, decision 22).
  const audit = createAuditLog({ now: () => clock.now() });
  const secretKey = deps.config.secretKey ?? resolveSecretKey(undefined, deps.config.dataDir);
  /** A box per kind of stored secret (MQTT password, webhook secret...): keys never shared. */
  const secretBox = (purpose: string) => createSecretBox(secretKey, purpose);
  const readCache = (scope?: ChangeScope) =>
    createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES, scope });
  // Every outbound connection of an integration passes ALLOWED_INTEGRATION_HOSTS (decision 17).
  const outbound = createOutboundPolicy({
    allowed: deps.config.allowedIntegrationHosts,
    ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
  });
  // The resource list filters by introductions and by usage: those domains own the SQL of it.
  const resourcesRepo = createResourcesRepository({
    db,
    conditions: { usableBy: usableByCondition(dialect), inUseBy: inUseByCondition },
  });
  const sessions = createAuthSessionsService({ db, repo: createAuthSessionsRepository(), clock });
  const deliveries = createDeliveries(deps, {
    clock,
    audit,
    secretBox,
    outbound,
    resources: resourcesRepo,
    liveSessions: (tokenHashes) => sessions.liveSessions(tokenHashes),
  });
  const { pipeline } = deliveries;

  const emailTemplates = createEmailTemplatesService({
    db,
    repo: createEmailTemplatesRepository(),
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    defaultLanguage: deps.config.defaultLanguage,
    audit,
  });
  const users = createUsersModule({
    db,
    dialect,
    clock,
    mailQueue: deliveries.mailQueue,
    emailTemplates,
    authSessions: sessions,
    authSessionReads: readCache('accounts'),
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    audit,
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

  const { sso, ssoTransactions } = createSso(deps, {
    db,
    clock,
    outbound,
    audit,
    auth,
    secretBox,
    secretKey,
    users: users.accounts,
  });

  // NFC readers: the sockets of this instance (pending and authenticated), and the readers and
  // cards (the readers design, decision 15).
  const readerConnections = createReaderConnections({
    ...(deps.readerTimings ? { timings: deps.readerTimings } : {}),
    onListenerError: (error) => deps.logger.error({ err: error }, 'A card tap listener failed'),
  });
  // Pairing and enrolment reach the instance that holds the reader's socket; one instance on
  // SQLite has no other to ask.
  const listen = deps.database.listen;
  const readerRelay = listen ? createReaderCommandRelay({ db, listen, logger: deps.logger }) : undefined;
  const relay = readerRelay ? { relay: readerRelay.relay } : {};
  const readers = createReadersService({
    db,
    repo: createReadersRepository(),
    keys: secretBox('reader-key'),
    clock,
    audit,
    links: readerConnections,
    limits: {
      pairingFailures: limiter(rateLimits.readerPairingFailures),
      authFailures: limiter(rateLimits.readerAuthFailures),
      hellos: limiter(rateLimits.readerHellos),
    },
    ...(deps.readerTimings?.silenceTimeoutMs
      ? { silenceTimeoutMs: deps.readerTimings.silenceTimeoutMs }
      : {}),
    ...relay,
  });
  const nfcCardsRepo = createNfcCardsRepository();
  const nfcCards = createNfcCardsService({ db, repo: nfcCardsRepo, audit });
  const firmware = createFirmwareFolder({
    dataDir: deps.config.dataDir,
    onSkipped: (file, reason) => deps.logger.warn({ file, reason }, 'A reader firmware file is not offered'),
  });

  // Resources, groups, introductions and usage: every change others react to goes through the
  // event pipeline's transactions.
  const resourceImages = createResourceImageStore({ dataDir: deps.config.dataDir });
  const resources = createResourcesService({
    db,
    repo: resourcesRepo,
    images: resourceImages,
    clock,
    events: pipeline,
    audit,
    // A changed maximum session length replans the running session's end (decision 21).
    sessionLimit: { changed: (tx, resourceId) => sessionLimits.limitChanged(tx, resourceId) },
  });
  const resourceGroups = createResourceGroupsService({
    db,
    repo: createResourceGroupsRepository(),
    resources: resourcesRepo,
    clock,
    events: pipeline,
    audit,
  });
  const introductions = createIntroductionsService({
    db,
    repo: createIntroductionsRepository({ db }),
    validity: createIntroductionValidityRepository(),
    resources,
    groups: resourceGroups,
    users: users.accounts,
    clock,
    events: pipeline,
    audit,
  });
  const usageRepo = createUsageRepository({ db });
  const sessionTimers = {
    enqueue: (tx: Db, jobs: NewJob[]) => pipeline.enqueue(tx, jobs),
    job: deliveries.timedActions.job,
  };
  // Bookings (decision 23) refuse starts during another's booking and follow every start.
  const bookings = createBookings(deps, {
    db,
    clock,
    pipeline,
    deliveries,
    timers: sessionTimers,
    reads: readCache(),
    box: secretBox('ical-feed-token'),
    access: introductions,
    users: users.accounts,
    usage: () => usage,
  });
  // The wait list refuses starts while held and follows every start and end (decision 23).
  const waitList = createWaitList(deps, { db, clock, pipeline, deliveries, emailTemplates, introductions });
  const usage = createUsageService({
    db,
    repo: usageRepo,
    resources,
    access: introductions,
    clock,
    events: pipeline,
    reads: readCache(),
    timers: sessionTimers,
    startGuards: [bookings.guard, waitList.guard],
    sessionObservers: [bookings.observer, waitList.observer],
  });
  const { sessionLimits, outOfOrder, introductionReminders } = createSafetyRules(deps, {
    db,
    clock,
    pipeline,
    deliveries,
    emailTemplates,
    timers: sessionTimers,
    usageRepo,
    usage,
    resources,
  });
  const readerTexts = READER_DISPLAY_TEXTS[deps.config.defaultLanguage];
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
    texts: readerTexts,
    audit,
    ...(deps.readerTimings?.cardWaitTimeoutMs
      ? { cardWaitTimeoutMs: deps.readerTimings.cardWaitTimeoutMs }
      : {}),
    ...relay,
  });
  readerRelay?.serve(readerCommandHandler({ connections: readerConnections, readers, taps: readerTaps }));
  // The warning before an automatic end shows on the machine's readers too.
  const { hhmm } = bookings.time;
  deliveries.addLiveConsumer(
    createReaderWarnings({ links: readerConnections, readers, texts: readerTexts, hhmm }),
  );
  const mqtt = createMqttService({
    db,
    repo: deliveries.mqttRepo,
    resources,
    connections: deliveries.mqttConnections,
    passwords: deliveries.mqttPasswords,
    lookup: deliveries.mqttLookup,
    clock,
    testMessageOf: testPublication,
    outbound,
    audit,
    subscriptions: deliveries.subscriptions,
    deliveryLog: (configurationId) => readDeliveryLog(db, pipeline.store, mqttTarget(configurationId)),
  });
  const auditLog = createAuditService({
    db,
    repo: createAuditRepository(),
    clock,
    retentionDays: deps.config.auditRetentionDays,
  });
  const analytics = createAnalyticsService({ db, repo: createAnalyticsRepository({ dialect }), clock });
  const userSearch = createUserSearchService({ db, repo: createUserSearchRepository() });
  const resourceListing = createResourceListingService({ resources, reads: readCache(), clock });

  return {
    clock,
    secretBox,
    /** The recorder of administrative changes, for services wired here (plugins, safety settings). */
    audit,
    /** Reading the audit log: its pages, the CSV export and the retention clean-up. */
    auditLog,
    /** Whether this instance should get traffic (`/api/ready`). */
    readiness: createReadiness(deps.database),
    /** The gate of integrations' outbound connections (decision 17), for any route that fetches. */
    outbound,
    /** The event path: outbox, delivery jobs and their runner, subscriptions, live fan-out. */
    pipeline,
    mailTransport: deliveries.mailTransport,
    jobStore: pipeline.store,
    jobRunner: pipeline.runner,
    outbox: pipeline.outbox,
    eventFanout: pipeline.fanout,
    resourceEventHub: deliveries.resourceEventHub,
    emailTemplates,
    sessions,
    users,
    userSearch,
    auth,
    sso,
    ssoTransactions,
    resourceImages,
    resources,
    resourceGroups,
    resourceListing,
    introductions,
    introductionReminders,
    usage,
    outOfOrder,
    bookings: bookings.service,
    icalFeeds: bookings.icalFeeds,
    waitList,
    analytics,
    webhooks: deliveries.webhooks,
    plugins: deliveries.plugins,
    mqtt,
    mqttConnections: deliveries.mqttConnections,
    readerConnections,
    readerRelay,
    readers,
    nfcCards,
    readerTaps,
    firmware,
  };
}

export type Services = ReturnType<typeof createServices>;
